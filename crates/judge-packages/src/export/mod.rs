//! `judge export ID --kattis DIR`: a native problem written as a Kattis problem package
//! of `problem_format_version: 2025-09`, which `judge verify DIR` reads back into the
//! same problem (a round trip) and other Kattis tools read too.
//!
//! What is written: problem.yaml (name, type, limits), `data/sample/`, `data/secret/`
//! with one folder per group (test_group.yaml: `max_score`, `score_aggregation: min`, as
//! the native groups are all or nothing; a group's sample tests are copied into its
//! folder), `data/test_group.yaml` with the default output validator's arguments, the
//! checker as `output_validator/`, the validator as `input_validators/validate/` and the
//! visualizer as `output_visualizer/` (each a folder of one Rust source and the `build`
//! script that compiles it),
//! `statement/problem.en.md` with the images beside it, and `submissions/<verdict>/`
//! (the reference too, as `submissions/accepted/<id>-reference/`).
//!
//! The checker and validator are Rust binaries built on checker-kit: each is written as
//! one source file ([`rust_bundle`]) holding the binary, checker-kit and the problem's
//! own library as inline modules, with a `main` that switches checker-kit to the Kattis
//! protocols (exit 42/43, judgemessage.txt). Its `build` script is one `rustc` call
//! (edition 2021, which the crates are written in): no cargo, no workspace. What cannot
//! be carried is refused with the reason ([`JudgeError::CannotExport`]): an interactive
//! problem, a checker or validator that is not a checker-kit crate binary, a crate
//! depending on anything but checker-kit, the `exact` and `lines` comparisons (the
//! default validator has no such mode).

pub mod rust_bundle;

use judge_model::compare::BuiltIn;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::problem::submissions::Expected;
use judge_model::problem::{OutputCheck, TestCase, TestGroup};
use judge_model::{JudgeError, Result};
use judge_model::{Program, ProgramKind};
use rust_bundle::{Entry, Library};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What `judge export` may leave out, chosen by the teacher.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Write a pass-fail package: the groups left out (for tools that read no scoring).
    pub pass_fail: bool,
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The package folder.
    pub dir: PathBuf,
    /// Tests written (a sample test copied into a group counts once per copy).
    pub tests: usize,
    /// Groups written.
    pub groups: usize,
    /// Submissions written.
    pub submissions: usize,
    /// What was left out, and why.
    pub notes: Vec<String>,
}

/// Image files a statement may show, copied beside it.
const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "gif", "svg", "webp"];

