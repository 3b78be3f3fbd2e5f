//! judge.toml (the contest, languages, limits), and the TOML reader every configuration
//! file shares (problem.toml's own structs live with the native package loader, which
//! owns that file). Parsing is strict: an unknown key is an error, so a typo never passes
//! silently, and every error names the file and the line.

pub mod judge_toml;

use std::path::{Path, PathBuf};

/// A configuration file that could not be read or understood.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", file.display())]
pub struct ConfigError {
    /// The file.
    pub file: PathBuf,
    /// What is wrong, on one line.
    pub message: String,
}

impl ConfigError {
    /// An error about a file.
    pub fn new(file: &Path, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_path_buf(),
            message: message.into(),
        }
    }
}

/// Reads and parses a TOML file into `T`, with one-line errors that give the line and
/// column.
pub fn read_toml<T: serde::de::DeserializeOwned>(file: &Path) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| ConfigError::new(file, format!("cannot read: {e}")))?;
    parse_toml(file, &text)
}

/// Parses TOML text (from `file`, for messages) into `T`.
pub fn parse_toml<T: serde::de::DeserializeOwned>(
    file: &Path,
    text: &str,
) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let place = e.span().map(|span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: ")
        });
        let message = e.message().trim().replace('\n', "; ");
        ConfigError::new(file, format!("{}{message}", place.unwrap_or_default()))
    })
}

/// How compilers run, the same for every language.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileSettings {
    /// Wall-clock seconds a compile may take.
    pub wall_time_s: f64,
    /// CPU seconds a compile may use.
    pub cpu_time_s: f64,
    /// Memory a compiler may use, in MiB.
    pub memory_mib: u64,
    /// Processes and threads a compiler may start.
    pub processes: u32,
    /// Bytes of compiler messages kept.
    pub message_bytes: u64,
    /// The largest source accepted, in KiB.
    pub max_source_kib: u64,
    /// Where precompiled headers are kept (`~` is the judge's home).
    pub precompiled_header_dir: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        name: String,
        size: u32,
    }

    #[test]
    fn errors_are_one_line_with_file_line_and_column() {
        let file = Path::new("conf/x.toml");
        let error = parse_toml::<Sample>(file, "name = \"a\"\nsize = \"big\"\n").unwrap_err();
        let text = error.to_string();
        assert!(
            text.starts_with("conf/x.toml: line 2, column 8: "),
            "{text}"
        );
        assert!(!text.contains('\n'));
        let unknown =
            parse_toml::<Sample>(file, "name = \"a\"\nsize = 1\ncolour = 2\n").unwrap_err();
        assert!(unknown.to_string().contains("line 3"), "{unknown}");
        assert!(unknown.to_string().contains("colour"), "{unknown}");
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = read_toml::<Sample>(Path::new("/nonexistent/judge.toml")).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("/nonexistent/judge.toml: cannot read"));
    }
}
