//! Reading the YAML files of a Kattis package into typed values, with errors that give
//! the file's line, and unknown keys found (the format asks that they be errors).

use judge_model::Issues;
use serde::de::DeserializeOwned;
use std::io::Read;
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
    if let Some((line, why)) = too_deep(text) {
        issues.error(shown, Some(line), why);
        return None;
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

/// The deepest nesting a package's YAML may have: flow collections (`[[[...]]]`) and
/// indentation (block collections). A package's metadata is a few levels deep; the YAML
/// parser takes quadratic time to refuse deep nesting (44 s at 100 000 levels), so it is
/// refused first, by this one linear pass.
const MAX_FLOW_DEPTH: usize = 64;
/// The widest indentation, in columns (each block level indents by at least one).
const MAX_INDENT: usize = 256;

/// The line and reason when `text` nests deeper than a package's YAML may, found in one
/// pass (quoted strings and comments are skipped).
fn too_deep(text: &str) -> Option<(usize, String)> {
    let mut depth = 0usize;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        if indent > MAX_INDENT {
            return Some((
                number,
                format!("indented {indent} columns deep: a package's YAML is nested {MAX_INDENT} columns at most"),
            ));
        }
        let mut quote: Option<char> = None;
        let mut escaped = false;
        let mut previous = ' ';
        for c in line.chars() {
            match quote {
                Some('"') if escaped => escaped = false,
                Some('"') if c == '\\' => escaped = true,
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '#' if previous.is_whitespace() => break,
                    '"' | '\'' => quote = Some(c),
                    '[' | '{' => {
                        depth += 1;
                        if depth > MAX_FLOW_DEPTH {
                            return Some((
                                number,
                                format!("nested more than {MAX_FLOW_DEPTH} brackets deep: a package's YAML is not"),
                            ));
                        }
                    }
                    ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                },
            }
            previous = c;
        }
    }
    None
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

/// The largest YAML file of a package that is read: metadata, never data.
const MAX_YAML_BYTES: u64 = 1024 * 1024;

/// Reads a file as text for [`parse`] (at most [`MAX_YAML_BYTES`]); a missing file is
/// `None`, an unreadable or larger one an issue.
pub fn read(package: &Path, relative: &str, issues: &mut Issues) -> Option<String> {
    let path = package.join(relative);
    if !path.is_file() {
        return None;
    }
    read_file(&path, Path::new(relative), issues)
}

/// Reads the YAML file at `path` (`shown` in messages) as [`read`] does, whatever it is
/// (missing or not a file: an issue).
pub fn read_file(path: &Path, shown: &Path, issues: &mut Issues) -> Option<String> {
    let read = std::fs::File::open(path).and_then(|file| {
        let mut text = String::new();
        file.take(MAX_YAML_BYTES + 1)
            .read_to_string(&mut text)
            .map(|_| text)
    });
    match read {
        Ok(text) if text.len() as u64 > MAX_YAML_BYTES => {
            issues.error(
                shown,
                None,
                format!(
                    "is larger than a package's YAML may be ({} KiB)",
                    MAX_YAML_BYTES / 1024
                ),
            );
            None
        }
        Ok(text) => Some(text),
        Err(error) => {
            issues.error(shown, None, format!("cannot be read: {error}"));
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

    #[test]
    fn deep_nesting_is_refused_in_one_pass() {
        let levels = 100_000;
        for text in [
            format!("name: {}{}\n", "[".repeat(levels), "]".repeat(levels)),
            format!("name: {}\n", "{a: ".repeat(levels)),
            (0..2000)
                .map(|i| format!("{}- \n", " ".repeat(i + 1)))
                .collect::<String>(),
        ] {
            let started = std::time::Instant::now();
            let mut issues = Issues::default();
            let parsed: Option<Sample> =
                parse(Path::new("problem.yaml"), &text, &["name"], &mut issues);
            assert!(parsed.is_none());
            assert!(
                issues.errors[0].message.contains("deep"),
                "{}",
                issues.errors[0]
            );
            // Generous: the parser itself took seconds at a tenth of these levels.
            assert!(started.elapsed() < std::time::Duration::from_secs(2));
        }
        // Brackets in quotes and comments do not count; ordinary nesting is read.
        let mut issues = Issues::default();
        let text = format!(
            "name: \"{}\" # {}\nlimits: {{memory: [1, [2]]}}\n",
            "[".repeat(500),
            "{".repeat(500)
        );
        let parsed: Option<Sample> = parse(
            Path::new("problem.yaml"),
            &text,
            &["name", "limits"],
            &mut issues,
        );
        assert!(parsed.is_some(), "{issues:?}");
    }
}
