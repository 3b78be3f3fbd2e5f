//! A problem's content hash and its archive: everything that decides a verdict, as one
//! byte string whose SHA-256 is the problem's version. A judge worker whose copy of a
//! problem differs from the server's refuses it instead of judging on other tests; a
//! worker that has no copy (`judge worker --server`) fetches the archive by its hash,
//! checks it and judges on exactly what the server would.
//!
//! The archive holds, each entry a length-prefixed name and content, in a fixed order (so
//! no two different copies hash alike by moving bytes between entries):
//!
//! 1. `judge.toml`: the course as far as this problem goes, written for the archive: each
//!    contest that has it (its id, its scoring style, the problem's points and feedback),
//!    the compile limits and the language table it is judged with (judge.toml's, else the
//!    built-in one). Never the server's `[server]` table (a database password) nor its
//!    `[sandbox]` (each machine isolates with its own), nor where precompiled headers are
//!    kept (a path on the machine that judges).
//! 2. `loaded`: the problem as this build loads it (limits and time rule, groups, the
//!    tests' names, the parsed language table and compile limits): a worker of another
//!    version that would read the same files otherwise has another hash, and refuses.
//! 3. `problems/ID/...`: every file of the problem's folder (problem.toml, the checker's,
//!    validator's and interactor's sources, hidden files such as a Kattis `.timelimit`),
//!    except its statements, kept submissions (`submissions/`), build output (`target/`)
//!    and a `.git` folder; then `testdata/ID/...`: its stored tests when they lie outside
//!    its folder (judge.toml's `testdata_dir`).
//!
//! Unpacked into an empty folder ([`unpack`]), the archive is a course of one problem that
//! `judge_packages::load` reads as the server does.

use judge_core::Judge;
use judge_model::config::judge_toml::{BUILTIN_LANGUAGES_TOML, FIRST_CONTEST_ID};
use judge_model::JudgeError;
use judge_store::ProblemVersion;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

/// The first bytes of every archive: its format and version.
pub const ARCHIVE_MAGIC: &[u8] = b"judge problem archive 1\n";
/// The most entries an archive may have.
const MAX_ENTRIES: u64 = 200_000;
/// The longest entry name, in bytes.
const MAX_NAME_BYTES: u64 = 1024;
/// The start given to a further contest in an archive's judge.toml (a contest's dates
/// decide no verdict; a fixed one keeps the hash from changing with them).
const ARCHIVE_CONTEST_START: &str = "2000-01-01T00:00:00Z";

