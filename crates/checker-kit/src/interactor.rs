//! The testlib interactor protocol: `interactor INPUT TOUT [ANSWER]`.
//!
//! The interactor reads the program's output on its stdin and writes the program's input
//! on its stdout; INPUT is the test's (secret) input, ANSWER its answer file, TOUT a file
//! the interactor writes for a checker (here: the verdict line). Exit codes and the
//! stderr message are the checker's ([`crate::checker`]): 0 accepted, 1 wrong answer,
//! 2 presentation error (a malformed query), 3 the interactor failed (a bad test).
//!
//! An interactor must never wait forever on a program that misbehaves: [`Queries`] reads
//! one bounded token at a time (a program that prints an endless line is a presentation
//! error, not an ever-growing buffer) and reports the program's end of output as `None`;
//! [`Replies`] flushes every line and turns a broken pipe (the program ended or closed its
//! input) into an error the interactor can judge.

use crate::checker::{self, CheckError, CheckResult};
use std::io::{BufRead, ErrorKind, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// The files an interactor is given.
#[derive(Debug, Clone)]
pub struct InteractorFiles {
    /// The test input.
    pub input: Vec<u8>,
    /// Where the interactor's own output for a checker goes.
    pub tout: PathBuf,
    /// The answer file, when one was named and is not empty (it is empty while the
    /// answers themselves are being made from a reference run).
    pub answer: Option<Vec<u8>>,
}

/// Reads the files named on the command line (`INPUT TOUT [ANSWER]`).
pub fn files_from_args(args: &[String]) -> Result<InteractorFiles, CheckError> {
    let (input, tout, answer) = match args {
        [_, input, tout] => (input, tout, None),
        [_, input, tout, answer, ..] => (input, tout, Some(answer)),
        _ => {
            return Err(CheckError::Fail(
                "usage: interactor INPUT TOUT [ANSWER]".to_string(),
            ))
        }
    };
    let read = |path: &String, what: &str| {
        std::fs::read(path).map_err(|error| {
            CheckError::Fail(format!("cannot read the {what} file {path}: {error}"))
        })
    };
    Ok(InteractorFiles {
        input: read(input, "input")?,
        tout: PathBuf::from(tout),
        answer: answer
            .map(|path| read(path, "answer"))
            .transpose()?
            .filter(|bytes| !bytes.iter().all(u8::is_ascii_whitespace)),
    })
}

/// The program's output, read as whitespace-separated tokens of bounded length.
#[derive(Debug)]
pub struct Queries<R> {
    reader: R,
    max_len: usize,
    count: u64,
}

impl<R: BufRead> Queries<R> {
    /// Tokens of at most `max_len` bytes from `reader`.
    pub fn new(reader: R, max_len: usize) -> Queries<R> {
        Queries {
            reader,
            max_len,
            count: 0,
        }
    }

    /// How many tokens were read so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The next token, or `None` when the program closed its output first. A token
    /// longer than the limit is a presentation error naming it (its first bytes); a read
    /// error is the program's end of output too (its pipe is gone).
    pub fn next_token(&mut self) -> Result<Option<String>, CheckError> {
        let mut token = Vec::new();
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            if buffer.is_empty() {
                break;
            }
            let mut used = 0;
            let mut ended = false;
            for &byte in buffer {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if !token.is_empty() {
                        ended = true;
                        break;
                    }
                } else if token.len() == self.max_len {
                    token.push(byte);
                    return Err(CheckError::PresentationError(format!(
                        "query {}: expected a token of at most {} characters, found {:?}...",
                        self.count + 1,
                        self.max_len,
                        String::from_utf8_lossy(&token)
                    )));
                } else {
                    token.push(byte);
                }
            }
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        if token.is_empty() {
            return Ok(None);
        }
        self.count += 1;
        Ok(Some(String::from_utf8_lossy(&token).into_owned()))
    }
}

/// The interactor's lines to the program, each flushed at once.
#[derive(Debug)]
pub struct Replies<W> {
    writer: W,
}

/// Why a reply could not be delivered.
#[derive(Debug)]
pub enum ReplyError {
    /// The program no longer reads: it ended or closed its input (a broken pipe).
    Gone,
    /// Any other write error.
    Io(std::io::Error),
}

impl<W: Write> Replies<W> {
    /// Replies written to `writer`.
    pub fn new(writer: W) -> Replies<W> {
        Replies { writer }
    }

