//! End to end: what students and teachers bring from other judges, and the rough edges a
//! newcomer meets (issue 20). Each test runs the real `judge` binary.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn convention(name: &str) -> String {
    common::fixtures()
        .join("conventions")
        .join(name)
        .display()
        .to_string()
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The one-line error of a command that could not do its work (exit status 1).
fn error_of(output: &std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(1), "stdout: {}", stdout(output));
    let text = stderr(output);
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text}");
    assert!(text.starts_with("error: "), "{text}");
    text
}

fn verdict_of(config: &Path, problem: &str, source: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["run", "--problem", problem, "--json"];
    args.extend_from_slice(extra);
    args.push(source);
    let output = common::judge(config, &args);
    assert!(output.status.success(), "{source}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("judge run --json prints JSON")
}

#[test]
fn habits_from_other_judges_are_accepted() {
    let fixture = common::fixture();
    // ONLINE_JUDGE (else the solution reads in.txt), GNU C and C++ (M_PI, strdup, getline,
    // typeof), a public Java class named as the student likes (in a package, too), and a
    // byte order mark from a Windows editor in every language.
    for file in [
        "online_judge.c",
        "online_judge.cpp",
        "gnu_names.c",
        "gnu_typeof.cpp",
        "Solution.java",
        "in_a_package.java",
        "bom.java",
        "bom.py",
        "bom.cpp",
    ] {
        let result = verdict_of(&fixture.config, "sum", &convention(file), &[]);
        assert_eq!(
            result["verdict"], "AC",
            "{file}: {}",
            result["compile"]["message"]
        );
    }
}

/// A scratch problem folder beside a fixture judge.toml: the sum problem (its
/// problem.toml and tests, renamed as `tests` says), and a configuration pointing at it.
struct Scratch {
    dir: tempfile::TempDir,
    fixture: common::Fixture,
}

impl Scratch {
    fn problems(&self) -> PathBuf {
        self.dir.path().join("problems")
    }
}

fn scratch(problems: &[(&str, &str, &[&str])], edit: impl FnOnce(&mut toml::Table)) -> Scratch {
    let dir = tempfile::tempdir().unwrap();
    for (id, problem_toml, tests) in problems {
        let folder = dir.path().join("problems").join(id);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("problem.toml"), problem_toml).unwrap();
        let sum = common::fixtures().join("testdata/sum");
        for (index, name) in tests.iter().enumerate() {
            let from = if index == 0 { "sample/1" } else { "secret/1" };
            let to = dir.path().join("testdata").join(id).join(name);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            for extension in ["in", "ans"] {
                std::fs::copy(
                    sum.join(format!("{from}.{extension}")),
                    to.with_extension(extension),
                )
                .unwrap();
            }
        }
    }
    let root = dir.path().to_path_buf();
    let ids: Vec<String> = problems.iter().map(|(id, ..)| id.to_string()).collect();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert(
            "problems_dir".into(),
            root.join("problems").display().to_string().into(),
        );
        contest.insert(
            "testdata_dir".into(),
            root.join("testdata").display().to_string().into(),
        );
        let listed: Vec<toml::Value> = ids
            .iter()
            .map(|id| {
                let mut problem = toml::Table::new();
                problem.insert("id".into(), id.clone().into());
                problem.into()
            })
            .collect();
        contest.insert("problems".into(), listed.into());
        edit(table);
    });
    Scratch { dir, fixture }
}

const SUM_TOML: &str =
    "title = \"Sum\"\n[limits]\ntime_s = 0.5\nmemory_mib = 128\nwall_time_s = 10.0\n";

#[test]
fn long_and_double_width_test_names_keep_the_table_straight() {
    let long = "secret/01-a-test-name-much-longer-than-twenty-eight-columns";
    let wide = "secret/02-中文的测试名字";
    let scratch = scratch(&[("sum", SUM_TOML, &["sample/1", long, wide])], |_| {});
    let output = common::judge(
        &scratch.fixture.config,
        &["run", "-p", "sum", &common::submission("c/ac.c")],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("sample/1") || l.contains("secret/0") || l.contains("verdict  "))
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    // The verdict column starts at the same terminal column on every row.
    let column = |line: &str| {
        let at = line
            .find(" AC ")
            .or_else(|| line.find(" verdict "))
            .unwrap_or_else(|| panic!("no verdict in {line:?}"));
        judge_model::text::columns(&line[..at])
    };
    let columns: Vec<usize> = rows.iter().map(|r| column(r)).collect();
    assert!(
        columns.iter().all(|&c| c == columns[0]),
        "{text}\n{columns:?}"
    );
    assert!(text.contains(long) && text.contains(wide), "{text}");
}

