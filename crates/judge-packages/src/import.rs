//! `judge import`: a package (folder or .zip) becomes a problem of one of the course's
//! contests (the first, `[contest]`, unless another is named). The contest is checked and
//! the package loaded first, so an unknown contest or a bad package is refused with
//! everything wrong and nothing is written; then it is copied beside the other problems
//! under a hidden name and renamed into place, and judge.toml gains its entry in that
//! contest's problems (`[[contest.problems]]`, or `[[contests.problems]]` under its
//! `[[contests]]` entry; its comments and layout kept). If judge.toml cannot be written or no longer loads, the copy is
//! removed and judge.toml restored: nothing is half imported.

use super::Trust;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// A problem's points in the contest when the teacher gives none.
pub const DEFAULT_POINTS: f64 = 100.0;

/// What an import did.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The problem's id in the contest.
    pub id: String,
    /// The contest it was added to.
    pub contest: String,
    /// Where it now lies.
    pub dir: PathBuf,
    /// Its title.
    pub title: String,
    /// The format it came in.
    pub format: judge_model::problem::Format,
    /// How many tests it has.
    pub tests: usize,
    /// What the loader noticed without refusing it.
    pub warnings: Vec<String>,
}

/// The id of the contest `asked` names (`None`: the first), if judge.toml defines it.
pub fn contest_id(config: &JudgeConfig, asked: Option<&str>) -> Result<String> {
    Ok(config.course().chosen(asked)?.id.clone())
}

/// Imports the package at `path` as problem `id` (default: from the path's name), worth
/// `points`, into the contest `contest` (`None`: the first).
pub fn import(
    config: &JudgeConfig,
    path: &Path,
    id: Option<&str>,
    points: f64,
    contest: Option<&str>,
    trust: Trust,
) -> Result<Imported> {
    let contest = contest_id(config, contest)?;
    let opened = super::open(config, path, id, trust)?;
    let problem = &opened.problem;
    if let Some(why) = problem
        .host_code()
        .filter(|_| trust == Trust::SandboxedOnly)
    {
        return Err(JudgeError::file(
            "package",
            path,
            format!(
                "is refused: {why}; a package from elsewhere never runs outside the sandbox unless you trust it: read its code, then `judge import --trust-native`"
            ),
        ));
    }
    let id = problem.id.clone();
    judge_core::check_problem_id(config, &id)?;
    // One folder per id: a problem another contest lists is that contest's folder.
    if let Some(listing) = config
        .course()
        .contests
        .into_iter()
        .find(|c| c.problems.iter().any(|p| p.id == id))
    {
        return Err(JudgeError::file(
            "judge.toml",
            &config.file,
            format!(
                "already lists a problem {id:?} (in contest {:?}); give another with --id",
                listing.id
            ),
        ));
    }
    let target = config.problem_dir(&id);
    if target.exists() {
        return Err(JudgeError::file(
            "problem folder",
            &target,
            "already exists; give another id with --id",
        ));
    }
    let parent = target
        .parent()
        .ok_or_else(|| JudgeError::file("problem folder", &target, "has no parent folder"))?;
    std::fs::create_dir_all(parent).map_err(|e| JudgeError::file("problems folder", parent, e))?;
    let staging = tempfile::Builder::new()
        .prefix(&format!(".import-{id}-"))
        .tempdir_in(parent)
        .map_err(|e| JudgeError::file("staging folder in", parent, e))?;
    copy_tree(&problem.dir, staging.path())?;
    let staged = staging.keep();
    std::fs::rename(&staged, &target).map_err(|e| {
        let _ = std::fs::remove_dir_all(&staged);
        JudgeError::file("problem folder", &target, e)
    })?;
    if let Err(error) = add_to_judge_toml(config, &contest, &[id.as_str()], points) {
        let _ = std::fs::remove_dir_all(&target);
        return Err(error);
    }
    Ok(Imported {
        id,
        contest,
        dir: target,
        title: problem.title.clone(),
        format: problem.format,
        tests: problem.tests.len(),
        warnings: problem.warnings.clone(),
    })
}

/// Copies a package folder; a symbolic link in it is refused (it could name anything on
/// this machine), and so is a folder nested deeper than a package may be
/// ([`super::unzip::MAX_DEPTH`]). Each folder's entries are listed before its subfolders
/// are copied, so a copy holds one folder open at a time.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    copy_below(from, from, to, 0)
}

