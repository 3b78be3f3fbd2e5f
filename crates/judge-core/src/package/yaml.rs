//! Reading the YAML files of a Kattis package into typed values, with errors that give
//! the file's line, and unknown keys found (the format asks that they be errors).

use super::issues::Issues;
use serde::de::DeserializeOwned;
use std::path::Path;

/// Parses `text` (the file `shown`, for messages) into `T`; on error, records it with
/// its line. Keys outside `known` are errors too (with the line they are on). An empty
/// file is an empty mapping.
pub fn parse<T: DeserializeOwned + Default>(
    shown: &Path,
    text: &str,
    known: &[&str],
    issues: &mut Issues,
) -> Option<T> {
    if text.trim().is_empty() {
        return Some(T::default());
    }
    let value: serde_yaml_ng::Value = match serde_yaml_ng::from_str(text) {
        Ok(value) => value,
        Err(error) => {
            issues.error(shown, error.location().map(|l| l.line()), message(&error));
            return None;
        }
    };
    let mut unknown_found = false;
    if let serde_yaml_ng::Value::Mapping(map) = &value {
        for key in map.keys() {
            let key = key
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| format!("{key:?}"));
            if !known.contains(&key.as_str()) {
                issues.error(
                    shown,
                    line_of_key(text, &key),
                    format!("unknown key {key:?} (known: {})", known.join(", ")),
                );
                unknown_found = true;
            }
        }
    } else if !value.is_null() {
        issues.error(shown, Some(1), "must be a mapping of keys to values");
        return None;
    }
    if unknown_found {
        return None;
    }
    match serde_yaml_ng::from_str::<T>(text) {
        Ok(parsed) => Some(parsed),
        Err(error) => {
            issues.error(shown, error.location().map(|l| l.line()), message(&error));
            None
        }
    }
}

/// serde_yaml_ng's message without its own "at line N column M" (the line is the issue's).
fn message(error: &serde_yaml_ng::Error) -> String {
    let text = error.to_string();
    let text = match text.find(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    };
    format!("invalid YAML: {}", text.replace('\n', " "))
}

/// The line of a top-level key, for messages.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map(|index| index + 1)
}

/// A YAML value that is one string or a list of them (`type`, `languages`, flags).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    /// One string.
    One(String),
    /// A list.
    Many(Vec<String>),
}

impl OneOrMany {
    /// The strings.
    pub fn items(&self) -> Vec<String> {
        match self {
            OneOrMany::One(one) => vec![one.clone()],
            OneOrMany::Many(many) => many.clone(),
        }
    }

    /// Legacy flags: one string split on whitespace, or a list.
    pub fn words(&self) -> Vec<String> {
        match self {
            OneOrMany::One(one) => one.split_whitespace().map(str::to_string).collect(),
            OneOrMany::Many(many) => many.clone(),
        }
    }
}

/// Reads a file as text for [`parse`]; a missing file is `None`, an unreadable one an
/// issue.
pub fn read(package: &Path, relative: &str, issues: &mut Issues) -> Option<String> {
    let path = package.join(relative);
    if !path.is_file() {
        return None;
    }
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(error) => {
            issues.error(relative, None, format!("cannot be read: {error}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, serde::Deserialize)]
    #[allow(dead_code)]
    struct Sample {
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        limits: Option<serde_yaml_ng::Value>,
    }

    #[test]
    fn errors_give_the_line() {
        let mut issues = Issues::default();
        let parsed: Option<Sample> = parse(
            Path::new("problem.yaml"),
            "name: x\nlimits:\n  memory: [1\n",
            &["name", "limits"],
            &mut issues,
        );
        assert!(parsed.is_none());
        let issue = &issues.errors[0];
        assert!(issue.line.is_some_and(|l| l >= 3), "{issue:?}");
        assert!(issue.message.starts_with("invalid YAML"), "{issue}");
        let mut issues = Issues::default();
        let parsed: Option<Sample> = parse(
            Path::new("problem.yaml"),
            "name: x\ncolour: blue\n",
            &["name", "limits"],
            &mut issues,
        );
        assert!(parsed.is_none());
        assert_eq!(issues.errors[0].line, Some(2));
        assert!(issues.errors[0].message.contains("\"colour\""));
    }
}
