//! End to end: multi-file submissions (a folder of sources), through the real `judge run`
//! and `judge verify` in the machine's sandbox: a C++ program of two sources and a
//! header, a Java program of two classes, a Python program of two modules whose entry is
//! told by `if __name__`, a Prolog program of two files compiled into one saved state, Go,
//! Kotlin, C# and Scala programs of two files compiled together, Haskell, Rust and Pascal
//! ones whose compilers find the second file, OCaml and Fortran ones of three files whose
//! compilers need them in dependency order (which is not their names' order), all
//! accepted; a folder with a link that leaves it is refused with a one-line error
//! naming the link, never judged and never a crash; a Kattis package's folder submission
//! in `submissions/accepted/` is judged by `judge verify`.

mod common;

use serde_json::Value;

#[test]
fn folders_of_sources_in_each_language_are_accepted() {
    let fixture = common::fixture();
    let mut failures = Vec::new();
    for (folder, language) in [
        ("cpp-header", "cpp"),
        ("java-two", "java"),
        ("python-two", "python3"),
        ("prolog-two", "prolog"),
        // Every source named to the compiler (compile_all_sources).
        ("go-two", "go"),
        ("kotlin-two", "kotlin"),
        ("csharp-two", "csharp"),
        ("scala-two", "scala"),
        // The compiler finds the entry's modules beside it.
        ("haskell-two", "haskell"),
        ("rust-two", "rust"),
        ("pascal-two", "pascal"),
        // Named to the compiler each module before its users (source_order).
        ("ocaml-three", "ocaml"),
        ("fortran-three", "fortran"),
    ] {
        if let Some(missing) = common::missing_language(language) {
            assert!(!common::languages_required(), "{missing}");
            eprintln!("skipped {folder}: {missing}");
            continue;
        }
        let result = common::run_json(&fixture, "sum", &format!("folders/{folder}"));
        if result["verdict"] != "AC" || result["language"] != language {
            failures.push(format!(
                "{folder}: {} in {} (compile: {})",
                result["verdict"], result["language"], result["compile"]["message"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_header_is_beside_the_sources_but_never_compiled_alone() {
    // A header that would not compile on its own (no #pragma once, an error as C++)
    // proves it is only ever included: given to g++ it would be a compile error.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("sum");
    common::copy_tree(
        &common::fixtures().join("submissions/folders/cpp-header"),
        &copy,
    );
    std::fs::write(copy.join("unused.h"), "this is not C++ at all\n").unwrap();
    let fixture = common::fixture();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "sum", "--json", copy.to_str().unwrap()],
    );
    let result: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    assert_eq!(result["verdict"], "AC", "{}", common::text(&output));
}

#[test]
fn a_folder_with_a_link_leaving_it_is_refused_in_one_line() {
    let fixture = common::fixture();
    for (target, why) in [
        ("../../../../../../etc/passwd", "leaves the folder"),
        ("/etc/passwd", "absolute path"),
        ("nowhere.h", "dangling"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("sum");
        common::copy_tree(
            &common::fixtures().join("submissions/folders/cpp-header"),
            &copy,
        );
        std::os::unix::fs::symlink(target, copy.join("secret.h")).unwrap();
        let output = common::judge(
            &fixture.config,
            &["run", "--problem", "sum", copy.to_str().unwrap()],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success()
                && stderr.contains("secret.h")
                && stderr.contains(why)
                && !stderr.contains("panicked")
                && !stderr.contains("root:"),
            "{target}: {}",
            common::text(&output)
        );
        // Nothing was judged: no table, no verdict.
        assert!(
            !String::from_utf8_lossy(&output.stdout).contains("verdict"),
            "{}",
            common::text(&output)
        );
    }
}

#[test]
fn an_empty_folder_and_a_folder_without_sources_are_clear_errors() {
    let fixture = common::fixture();
    let dir = tempfile::tempdir().unwrap();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "sum", dir.path().to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains("holds no source file"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn verify_judges_a_folder_submission_of_a_kattis_package() {
    if let Some(missing) = common::missing_language("python3") {
        eprintln!("skipped: {missing}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("pair-sum");
    common::copy_tree(
        &common::fixtures().join("packages/kattis-pass-fail"),
        &package,
    );
    // Two modules: the entry is main.py (Kattis' rule), halves.py its helper.
    let folder = package.join("submissions/accepted/two-modules");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("main.py"),
        "from halves import split\n\na, b = map(int, input().split())\nprint(*split(a + b))\n",
    )
    .unwrap();
    std::fs::write(
        folder.join("halves.py"),
        "def split(total):\n    half = total // 2\n    return half, total - half\n",
    )
    .unwrap();
    let (report, shown) = common::verify_package(&package);
    let outcomes = report.to_string();
    assert!(
        outcomes.contains("two-modules") && !outcomes.contains("two-modules (pypy3)\",\"skipped"),
        "{shown}"
    );
    // Judged, not skipped: its outcome has a verdict and no reason to skip.
    let judged = common::verify_outcome(&report, "two-modules").unwrap_or_default();
    assert_eq!(judged["got"], "AC", "{judged}");
    assert!(judged["skipped"].is_null(), "{judged}");
}

#[test]
fn verify_judges_a_kattis_packages_pl_submissions_as_prolog() {
    if let Some(missing) = common::missing_language("prolog") {
        assert!(!common::languages_required(), "{missing}");
        eprintln!("skipped: {missing}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("pair-sum");
    common::copy_tree(
        &common::fixtures().join("packages/kattis-pass-fail"),
        &package,
    );
    // Kattis names Prolog's files .pl (the table gives .pl to Perl): one file, and a
    // folder of two whose entry is main.pl.
    let accepted = package.join("submissions/accepted");
    let split = "split(Total, Half, Rest) :- Half is Total // 2, Rest is Total - Half.\n";
    let main = "main :-\n    read_string(user_input, _, Text),\n    \
                split_string(Text, \" \\n\", \" \\n\", Parts), exclude(==(\"\"), Parts, [A, B]),\n    \
                number_string(X, A), number_string(Y, B),\n    \
                split(X + Y, H, R), format(\"~w ~w~n\", [H, R]).\n";
    std::fs::write(accepted.join("halves.pl"), format!("{split}{main}")).unwrap();
    let folder = accepted.join("two-files");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("halving.pl"), split).unwrap();
    std::fs::write(folder.join("main.pl"), main).unwrap();
    let (report, shown) = common::verify_package(&package);
    for name in ["halves.pl", "two-files"] {
        let judged = common::verify_outcome(&report, name).unwrap_or_default();
        assert_eq!(judged["got"], "AC", "{name}: {judged}\n{shown}");
        assert!(judged["skipped"].is_null(), "{name}: {judged}");
    }
}