/// Writes the native problem `id` as a Kattis package in `dir` (which must not exist or
/// be empty).
pub fn export(
    config: &JudgeConfig,
    id: &str,
    dir: &Path,
    options: ExportOptions,
) -> Result<Exported> {
    let problem = crate::load(config, id)?;
    let refuse = |reason: String| JudgeError::CannotExport {
        problem: id.to_string(),
        reason,
    };
    if !problem.capabilities.exportable {
        return Err(refuse(format!(
            "it is a {}, not a native problem",
            problem.format.describe()
        )));
    }
    if dir.exists()
        && std::fs::read_dir(dir)
            .map_err(|e| JudgeError::file("export folder", dir, e))?
            .next()
            .is_some()
    {
        return Err(JudgeError::file(
            "export folder",
            dir,
            "is not empty; give a new folder",
        ));
    }
    let crate_info = CrateInfo::read(&problem.dir, id).map_err(refuse)?;
    // Everything that can be refused is checked before anything is written.
    let checker = match &problem.output {
        OutputCheck::Interactive { .. } => {
            return Err(refuse(
                "it is interactive: its interactor speaks testlib's protocol, and a Kattis interactor is called differently".into(),
            ))
        }
        OutputCheck::Checker { program, .. } => Some(
            crate_info
                .bundle(program, Entry::KattisProtocol)
                .map_err(refuse)?,
        ),
        OutputCheck::Compare(_) => None,
    };
    let default_flags = match &problem.output {
        OutputCheck::Compare(compare) => Some(default_validator_args(compare).map_err(refuse)?),
        _ => None,
    };
    let mut validators = Vec::new();
    for validator in &problem.validators {
        validators.push(
            crate_info
                .bundle(&validator.program, Entry::KattisProtocol)
                .map_err(refuse)?,
        );
    }
    let reference = match &problem.reference {
        Some(program) => Some(crate_info.bundle(program, Entry::AsIs).map_err(refuse)?),
        None => None,
    };
    // The visualizer's protocol is already Kattis' (its picture's name fixed).
    let visualizer = match &problem.visualizer {
        Some(program) => Some(crate_info.bundle(program, Entry::AsIs).map_err(refuse)?),
        None => None,
    };

    let mut notes = Vec::new();
    let write = |path: &Path, bytes: &[u8]| -> Result<()> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| JudgeError::file("folder", parent, e))?;
        }
        std::fs::write(path, bytes).map_err(|e| JudgeError::file("file", path, e))
    };
    let copy = |from: &Path, to: &Path| -> Result<()> {
        let bytes = std::fs::read(from).map_err(|e| JudgeError::file("file", from, e))?;
        write(to, &bytes)
    };

    // problem.yaml.
    let scoring = !problem.groups.is_empty() && !options.pass_fail;
    let mut name = BTreeMap::new();
    name.insert("en".to_string(), problem.title.clone());
    if let Some(zh) = &problem.title_zh {
        name.insert("zh".to_string(), zh.clone());
    }
    let yaml = ProblemYaml {
        problem_format_version: "2025-09",
        kind: if scoring { "scoring" } else { "pass-fail" },
        name,
        uuid: uuid_of(id),
        source: format!("judge export of the native problem {id}"),
        limits: LimitsYaml {
            time_limit: problem.limits.time_s,
            memory: problem.limits.memory_mib,
            output: problem.limits.output_mib,
        },
    };
    if problem.limits.wall_time_s.is_some() {
        notes.push("limits.wall_time_s: Kattis packages have no wall-clock limit; the judge's default (2 x CPU + 1 s) applies".into());
    }
    write(&dir.join("problem.yaml"), to_yaml(&yaml).as_bytes())?;

    // Tests and groups.
    let data = dir.join("data");
    if let Some(args) = &default_flags {
        if !args.is_empty() {
            let root = GroupYaml {
                output_validator_args: Some(args.clone()),
                ..GroupYaml::default()
            };
            write(&data.join("test_group.yaml"), to_yaml(&root).as_bytes())?;
        }
    }
    let mut tests_written = 0;
    let mut write_test = |test: &TestCase, folder: &Path, stem: &str| -> Result<()> {
        copy(&test.input, &folder.join(format!("{stem}.in")))?;
        copy(&test.answer, &folder.join(format!("{stem}.ans")))?;
        tests_written += 1;
        Ok(())
    };
    let mut grouped: Vec<bool> = vec![false; problem.tests.len()];
    for test in problem
        .tests
        .iter()
        .filter(|t| t.group == TestGroup::Sample)
    {
        write_test(test, &data.join("sample"), leaf(&test.name))?;
    }
    if scoring {
        for (index, group) in problem.groups.iter().enumerate() {
            let folder =
                data.join("secret")
                    .join(format!("{:02}-{}", index + 1, slug(&group.name)));
            let yaml = GroupYaml {
                max_score: Some(group.points),
                score_aggregation: Some("min".into()),
                ..GroupYaml::default()
            };
            write(&folder.join("test_group.yaml"), to_yaml(&yaml).as_bytes())?;
            for name in &group.tests {
                let Some(position) = problem.tests.iter().position(|t| &t.name == name) else {
                    continue;
                };
                let test = &problem.tests[position];
                grouped[position] = true;
                let stem = match test.group {
                    TestGroup::Sample => format!("sample-{}", flat(&test.name)),
                    TestGroup::Secret => flat(&test.name).to_string(),
                };
                write_test(test, &folder, &stem)?;
            }
        }
    }
    for (position, test) in problem.tests.iter().enumerate() {
        if test.group == TestGroup::Secret && !grouped[position] {
            write_test(test, &data.join("secret"), &flat(&test.name))?;
        }
    }
    if options.pass_fail && !problem.groups.is_empty() {
        notes.push(format!(
            "--pass-fail: its {} groups were left out; every test must pass",
            problem.groups.len()
        ));
    }

    // Programs: each a folder of its one source and the build script that compiles it.
    let write_program = |folder: &Path, file: &str, source: &str| -> Result<()> {
        write(&folder.join(file), source.as_bytes())?;
        let build = folder.join("build");
        write(&build, build_script(file).as_bytes())?;
        make_executable(&build)
    };
    if let Some(source) = &checker {
        write_program(&dir.join("output_validator"), "output_validator.rs", source)?;
    }
    if let Some(source) = &visualizer {
        write_program(
            &dir.join("output_visualizer"),
            "output_visualizer.rs",
            source,
        )?;
    }
    for (index, source) in validators.iter().enumerate() {
        let name = if index == 0 {
            "validate".to_string()
        } else {
            format!("validate{}", index + 1)
        };
        let folder = dir.join("input_validators").join(&name);
        write_program(&folder, &format!("{name}.rs"), source)?;
    }
    if problem.generator.is_some() {
        notes.push("the generator is not written: the tests it made are in data/".into());
    }

    // Statement and its images.
    // A native problem has one statement.md (both languages in it).
    if let Some(statement) = problem.statements.first() {
        copy(&statement.path, &dir.join("statement/problem.en.md"))?;
        let folder = statement.path.parent().unwrap_or(&problem.dir);
        for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            let path = entry.path();
            let is_image = path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()));
            if is_image && path.is_file() {
                copy(&path, &dir.join("statement").join(entry.file_name()))?;
            }
        }
    }

    // Submissions.
    let mut submissions = 0;
    if let Some(source) = &reference {
        let folder = dir.join(format!("submissions/accepted/{}-reference", slug(id)));
        write_program(&folder, "main.rs", source)?;
        submissions += 1;
    }
    for submission in &problem.submissions {
        let folder = match &submission.expected {
            Expected::BruteForce => {
                notes.push(format!(
                    "{}: a brute force is judged on [brute_force]'s tests only, which a Kattis package cannot say; left out",
                    submission.path.display()
                ));
                continue;
            }
            other => match other.main() {
                Some(verdict) => verdict.folder(),
                None => continue,
            },
        };
        let Some(file_name) = submission.path.file_name() else {
            continue;
        };
        let target = dir.join("submissions").join(folder).join(file_name);
        if submission.path.is_dir() {
            notes.push(format!(
                "{}: a folder submission; left out",
                submission.path.display()
            ));
            continue;
        }
        copy(&submission.path, &target)?;
        submissions += 1;
    }
    Ok(Exported {
        dir: dir.to_path_buf(),
        tests: tests_written,
        groups: if scoring { problem.groups.len() } else { 0 },
        submissions,
        notes,
    })
}

