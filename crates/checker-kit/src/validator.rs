//! The validator protocol: the input on stdin, or in the file named by the first argument.
//!
//! Exit 0 when the input is valid; exit 1 with `line L, column C: rule` on stderr when not;
//! exit 2 when the input cannot be read at all.

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
        Ok(()) => panic!("accepted an invalid input: {text:?}"),
        Err(message) => assert_eq!(message, expected, "input {text:?}"),
    }
}

/// Runs `validate` on the input and reports the outcome by exit code.
pub fn run(validate: impl FnOnce(&mut StrictReader) -> Result<(), ValidationError>) -> ExitCode {
    let mut bytes = Vec::new();
    let read = match std::env::args().nth(1) {
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
        return ExitCode::from(2);
    }
    match verdict(validate, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("invalid input: {error}");
            ExitCode::from(1)
        }
    }
}
