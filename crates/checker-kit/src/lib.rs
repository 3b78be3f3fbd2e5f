//! checker-kit: a small library for problem authors, in the spirit of testlib.
//!
//! It gives checkers and validators what they need and nothing more:
//!
//! - [`tokens::Tokens`]: a lenient whitespace-separated token stream with line and column
//!   positions, for reading a contestant's output or a stored answer;
//! - [`strict::StrictReader`]: an exact-format reader for input validators, whose every
//!   error names the line and column of the first violation;
//! - [`checker::run`]: the testlib checker protocol (`check INPUT OUTPUT ANSWER`; exit 0
//!   accepted, 1 wrong answer, 2 presentation error, 3 checker failure; message on stderr);
//! - [`interactor::run`]: the testlib interactor protocol (`interactor INPUT TOUT
//!   [ANSWER]`, the program's output on stdin and its input on stdout; the same exit codes),
//!   with bounded token reads and flushed replies that never leave it waiting forever;
//! - [`validator::run`]: the validator protocol (input on stdin or as the first argument;
//!   exit 0 valid, 1 invalid, with the position and rule on stderr);
//! - [`kattis::enable`]: the same checker or validator speaking the Kattis protocols
//!   instead (exit 42/43, `judgemessage.txt`), for a package `judge export` writes;
//! - [`rng::Rng`]: a seeded, portable random generator for test generators;
//! - [`visualizer::run`]: the output visualizer protocol (`visualize INPUT ANSWER
//!   FEEDBACK_DIR < OUTPUT`, the picture in `FEEDBACK_DIR/picture.svg`), and [`svg::Svg`],
//!   a small writer for the pictures; [`strip::Strip`] lays out the boards a move
//!   sequence passes through.
//!
//! It does not depend on the judge, and the judge does not depend on it: the protocols are
//! exit codes and text, so a checker written in C++ with testlib works the same way.

pub mod checker;
pub mod interactor;
pub mod kattis;
pub mod position;
pub mod rng;
pub mod strict;
pub mod strip;
pub mod svg;
pub mod tokens;
pub mod validator;
pub mod visualizer;

pub use checker::{CheckError, CheckResult};
pub use position::Position;
pub use rng::Rng;
pub use strict::{StrictReader, ValidationError};
pub use tokens::{Token, Tokens};