/// The edition the problem crates are written in (the workspace's), which a plain
/// `rustc` (2015) or a Kattis tool's Rust (BAPCtools: 2018) would not assume.
const RUST_EDITION: &str = "2021";

/// The Kattis format's build script of a one-file Rust program: it leaves `run`.
fn build_script(file: &str) -> String {
    format!(
        "#!/bin/sh\n# Written by judge export: builds the program as the Kattis format asks (an executable named run).\nexec rustc --edition={RUST_EDITION} -O -o run {file}\n"
    )
}

fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| JudgeError::file("build script", path, e))
}

/// The default output validator's arguments for a built-in comparison.
fn default_validator_args(compare: &BuiltIn) -> std::result::Result<Vec<String>, String> {
    let number = |v: f64| format!("{v:e}");
    match compare {
        BuiltIn::Tokens => Ok(vec!["case_sensitive".into()]),
        BuiltIn::Float { absolute, relative } => Ok(vec![
            "case_sensitive".into(),
            "float_absolute_tolerance".into(),
            number(*absolute),
            "float_relative_tolerance".into(),
            number(*relative),
        ]),
        BuiltIn::Kattis(flags) => {
            let mut args = Vec::new();
            if flags.case_sensitive {
                args.push("case_sensitive".into());
            }
            if flags.space_change_sensitive {
                args.push("space_change_sensitive".into());
            }
            if let Some(a) = flags.absolute {
                args.extend(["float_absolute_tolerance".into(), number(a)]);
            }
            if let Some(r) = flags.relative {
                args.extend(["float_relative_tolerance".into(), number(r)]);
            }
            Ok(args)
        }
        BuiltIn::Exact => Err("compare mode \"exact\": the Kattis default output validator has no byte-for-byte mode (write a checker)".into()),
        BuiltIn::Lines => Err("compare mode \"lines\": the Kattis default output validator has no line mode (write a checker)".into()),
    }
}

/// The problem crate's binaries and libraries, as Cargo.toml declares them.
struct CrateInfo {
    /// Binary name -> its main file.
    bins: BTreeMap<String, PathBuf>,
    /// checker-kit and the crate's own library.
    libraries: Vec<Library>,
}

