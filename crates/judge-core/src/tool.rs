//! Running a problem's own tools (generator, validator, reference) outside the sandbox:
//! they are the teacher's trusted code. With a timeout, stdin from bytes, output captured.

use judge_model::{JudgeError, Result};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a tool did.
#[derive(Debug, Clone)]
pub struct ToolOutput {
    /// Exit code (`None` when killed by a signal or the timeout).
    pub code: Option<i32>,
    /// Stdout.
    pub stdout: Vec<u8>,
    /// Stderr (lossy text).
    pub stderr: String,
    /// Whether the timeout killed it.
    pub timed_out: bool,
    /// Wall time.
    pub elapsed: Duration,
}

impl ToolOutput {
    /// True for exit code 0 within the timeout.
    pub fn success(&self) -> bool {
        self.code == Some(0) && !self.timed_out
    }

    /// The first line of stderr, for messages.
    pub fn first_error_line(&self) -> String {
        self.stderr
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string()
    }
}

/// Runs `program args` with `stdin`, for at most `timeout`.
pub fn run_tool(
    program: &Path,
    args: &[String],
    stdin: &[u8],
    timeout: Duration,
) -> Result<ToolOutput> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| JudgeError::file("problem tool", program, e))?;
    let mut input = child.stdin.take();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        if let Some(pipe) = input.as_mut() {
            // A tool that does not read its stdin closes the pipe: that is not an error.
            let _ = pipe.write_all(&stdin);
        }
    });
    let mut stdout_pipe = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = stdout_pipe.as_mut() {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    });
    let mut stderr_pipe = child.stderr.take();
    let error_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = stderr_pipe.as_mut() {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    });
    let mut timed_out = false;
    let status = loop {
        match child
            .try_wait()
            .map_err(|e| JudgeError::file("problem tool", program, e))?
        {
            Some(status) => break status,
            None if started.elapsed() > timeout => {
                let _ = child.kill();
                timed_out = true;
                break child
                    .wait()
                    .map_err(|e| JudgeError::file("problem tool", program, e))?;
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    let _ = feeder.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&error_reader.join().unwrap_or_default()).into_owned();
    Ok(ToolOutput {
        code: status.code(),
        stdout,
        stderr,
        timed_out,
        elapsed: started.elapsed(),
    })
}

/// Runs `program` talking to `interactor interactor_args` (the program's stdout is the
/// interactor's stdin and the other way round), both for at most `timeout`: (the
/// program's output, the interactor's). Their stdout goes to each other, so neither
/// output has a stdout.
pub fn run_interacting(
    program: &Path,
    program_args: &[String],
    interactor: &Path,
    interactor_args: &[String],
    timeout: Duration,
) -> Result<(ToolOutput, ToolOutput)> {
    let started = Instant::now();
    let mut partner = Command::new(interactor)
        .args(interactor_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| JudgeError::file("problem tool", interactor, e))?;
    let (Some(to_partner), Some(from_partner)) = (partner.stdin.take(), partner.stdout.take())
    else {
        return Err(JudgeError::file(
            "problem tool",
            interactor,
            "has no stdio pipes",
        ));
    };
    let mut child = Command::new(program)
        .args(program_args)
        .stdin(Stdio::from(from_partner))
        .stdout(Stdio::from(to_partner))
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| JudgeError::file("problem tool", program, e))?;
    let stderr_of = |pipe: Option<std::process::ChildStderr>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let child_errors = stderr_of(child.stderr.take());
    let partner_errors = stderr_of(partner.stderr.take());
    let (mut child_status, mut partner_status) = (None, None);
    let mut timed_out = false;
    while child_status.is_none() || partner_status.is_none() {
        for (process, status, path) in [
            (&mut child, &mut child_status, program),
            (&mut partner, &mut partner_status, interactor),
        ] {
            if status.is_none() {
                *status = process
                    .try_wait()
                    .map_err(|e| JudgeError::file("problem tool", path, e))?;
            }
        }
        if started.elapsed() > timeout {
            timed_out = true;
            for (process, status, path) in [
                (&mut child, &mut child_status, program),
                (&mut partner, &mut partner_status, interactor),
            ] {
                if status.is_none() {
                    let _ = process.kill();
                    *status = Some(
                        process
                            .wait()
                            .map_err(|e| JudgeError::file("problem tool", path, e))?,
                    );
                }
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = |status: Option<std::process::ExitStatus>, stderr: String| ToolOutput {
        code: status.and_then(|s| s.code()),
        stdout: Vec::new(),
        stderr,
        timed_out,
        elapsed: started.elapsed(),
    };
    Ok((
        output(child_status, child_errors.join().unwrap_or_default()),
        output(partner_status, partner_errors.join().unwrap_or_default()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_exit_code() {
        let out = run_tool(
            Path::new("/bin/sh"),
            &["-c".into(), "cat; echo err >&2; exit 3".into()],
            b"in",
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(out.stdout, b"in");
        assert_eq!(out.code, Some(3));
        assert_eq!(out.first_error_line(), "err");
        assert!(!out.success());
    }

    #[test]
    fn two_tools_talk_through_each_others_stdio() {
        // The "interactor" says 41 and expects 42 back; the program adds one.
        let talk = |answer: &str| {
            run_interacting(
                Path::new("/bin/sh"),
                &["-c".into(), format!("read x; echo $((x + {answer}))")],
                Path::new("/bin/sh"),
                &["-c".into(), "echo 41; read x; [ \"$x\" = 42 ]".into()],
                Duration::from_secs(5),
            )
            .unwrap()
        };
        let (program, interactor) = talk("1");
        assert_eq!((program.code, interactor.code), (Some(0), Some(0)));
        assert_eq!(talk("2").1.code, Some(1));
    }

    #[test]
    fn a_hanging_tool_is_killed_at_the_timeout() {
        let out = run_tool(
            Path::new("/bin/sleep"),
            &["10".into()],
            b"",
            Duration::from_millis(200),
        )
        .unwrap();
        assert!(out.timed_out);
        assert!(out.elapsed < Duration::from_secs(5));
    }
}
