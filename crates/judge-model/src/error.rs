//! Why a submission could not be judged (as opposed to a verdict, which is a judgement).

use crate::config::ConfigError;
use std::path::PathBuf;

/// Something stopped the judge from judging.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// A configuration file is missing or wrong.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `--lang` named a language that judge.toml does not have.
    #[error("unknown language {given:?}; known languages: {known}")]
    UnknownLanguage {
        /// What was asked for.
        given: String,
        /// The known ones.
        known: String,
    },
    /// A file's extension matches no language.
    #[error("{}: cannot tell the language from the extension; known extensions: {known} (or pass --lang)", path.display())]
    UnknownExtension {
        /// The file.
        path: PathBuf,
        /// The known extensions.
        known: String,
    },
    /// A source is larger than judge.toml's `compile.max_source_kib`.
    #[error("source file {}: {}", path.display(), crate::text::source_too_large(*bytes, *cap_kib))]
    SourceTooLarge {
        /// The source.
        path: PathBuf,
        /// Its size (at least; reading stops one byte past the cap).
        bytes: u64,
        /// The cap in KiB.
        cap_kib: u64,
    },
    /// The contest does not allow a language.
    #[error("language {language} is not allowed in this contest; allowed: {allowed}")]
    LanguageNotAllowed {
        /// The language.
        language: String,
        /// The allowed ones.
        allowed: String,
    },
    /// A problem whose package lists its languages, and this one is not among them.
    #[error("problem {problem} takes only the languages its package lists ({listed}); {language} is not one of them")]
    LanguageNotForProblem {
        /// The problem's id.
        problem: String,
        /// The language.
        language: String,
        /// The languages it takes that the table has.
        listed: String,
    },
    /// A language of the table whose toolchain this machine does not have.
    #[error("{name} is not available on this machine: its program {program} is not installed (looked in {searched}); {how_to_get}")]
    LanguageUnavailable {
        /// The language's id.
        language: String,
        /// Its name (`Go (go 1.19)`).
        name: String,
        /// The program that is missing.
        program: String,
        /// Where it was looked for.
        searched: String,
        /// How to get it (the table's `how_to_get`, else scripts/setup-languages).
        how_to_get: String,
    },
    /// A contest id that judge.toml does not define (`judge import --contest`).
    #[error("unknown contest {given:?}; judge.toml's contests: {known}")]
    UnknownContest {
        /// What was asked for.
        given: String,
        /// The contests judge.toml defines, comma-separated.
        known: String,
    },
    /// A problem id that cannot name a problem folder (a path, an empty name).
    #[error("problem id {id:?} {reason}")]
    BadProblemId {
        /// What was given.
        id: String,
        /// What is wrong with it, and the id meant.
        reason: String,
    },
    /// A package gives no time limit and none is decided yet: judging it would use the
    /// provisional limit the inference measures under, so nothing judges it.
    #[error("problem {id:?} ({}): its package gives no time limit and none is decided yet; `judge verify {id}` infers it from the accepted submissions and stores it in {}", dir.display(), crate::limit_bounds::STORED_TIME_LIMIT_FILE)]
    UndecidedTimeLimit {
        /// The problem's id.
        id: String,
        /// Its folder.
        dir: PathBuf,
    },
    /// A problem is not where it should be.
    #[error("unknown problem {id:?}: {} has no problem.toml{known}", dir.display())]
    UnknownProblem {
        /// The id.
        id: String,
        /// Where it was looked for.
        dir: PathBuf,
        /// Known problems, as text to append.
        known: String,
    },
    /// A file the judge needs is missing or unreadable.
    #[error("{what} {}: {reason}", path.display())]
    File {
        /// What the file is (for the message).
        what: String,
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A problem has no tests.
    #[error("problem {problem} has no tests: no .in files in {}/sample or {}/secret", dir.display(), dir.display())]
    NoTests {
        /// The problem.
        problem: String,
        /// Its testdata folder.
        dir: PathBuf,
    },
    /// Building a problem's binaries (checker, generator, ...) with cargo failed.
    #[error("building {what} failed: {message}")]
    Build {
        /// What was built.
        what: String,
        /// cargo's message.
        message: String,
    },
    /// The sandbox failed (not the program: the sandbox itself).
    #[error("{context}: {source}")]
    Sandbox {
        /// What the judge was doing.
        context: String,
        /// The sandbox's error.
        source: sandbox::SandboxError,
    },
    /// A problem package is broken: every problem found in it.
    #[error(transparent)]
    Package(#[from] crate::package_issues::PackageError),
    /// `judge export`: the problem has something the package format cannot carry.
    #[error("{problem}: cannot be exported as a Kattis package: {reason}")]
    CannotExport {
        /// The problem's id.
        problem: String,
        /// What cannot be carried, and where.
        reason: String,
    },
    /// SIGINT or SIGTERM: the judge stopped, killed its programs and cleaned up.
    #[error("interrupted: the running program was killed and the boxes were cleaned up")]
    Cancelled,
}

impl JudgeError {
    /// A problem with a file.
    pub fn file(
        what: impl Into<String>,
        path: impl Into<PathBuf>,
        reason: impl ToString,
    ) -> JudgeError {
        JudgeError::File {
            what: what.into(),
            path: path.into(),
            reason: reason.to_string(),
        }
    }

    /// Wraps a sandbox error, turning cancellation into [`JudgeError::Cancelled`].
    pub fn sandbox(context: impl Into<String>, source: sandbox::SandboxError) -> JudgeError {
        match source {
            sandbox::SandboxError::Cancelled => JudgeError::Cancelled,
            source => JudgeError::Sandbox {
                context: context.into(),
                source,
            },
        }
    }
}

/// The judge's result type.
pub type Result<T, E = JudgeError> = std::result::Result<T, E>;
