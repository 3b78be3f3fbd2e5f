//! Running a problem's own tools (generator, validator, reference) outside the sandbox:
//! they are the teacher's trusted code. With a timeout, stdin from bytes, output captured.

use crate::error::{JudgeError, Result};
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
