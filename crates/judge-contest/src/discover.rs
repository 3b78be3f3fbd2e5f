//! Finding a class's attempts in a submissions folder.
//!
//! ```text
//! submissions/<student>/<problem>.<ext>              one attempt
//! submissions/<student>/<problem>/<attempt>.<ext>    several attempts
//! submissions/<student>/<problem>/<attempt>/         an attempt of several files
//! ```
//!
//! An attempt of several files (a `.cpp`, a header and a second `.cpp`; two Java classes)
//! is read as `judge run` reads a folder ([`judge_core::read_source_folder`]): its language from
//! its sources, its entry by Kattis' rules, every link, size and count checked, each file
//! the student's own; what it cannot be judged for is its reason.
//!
//! An attempt's time is the timestamp its name starts with, `YYYY-MM-DDTHH-MM-SS` (UTC;
//! `:` may stand for `-`; anything may follow, e.g. `2026-11-29T09-15-00-fixed.cpp`), or
//! else the file's modification time. A file that cannot be judged (unknown problem,
//! unknown extension, a language the contest does not allow, outside a student's folder,
//! a symbolic link, a FIFO or device, a hard link to another user's file) is still an
//! attempt, with the reason it was not judged, and its content is never read.

use judge_core::safe_open::{self, ClassFile, Refused};
use judge_core::SourceFile;
use judge_model::course::ContestSpec;
use judge_model::language::{Language, Languages};
use judge_model::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// One file of the submissions folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptFile {
    /// Its path relative to the submissions folder, with `/`: the attempt's id.
    pub id: String,
    /// The student (the top folder).
    pub student: String,
    /// The problem (the file's or folder's name).
    pub problem: String,
    /// The file.
    pub path: PathBuf,
    /// When it was submitted (Unix seconds).
    pub submitted_at: i64,
    /// The language's id, when known.
    pub language: Option<String>,
    /// The file's bytes, read once at discovery (empty when it was refused); an attempt
    /// of several files: its entry's.
    pub content: Vec<u8>,
    /// An attempt of several files: the others (sources and headers, by their paths in
    /// its folder); empty for one file.
    pub others: Vec<SourceFile>,
    /// Why it cannot be judged, if it cannot.
    pub rejected: Option<String>,
}

impl AttemptFile {
    /// Every source of the attempt, the entry first, as one text (what similarity reads).
    pub fn all_sources(&self) -> Vec<u8> {
        let mut text = self.content.clone();
        for file in &self.others {
            text.push(b'\n');
            text.extend_from_slice(&file.bytes);
        }
        text
    }
}

/// Why an attempt cannot be judged, if it cannot: not in a student's folder, an unknown
/// problem, or a language it cannot be told by, that the contest does not allow or this
/// machine lacks.
fn rejection(
    languages: &Languages,
    student: &str,
    matched: &std::result::Result<String, String>,
    language: &Result<&Language>,
) -> Option<String> {
    if student.is_empty() {
        return Some(
            "not in a student's folder (submissions/<student>/<problem>.<ext>)".to_string(),
        );
    }
    if let Err(reason) = matched {
        return Some(reason.clone());
    }
    match language {
        Err(JudgeError::UnknownExtension { known, .. }) => Some(format!(
            "cannot tell the language from the file name; known extensions: {known}"
        )),
        Err(error) => Some(error.to_string()),
        Ok(language) => languages
            .check_allowed(language)
            .and_then(|()| languages.check_available(language))
            .err()
            .map(|e| e.to_string()),
    }
}

/// Parses a leading `YYYY-MM-DDTHH-MM-SS` (or with `:`) as UTC Unix seconds.
pub fn timestamp_in_name(name: &str) -> Option<i64> {
    let head: String = name
        .chars()
        .take(19)
        .map(|c| if c == ':' { '-' } else { c })
        .collect();
    let format = time::macros::format_description!("[year]-[month]-[day]T[hour]-[minute]-[second]");
    time::PrimitiveDateTime::parse(&head, &format)
        .ok()
        .map(|t| t.assume_utc().unix_timestamp())
}

fn sorted_entries(dir: &Path) -> Result<Vec<std::fs::DirEntry>> {
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(|e| JudgeError::file("submissions folder", dir, e))?
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    entries.sort_by_key(|e| e.file_name());
    Ok(entries)
}