#[test]
fn a_folder_as_the_source_or_a_path_as_the_problem_is_named() {
    let fixture = common::fixture();
    let folder = common::fixtures()
        .join("submissions/c")
        .display()
        .to_string();
    let error = error_of(&common::judge(
        &fixture.config,
        &["run", "-p", "sum", &folder],
    ));
    // A folder is a program of several files (e2e_multifile); a folder of a class's
    // solutions given by mistake holds several programs, each named.
    assert!(
        error.contains("holds several programs (ac.c, ") && !error.contains("not found"),
        "{error}"
    );
    let ac = common::submission("c/ac.c");
    let given = common::fixtures()
        .join("problems/sum/")
        .display()
        .to_string();
    let error = error_of(&common::judge(&fixture.config, &["run", "-p", &given, &ac]));
    assert!(
        error.contains("is a path: a problem id is the name of its folder")
            && error.contains("(did you mean \"sum\"?)")
            && !error.contains("has no problem.toml"),
        "{error}"
    );
    let output = common::judge(&fixture.config, &["verify", "problems/sum"]);
    assert!(
        stdout(&output).contains("(did you mean \"sum\"?)"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn a_source_over_the_cap_is_refused_in_one_line() {
    let scratch = scratch(&[("sum", SUM_TOML, &["sample/1"])], |table| {
        table["compile"]
            .as_table_mut()
            .unwrap()
            .insert("max_source_kib".into(), 4.into());
    });
    let big = scratch.dir.path().join("big.c");
    let mut text = std::fs::read_to_string(common::submission("c/ac.c")).unwrap();
    text.push_str(&format!("/* {} */\n", "x".repeat(8 * 1024)));
    std::fs::write(&big, text).unwrap();
    let big = big.display().to_string();
    let error = error_of(&common::judge(
        &scratch.fixture.config,
        &["run", "-p", "sum", &big],
    ));
    assert!(
        error.contains("big.c: 9 KiB, more than the largest source judge.toml allows (4 KiB: [compile] max_source_kib)"),
        "{error}"
    );
}

#[test]
fn a_judge_error_behind_another_verdict_is_said() {
    // The checker crashes on the secret test only; the submission is wrong on the sample.
    let checker = "#!/usr/bin/env python3\nimport os, sys\nexpected = open(sys.argv[3]).read().split()\nif expected != ['6']:\n    os.abort()\nfound = open(sys.argv[2]).read().split()\nsys.exit(0 if found == expected else 1)\n";
    let problem = format!("{SUM_TOML}[compare]\nmode = \"checker\"\nchecker = \"check.py\"\n");
    let scratch = scratch(
        &[("flaky", problem.as_str(), &["sample/1", "secret/1"])],
        |_| {},
    );
    let script = scratch.problems().join("flaky/check.py");
    std::fs::write(&script, checker).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let output = common::judge(
        &scratch.fixture.config,
        &["run", "-p", "flaky", &common::submission("c/wa.c")],
    );
    let text = stdout(&output);
    let verdict = text
        .lines()
        .find(|l| l.starts_with("verdict: "))
        .unwrap_or("");
    assert!(
        verdict.starts_with(
            "verdict: WA wrong answer (first failure: sample/1); and a judge error on secret/1"
        ),
        "{text}"
    );
}

#[test]
fn a_problem_crate_without_cargo_says_what_is_missing() {
    // A checker that is a binary of the problem's crate, on a machine without cargo.
    let problem = format!("{SUM_TOML}[compare]\nmode = \"checker\"\nchecker = \"check\"\n");
    let scratch = scratch(&[("crated", problem.as_str(), &["sample/1"])], |_| {});
    std::fs::write(
        scratch.problems().join("crated/Cargo.toml"),
        "[package]\nname = \"crated\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    let without_cargo = |args: &[&str], cargo: Option<&Path>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        command
            .arg("--config")
            .arg(&scratch.fixture.config)
            .args(args)
            .env_remove("CARGO")
            .env("PATH", "/usr/bin:/bin");
        if let Some(cargo) = cargo {
            command.env("CARGO", cargo);
        }
        command.output().unwrap()
    };
    let ac = common::submission("c/ac.c");
    let error = error_of(&without_cargo(&["run", "-p", "crated", &ac], None));
    assert!(
        error.contains("built with cargo, and cargo is not installed for this user")
            && !error.contains("cannot run cargo"),
        "{error}"
    );
    // A cargo this user may not run (Rust installed for root, the judge run as a teacher).
    let not_executable = scratch.dir.path().join("cargo");
    std::fs::write(&not_executable, "#!/bin/sh\n").unwrap();
    let error = error_of(&without_cargo(
        &["run", "-p", "crated", &ac],
        Some(&not_executable),
    ));
    assert!(
        error.contains("this user may not run cargo") && error.contains("permission denied"),
        "{error}"
    );
    // judge contest builds the tools before judging anyone: one line, nothing judged.
    let class = scratch.dir.path().join("class/ann");
    std::fs::create_dir_all(&class).unwrap();
    std::fs::copy(common::submission("c/ac.c"), class.join("crated.c")).unwrap();
    let out = scratch.dir.path().join("out");
    let error = error_of(&without_cargo(
        &[
            "contest",
            &class.parent().unwrap().display().to_string(),
            "--out",
            &out.display().to_string(),
        ],
        None,
    ));
    assert!(
        error.contains("cargo is not installed for this user"),
        "{error}"
    );
    assert!(
        !out.join("results.jsonl").exists()
            || std::fs::read_to_string(out.join("results.jsonl"))
                .unwrap()
                .is_empty()
    );
    // judge verify: the build row says it.
    let output = without_cargo(&["verify", "crated"], None);
    let text = stdout(&output);
    let build = text.lines().find(|l| l.contains("build")).unwrap_or("");
    assert!(
        build.contains("cargo is not installed for this user"),
        "{text}"
    );
}

fn contest(config: &Path, class: &Path, out: &Path) -> String {
    let output = common::judge(
        config,
        &[
            "contest",
            &class.display().to_string(),
            "--out",
            &out.display().to_string(),
            "--jobs",
            "2",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn a_class_with_habits_and_wide_names_comes_out_right() {
    // The problem's subtasks are its own groups (problem.toml).
    let with_groups = format!(
        "{SUM_TOML}[[groups]]\nname = \"sample\"\npoints = 30\ntests = [\"sample/*\"]\n\
         [[groups]]\nname = \"secret\"\npoints = 70\ntests = [\"secret/*\"]\n"
    );
    let scratch = scratch(
        &[("sum", &with_groups, &["sample/1", "secret/1"])],
        |table| {
            table["compile"]
                .as_table_mut()
                .unwrap()
                .insert("max_source_kib".into(), 4.into());
        },
    );
    let class = scratch.dir.path().join("class");
    let put = |student: &str, name: &str, from: &str| {
        std::fs::create_dir_all(class.join(student)).unwrap();
        std::fs::copy(from, class.join(student).join(name)).unwrap();
    };
    put("王小明", "SUM.c", &common::submission("c/ac.c"));
    put("bob smith", "sum.PY", &common::submission("python3/ac.py"));
    put("carol", "summ.c", &common::submission("c/ac.c"));
    put("dave", "sum.c", &common::submission("c/ce.c"));
    std::fs::create_dir_all(class.join("erin")).unwrap();
    std::fs::write(
        class.join("erin/sum.cpp"),
        "#include <cstdio>\nint main() { std::puts(\"0\"); }\n",
    )
    .unwrap();
    std::fs::create_dir_all(class.join("frank")).unwrap();
    std::fs::write(class.join("frank/sum.c"), "/*".repeat(3 * 1024)).unwrap();
    let out = scratch.dir.path().join("out");
    let text = contest(&scratch.fixture.config, &class, &out);
    assert!(text.contains("(IOI scoring)"), "{text}");
    // Any case is accepted; a near miss is named; a file over the cap is refused.
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let attempt = |id: &str| {
        results["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no attempt {id}: {results}"))
    };
    assert_eq!(attempt("王小明/SUM.c")["verdict"], "AC");
    assert_eq!(attempt("bob smith/sum.PY")["verdict"], "AC");
    let near = attempt("carol/summ.c");
    assert!(
        near["reason"]
            .as_str()
            .unwrap()
            .contains("unknown problem \"summ\" (did you mean \"sum\"?)"),
        "{near}"
    );
    let big = attempt("frank/sum.c");
    assert!(
        big["reason"]
            .as_str()
            .unwrap()
            .contains("more than the largest source judge.toml allows (4 KiB"),
        "{big}"
    );
    // Nothing earned is 0 everywhere, never -0.
    assert_eq!(attempt("erin/sum.cpp")["points"], 0.0);
    let report = std::fs::read_to_string(out.join("report/index.html")).unwrap();
    let json = std::fs::read_to_string(out.join("results.json")).unwrap();
    for (place, content) in [
        ("terminal", &text),
        ("results.json", &json),
        ("report", &report),
    ] {
        // "-0" not followed by a digit ("2026-12-01" is a date, "-0.0" and "-0 " are not).
        let negative_zero = content
            .match_indices("-0")
            .any(|(at, _)| !content[at + 2..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(!negative_zero, "{place} shows -0:\n{content}");
    }
    // The scoreboard's columns stay straight with a double-width name.
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with('#'))
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(board.len(), 7, "{text}");
    let widths: Vec<usize> = board
        .iter()
        .map(|l| judge_model::text::columns(l))
        .collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{text}\n{widths:?}");
}

#[test]
fn a_class_of_only_rejected_files_says_so() {
    let scratch = scratch(&[("sum", SUM_TOML, &["sample/1"])], |_| {});
    let class = scratch.dir.path().join("class/ann");
    std::fs::create_dir_all(&class).unwrap();
    for name in ["maze.c", "sum.cob", "sums.c", "notes.txt"] {
        std::fs::write(class.join(name), "int main(){}").unwrap();
    }
    let out = scratch.dir.path().join("out");
    let text = contest(&scratch.fixture.config, class.parent().unwrap(), &out);
    assert!(
        text.contains(
            "4 attempts (0 judged now, 0 from an earlier run; 4 rejected without judging"
        ) && text.contains("0 compiles (0.0 s)"),
        "{text}"
    );
    let again = contest(&scratch.fixture.config, class.parent().unwrap(), &out);
    assert!(
        again.contains(
            "4 attempts (0 judged now, 0 from an earlier run; 4 rejected without judging"
        ),
        "{again}"
    );
}

#[test]
fn doctor_as_a_plain_user_agrees_with_itself_and_looks_at_the_load() {
    // A copy of the binary that any user may run (the build folder may be root's only).
    let dir = tempfile::tempdir().unwrap();
    let mode = |path: &Path, bits: u32| {
        std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(bits)).unwrap()
    };
    mode(dir.path(), 0o755);
    let judge = dir.path().join("judge");
    std::fs::copy(env!("CARGO_BIN_EXE_judge"), &judge).unwrap();
    mode(&judge, 0o755);
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let mut command = if root {
        let mut command = Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&judge);
        command
    } else {
        Command::new(&judge)
    };
    let output = command
        .args(["doctor", "--json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let checks: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", stderr(&output)));
    let row = |name: &str| {
        checks
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no {name} row: {checks:?}"))
    };
    assert_eq!(row("root")["status"], "warn");
    for name in ["namespaces", "cgroup v1", "cgroup v2"] {
        assert_ne!(row(name)["status"], "ok", "{:?}", row(name));
    }
    let load = row("load");
    assert!(
        load["detail"].as_str().unwrap().contains("load average"),
        "{load:?}"
    );
}

#[test]
fn pypy_is_a_second_python_chosen_by_lang_or_a_shebang() {
    let scratch = scratch(&[("sum", SUM_TOML, &["sample/1", "secret/1"])], |_| {});
    let python = common::submission("python3/ac.py");
    let on = |extra: &[&str], source: &str| {
        let result = verdict_of(&scratch.fixture.config, "sum", source, extra);
        assert_eq!(result["verdict"], "AC", "{result}");
        result["language"].as_str().unwrap().to_string()
    };
    assert_eq!(on(&[], &python), "python3");
    assert_eq!(on(&["--lang", "pypy3"], &python), "pypy3");
    let marked = scratch.dir.path().join("marked.py");
    let text = std::fs::read_to_string(&python).unwrap();
    std::fs::write(&marked, format!("#!/usr/bin/env pypy3\n{text}")).unwrap();
    assert_eq!(on(&[], &marked.display().to_string()), "pypy3");
    // In a class folder the first line is the only way to ask for PyPy.
    let class = scratch.dir.path().join("class");
    for student in ["ann", "ben"] {
        std::fs::create_dir_all(class.join(student)).unwrap();
    }
    std::fs::copy(&marked, class.join("ann/sum.py")).unwrap();
    std::fs::copy(&python, class.join("ben/sum.py")).unwrap();
    let out = scratch.dir.path().join("out");
    contest(&scratch.fixture.config, &class, &out);
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let attempts = results["attempts"].as_array().unwrap();
    let language = |id: &str| {
        let attempt = attempts.iter().find(|a| a["id"] == id).unwrap();
        assert_eq!(attempt["verdict"], "AC", "{attempt}");
        attempt["language"].clone()
    };
    assert_eq!(language("ann/sum.py"), "pypy3");
    assert_eq!(language("ben/sum.py"), "python3");
}

#[test]
fn the_web_form_takes_no_larger_source_than_the_judge_judges() {
    let scratch = scratch(&[("sum", SUM_TOML, &["sample/1"])], |table| {
        table["compile"]
            .as_table_mut()
            .unwrap()
            .insert("max_source_kib".into(), 16.into());
    });
    let data = scratch.dir.path().join("data").display().to_string();
    let error = error_of(&common::judge(
        &scratch.fixture.config,
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data",
            &data,
            "--max-source-kib",
            "64",
        ],
    ));
    assert!(
        error.contains("--max-source-kib 64 is more than the largest source judged (16 KiB: [compile] max_source_kib"),
        "{error}"
    );
}