    /// Writes `line` and a newline, and flushes.
    pub fn send(&mut self, line: &str) -> Result<(), ReplyError> {
        let sent = self
            .writer
            .write_all(line.as_bytes())
            .and_then(|()| self.writer.write_all(b"\n"))
            .and_then(|()| self.writer.flush());
        sent.map_err(|error| match error.kind() {
            ErrorKind::BrokenPipe => ReplyError::Gone,
            _ => ReplyError::Io(error),
        })
    }
}

/// Runs an interactor under the testlib protocol: reads the files named in `argv`, calls
/// `interact` with the program's output (stdin) and input (stdout), writes the verdict
/// line to TOUT and stderr, and returns the exit code to end `main` with.
pub fn run(
    max_token_len: usize,
    interact: impl FnOnce(
        &InteractorFiles,
        &mut Queries<std::io::StdinLock<'static>>,
        &mut Replies<std::io::BufWriter<std::io::StdoutLock<'static>>>,
    ) -> CheckResult,
) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let files = match files_from_args(&args) {
        Ok(files) => files,
        Err(error) => return checker::report(Err(error)),
    };
    let mut queries = Queries::new(std::io::stdin().lock(), max_token_len);
    let mut replies = Replies::new(std::io::BufWriter::new(std::io::stdout().lock()));
    let result = interact(&files, &mut queries, &mut replies);
    let result = match std::fs::write(&files.tout, format!("{}\n", checker::verdict_line(&result)))
    {
        Ok(()) => result,
        Err(error) => Err(CheckError::Fail(format!(
            "cannot write {}: {error}",
            files.tout.display()
        ))),
    };
    checker::report(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8], max_len: usize) -> Vec<Result<Option<String>, CheckError>> {
        let mut queries = Queries::new(std::io::BufReader::with_capacity(3, text), max_len);
        let mut out = Vec::new();
        loop {
            let token = queries.next_token();
            let done = !matches!(token, Ok(Some(_)));
            out.push(token);
            if done {
                return out;
            }
        }
    }

    #[test]
    fn queries_are_tokens_across_buffer_boundaries() {
        let read = tokens(b"  U\r\nD  -1\nLR", 2);
        let texts: Vec<_> = read.into_iter().map(|t| t.unwrap()).collect();
        assert_eq!(
            texts,
            vec![
                Some("U".to_string()),
                Some("D".to_string()),
                Some("-1".to_string()),
                Some("LR".to_string()),
                None
            ]
        );
    }

    #[test]
    fn an_endless_token_is_a_presentation_error() {
        let endless = vec![b'U'; 100_000];
        let read = tokens(&endless, 2);
        assert_eq!(
            read,
            vec![Err(CheckError::PresentationError(
                "query 1: expected a token of at most 2 characters, found \"UUU\"...".to_string()
            ))]
        );
        let mut queries = Queries::new(&b"U D x"[..], 2);
        while let Ok(Some(_)) = queries.next_token() {}
        assert_eq!(queries.count(), 3);
    }

    #[test]
    fn replies_report_a_reader_that_is_gone() {
        let mut sent = Vec::new();
        Replies::new(&mut sent).send("0110").unwrap();
        assert_eq!(sent, b"0110\n");

        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        assert!(matches!(
            Replies::new(Closed).send("E"),
            Err(ReplyError::Gone)
        ));
    }

    #[test]
    fn files_need_input_and_tout_and_skip_an_empty_answer() {
        let error = files_from_args(&["interactor".to_string()]).unwrap_err();
        assert!(matches!(error, CheckError::Fail(message) if message.contains("usage")));
        let dir = std::env::temp_dir().join(format!("interactor-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("in");
        let empty = dir.join("ans");
        std::fs::write(&input, "1 2\nSE\n").unwrap();
        std::fs::write(&empty, "\n").unwrap();
        let arg = |path: &std::path::Path| path.display().to_string();
        let args = [
            "i".to_string(),
            arg(&input),
            arg(&dir.join("tout")),
            arg(&empty),
        ];
        let files = files_from_args(&args).unwrap();
        assert_eq!(files.input, b"1 2\nSE\n");
        assert!(files.answer.is_none());
        assert!(files_from_args(&args[..3]).unwrap().answer.is_none());
        let missing = [args[0].clone(), "/nonexistent/in".into(), args[2].clone()];
        let error = files_from_args(&missing).unwrap_err();
        assert!(matches!(error, CheckError::Fail(message) if message.contains("/nonexistent/in")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