/// The entry's type, not following a link (a link is reported as a link).
fn entry_type(entry: &std::fs::DirEntry) -> Option<std::fs::FileType> {
    entry.file_type().ok()
}

/// The contest's problem a file or folder name stands for: the id itself in any case
/// (`Maze.cpp` is maze's), or else why not, naming a near miss (`eight_puzzle`).
pub fn problem_named(contest: &ContestSpec, name: &str) -> std::result::Result<String, String> {
    let ids = || contest.problems.iter().map(|p| p.id.as_str());
    if let Some(id) = ids().find(|id| *id == name) {
        return Ok(id.to_string());
    }
    let folded: Vec<&str> = ids().filter(|id| id.eq_ignore_ascii_case(name)).collect();
    if let [id] = folded[..] {
        return Ok(id.to_string());
    }
    let lower = name.to_lowercase();
    let near = ids()
        .map(|id| (strsim::damerau_levenshtein(&lower, &id.to_lowercase()), id))
        .filter(|(distance, id)| *distance <= 2.max(id.len() / 4))
        .min();
    Err(format!(
        "unknown problem {name:?}{}; the contest's problems: {}",
        near.map(|(_, id)| format!(" (did you mean {id:?}?)"))
            .unwrap_or_default(),
        ids().collect::<Vec<_>>().join(", ")
    ))
}

/// Every attempt under `root`, sorted by id. Files are read here, once, through
/// [`safe_open`] (never more than `max_source_kib` KiB and a byte): links, devices,
/// FIFOs and hard links to other users' files are refused with a reason and never read,
/// and so is a file over the cap.
pub fn discover(
    root: &Path,
    contest: &ContestSpec,
    languages: &Languages,
    max_source_kib: u64,
) -> Result<Vec<AttemptFile>> {
    let cap = max_source_kib.saturating_mul(1024);
    let root_dir =
        std::fs::File::open(root).map_err(|e| JudgeError::file("submissions folder", root, e))?;
    let mut attempts = Vec::new();
    let mut add = |student: &str,
                   problem: &str,
                   path: PathBuf,
                   timestamp: Option<i64>,
                   read: std::result::Result<ClassFile, Refused>| {
        let id = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        let (content, modified, refused) = match read {
            Ok(file) => (file.content, file.modified, None),
            Err(Refused(reason)) => (Vec::new(), 0, Some(reason)),
        };
        let language = languages.for_file(&path, &content);
        let matched = problem_named(contest, problem);
        let rejected = refused.or_else(|| rejection(languages, student, &matched, &language));
        attempts.push(AttemptFile {
            id,
            student: student.to_string(),
            problem: matched.unwrap_or_else(|_| problem.to_string()),
            submitted_at: timestamp.unwrap_or(modified),
            language: language.ok().map(|l| l.id.clone()),
            path,
            content,
            others: Vec::new(),
            rejected,
        });
    };
    let mut folders = Vec::new();
    let relative = |path: &Path| path.strip_prefix(root).unwrap_or(path).to_path_buf();
    for entry in sorted_entries(root)? {
        let student = entry.file_name().to_string_lossy().into_owned();
        let Some(kind) = entry_type(&entry) else {
            continue;
        };
        if let Some(refused) = safe_open::refused_kind(kind) {
            add(&student, "", entry.path(), None, Err(refused));
            continue;
        }
        if !kind.is_dir() {
            let read = safe_open::read(&root_dir, &relative(&entry.path()), u32::MAX, cap);
            add("", "", entry.path(), None, read);
            continue;
        }
        let owner = entry
            .metadata()
            .map(|m| std::os::unix::fs::MetadataExt::uid(&m))
            .unwrap_or(u32::MAX);
        for item in sorted_entries(&entry.path())? {
            let name = item.file_name().to_string_lossy().into_owned();
            let Some(kind) = entry_type(&item) else {
                continue;
            };
            let problem_of_file = || name.split('.').next().unwrap_or_default().to_string();
            if let Some(refused) = safe_open::refused_kind(kind) {
                add(
                    &student,
                    &problem_of_file(),
                    item.path(),
                    None,
                    Err(refused),
                );
            } else if kind.is_dir() {
                for file in sorted_entries(&item.path())? {
                    let Some(kind) = entry_type(&file) else {
                        continue;
                    };
                    let stem = file.file_name().to_string_lossy().into_owned();
                    if kind.is_dir() {
                        folders.push((student.clone(), name.clone(), file.path(), owner));
                        continue;
                    }
                    let read = match safe_open::refused_kind(kind) {
                        Some(refused) => Err(refused),
                        None => safe_open::read(&root_dir, &relative(&file.path()), owner, cap),
                    };
                    add(&student, &name, file.path(), timestamp_in_name(&stem), read);
                }
            } else {
                let read = safe_open::read(&root_dir, &relative(&item.path()), owner, cap);
                add(&student, &problem_of_file(), item.path(), None, read);
            }
        }
    }
    for (student, problem, path, owner) in folders {
        attempts.push(folder_attempt(
            root,
            contest,
            languages,
            max_source_kib,
            (&student, &problem, owner),
            path,
        ));
    }
    attempts.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(attempts)
}