/// The file a symbolic link of the package stands for: a relative link to a regular file
/// of the package (Kattis packages share test files between groups so), reached without
/// following any other link; anything else is refused.
fn linked_file(root: &Path, link: &Path) -> Result<PathBuf> {
    let refuse = |why: &str| {
        Err(JudgeError::file(
            "package file",
            link,
            format!(
                "is a symbolic link {why}: a package's links may only name one of its own files"
            ),
        ))
    };
    let target = std::fs::read_link(link).map_err(|e| JudgeError::file("link", link, e))?;
    if target.is_absolute() {
        return refuse(&format!("to {}", target.display()));
    }
    // Where it points, worked out by names alone, inside the package.
    let mut inside = link
        .parent()
        .and_then(|p| p.strip_prefix(root).ok())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    for part in target.components() {
        match part {
            std::path::Component::Normal(name) => inside.push(name),
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !inside.pop() {
                    return refuse(&format!("out of the package ({})", target.display()));
                }
            }
            _ => return refuse(&format!("to {}", target.display())),
        }
    }
    // Each step of the way a folder, the last a regular file; no link on the way.
    let mut at = root.to_path_buf();
    let parts: Vec<_> = inside.components().collect();
    for (index, part) in parts.iter().enumerate() {
        at.push(part);
        let kind = std::fs::symlink_metadata(&at)
            .map_err(|_| {
                JudgeError::file(
                    "package file",
                    link,
                    format!(
                        "is a symbolic link to {}, which is not there",
                        target.display()
                    ),
                )
            })?
            .file_type();
        let last = index + 1 == parts.len();
        if kind.is_symlink() || (last && !kind.is_file()) || (!last && !kind.is_dir()) {
            return refuse(&format!(
                "to {}, which is not a plain file",
                target.display()
            ));
        }
    }
    if parts.is_empty() {
        return refuse("to the package's own folder");
    }
    Ok(at)
}

fn copy_below(root: &Path, from: &Path, to: &Path, depth: usize) -> Result<()> {
    if depth > super::unzip::MAX_DEPTH {
        return Err(JudgeError::file(
            "package folder",
            from,
            format!(
                "lies more than {} folders deep in the package",
                super::unzip::MAX_DEPTH
            ),
        ));
    }
    std::fs::create_dir_all(to).map_err(|e| JudgeError::file("folder", to, e))?;
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(from)
        .and_then(|entries| entries.collect())
        .map_err(|e| JudgeError::file("folder", from, e))?;
    for entry in entries {
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| JudgeError::file("file", &path, e))?;
        let target = to.join(entry.file_name());
        if kind.is_symlink() {
            let file = linked_file(root, &path)?;
            std::fs::copy(&file, &target).map_err(|e| JudgeError::file("file", &file, e))?;
        } else if kind.is_dir() {
            if entry.file_name() == "target" {
                continue;
            }
            copy_below(root, &path, &target, depth + 1)?;
        } else if kind.is_file() {
            std::fs::copy(&path, &target).map_err(|e| JudgeError::file("file", &path, e))?;
        } else {
            return Err(JudgeError::file(
                "package file",
                &path,
                "is neither a file nor a folder (a FIFO, a socket or a device): a package holds plain files only",
            ));
        }
    }
    Ok(())
}

