//! End-to-end checks of the real binaries on the stored tests: the generator recipe in
//! problem.toml rebuilds every `.in` byte for byte, the validator accepts every `.in`, and
//! the reference reproduces every `.ans`, which the checker accepts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn problem_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn testdata_dir() -> PathBuf {
    problem_dir().join("../../testdata/maze")
}

/// The `[[tests]]` entries of problem.toml as (name, args). The file is ours and keeps each
/// entry as `name = "..."` followed by `args = ["...", ...]` on one line.
fn recipe() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(problem_dir().join("problem.toml")).unwrap();
    let mut entries = Vec::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(value) = line.strip_prefix("name = ") {
            name = Some(value.trim_matches('"').to_string());
        } else if let Some(value) = line.strip_prefix("args = ") {
            let args = value
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|arg| arg.trim().trim_matches('"').to_string())
                .filter(|arg| !arg.is_empty())
                .collect();
            entries.push((name.take().expect("name before args"), args));
        }
    }
    entries
}

fn run(binary: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_recipe_rebuilds_every_stored_test() {
    let entries = recipe();
    assert!(entries.len() >= 21, "a sample and at least 20 secret tests");
    for (name, args) in &entries {
        let base = testdata_dir().join(name);
        let stored_in = std::fs::read(base.with_extension("in")).unwrap();
        let stored_ans = std::fs::read(base.with_extension("ans")).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();

        let generated = run(env!("CARGO_BIN_EXE_maze-gen"), &args, b"");
        assert!(generated.status.success(), "{name}: generator failed");
        assert!(
            generated.stdout == stored_in,
            "{name}: .in differs from the recipe"
        );

        let validated = run(env!("CARGO_BIN_EXE_maze-validate"), &[], &stored_in);
        assert!(
            validated.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&validated.stderr)
        );

        let answered = run(env!("CARGO_BIN_EXE_maze"), &[], &stored_in);
        assert!(
            answered.stdout == stored_ans,
            "{name}: .ans differs from the reference"
        );

        let path = |ext: &str| base.with_extension(ext).to_string_lossy().into_owned();
        let checked = run(
            env!("CARGO_BIN_EXE_maze-check"),
            &[&path("in"), &path("ans"), &path("ans")],
            b"",
        );
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{name}: checker rejects the reference"
        );
    }
}

#[test]
fn no_stored_file_is_missing_from_the_recipe() {
    let names: Vec<String> = recipe().into_iter().map(|(name, _)| name).collect();
    for part in ["sample", "secret"] {
        for entry in std::fs::read_dir(testdata_dir().join(part)).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(
                names.contains(&format!("{part}/{stem}")),
                "{} is not in the recipe",
                path.display()
            );
        }
    }
}

/// Runs the checker binary on the sample with `output`; returns (exit code, stderr).
fn check_sample(output: &str, answer: &str) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("maze-check-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |file: &str, text: &str| -> String {
        let path: PathBuf = dir.join(file);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let input = write("in", "3 3\nS-#\n---\n#-E\n");
    let out = write("out", output);
    let ans = write("ans", answer);
    let result = run(env!("CARGO_BIN_EXE_maze-check"), &[&input, &out, &ans], b"");
    let _ = std::fs::remove_file(Path::new(&out));
    (
        result.status.code(),
        String::from_utf8_lossy(&result.stderr).trim().to_string(),
    )
}

#[test]
fn the_checker_speaks_the_testlib_protocol() {
    let answer = "4\n4\nRDRD\n";
    assert_eq!(check_sample("4\n4\nRDDR\n", answer).0, Some(0));
    assert_eq!(check_sample("4 4 DRRD", answer).0, Some(0));
    let cases = [
        (
            "",
            "wrong answer: missing token: expected the length 4, found the end of the output",
        ),
        (
            "04\n4\nRDDR\n",
            "wrong answer: length differs: expected 4, got 04",
        ),
        (
            "4\n5\nRDDR\n",
            "wrong answer: count differs: expected 4, got 5",
        ),
        (
            "4\n4\nRDxR\n",
            "wrong answer: bad letter 'x' at step 3 of the route (expected U, D, L or R)",
        ),
        (
            "4\n4\nUDDR\n",
            "wrong answer: the route leaves the maze at step 1 (U from (0, 0))",
        ),
        (
            "4\n4\nRRDD\n",
            "wrong answer: the route hits a wall at (0, 2) at step 2",
        ),
        (
            "4\n4\nRDDRU\n",
            "wrong answer: the route has a different length: 5 steps, expected 4",
        ),
        (
            "4\n4\nDRRL\n",
            "wrong answer: the route ends at (1, 1), not at E (2, 2)",
        ),
        (
            "4\n4\nRDDR\n0\n",
            "wrong answer: extra token after the route: \"0\" at line 4, column 1",
        ),
    ];
    for (output, message) in cases {
        assert_eq!(
            check_sample(output, answer),
            (Some(1), message.to_string()),
            "output {output:?}"
        );
    }
    // A broken answer file is the checker's failure (exit 3), never the contestant's.
    assert_eq!(check_sample("4\n4\nRDDR\n", "").0, Some(3));
}
