//! End to end: the languages beyond the first five (issue 32), each through the real
//! `judge run` in the machine's sandbox (full isolation as root): an accepted, a wrong, a
//! too slow, a too greedy and a broken program per language, and a language the machine
//! lacks refused by name.
//!
//! The toolchains come from scripts/setup-languages. A language this machine lacks is
//! skipped with the reason printed, unless JUDGE_REQUIRE_LANGUAGES=1 (CI), where it fails.

mod common;

use serde_json::Value;
use std::sync::Mutex;

/// Each language: its id in judge.toml, its fixtures' extension, and a piece of its
/// compiler's message for the broken program.
const LANGUAGES: &[(&str, &str, &str)] = &[
    ("kotlin", "kt", "type mismatch"),
    ("go", "go", "declared but not used"),
    ("javascript", "js", "SyntaxError"),
    ("csharp", "cs", "CS0029"),
    ("haskell", "hs", "No instance for (Num String)"),
    ("ruby", "rb", "syntax error"),
    ("php", "php", "syntax error"),
    ("pascal", "pas", "Identifier not found"),
    ("lua", "lua", "<name> expected"),
    ("perl", "pl", "syntax error"),
    ("ocaml", "ml", "This expression has type"),
    ("scala", "scala", "type mismatch"),
    ("lisp", "lisp", "end of file"),
    ("prolog", "pro", "Syntax error"),
    ("fortran", "f90", "no IMPLICIT type"),
];

/// The five programs of each language and the verdict each must get.
const CASES: &[(&str, &str)] = &[
    ("ac", "AC"),
    ("wa", "WA"),
    ("tle", "TLE"),
    ("mle", "MLE"),
    ("ce", "CE"),
];

/// The languages this machine can run; the others are failures under
/// JUDGE_REQUIRE_LANGUAGES=1, else printed as skipped.
fn runnable(ids: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    let mut runnable = Vec::new();
    let mut missing = Vec::new();
    for id in ids {
        match common::missing_language(id) {
            None => runnable.push(id),
            Some(reason) => missing.push(reason),
        }
    }
    if !missing.is_empty() {
        assert!(
            !common::languages_required(),
            "JUDGE_REQUIRE_LANGUAGES=1, but this machine lacks languages (scripts/setup-languages):\n{}",
            missing.join("\n")
        );
        eprintln!("skipped:\n  {}", missing.join("\n  "));
    }
    runnable
}

