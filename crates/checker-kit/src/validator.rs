//! The validator protocol: the input on stdin, or in the file named by the first argument.
//!
//! Exit 0 when the input is valid; exit 1 with `line L, column C: rule` on stderr when not;
//! exit 2 when the input cannot be read at all.

use crate::strict::{StrictReader, ValidationError};
use std::io::Read;
use std::process::ExitCode;

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
    let mut reader = StrictReader::new(bytes);
    match validate(&mut reader).and_then(|()| reader.read_eof()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("invalid input: {error}");
            ExitCode::from(1)
        }
    }
}
