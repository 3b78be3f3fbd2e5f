//! The validator protocol: the input on stdin, or in the file named by the first argument.
//!
//! Exit 0 when the input is valid; exit 1 with `line L, column C: rule` on stderr when not;
//! exit 2 when the input cannot be read at all. With [`crate::kattis::enable`]: the input
//! on stdin only (the arguments are flags), exit 42 valid, 43 invalid, 1 unreadable.

use crate::strict::{StrictReader, ValidationError};
use std::io::Read;
use std::process::ExitCode;

/// `validate` on `bytes`, then the end of the input: `Err` names the first violation.
pub fn verdict(
    validate: impl FnOnce(&mut StrictReader) -> Result<(), ValidationError>,
    bytes: Vec<u8>,
) -> Result<(), ValidationError> {
    let mut reader = StrictReader::new(bytes);
    validate(&mut reader).and_then(|()| reader.read_eof())
}

/// For a validator's tests: its verdict on `text`, an error as the message it prints.
pub fn check_text(
    validate: impl FnOnce(&mut StrictReader) -> Result<(), ValidationError>,
    text: &str,
) -> Result<(), String> {
    verdict(validate, text.as_bytes().to_vec()).map_err(|error| error.to_string())
}

/// For a validator's tests: panics unless `text` is rejected with exactly `expected`.
pub fn assert_invalid(
    validate: impl FnOnce(&mut StrictReader) -> Result<(), ValidationError>,
    text: &str,
    expected: &str,
) {
    match check_text(validate, text) {
        // Not `panic!` with an inlined argument: an exported copy is built as edition 2018.
        Ok(()) => std::panic::panic_any(format!("accepted an invalid input: {text:?}")),
        Err(message) => assert_eq!(message, expected, "input {text:?}"),
    }
}

/// Runs `validate` on the input and reports the outcome by exit code.
pub fn run(validate: impl FnOnce(&mut StrictReader) -> Result<(), ValidationError>) -> ExitCode {
    let kattis = crate::kattis::enabled();
    let mut bytes = Vec::new();
    // A Kattis input validator's arguments are flags: the input is always on stdin.
    let path = std::env::args().nth(1).filter(|_| !kattis);
    let read = match path {
        Some(path) => std::fs::read(&path)
            .map(|b| bytes = b)
            .map_err(|error| format!("cannot read {path}: {error}")),
        None => std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| ())
            .map_err(|error| format!("cannot read stdin: {error}")),
    };
    if let Err(message) = read {
        eprintln!("{message}");
        return ExitCode::from(if kattis { crate::kattis::FAILED } else { 2 });
    }
    match verdict(validate, bytes) {
        Ok(()) if kattis => ExitCode::from(crate::kattis::ACCEPTED),
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("invalid input: {error}");
            ExitCode::from(if kattis { crate::kattis::REJECTED } else { 1 })
        }
    }
}