#[test]
fn every_new_language_gets_each_verdict_in_the_sandbox() {
    let languages = runnable(LANGUAGES.iter().map(|&(id, _, _)| id));
    let fixture = common::fixture();
    let jobs: Vec<(&str, &str, &str, &str, &str)> = LANGUAGES
        .iter()
        .filter(|(id, _, _)| languages.contains(id))
        .flat_map(|&(id, extension, message)| {
            CASES
                .iter()
                .map(move |&(case, verdict)| (id, extension, message, case, verdict))
        })
        .collect();
    let next = Mutex::new(jobs.into_iter());
    let failures = Mutex::new(Vec::new());
    let report = Mutex::new(Vec::new());
    // Two judges at once: the compilers (kotlinc, scalac, ghc) take most of the time.
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some((id, extension, message, case, verdict)) =
                    next.lock().unwrap().next()
                else {
                    break;
                };
                let file = common::submission(&format!("{id}/{case}.{extension}"));
                let output = common::judge(
                    &fixture.config,
                    &[
                        "run",
                        "--problem",
                        "sum",
                        "--json",
                        "--first-failure",
                        &file,
                    ],
                );
                let result: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
                let first = result["tests"]
                    .as_array()
                    .and_then(|tests| tests.iter().find(|t| t["verdict"] != "AC"))
                    .cloned()
                    .unwrap_or(Value::Null);
                let compile_message = result["compile"]["message"].as_str().unwrap_or_default();
                let fine = result["verdict"] == verdict
                    && match case {
                        "tle" => first["time_limit"] == "cpu",
                        "ce" => compile_message.contains(message),
                        _ => true,
                    };
                report.lock().unwrap().push(format!(
                    "{id}/{case}: {} (cpu {:.2} s, peak {:.1} MiB)",
                    result["verdict"],
                    first["cpu_time_s"].as_f64().unwrap_or(0.0),
                    first["peak_memory_bytes"].as_f64().unwrap_or(0.0) / 1048576.0
                ));
                if !fine {
                    failures.lock().unwrap().push(format!(
                        "{id}/{case}: expected {verdict}, got {} (first failing test: {first}; compile: {compile_message}; stderr: {})",
                        result["verdict"],
                        String::from_utf8_lossy(&output.stderr)
                    ));
                }
            });
        }
    });
    let mut report = report.into_inner().unwrap();
    report.sort();
    println!("languages:\n  {}", report.join("\n  "));
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn a_language_this_machine_lacks_is_refused_by_name_never_judged() {
    let fixture = common::fixture_with(|table| {
        let languages = table["languages"].as_table_mut().unwrap();
        let mut cobol = toml::Table::new();
        cobol.insert("name".into(), "COBOL".into());
        cobol.insert("extensions".into(), vec!["cob"].into());
        cobol.insert("source".into(), "main.cob".into());
        cobol.insert(
            "compile".into(),
            vec!["cobc-not-installed-here", "-x", "main.cob"].into(),
        );
        cobol.insert("run".into(), vec!["./main"].into());
        languages.insert("cobol".into(), cobol.into());
    });
    let scratch = tempfile::tempdir().unwrap();
    let source = scratch.path().join("sum.cob");
    std::fs::write(&source, "       IDENTIFICATION DIVISION.\n").unwrap();
    let source = source.display().to_string();

    // judge run: one line naming the language and its missing program; exit 1 (could not
    // be judged), no verdict, no judge error.
    let output = common::judge(&fixture.config, &["run", "--problem", "sum", &source]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("COBOL is not available on this machine")
            && stderr.contains("cobc-not-installed-here"),
        "{stderr}"
    );
    assert!(!String::from_utf8_lossy(&output.stdout).contains("JE"));

    // judge contest: the attempt is recorded with the reason, the rest judged.
    let class = scratch.path().join("class");
    std::fs::create_dir_all(class.join("alice")).unwrap();
    std::fs::create_dir_all(class.join("bob")).unwrap();
    std::fs::copy(&source, class.join("alice/sum.cob")).unwrap();
    std::fs::copy(common::submission("c/ac.c"), class.join("bob/sum.c")).unwrap();
    let out = scratch.path().join("out");
    let output = common::judge(
        &fixture.config,
        &[
            "contest",
            &class.display().to_string(),
            "--out",
            &out.display().to_string(),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Value =
        serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap();
    let attempt = |id: &str| {
        results["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id)
            .cloned()
            .unwrap_or(Value::Null)
    };
    let alice = attempt("alice/sum.cob");
    assert_eq!(alice["status"], "rejected", "{alice}");
    assert!(
        alice["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("COBOL is not available on this machine"),
        "{alice}"
    );
    assert_eq!(attempt("bob/sum.c")["verdict"], "AC");

    // judge doctor: a warning naming it, not a failure.
    let output = common::judge(&fixture.config, &["doctor", "--json"]);
    let checks: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    let row = checks
        .iter()
        .find(|c| c["name"] == "languages")
        .unwrap_or_else(|| panic!("no languages row: {checks:?}"));
    assert_eq!(row["status"], "warn", "{row}");
    assert!(
        row["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("cobol (cobc-not-installed-here)"),
        "{row}"
    );
}

#[test]
fn a_python_2_program_is_told_python_2_is_not_available_where_it_is_not() {
    if common::missing_language("python2").is_none() {
        eprintln!("skipped: this machine has a python2, so Python 2 programs are judged");
        return;
    }
    let fixture = common::fixture();
    let scratch = tempfile::tempdir().unwrap();
    let source = scratch.path().join("sum.py");
    std::fs::write(
        &source,
        "#!/usr/bin/env python2\nimport sys\nprint sum(map(int, sys.stdin.read().split()[1:]))\n",
    )
    .unwrap();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "sum", &source.display().to_string()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("Python 2 is not available on this machine"),
        "{stderr}"
    );
}

#[test]
fn a_kattis_packages_python_2_program_is_judged_in_python_2_or_skipped_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("pair-sum");
    common::copy_tree(
        &common::fixtures().join("packages/kattis-pass-fail"),
        &package,
    );
    // Right in Python 2 and in Python 3 alike: judging it with python3 would hide the bug
    // of a Python 2 program judged by the wrong runtime, so the check is the language.
    std::fs::write(
        package.join("submissions/accepted/halves2.py"),
        "#!/usr/bin/env python2\nimport sys\na, b = map(int, sys.stdin.read().split())\n\
         print(\"%d %d\" % ((a + b) // 2, a + b - (a + b) // 2))\n",
    )
    .unwrap();
    // The package gives no time limit: it is inferred from the accepted programs, which
    // must pass over one this machine cannot run.
    let yaml = package.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("  time_limit: 1.0\n", "")).unwrap();
    let (report, shown) = common::verify_package(&package);
    let outcome =
        common::verify_outcome(&report, "halves2.py").unwrap_or_else(|| panic!("{shown}"));
    // Asked for Python 2, it is not run on python3's other runtimes (pypy3) either.
    assert!(
        common::verify_outcome(&report, "halves2.py (pypy3)").is_none(),
        "{shown}"
    );
    match common::missing_language("python2") {
        Some(_) => assert!(
            outcome["skipped"]
                .as_str()
                .is_some_and(|why| why.contains("Python 2 is not available on this machine")),
            "{outcome}"
        ),
        None => assert_eq!(outcome["got"], "AC", "{outcome}"),
    }
}

#[test]
fn cpp_profiles_compile_at_their_own_standard() {
    let fixture = common::fixture();
    let source = common::submission("cpp/cxx20_ranges.cpp");
    let judged = |lang: &str| {
        let output = common::judge(
            &fixture.config,
            &["run", "--problem", "sum", "--json", "--lang", lang, &source],
        );
        let result: Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|e| panic!("{lang}: {e}: {}", String::from_utf8_lossy(&output.stderr)));
        assert_eq!(result["language"], lang, "{result}");
        result["verdict"].as_str().unwrap_or_default().to_string()
    };
    assert_eq!(judged("cpp20"), "AC");
    assert_eq!(judged("cpp"), "CE", "std::ranges is C++20");
    assert_eq!(judged("cpp14"), "CE", "std::ranges is C++20");
}

#[test]
fn a_problem_that_lists_a_cpp_profile_compiles_cpp_files_with_it() {
    // The sum problem with problem.toml's `languages = ["cpp14", "python3"]`, as a
    // package made for NOI's C++14 would list them.
    let problems = tempfile::tempdir().unwrap();
    common::copy_tree(&common::fixtures().join("problems"), problems.path());
    let file = problems.path().join("sum/problem.toml");
    let text = std::fs::read_to_string(&file).unwrap().replace(
        "title = \"Sum\"\n",
        "title = \"Sum\"\nlanguages = [\"cpp14\", \"python3\"]\n",
    );
    std::fs::write(&file, text).unwrap();
    let listed = common::fixture_with(|table| {
        table["contest"].as_table_mut().unwrap().insert(
            "problems_dir".into(),
            problems.path().display().to_string().into(),
        );
    });
    let source = common::submission("cpp/sum_as_cxx14.cpp");
    let judged = |fixture: &common::Fixture, lang: Option<&str>| {
        let mut args = vec!["run", "--problem", "sum", "--json"];
        if let Some(lang) = lang {
            args.extend(["--lang", lang]);
        }
        args.push(&source);
        let output = common::judge(&fixture.config, &args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        match serde_json::from_slice::<Value>(&output.stdout) {
            Ok(result) => format!("{} {}", result["verdict"], result["language"]),
            Err(_) => stderr,
        }
    };
    assert_eq!(judged(&listed, None), r#""AC" "cpp14""#);
    // Without the list the same file is C++17, and wrong.
    assert_eq!(judged(&common::fixture(), None), r#""WA" "cpp""#);
    // A profile the problem does not list is refused with the list, never judged.
    let refused = judged(&listed, Some("cpp20"));
    assert!(
        refused.contains("problem sum takes only the languages its package lists (cpp14, python3); cpp20 is not one of them"),
        "{refused}"
    );
    // Python is listed: python3 and its PyPy alternative are judged.
    let python = common::submission("python3/ac.py");
    let output = common::judge(
        &listed.config,
        &["run", "--problem", "sum", "--json", &python],
    );
    let result: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    assert_eq!(result["verdict"], "AC", "{result}");
}