/// Folder and file names of a problem's folder that do not decide verdicts.
fn skipped(name: &str) -> bool {
    name == ".git" || name == "target" || name == "submissions" || name.starts_with("statement")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), JudgeError> {
    let entries = std::fs::read_dir(dir).map_err(|e| JudgeError::file("problem folder", dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| JudgeError::file("problem folder", dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if skipped(&name) {
            continue;
        }
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| JudgeError::file("problem folder", &path, e))?;
        if kind.is_dir() {
            files_under(&path, out)?;
        } else if kind.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// An entry's content: bytes made here, or a file read as it is written.
enum Content {
    Bytes(Vec<u8>),
    File(PathBuf),
}

/// `path` relative to `base`, as an archive name under `prefix` (None when it is not
/// under `base`, or is not valid UTF-8).
fn entry_name(prefix: &str, base: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(base).ok()?;
    let parts: Option<Vec<&str>> = relative
        .components()
        .map(|c| match c {
            Component::Normal(part) => part.to_str(),
            _ => None,
        })
        .collect();
    Some(format!("{prefix}/{}", parts?.join("/")))
}

/// The course as far as problem `id` goes, written as the archive's judge.toml (see the
/// module's documentation). Read from judge.toml's text, so that what a worker parses is
/// what the server wrote.
fn archive_judge_toml(judge: &Judge, id: &str) -> Result<String, JudgeError> {
    let file = &judge.config.file;
    let text =
        std::fs::read_to_string(file).map_err(|e| JudgeError::file("judge.toml", file, e))?;
    let raw: toml::Table = text
        .parse()
        .map_err(|e| JudgeError::file("judge.toml", file, e))?;
    let mut contests: Vec<&toml::Table> = raw
        .get("contest")
        .and_then(|c| c.as_table())
        .into_iter()
        .collect();
    if let Some(further) = raw.get("contests").and_then(|c| c.as_array()) {
        contests.extend(further.iter().filter_map(|c| c.as_table()));
    }
    let mut kept = Vec::new();
    for contest in contests {
        let Some(entry) = contest
            .get("problems")
            .and_then(|p| p.as_array())
            .into_iter()
            .flatten()
            .filter_map(|p| p.as_table())
            .find(|p| p.get("id").and_then(|v| v.as_str()) == Some(id))
        else {
            continue;
        };
        let contest_id = contest
            .get("id")
            .cloned()
            .unwrap_or_else(|| FIRST_CONTEST_ID.into());
        let mut out = toml::Table::new();
        out.insert("id".into(), contest_id.clone());
        out.insert("title".into(), contest_id);
        if let Some(scoring) = contest.get("scoring") {
            out.insert("scoring".into(), scoring.clone());
        }
        let mut problem = toml::Table::new();
        problem.insert("id".into(), id.into());
        for key in ["points", "feedback"] {
            if let Some(value) = entry.get(key) {
                problem.insert(key.into(), value.clone());
            }
        }
        out.insert("problems".into(), toml::Value::Array(vec![problem.into()]));
        kept.push(out);
    }
    if kept.is_empty() {
        return Err(JudgeError::file(
            "judge.toml",
            file,
            format!("no contest has problem {id}"),
        ));
    }
    let mut course = toml::Table::new();
    course.insert("contest".into(), kept.remove(0).into());
    if !kept.is_empty() {
        let further = kept
            .into_iter()
            .map(|mut contest| {
                contest.insert("start".into(), ARCHIVE_CONTEST_START.into());
                toml::Value::from(contest)
            })
            .collect();
        course.insert("contests".into(), toml::Value::Array(further));
    }
    if let Some(mut compile) = raw.get("compile").and_then(|c| c.as_table()).cloned() {
        compile.remove("precompiled_header_dir");
        course.insert("compile".into(), compile.into());
    }
    let languages = match raw.get("languages") {
        Some(languages) => languages.clone(),
        None => {
            let builtin: toml::Table = BUILTIN_LANGUAGES_TOML.parse().map_err(|e| {
                JudgeError::file("the built-in language table", "languages.toml", e)
            })?;
            builtin
                .get("languages")
                .cloned()
                .unwrap_or_else(|| toml::Table::new().into())
        }
    };
    course.insert("languages".into(), languages);
    toml::to_string(&course).map_err(|e| JudgeError::file("judge.toml", file, e))
}

/// The archive's entries for problem `id`, in order.
fn entries(judge: &Judge, id: &str) -> Result<Vec<(String, Content)>, JudgeError> {
    let problem = judge_packages::load(&judge.config, id)?;
    // A package without a decided time limit has no version to judge: its limit would be
    // the provisional one. Named at start and refused by the workers until `judge verify`
    // decides it (the stored .timelimit is then one of the files below).
    if !problem.time_rule.is_decided() {
        return Err(JudgeError::UndecidedTimeLimit {
            id: problem.id.clone(),
            dir: problem.dir.clone(),
        });
    }
    let course = judge.config.course();
    let mut compile = judge.config.toml.compile.clone();
    compile.precompiled_header_dir = String::new();
    let feedback: Vec<String> = course
        .contests
        .iter()
        .filter_map(|c| {
            c.problem(id)
                .map(|p| format!("{}:{:?}:{}", c.id, p.feedback, p.points))
        })
        .collect();
    let tests: Vec<&str> = problem.tests.iter().map(|t| t.name.as_str()).collect();
    let loaded = format!(
        "limits={:?}\ntime_rule={:?}\ngroups={:?}\ntests={tests:?}\nscoring={:?}\ncontests={feedback:?}\nlanguages={:?}\ncompile={compile:?}\n",
        problem.limits,
        problem.time_rule,
        problem.groups,
        course.judging_scoring(id),
        judge.config.toml.languages,
    );
    let mut entries = vec![
        (
            "judge.toml".to_string(),
            Content::Bytes(archive_judge_toml(judge, id)?.into_bytes()),
        ),
        ("loaded".to_string(), Content::Bytes(loaded.into_bytes())),
    ];
    let mut files: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut found = Vec::new();
    files_under(&problem.dir, &mut found)?;
    let in_folder = format!("problems/{id}");
    for file in found {
        let name = entry_name(&in_folder, &problem.dir, &file)
            .ok_or_else(|| JudgeError::file("problem file", &file, "its name is not UTF-8 text"))?;
        files.insert(name, file);
    }
    let in_testdata = format!("testdata/{id}");
    for test in &problem.tests {
        for path in [&test.input, &test.answer] {
            let name = entry_name(&in_folder, &problem.dir, path)
                .or_else(|| entry_name(&in_testdata, &problem.testdata_dir, path))
                .ok_or_else(|| {
                    JudgeError::file(
                        "test file",
                        path,
                        "it lies neither in the problem's folder nor in its test data folder, so it cannot be sent to a worker",
                    )
                })?;
            files.insert(name, path.clone());
        }
    }
    entries.extend(
        files
            .into_iter()
            .map(|(name, path)| (name, Content::File(path))),
    );
    Ok(entries)
}

fn write_entry_head(out: &mut dyn Write, name: &str, length: u64) -> std::io::Result<()> {
    out.write_all(&(name.len() as u64).to_le_bytes())?;
    out.write_all(name.as_bytes())?;
    out.write_all(&length.to_le_bytes())
}

/// Writes problem `id`'s archive into `out` (files are streamed, never held whole).
pub fn write_archive(judge: &Judge, id: &str, out: &mut dyn Write) -> Result<(), JudgeError> {
    let written = |e: std::io::Error| JudgeError::file("problem archive", id, e);
    out.write_all(ARCHIVE_MAGIC).map_err(written)?;
    for (name, content) in entries(judge, id)? {
        match content {
            Content::Bytes(bytes) => {
                write_entry_head(out, &name, bytes.len() as u64).map_err(written)?;
                out.write_all(&bytes).map_err(written)?;
            }
            Content::File(path) => {
                let file = std::fs::File::open(&path)
                    .map_err(|e| JudgeError::file("problem file", &path, e))?;
                let length = file
                    .metadata()
                    .map_err(|e| JudgeError::file("problem file", &path, e))?
                    .len();
                write_entry_head(out, &name, length).map_err(written)?;
                let copied = std::io::copy(&mut file.take(length), out)
                    .map_err(|e| JudgeError::file("problem file", &path, e))?;
                if copied != length {
                    return Err(JudgeError::file(
                        "problem file",
                        &path,
                        "it changed while it was read",
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Problem `id`'s archive, in memory (what the server sends a worker).
pub fn archive(judge: &Judge, id: &str) -> Result<Vec<u8>, JudgeError> {
    let mut bytes = Vec::new();
    write_archive(judge, id, &mut bytes)?;
    Ok(bytes)
}

/// A writer that only hashes.
struct Hashing(Sha256);

impl Write for Hashing {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The content hash of problem `id` as this machine's judge.toml and files have it: the
/// SHA-256 of its archive, in lowercase hex.
pub fn content_sha256(judge: &Judge, id: &str) -> Result<String, JudgeError> {
    let mut hashing = Hashing(Sha256::new());
    write_archive(judge, id, &mut hashing)?;
    Ok(judge_model::text::hex(hashing.0.finalize().as_slice()))
}

/// The SHA-256 of archive bytes, in lowercase hex.
pub fn archive_sha256(bytes: &[u8]) -> String {
    judge_model::text::hex(Sha256::digest(bytes).as_slice())
}

/// Why an archive cannot be unpacked.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// Not an archive of this format, or one cut short or malformed.
    #[error("not a valid problem archive: {0}")]
    Malformed(String),
    /// Writing it out failed (a full disk, a read-only folder).
    #[error("cannot write the problem's files under {path}: {error}")]
    Write {
        /// Where.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

fn take<'a>(bytes: &mut &'a [u8], count: u64, what: &str) -> Result<&'a [u8], ArchiveError> {
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    if bytes.len() < count {
        return Err(ArchiveError::Malformed(format!("it ends inside {what}")));
    }
    let (head, rest) = bytes.split_at(count);
    *bytes = rest;
    Ok(head)
}

fn number(bytes: &mut &[u8], what: &str) -> Result<u64, ArchiveError> {
    let head = take(bytes, 8, what)?;
    let mut le = [0u8; 8];
    le.copy_from_slice(head);
    Ok(u64::from_le_bytes(le))
}

/// Whether an entry name is a plain relative path (no `..`, no root, no empty part, no
/// backslash or NUL) under one of the archive's places.
fn safe_name(name: &str) -> bool {
    let parts: Vec<&str> = name.split('/').collect();
    let place_ok = matches!(name, "judge.toml" | "loaded")
        || (parts.len() >= 3 && matches!(parts[0], "problems" | "testdata"));
    place_ok
        && parts
            .iter()
            .all(|p| !p.is_empty() && *p != "." && *p != ".." && !p.contains(['\\', '\0']))
}

/// The entries of an archive, checked: its magic, every length within the bytes, every
/// name a plain relative path, no name twice.
pub fn read_entries(mut bytes: &[u8]) -> Result<Vec<(&str, &[u8])>, ArchiveError> {
    if take(&mut bytes, ARCHIVE_MAGIC.len() as u64, "its header")? != ARCHIVE_MAGIC {
        return Err(ArchiveError::Malformed(
            "it does not start with the archive's header".into(),
        ));
    }
    let mut entries: Vec<(&str, &[u8])> = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    while !bytes.is_empty() {
        if entries.len() as u64 >= MAX_ENTRIES {
            return Err(ArchiveError::Malformed(format!(
                "more than {MAX_ENTRIES} entries"
            )));
        }
        let length = number(&mut bytes, "a name's length")?;
        if length > MAX_NAME_BYTES {
            return Err(ArchiveError::Malformed(format!("a name of {length} bytes")));
        }
        let name = std::str::from_utf8(take(&mut bytes, length, "a name")?)
            .map_err(|_| ArchiveError::Malformed("a name that is not UTF-8".into()))?;
        if !safe_name(name) {
            return Err(ArchiveError::Malformed(format!("the entry name {name:?}")));
        }
        if !names.insert(name) {
            return Err(ArchiveError::Malformed(format!("{name} twice")));
        }
        let length = number(&mut bytes, "a content's length")?;
        let content = take(&mut bytes, length, name)?;
        entries.push((name, content));
    }
    Ok(entries)
}

/// Writes an archive's files into the folder `into` (made if missing; meant to be
/// empty): `judge.toml`, `problems/ID/...` and `testdata/ID/...`.
pub fn unpack(bytes: &[u8], into: &Path) -> Result<(), ArchiveError> {
    let entries = read_entries(bytes)?;
    if !entries.iter().any(|(name, _)| *name == "judge.toml") {
        return Err(ArchiveError::Malformed("it has no judge.toml".into()));
    }
    for (name, content) in entries {
        if name == "loaded" {
            continue;
        }
        let path = into.join(name);
        let write = |path: &Path| -> std::io::Result<()> {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(path, content)
        };
        write(&path).map_err(|error| ArchiveError::Write { path, error })?;
    }
    Ok(())
}

/// This machine's copies of `ids`: the versions it can judge, and the problems it cannot
/// load with the reason.
pub fn local_versions(
    judge: &Judge,
    ids: &[String],
) -> (Vec<ProblemVersion>, Vec<(String, String)>) {
    let mut versions = Vec::new();
    let mut broken = Vec::new();
    for id in ids {
        match content_sha256(judge, id) {
            Ok(sha) => versions.push(ProblemVersion {
                id: id.clone(),
                content_sha256: sha,
            }),
            Err(error) => broken.push((id.clone(), error.to_string())),
        }
    }
    (versions, broken)
}

/// Why this machine refuses each published problem it cannot judge as the server has
/// it: a different copy, or none. Empty when every published copy matches.
pub fn refusals(
    local: &[ProblemVersion],
    broken: &[(String, String)],
    published: &[ProblemVersion],
) -> Vec<(String, String)> {
    published
        .iter()
        .filter_map(|server| {
            let reason = match local.iter().find(|l| l.id == server.id) {
                Some(mine) if mine.content_sha256 == server.content_sha256 => return None,
                Some(mine) => format!(
                    "this machine's copy differs from the server's (content hash {} here, {} on the server): its problem folder, tests or judge.toml entry are not the same; copy the server's and restart",
                    short(&mine.content_sha256),
                    short(&server.content_sha256)
                ),
                None => match broken.iter().find(|(id, _)| *id == server.id) {
                    Some((_, why)) => format!("it cannot be loaded here: {why}"),
                    None => "it is not in this machine's judge.toml".to_string(),
                },
            };
            Some((server.id.clone(), reason))
        })
        .collect()
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(id: &str, sha: &str) -> ProblemVersion {
        ProblemVersion {
            id: id.into(),
            content_sha256: sha.into(),
        }
    }

    #[test]
    fn refusals_name_the_problem_and_why() {
        let published = [
            version("a", "1111"),
            version("b", "2222"),
            version("c", "3333"),
            version("d", "4"),
        ];
        let local = [version("a", "1111"), version("b", "9999")];
        let broken = [("c".to_string(), "no tests".to_string())];
        let refused = refusals(&local, &broken, &published);
        assert_eq!(refused.len(), 3);
        assert_eq!(refused[0].0, "b");
        assert!(
            refused[0].1.contains("differs") && refused[0].1.contains("9999"),
            "{}",
            refused[0].1
        );
        assert!(refused[1].1.contains("no tests"));
        assert!(refused[2].1.contains("not in this machine's judge.toml"));
        assert!(refusals(&local[..1], &[], &published[..1]).is_empty());
    }

    /// A course of one Kattis package in `dir` (made the first time; isolation off:
    /// nothing is run), its judge.toml with `multiplier` as Python's time multiplier and
    /// `extra` appended to the problem's entry / the file.
    fn course_with(dir: &Path, multiplier: f64, entry: &str, extra: &str) -> Judge {
        let package = dir.join("problems/p");
        if !package.exists() {
            std::fs::create_dir_all(package.join("data/secret")).unwrap();
            std::fs::create_dir_all(package.join("output_validators/check")).unwrap();
            std::fs::write(package.join("problem.yaml"), "name: P\n").unwrap();
            std::fs::write(package.join("data/secret/1.in"), "1\n").unwrap();
            std::fs::write(package.join("data/secret/1.ans"), "1\n").unwrap();
            std::fs::write(package.join("statement.md"), "Print the number.\n").unwrap();
        }
        let file = dir.join("judge.toml");
        std::fs::write(
            &file,
            format!(
                "[server]\ndatabase = \"postgres://judge:secret@db/judge\"\n[contest]\ntitle = \"C\"\n[[contest.problems]]\nid = \"p\"\n{entry}\n[sandbox]\nisolation = \"off\"\n[languages.python3]\nname = \"Python 3\"\nextensions = [\"py\"]\nsource = \"main.py\"\nrun = [\"python3\", \"main.py\"]\ntime_multiplier = {multiplier}\n{extra}"
            ),
        )
        .unwrap();
        let config = judge_model::config::judge_toml::JudgeConfig::load(&file).unwrap();
        Judge::new(config, Default::default()).unwrap()
    }

    fn course(dir: &Path, multiplier: f64) -> Judge {
        course_with(dir, multiplier, "", "")
    }

    #[test]
    fn what_changes_a_verdict_changes_the_hash() {
        let dir = tempfile::tempdir().unwrap();
        // The package gives no time limit: no version until one is decided.
        let undecided = content_sha256(&course(dir.path(), 5.0), "p").unwrap_err();
        assert!(
            matches!(undecided, JudgeError::UndecidedTimeLimit { .. }),
            "{undecided}"
        );
        std::fs::write(dir.path().join("problems/p/.timelimit"), "1\n").unwrap();
        let mut seen = vec![content_sha256(&course(dir.path(), 5.0), "p").unwrap()];
        assert_eq!(
            seen[0],
            content_sha256(&course(dir.path(), 5.0), "p").unwrap()
        );
        let mut differs = |what: &str, judge: Judge| {
            let sha = content_sha256(&judge, "p").unwrap();
            assert!(!seen.contains(&sha), "{what} did not change the hash");
            seen.push(sha);
        };
        let p = dir.path().join("problems/p");
        // The stored .timelimit (a hidden file) sets the limit.
        std::fs::write(p.join(".timelimit"), "2\n").unwrap();
        differs(".timelimit", course(dir.path(), 5.0));
        // judge.toml's language table: a time multiplier.
        differs("a time multiplier", course(dir.path(), 3.0));
        // A test's answer, a test's input, a new test.
        std::fs::write(p.join("data/secret/1.ans"), "2\n").unwrap();
        differs("an answer", course(dir.path(), 3.0));
        std::fs::write(p.join("data/secret/1.in"), "2\n").unwrap();
        differs("an input", course(dir.path(), 3.0));
        std::fs::write(p.join("data/secret/2.in"), "3\n").unwrap();
        std::fs::write(p.join("data/secret/2.ans"), "3\n").unwrap();
        differs("a new test", course(dir.path(), 3.0));
        // The checker's source; the limits in problem.yaml.
        std::fs::write(p.join("output_validators/check/check.py"), "print(1)\n").unwrap();
        differs("the checker's source", course(dir.path(), 3.0));
        std::fs::write(p.join("problem.yaml"), "name: P\nlimits:\n  memory: 512\n").unwrap();
        differs("the memory limit", course(dir.path(), 3.0));
        // The problem's points and feedback in the contest; the compile limits; the
        // built-in language table instead of judge.toml's.
        differs("its points", course_with(dir.path(), 3.0, "points = 7", ""));
        differs(
            "its feedback",
            course_with(dir.path(), 3.0, "points = 7\nfeedback = \"all-tests\"", ""),
        );
        differs(
            "the compile limits",
            course_with(
                dir.path(),
                3.0,
                "points = 7\nfeedback = \"all-tests\"",
                "[compile]\ncpu_time_s = 3.0\n",
            ),
        );
        // What decides no verdict leaves it: the statement, the server's own table.
        let before = seen.last().unwrap().clone();
        std::fs::write(p.join("statement.md"), "Print it.\n").unwrap();
        let judge = course_with(
            dir.path(),
            3.0,
            "points = 7\nfeedback = \"all-tests\"",
            "[compile]\ncpu_time_s = 3.0\n",
        );
        assert_eq!(
            before,
            content_sha256(&judge, "p").unwrap(),
            "the statement"
        );
    }

    #[test]
    fn an_archive_unpacked_elsewhere_has_the_same_hash_and_no_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let judge = course(dir.path(), 2.0);
        std::fs::write(dir.path().join("problems/p/.timelimit"), "1\n").unwrap();
        let bytes = archive(&judge, "p").unwrap();
        let sha = archive_sha256(&bytes);
        assert_eq!(sha, content_sha256(&judge, "p").unwrap());
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("secret@db"), "the [server] table leaked");
        assert!(!text.contains("isolation"), "the [sandbox] table was sent");
        let elsewhere = tempfile::tempdir().unwrap();
        unpack(&bytes, elsewhere.path()).unwrap();
        let config = judge_model::config::judge_toml::JudgeConfig::load(
            &elsewhere.path().join("judge.toml"),
        )
        .unwrap();
        let unpacked = Judge::new(config, Default::default()).unwrap();
        assert_eq!(content_sha256(&unpacked, "p").unwrap(), sha);
    }

    #[test]
    fn a_malformed_archive_is_refused_whole() {
        let dir = tempfile::tempdir().unwrap();
        let judge = course(dir.path(), 2.0);
        std::fs::write(dir.path().join("problems/p/.timelimit"), "1\n").unwrap();
        let bytes = archive(&judge, "p").unwrap();
        let into = tempfile::tempdir().unwrap();
        // Cut short anywhere, or not an archive at all.
        for cut in [0, 5, ARCHIVE_MAGIC.len() + 3, bytes.len() - 1] {
            assert!(unpack(&bytes[..cut], into.path()).is_err(), "cut at {cut}");
        }
        let entry = |name: &str, content: &[u8], length: u64| {
            let mut out = ARCHIVE_MAGIC.to_vec();
            out.extend((name.len() as u64).to_le_bytes());
            out.extend(name.as_bytes());
            out.extend(length.to_le_bytes());
            out.extend(content);
            out
        };
        for name in [
            "../judge.toml",
            "problems/p/../../../etc/passwd",
            "/etc/passwd",
            "problems/p",
            "problems//x",
            "other/p/x",
        ] {
            let error = unpack(&entry(name, b"x", 1), into.path()).unwrap_err();
            assert!(error.to_string().contains("entry name"), "{name}: {error}");
        }
        // A length past the end (no allocation of it, no panic).
        assert!(unpack(&entry("judge.toml", b"x", u64::MAX), into.path()).is_err());
        let mut twice = entry("judge.toml", b"x", 1);
        twice.extend_from_slice(&entry("judge.toml", b"x", 1)[ARCHIVE_MAGIC.len()..]);
        assert!(unpack(&twice, into.path())
            .unwrap_err()
            .to_string()
            .contains("twice"));
        assert!(
            std::fs::read_dir(into.path()).unwrap().next().is_none(),
            "nothing written"
        );
    }
}