/// Adds `ids` (each worth `points`) to the problems of contest `contest` in judge.toml,
/// in one write through judge.toml's one writer ([`crate::course_toml::rewrite`]: the file
/// kept as it is otherwise, and left untouched when the result does not load or does not
/// list every problem in that contest).
pub(crate) fn add_to_judge_toml(
    config: &JudgeConfig,
    contest: &str,
    ids: &[&str],
    points: f64,
) -> Result<()> {
    let file = &config.file;
    let first = config.course().contests[0].id == contest;
    let contest_name = contest;
    let change = |document: &mut toml_edit::DocumentMut| {
        let contest = crate::course_toml::contest_table(document, first, contest_name, file)?;
        // No problems yet (`problems = []` or none at all): the list starts here.
        let empty = match contest.get("problems") {
            None => true,
            Some(item) => item.as_array().is_some_and(|a| a.is_empty()),
        };
        if empty {
            contest.insert(
                "problems",
                toml_edit::Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
            );
        }
        let problems = contest
            .get_mut("problems")
            .and_then(|p| p.as_array_of_tables_mut())
            .ok_or_else(|| {
                JudgeError::file(
                    "judge.toml",
                    file,
                    format!("lists the problems of contest {contest_name:?} in a form this command cannot add to; use [[contest.problems]] (or [[contests.problems]]) tables"),
                )
            })?;
        for id in ids {
            let mut entry = toml_edit::Table::new();
            entry.insert("id", toml_edit::value(*id));
            entry.insert(
                "points",
                toml_edit::Item::Value(crate::course_toml::points_value(points)),
            );
            problems.push(entry);
        }
        Ok(())
    };
    let listed = |after: &JudgeConfig| {
        let course = after.course();
        let missing = ids.iter().find(|id| {
            !course
                .contests
                .iter()
                .any(|c| c.id == contest_name && c.problems.iter().any(|p| p.id == **id))
        });
        match missing {
            None => Ok(()),
            Some(id) => Err(JudgeError::file(
                "judge.toml",
                file,
                format!("does not list {id:?} in contest {contest_name:?} after the edit"),
            )),
        }
    };
    crate::course_toml::rewrite(config, change, listed).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge.toml of three contests (`main`, `hw1`, `hw2`; `hw1` is not the last) in
    /// `dir`, its problems folder beside it.
    fn course(dir: &Path) -> JudgeConfig {
        let text = r#"# the course
[contest]
title = "Main"
[[contest.problems]]
id = "a"

[[contests]]
id = "hw1"
title = "Homework 1"
start = "2026-12-01T08:00:00Z"
# hw1 has no problems yet

[[contests]]
id = "hw2"
title = "Homework 2"
start = "2026-12-02T08:00:00Z"
[[contests.problems]]
id = "a"
points = 10

[languages.python3]
name = "Python 3"
extensions = ["py"]
source = "main.py"
run = ["python3", "main.py"]
"#;
        let file = dir.join("judge.toml");
        std::fs::write(&file, text).unwrap();
        JudgeConfig::load(&file).unwrap()
    }

    fn package() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures/packages/kattis-ctd")
    }

    fn problems_of(config: &JudgeConfig, contest: &str) -> Vec<(String, f64)> {
        let after = JudgeConfig::load(&config.file).unwrap();
        let definition = after
            .course()
            .contests
            .into_iter()
            .find(|c| c.id == contest);
        definition
            .unwrap()
            .problems
            .iter()
            .map(|p| (p.id.clone(), p.points))
            .collect()
    }

    #[test]
    fn a_package_goes_into_the_contest_asked_for_and_only_there() {
        let dir = tempfile::tempdir().unwrap();
        let config = course(dir.path());
        let imported = import(
            &config,
            &package(),
            Some("largest"),
            30.0,
            Some("hw1"),
            Trust::SandboxedOnly,
        )
        .unwrap();
        assert_eq!(
            (imported.id.as_str(), imported.contest.as_str()),
            ("largest", "hw1")
        );
        assert!(dir.path().join("problems/largest/problem.yaml").is_file());
        assert_eq!(problems_of(&config, "hw1"), [("largest".to_string(), 30.0)]);
        assert_eq!(problems_of(&config, "main"), [("a".to_string(), 100.0)]);
        assert_eq!(problems_of(&config, "hw2"), [("a".to_string(), 10.0)]);
        let text = std::fs::read_to_string(&config.file).unwrap();
        assert!(text.starts_with("# the course\n") && text.contains("# hw1 has no problems yet"));

        // The first contest by default; an id another contest lists is refused.
        let config = JudgeConfig::load(&config.file).unwrap();
        let imported = import(
            &config,
            &package(),
            Some("max"),
            100.0,
            None,
            Trust::SandboxedOnly,
        )
        .unwrap();
        assert_eq!(imported.contest, "main");
        assert_eq!(
            problems_of(&config, "main"),
            [("a".to_string(), 100.0), ("max".to_string(), 100.0)]
        );
        let config = JudgeConfig::load(&config.file).unwrap();
        let again = import(
            &config,
            &package(),
            Some("largest"),
            1.0,
            Some("hw2"),
            Trust::SandboxedOnly,
        )
        .unwrap_err();
        assert!(
            again
                .to_string()
                .contains("already lists a problem \"largest\" (in contest \"hw1\")"),
            "{again}"
        );
    }

    #[test]
    fn an_unknown_contest_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let config = course(dir.path());
        let before = std::fs::read_to_string(&config.file).unwrap();
        let error = import(
            &config,
            &package(),
            None,
            100.0,
            Some("hw9"),
            Trust::SandboxedOnly,
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown contest \"hw9\"; judge.toml's contests: main, hw1, hw2"
        );
        assert_eq!(std::fs::read_to_string(&config.file).unwrap(), before);
        assert!(!dir.path().join("problems").exists());
    }

    /// A copy of the fixture package in a folder of its own, to be spoilt.
    fn spoilable_package() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(&package(), dir.path()).unwrap();
        dir
    }

    #[test]
    fn a_link_to_one_of_the_packages_own_files_is_copied_as_that_file() {
        use std::os::unix::fs::symlink;
        let package = spoilable_package();
        let secret = package.path().join("data/secret");
        let first = std::fs::read_dir(&secret)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "in"))
            .unwrap();
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        std::fs::create_dir_all(secret.join("again")).unwrap();
        symlink(format!("../{name}"), secret.join("again/1.in")).unwrap();
        let copy = tempfile::tempdir().unwrap();
        copy_tree(package.path(), copy.path()).unwrap();
        let copied = copy.path().join("data/secret/again/1.in");
        assert!(!copied.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(
            std::fs::read(copied).unwrap(),
            std::fs::read(&first).unwrap()
        );

        // Out of the package, absolute, to a folder, through a link, or dangling: refused.
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "host").unwrap();
        for (target, why) in [
            (
                "../../../../../../../../etc/passwd".to_string(),
                "out of the package",
            ),
            (
                outside.path().join("secret.txt").display().to_string(),
                "to /",
            ),
            ("..".to_string(), "not a plain file"),
            ("../folder-link/secret.txt".to_string(), "not a plain file"),
            ("../missing.in".to_string(), "not there"),
        ] {
            let spoilt = spoilable_package();
            let at = spoilt.path().join("data/secret/bad.in");
            symlink(&target, &at).unwrap();
            if target.starts_with("../folder-link") {
                symlink(outside.path(), spoilt.path().join("data/folder-link")).unwrap();
            }
            let into = tempfile::tempdir().unwrap();
            let error = copy_tree(spoilt.path(), into.path())
                .unwrap_err()
                .to_string();
            assert!(error.contains(why), "{target}: {error}");
            assert!(!error.contains("host"), "{error}");
        }
    }

    /// What lies in the problems folder beside judge.toml (staging folders included).
    fn problems_folder(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir.join("problems"))
            .map(|entries| {
                entries
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_native_crate_is_refused_unless_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let config = course(dir.path());
        let before = std::fs::read_to_string(&config.file).unwrap();
        let crate_dir = tempfile::tempdir().unwrap();
        let root = crate_dir.path();
        std::fs::write(
            root.join("problem.toml"),
            "title = \"T\"\n[limits]\ntime_s = 1.0\nmemory_mib = 64\n",
        )
        .unwrap();
        std::fs::write(
            root.join("Cargo.toml"),
            "[package]\nname = \"evil\"\nversion = \"0.1.0\"\n",
        )
        .unwrap();
        std::fs::write(
            root.join("build.rs"),
            "fn main() { std::fs::write(\"/tmp/owned\", \"\").unwrap(); }\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("testdata/secret")).unwrap();
        std::fs::write(root.join("testdata/secret/1.in"), "1\n").unwrap();
        std::fs::write(root.join("testdata/secret/1.ans"), "1\n").unwrap();
        let refused = import(&config, root, Some("evil"), 1.0, None, Trust::SandboxedOnly)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("is a Rust crate (Cargo.toml)") && refused.contains("--trust-native"),
            "{refused}"
        );
        assert_eq!(std::fs::read_to_string(&config.file).unwrap(), before);
        assert!(problems_folder(dir.path()).is_empty());
        let trusted = import(&config, root, Some("evil"), 1.0, None, Trust::NativeCrates).unwrap();
        assert_eq!(trusted.id, "evil");
    }

    #[test]
    fn a_failed_copy_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let config = course(dir.path());
        let before = std::fs::read_to_string(&config.file).unwrap();
        // A folder nested deeper than any package is, and (alone) a FIFO, which a copy
        // would wait on for ever.
        let deep = spoilable_package();
        let mut folder = deep.path().join("attachments");
        for _ in 0..40 {
            folder.push("d");
        }
        std::fs::create_dir_all(&folder).unwrap();
        let fifo = spoilable_package();
        std::fs::create_dir_all(fifo.path().join("attachments")).unwrap();
        let path = std::ffi::CString::new(
            fifo.path()
                .join("attachments/pipe")
                .into_os_string()
                .into_encoded_bytes(),
        )
        .unwrap();
        // SAFETY: mkfifo with a valid path.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        for (package, why) in [
            (&deep, "more than 32 folders deep"),
            (&fifo, "neither a file nor a folder"),
        ] {
            let error = import(
                &config,
                package.path(),
                Some("x"),
                1.0,
                None,
                Trust::SandboxedOnly,
            )
            .unwrap_err()
            .to_string();
            assert!(error.contains(why), "{error}");
            assert_eq!(std::fs::read_to_string(&config.file).unwrap(), before);
            assert!(
                problems_folder(dir.path()).is_empty(),
                "{:?}",
                problems_folder(dir.path())
            );
        }
    }
}
