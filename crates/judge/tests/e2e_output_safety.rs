//! End to end: text that came from a submission never reaches the teacher's terminal,
//! spreadsheet or browser as something that acts (issue 12, terminal injection). The
//! fixtures (tests/fixtures/output-safety/) carry escape sequences that set the window
//! title, write the clipboard (OSC 52), redraw a row as a green "AC" and hide the rest of
//! the report, through every channel: the output (its diff), stderr (the RE message), the
//! compiler's messages (CE), and the student's and file's names.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn fixture_file(name: &str) -> PathBuf {
    common::fixtures().join("output-safety").join(name)
}

/// Bytes that a terminal acts on: ESC, BEL, CR, and the C1 CSI/OSC in UTF-8.
fn assert_inert(what: &str, text: &str) {
    let acting: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n' && *c != '\t')
        .collect();
    assert!(
        acting.is_empty(),
        "{what} carries control characters {acting:?}:\n{text}"
    );
}

#[test]
fn judge_run_shows_every_channel_escaped() {
    let fixture = common::fixture();
    for (file, verdict) in [
        ("wa_output.c", "verdict: WA"),
        ("re_stderr.c", "verdict: RE"),
        ("ce_source.c", "verdict: CE"),
    ] {
        let path = fixture_file(file).display().to_string();
        let output = common::judge(&fixture.config, &["run", "-p", "sum", &path]);
        assert_eq!(output.status.code(), Some(0), "{file}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains(verdict), "{file}: {stdout}");
        assert_inert(file, &stdout);
        // Still shown, as escapes: the teacher sees what the program tried.
        assert!(
            stdout.contains("\\u{1b}]0;pwned\\u{7}") && stdout.contains("\\u{1b}]52;c;"),
            "{file}: {stdout}"
        );
    }
}

#[test]
fn judge_contest_escapes_names_and_messages_everywhere() {
    let scratch = tempfile::tempdir().unwrap();
    let class = scratch.path().join("class");
    let students = [
        ("\u{1b}]0;pwned\u{7}\u{1b}[1;32meve", "wa_output.c"),
        ("=HYPERLINK(\"x\",\"ok\")", "re_stderr.c"),
        ("<img src=x onerror=alert(1)>", "ce_source.c"),
        ("@SUM(A1)", "wa_output.c"),
    ];
    for (student, file) in students {
        let folder = class.join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::copy(fixture_file(file), folder.join("sum.c")).unwrap();
    }
    let fixture = common::fixture();
    let out = scratch.path().join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&fixture.config)
        .arg("contest")
        .arg(&class)
        .arg("--out")
        .arg(&out)
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_inert("the contest's terminal output", &stdout);
    assert!(stdout.contains("\\u{1b}]0;pwned\\u{7}"), "{stdout}");

    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    for csv in ["scoreboard.csv", "results.csv"] {
        let text = read(csv);
        for line in text.lines() {
            for start in ["=", "@", "+", "\""] {
                let cell_start = |c: &str| line.starts_with(c) || line.contains(&format!(",{c}"));
                if start == "\"" {
                    // A quoted cell's text must not start a formula either.
                    for formula in ["\"=", "\"@", "\"+"] {
                        assert!(!cell_start(formula), "{csv}: {line}");
                    }
                } else {
                    assert!(!cell_start(start), "{csv}: {line}");
                }
            }
        }
        assert!(
            text.contains("\"'=HYPERLINK(\"\"x\"\",\"\"ok\"\")\"") && text.contains("'@SUM(A1)"),
            "{csv}: {text}"
        );
    }
    let report = read("report/index.html");
    assert!(
        !report.contains("<img src=x"),
        "the name is markup in the report"
    );
    assert!(report.contains("&lt;img src=x onerror=alert(1)&gt;"));
    // The student's text in the report's data cannot end its script element.
    assert_eq!(report.matches("</script>").count(), 2);
    let results: serde_json::Value = serde_json::from_str(&read("results.json")).unwrap();
    assert_eq!(
        results["attempts"].as_array().unwrap().len(),
        4,
        "{results}"
    );
}
