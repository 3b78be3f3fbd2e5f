//! The checker binary speaks the testlib protocol: exit 0 for a right route, 1 with a
//! message naming the first broken rule, 3 when the answer file itself is broken. (That
//! the stored tests, the validator, the reference and the checker agree is `judge verify`'s
//! job.)

use std::path::{Path, PathBuf};
use std::process::Command;

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
    let result = Command::new(env!("CARGO_BIN_EXE_maze-check"))
        .args([&input, &out, &ans])
        .output()
        .unwrap();
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