impl CrateInfo {
    fn read(dir: &Path, id: &str) -> std::result::Result<CrateInfo, String> {
        let manifest = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).map_err(|e| {
            format!(
                "{}: {e} (only problem crates are exported)",
                manifest.display()
            )
        })?;
        let toml: toml::Table = text
            .parse()
            .map_err(|e| format!("{}: {e}", manifest.display()))?;
        let package = toml
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .unwrap_or(id)
            .to_string();
        let mut bins = BTreeMap::new();
        for bin in toml
            .get("bin")
            .and_then(|b| b.as_array())
            .into_iter()
            .flatten()
        {
            if let (Some(name), Some(path)) = (
                bin.get("name").and_then(|n| n.as_str()),
                bin.get("path").and_then(|p| p.as_str()),
            ) {
                bins.insert(name.to_string(), dir.join(path));
            }
        }
        if !bins.contains_key(&package) && dir.join("src/main.rs").is_file() {
            bins.insert(package.clone(), dir.join("src/main.rs"));
        }
        let mut libraries = Vec::new();
        let lib_path = toml
            .get("lib")
            .and_then(|l| l.get("path"))
            .and_then(|p| p.as_str())
            .map(|p| dir.join(p))
            .unwrap_or_else(|| dir.join("src/lib.rs"));
        if lib_path.is_file() {
            let name = toml
                .get("lib")
                .and_then(|l| l.get("name"))
                .and_then(|n| n.as_str())
                .map(str::to_string)
                .unwrap_or_else(|| package.replace('-', "_"));
            libraries.push(Library {
                name,
                root: lib_path,
            });
        }
        for (dependency, _) in toml
            .get("dependencies")
            .and_then(|d| d.as_table())
            .into_iter()
            .flatten()
        {
            if dependency != "checker-kit" {
                return Err(format!(
                    "{}: depends on the crate {dependency:?}; a Kattis package builds with rustc alone, and only checker-kit is carried along",
                    manifest.display()
                ));
            }
            libraries.push(Library {
                name: "checker_kit".into(),
                root: checker_kit_root(dir)?,
            });
        }
        Ok(CrateInfo { bins, libraries })
    }

    /// One source file for the program (a binary of this crate).
    fn bundle(&self, program: &Program, entry: Entry) -> std::result::Result<String, String> {
        let ProgramKind::CrateBinary { bin, .. } = &program.kind else {
            return Err(format!(
                "{}: only checker-kit binaries of the problem crate are exported (a source program speaks testlib's protocol, not Kattis's)",
                program.name
            ));
        };
        let main = self
            .bins
            .get(bin)
            .ok_or_else(|| format!("Cargo.toml has no [[bin]] {bin:?}"))?;
        let source =
            rust_bundle::bundle(main, &self.libraries, entry).map_err(|e| e.to_string())?;
        Ok(format!(
            "// Written by `judge export` from the binary {bin} of a problem crate: the binary,\n// with checker-kit and the problem's library inlined as modules (built by ./build).\n{source}"
        ))
    }
}

/// checker-kit's `src/lib.rs`: beside the problems, in the workspace's `crates/`.
fn checker_kit_root(problem_dir: &Path) -> std::result::Result<PathBuf, String> {
    for ancestor in problem_dir.ancestors().skip(1) {
        let lib = ancestor.join("crates/checker-kit/src/lib.rs");
        if lib.is_file() {
            return Ok(lib);
        }
    }
    Err(format!(
        "{}: checker-kit's source (crates/checker-kit/src/lib.rs) is not in any folder above it",
        problem_dir.display()
    ))
}

/// The last part of a test name: `sample/1` -> `1`.
fn leaf(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A test name without its `secret/` or `sample/` part, nested folders joined by `-`.
fn flat(name: &str) -> String {
    let rest = name.split_once('/').map_or(name, |(_, rest)| rest);
    rest.replace('/', "-")
}

/// A folder name from a group name: lowercase letters, digits and `-`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "group".into()
    } else {
        out
    }
}

/// A stable UUID-shaped id from the problem id (the same on every export).
fn uuid_of(id: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(format!("judge export {id}").as_bytes());
    let hex = judge_model::text::hex(&hash[..16]);
    format!(
        "{}-{}-4{}-8{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

fn to_yaml<T: Serialize>(value: &T) -> String {
    // Plain data of strings and numbers: serializing cannot fail.
    serde_yaml_ng::to_string(value).unwrap_or_default()
}

#[derive(Serialize)]
struct ProblemYaml {
    problem_format_version: &'static str,
    #[serde(rename = "type")]
    kind: &'static str,
    name: BTreeMap<String, String>,
    uuid: String,
    source: String,
    limits: LimitsYaml,
}

#[derive(Serialize)]
struct LimitsYaml {
    time_limit: f64,
    memory: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<u64>,
}

#[derive(Serialize, Default)]
struct GroupYaml {
    #[serde(skip_serializing_if = "Option::is_none")]
    max_score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score_aggregation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output_validator_args: Option<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_folder_names() {
        assert_eq!(slug("mazes up to 41 x 41"), "mazes-up-to-41-x-41");
        assert_eq!(slug("  "), "group");
        assert_eq!(flat("secret/g1/05"), "g1-05");
        assert_eq!(leaf("sample/1"), "1");
        let uuid = uuid_of("maze");
        assert_eq!(uuid, uuid_of("maze"));
        assert_eq!(uuid.len(), 36);
    }

    #[test]
    fn comparisons_map_to_default_validator_arguments() {
        assert_eq!(
            default_validator_args(&BuiltIn::Tokens).unwrap(),
            ["case_sensitive"]
        );
        assert!(default_validator_args(&BuiltIn::Lines)
            .unwrap_err()
            .contains("no line mode"));
    }
}
