//! The testlib checker protocol: `check INPUT OUTPUT ANSWER`.
//!
//! Exit 0: accepted; 1: wrong answer; 2: presentation error; 3: the checker itself failed
//! (bad answer file, bad arguments), which the judge reports as a judge error, never as the
//! contestant's fault. The message goes to stderr.

use crate::tokens::Tokens;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

/// Why a checker did not accept an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The output is wrong (exit 1).
    WrongAnswer(String),
    /// The output is right in substance but badly formatted (exit 2).
    PresentationError(String),
    /// The checker cannot judge: its input or answer is broken (exit 3).
    Fail(String),
}

/// What a checker function returns: `Ok(message)` accepts with a note.
pub type CheckResult = Result<String, CheckError>;

/// The three files a checker reads.
#[derive(Debug, Clone)]
pub struct CheckFiles {
    /// The test input.
    pub input: Tokens,
    /// The contestant's output.
    pub output: Tokens,
    /// The reference answer.
    pub answer: Tokens,
}

/// Exit codes of the testlib protocol.
pub mod exit_code {
    /// The output is accepted.
    pub const ACCEPTED: u8 = 0;
    /// The output is wrong.
    pub const WRONG_ANSWER: u8 = 1;
    /// The output is badly formatted.
    pub const PRESENTATION_ERROR: u8 = 2;
    /// The checker failed; a judge error.
    pub const FAIL: u8 = 3;
}

/// A check result's exit code, label and message.
fn parts(result: &CheckResult) -> (u8, &'static str, &str) {
    match result {
        Ok(message) => (exit_code::ACCEPTED, "ok", message),
        Err(CheckError::WrongAnswer(message)) => (exit_code::WRONG_ANSWER, "wrong answer", message),
        Err(CheckError::PresentationError(message)) => {
            (exit_code::PRESENTATION_ERROR, "presentation error", message)
        }
        Err(CheckError::Fail(message)) => (exit_code::FAIL, "FAIL", message),
    }
}

/// The one line a result is reported as: `label: message` (`ok: ...`, `wrong answer: ...`).
pub fn verdict_line(result: &CheckResult) -> String {
    let (_, label, message) = parts(result);
    format!("{label}: {message}")
}

/// Turns a check result into the protocol's exit code and stderr message.
pub fn report(result: CheckResult) -> ExitCode {
    eprintln!("{}", verdict_line(&result));
    ExitCode::from(parts(&result).0)
}

/// Reads the three files named on the command line.
pub fn files_from_args(args: &[String]) -> Result<CheckFiles, CheckError> {
    let [_, input, output, answer, ..] = args else {
        return Err(CheckError::Fail(
            "usage: check INPUT OUTPUT ANSWER".to_string(),
        ));
    };
    let read = |path: &String, what: &str| {
        Tokens::from_file(&PathBuf::from(path)).map_err(|error| {
            CheckError::Fail(format!("cannot read the {what} file {path}: {error}"))
        })
    };
    Ok(CheckFiles {
        input: read(input, "input")?,
        output: read(output, "output")?,
        answer: read(answer, "answer")?,
    })
}

/// Runs a checker under the testlib protocol: reads the files named in `argv`, calls
/// `check`, and returns the exit code to end `main` with.
pub fn run(check: impl FnOnce(CheckFiles) -> CheckResult) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if crate::kattis::enabled() {
        return run_kattis(&args, check);
    }
    report(files_from_args(&args).and_then(check))
}

/// The Kattis output validator protocol: `INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT`.
fn run_kattis(args: &[String], check: impl FnOnce(CheckFiles) -> CheckResult) -> ExitCode {
    let [_, input, answer, feedback, ..] = args else {
        eprintln!("usage: output_validator INPUT ANSWER FEEDBACK_DIR < OUTPUT");
        return ExitCode::from(crate::kattis::FAILED);
    };
    let mut output = Vec::new();
    let files = std::io::stdin()
        .read_to_end(&mut output)
        .map_err(|error| CheckError::Fail(format!("cannot read the output on stdin: {error}")))
        .and_then(|_| {
            let read = |path: &String, what: &str| {
                Tokens::from_file(&PathBuf::from(path)).map_err(|error| {
                    CheckError::Fail(format!("cannot read the {what} file {path}: {error}"))
                })
            };
            Ok(CheckFiles {
                input: read(input, "input")?,
                output: Tokens::new(&output),
                answer: read(answer, "answer")?,
            })
        });
    let result = files.and_then(check);
    let line = verdict_line(&result);
    let code = match result {
        Ok(_) => crate::kattis::ACCEPTED,
        Err(CheckError::Fail(_)) => {
            eprintln!("{line}");
            return ExitCode::from(crate::kattis::FAILED);
        }
        Err(_) => crate::kattis::REJECTED,
    };
    let message = PathBuf::from(feedback).join("judgemessage.txt");
    if let Err(error) = std::fs::write(&message, format!("{line}\n")) {
        eprintln!("cannot write {}: {error}", message.display());
        return ExitCode::from(crate::kattis::FAILED);
    }
    ExitCode::from(code)
}

/// Shorthand for a wrong-answer result.
pub fn wrong_answer<T>(message: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::WrongAnswer(message.into()))
}

/// Shorthand for a checker failure.
pub fn fail<T>(message: impl Into<String>) -> Result<T, CheckError> {
    Err(CheckError::Fail(message.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_lines_carry_the_label() {
        assert_eq!(verdict_line(&Ok("fine".into())), "ok: fine");
        assert_eq!(
            verdict_line(&Err(CheckError::WrongAnswer("no".into()))),
            "wrong answer: no"
        );
        assert_eq!(verdict_line(&fail::<String>("bad test")), "FAIL: bad test");
    }

    #[test]
    fn missing_arguments_are_a_checker_failure() {
        let error = files_from_args(&["check".to_string()]).unwrap_err();
        assert!(matches!(error, CheckError::Fail(message) if message.contains("usage")));
    }

    #[test]
    fn unreadable_files_name_the_file() {
        let args: Vec<String> = [
            "check",
            "/nonexistent/in",
            "/nonexistent/out",
            "/nonexistent/ans",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let error = files_from_args(&args).unwrap_err();
        assert!(matches!(error, CheckError::Fail(message) if message.contains("/nonexistent/in")));
    }
}
