//! What is wrong with a package, as a list: each issue names the file (relative to the
//! package), the line where one is known, and what is wrong, so that a teacher fixes
//! everything in one pass instead of one error per attempt.

use std::fmt;
use std::path::{Path, PathBuf};

/// One thing wrong with a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// The file or folder, relative to the package (empty: the package as a whole).
    pub file: PathBuf,
    /// The line in it, when known (YAML, XML and TOML errors).
    pub line: Option<usize>,
    /// What is wrong, on one line.
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.file.as_os_str().is_empty() {
            write!(f, "{}", self.file.display())?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
            }
            write!(f, ": ")?;
        }
        f.write_str(&self.message)
    }
}

/// Every issue found in a package (none: the package is sound), and warnings that do not
/// stop it from being used.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Issues {
    /// What stops the package from being used.
    pub errors: Vec<Issue>,
    /// What a teacher should know (an unknown submissions folder, a skipped validator).
    pub warnings: Vec<Issue>,
}

impl Issues {
    /// Records an error.
    pub fn error(
        &mut self,
        file: impl AsRef<Path>,
        line: Option<usize>,
        message: impl Into<String>,
    ) {
        self.errors.push(Issue {
            file: file.as_ref().to_path_buf(),
            line,
            message: message.into(),
        });
    }

    /// Records a warning.
    pub fn warn(&mut self, file: impl AsRef<Path>, message: impl Into<String>) {
        self.warnings.push(Issue {
            file: file.as_ref().to_path_buf(),
            line: None,
            message: message.into(),
        });
    }

    /// Whether nothing stops the package.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }
}

/// A package that cannot be used: every error found, in the order found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PackageError {
    /// The package (folder or zip).
    pub package: PathBuf,
    /// What is wrong.
    pub errors: Vec<Issue>,
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "package {}: {} problem{} found: ",
            self.package.display(),
            self.errors.len(),
            if self.errors.len() == 1 { "" } else { "s" }
        )?;
        for (index, issue) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

impl PackageError {
    /// A package with one thing wrong.
    pub fn one(package: &Path, file: impl AsRef<Path>, message: impl Into<String>) -> PackageError {
        PackageError {
            package: package.to_path_buf(),
            errors: vec![Issue {
                file: file.as_ref().to_path_buf(),
                line: None,
                message: message.into(),
            }],
        }
    }
}

/// The 1-based line of a byte offset in a text.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_issue_is_listed_with_its_file_and_line() {
        let error = PackageError {
            package: PathBuf::from("pkg.zip"),
            errors: vec![
                Issue {
                    file: PathBuf::from("problem.yaml"),
                    line: Some(3),
                    message: "bad key".into(),
                },
                Issue {
                    file: PathBuf::from("data/secret"),
                    line: None,
                    message: "no tests".into(),
                },
            ],
        };
        assert_eq!(
            error.to_string(),
            "package pkg.zip: 2 problems found: problem.yaml:3: bad key; data/secret: no tests"
        );
        assert_eq!(line_of("a\nb\nc", 2), 2);
    }
}