/// An attempt of several files: the folder `path` of `student` (whose folder's owner is
/// `owner`) for `problem`, read as a folder submission. Timed by its name's timestamp,
/// else its modification time.
fn folder_attempt(
    root: &Path,
    contest: &ContestSpec,
    languages: &Languages,
    max_source_kib: u64,
    (student, problem, owner): (&str, &str, u32),
    path: PathBuf,
) -> AttemptFile {
    let id = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .to_string_lossy()
        .replace('\\', "/");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let metadata = std::fs::symlink_metadata(&path).ok();
    let modified = metadata
        .as_ref()
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs() as i64);
    let matched = problem_named(contest, problem);
    let mut attempt = AttemptFile {
        id,
        student: student.to_string(),
        problem: matched.clone().unwrap_or_else(|_| problem.to_string()),
        submitted_at: timestamp_in_name(&name).unwrap_or(modified),
        language: None,
        path: path.clone(),
        content: Vec::new(),
        others: Vec::new(),
        rejected: None,
    };
    // The folder is the student's, as each of its files must be (source_folder checks
    // those against the folder's owner).
    let folder_owner = metadata.map(|m| std::os::unix::fs::MetadataExt::uid(&m));
    if owner != u32::MAX && folder_owner != Some(owner) {
        attempt.rejected = Some("refused: the folder is not the student's own".to_string());
        return attempt;
    }
    let problem_names: Vec<&str> = matched.iter().map(String::as_str).collect();
    match judge_core::read_source_folder(&path, languages, None, &problem_names, max_source_kib) {
        Ok(folder) => {
            attempt.rejected = rejection(languages, student, &matched, &Ok(&folder.language));
            attempt.language = Some(folder.language.id.clone());
            attempt.content = folder.entry_bytes;
            attempt.others = folder.others;
        }
        Err(error) => {
            attempt.rejected = rejection(languages, student, &matched, &Err(error));
        }
    }
    attempt
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contest() -> ContestSpec {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        judge_model::config::judge_toml::JudgeConfig::load(&file)
            .unwrap()
            .course()
            .contests
            .remove(0)
    }

    #[test]
    fn problem_names_match_in_any_case_and_near_misses_are_named() {
        let contest = contest();
        assert_eq!(problem_named(&contest, "maze").unwrap(), "maze");
        assert_eq!(problem_named(&contest, "Maze").unwrap(), "maze");
        assert_eq!(
            problem_named(&contest, "EIGHT-PUZZLE").unwrap(),
            "eight-puzzle"
        );
        for (given, meant) in [
            ("eight_puzzle", "eight-puzzle"),
            ("knight-tour", "knights-tour"),
            ("Klotsky", "klotski"),
        ] {
            let reason = problem_named(&contest, given).unwrap_err();
            assert!(
                reason.starts_with(&format!(
                    "unknown problem {given:?} (did you mean {meant:?}?)"
                )),
                "{reason}"
            );
        }
        let reason = problem_named(&contest, "homework").unwrap_err();
        assert!(
            !reason.contains("did you mean") && reason.contains("maze"),
            "{reason}"
        );
    }

    #[test]
    fn timestamps_in_names_are_utc() {
        assert_eq!(timestamp_in_name("1970-01-01T00-01-00.cpp"), Some(60));
        assert_eq!(
            timestamp_in_name("2026-11-29T09:15:00-fix.c"),
            timestamp_in_name("2026-11-29T09-15-00.py")
        );
        assert_eq!(timestamp_in_name("attempt1.cpp"), None);
    }
}
