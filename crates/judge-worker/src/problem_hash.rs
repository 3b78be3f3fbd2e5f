//! A problem's content hash: the SHA-256 of everything that decides a verdict, so that a
//! judge worker whose copy of a problem differs from the server's refuses it instead of
//! judging on other tests. It covers:
//!
//! - the problem's folder (problem.toml, the crate's Cargo.toml and sources with the
//!   checker and any interactor, hidden files such as a Kattis `.timelimit` or a crate's
//!   `.cargo/`, any other file), except its statements, its kept submissions
//!   (`submissions/`), build output (`target/`) and a `.git` folder;
//! - every stored test's name, input and answer;
//! - the problem as loaded: its limits and time rule, its groups;
//! - judge.toml's entry for it (points, feedback), the contests' scoring style, the
//!   language table (compile and run commands, time multipliers, memory texts) and the
//!   compile limits: a worker whose judge.toml differs there would give other verdicts.
//!
//! Each part enters as a length-prefixed name and content, in a fixed order, so no two
//! different copies hash alike by moving bytes between files.

use judge_core::{Judge, JudgeError};
use judge_store::ProblemVersion;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

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

fn add(hasher: &mut Sha256, name: &str, bytes: &[u8]) {
    hasher.update((name.len() as u64).to_le_bytes());
    hasher.update(name.as_bytes());
    hasher.update((bytes.len() as u64).to_le_bytes());
    hasher.update(bytes);
}

fn read(path: &Path, what: &str) -> Result<Vec<u8>, JudgeError> {
    std::fs::read(path).map_err(|e| JudgeError::file(what, path, e))
}

/// The content hash of problem `id` as this machine's judge.toml and files have it.
pub fn content_sha256(judge: &Judge, id: &str) -> Result<String, JudgeError> {
    let problem = judge_packages::load(&judge.config, id)?;
    // A package without a decided time limit has no version to judge: its limit would be
    // the provisional one. Named at start and refused by the workers until `judge verify`
    // decides it (the stored .timelimit is then one of the files hashed below).
    if !problem.time_rule.is_decided() {
        return Err(JudgeError::UndecidedTimeLimit {
            id: problem.id.clone(),
            dir: problem.dir.clone(),
        });
    }
    let mut hasher = Sha256::new();
    let mut files = Vec::new();
    files_under(&problem.dir, &mut files)?;
    files.sort();
    for file in &files {
        let name = file.strip_prefix(&problem.dir).unwrap_or(file);
        add(
            &mut hasher,
            &format!("problem/{}", name.to_string_lossy()),
            &read(file, "problem file")?,
        );
    }
    for test in &problem.tests {
        add(
            &mut hasher,
            &format!("test/{}.in", test.name),
            &read(&test.input, "test input")?,
        );
        add(
            &mut hasher,
            &format!("test/{}.ans", test.name),
            &read(&test.answer, "test answer")?,
        );
    }
    // How it is judged (lazily for ICPC only when every contest with it is ICPC), its
    // points in the first contest that has it, and how far each contest judges it.
    let course = judge.config.course();
    let mut scoring = format!("scoring={:?}", course.judging_scoring(id));
    let contests = course.contests;
    if let Some(entry) = contests.iter().find_map(|c| c.problem(id)) {
        scoring.push_str(&format!(";points={}", entry.points));
    }
    // How far each contest judges it: a worker whose judge.toml says otherwise has
    // another version, so it never judges these submissions differently.
    for contest in &contests {
        if let Some(entry) = contest.problem(id) {
            scoring.push_str(&format!(";feedback={}:{:?}", contest.id, entry.feedback));
        }
    }
    // The groups come from the problem's own files (hashed above) in every format; they
    // are added in their loaded form so that a change of loader is a new version too.
    for group in &problem.groups {
        scoring.push_str(&format!(
            ";group={:?},{},{:?},{:?}",
            group.name, group.points, group.tests, group.aggregation
        ));
    }
    add(&mut hasher, "judge.toml", scoring.as_bytes());
    // The problem's limits as loaded (a limit from a hidden file or inferred), and how
    // every language is compiled and run, with its time multiplier.
    add(
        &mut hasher,
        "limits",
        format!("{:?};{:?}", problem.limits, problem.time_rule).as_bytes(),
    );
    add(
        &mut hasher,
        "judge.toml languages",
        format!(
            "{:?};{:?}",
            judge.config.toml.languages, judge.config.toml.compile
        )
        .as_bytes(),
    );
    Ok(judge_core::text::hex(hasher.finalize().as_slice()))
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
    /// nothing is run), its judge.toml with `multiplier` as Python's time multiplier.
    fn course(dir: &Path, multiplier: f64) -> Judge {
        let package = dir.join("problems/p");
        if !package.exists() {
            std::fs::create_dir_all(package.join("data/secret")).unwrap();
            std::fs::write(package.join("problem.yaml"), "name: P\n").unwrap();
            std::fs::write(package.join("data/secret/1.in"), "1\n").unwrap();
            std::fs::write(package.join("data/secret/1.ans"), "1\n").unwrap();
        }
        let file = dir.join("judge.toml");
        std::fs::write(
            &file,
            format!(
                "[contest]\ntitle = \"C\"\n[[contest.problems]]\nid = \"p\"\n[sandbox]\nisolation = \"off\"\n[languages.python3]\nname = \"Python 3\"\nextensions = [\"py\"]\nsource = \"main.py\"\nrun = [\"python3\", \"main.py\"]\ntime_multiplier = {multiplier}\n"
            ),
        )
        .unwrap();
        let config = judge_core::config::judge_toml::JudgeConfig::load(&file).unwrap();
        Judge::new(config, Default::default()).unwrap()
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
        let first = content_sha256(&course(dir.path(), 5.0), "p").unwrap();
        assert_eq!(
            first,
            content_sha256(&course(dir.path(), 5.0), "p").unwrap()
        );
        // The stored .timelimit (a hidden file) sets the limit.
        std::fs::write(dir.path().join("problems/p/.timelimit"), "2\n").unwrap();
        let timed = content_sha256(&course(dir.path(), 5.0), "p").unwrap();
        assert_ne!(first, timed, ".timelimit");
        // judge.toml's language table: a time multiplier.
        let slower = content_sha256(&course(dir.path(), 3.0), "p").unwrap();
        assert_ne!(timed, slower, "time multiplier");
        // A test's answer.
        std::fs::write(dir.path().join("problems/p/data/secret/1.ans"), "2\n").unwrap();
        assert_ne!(
            slower,
            content_sha256(&course(dir.path(), 3.0), "p").unwrap(),
            "answer"
        );
    }
}
