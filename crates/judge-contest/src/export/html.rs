//! HTML: the scoreboard table that the server's scoreboard page and the contest report
//! share, and the report page itself. Both are maud templates, so every text and
//! attribute is escaped; the report's data for its script goes through
//! [`escape::json_in_html`]. The report's style and script are files beside this one,
//! included at build time: the page is one self-contained file.

use super::{AttemptState, ResultsExport};
use crate::scoring::{Cell, Scoreboard};
use judge_model::course::Scoring;
use judge_model::text::{escape, points};
use judge_model::verdict::{Picture, SubmissionResult, Verdict};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use serde::Serialize;
use std::collections::BTreeMap;

const STYLE: &str = include_str!("report.css");
/// The scoreboard table's own style (grades, letters, counts), for every page that shows
/// [`scoreboard_table`]: the report inlines it, the server serves it.
pub const SCOREBOARD_STYLE: &str = include_str!("scoreboard.css");
const SCRIPT: &str = include_str!("report.js");

/// A problem's letter on an ICPC board: A, B, ..., Z, AA, AB, ...
pub fn problem_letter(index: usize) -> String {
    let mut letters = Vec::new();
    let mut n = index + 1;
    while n > 0 {
        n -= 1;
        letters.push(char::from(b'A' + (n % 26) as u8));
        n /= 26;
    }
    letters.iter().rev().collect()
}

/// An IOI cell's colour step, 0 (nothing) to 10 (full points), by the fraction of the
/// problem's points.
fn grade(points: f64, max: f64) -> u32 {
    if max > 0.0 {
        ((points / max).clamp(0.0, 1.0) * 10.0).round() as u32
    } else {
        0
    }
}

/// The words of the scoreboard table, so that a page in another language can give its
/// own (the contest report uses [`ScoreboardLabels::ENGLISH`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreboardLabels<'a> {
    /// The rank column's heading.
    pub rank: &'a str,
    /// The student column's heading.
    pub student: &'a str,
    /// The IOI total's heading.
    pub points: &'a str,
    /// The ICPC count of solved problems' heading.
    pub solved: &'a str,
    /// The ICPC penalty's heading.
    pub penalty: &'a str,
    /// The ICPC footer row's name (students who solved / tried each problem).
    pub solved_tried: &'a str,
    /// The tooltip of a problem's first solve.
    pub first_solve: &'a str,
    /// The tooltip of attempts not judged yet.
    pub not_counted: &'a str,
}

impl ScoreboardLabels<'static> {
    /// The English words.
    pub const ENGLISH: ScoreboardLabels<'static> = ScoreboardLabels {
        rank: "Rank",
        student: "Student",
        points: "Points",
        solved: "Solved",
        penalty: "Penalty",
        solved_tried: "solved / tried",
        first_solve: "first to solve it",
        not_counted: "not counted yet",
    };
}

fn cell(
    labels: &ScoreboardLabels,
    scoring: Scoring,
    student: &str,
    cell: &Cell,
    max: Option<f64>,
    first_solve: bool,
) -> Markup {
    let class = if cell.solved {
        "solved"
    } else if cell.pending > 0 {
        "pending"
    } else if cell.attempts > 0 && cell.points > 0.0 {
        "attempted partial"
    } else if cell.attempts > 0 {
        "attempted"
    } else {
        "empty"
    };
    let grade = match (scoring, max) {
        (Scoring::Ioi, Some(max)) if cell.attempts > 0 => {
            format!(" grade{}", grade(cell.points, max))
        }
        _ => String::new(),
    };
    let first = if first_solve { " first-solve" } else { "" };
    html! {
        td class={ "cell " (class) (grade) (first) } data-student=(student) data-problem=(cell.problem)
            title=[first_solve.then_some(labels.first_solve)] {
            @match scoring {
                Scoring::Ioi => {
                    @if cell.attempts > 0 || cell.pending > 0 { strong { (points(cell.points)) } }
                    @if cell.attempts > 0 { small { " (" (cell.attempts) ")" } }
                }
                Scoring::Icpc => {
                    @if cell.solved {
                        strong { "+" @if cell.rejected_before_solved > 0 { (cell.rejected_before_solved) } }
                        @if let Some(minute) = cell.solved_at_minutes { small { " " (minute) "′" } }
                    } @else if cell.attempts > 0 {
                        strong { "−" (cell.attempts) }
                    }
                }
            }
            @if cell.pending > 0 { small class="pending-count" title=(labels.not_counted) { " ?" (cell.pending) } }
        }
    }
}

/// The scoreboard table (`#scoreboard`): rank, student, the totals, one cell per problem
/// (each with `data-student` and `data-problem`). `problem_link` makes each problem's
/// heading a link to its page.
pub fn scoreboard_table(
    board: &Scoreboard,
    problem_link: Option<&dyn Fn(&str) -> String>,
) -> Markup {
    scoreboard_table_with(board, problem_link, &[], &ScoreboardLabels::ENGLISH)
}

/// [`scoreboard_table`] with each problem's points (in board order) when known: IOI cells
/// are then coloured by the fraction of them scored (`grade0` to `grade10`). An ICPC
/// board heads each problem with its letter, marks the first solve of each problem
/// (`first-solve`; ties on the minute share it), and counts under each problem the
/// students who solved it and who tried it. `labels` are its words.
pub fn scoreboard_table_with(
    board: &Scoreboard,
    problem_link: Option<&dyn Fn(&str) -> String>,
    problem_points: &[f64],
    labels: &ScoreboardLabels,
) -> Markup {
    let icpc = board.scoring == Scoring::Icpc;
    let columns = board.problems.len();
    let first_solve: Vec<Option<i64>> = (0..columns)
        .map(|i| {
            board
                .rows
                .iter()
                .filter_map(|r| r.cells.get(i))
                .filter(|c| c.solved)
                .filter_map(|c| c.solved_at_minutes)
                .min()
        })
        .collect();
    let count = |i: usize, f: &dyn Fn(&Cell) -> bool| {
        board
            .rows
            .iter()
            .filter_map(|r| r.cells.get(i))
            .filter(|c| f(c))
            .count()
    };
    html! {
        table id="scoreboard" class={ "grid scoreboard " @if icpc { "icpc" } @else { "ioi" } } {
            thead {
                tr {
                    th class="num" { (labels.rank) } th class="student" { (labels.student) }
                    @match board.scoring {
                        Scoring::Ioi => { th class="num" { (labels.points) } }
                        Scoring::Icpc => { th class="num" { (labels.solved) } th class="num" { (labels.penalty) } }
                    }
                    @for (index, problem) in board.problems.iter().enumerate() {
                        th data-problem=(problem) {
                            @if icpc { span class="letter" title=(problem) { (problem_letter(index)) } " " }
                            @if let Some(link) = problem_link { a href=(link(problem)) { (problem) } }
                            @else { (problem) }
                        }
                    }
                }
            }
            tbody {
                @for row in &board.rows {
                    tr data-student=(row.student) {
                        td class="num" { (row.rank) }
                        td class="student" { (row.student) }
                        @match board.scoring {
                            Scoring::Ioi => { td class="num" { strong { (points(row.points)) } } }
                            Scoring::Icpc => { td class="num" { strong { (row.solved) } } td class="num" { (row.penalty_minutes) } }
                        }
                        @for (index, c) in row.cells.iter().enumerate() {
                            @let first = icpc && c.solved && c.solved_at_minutes.is_some()
                                && c.solved_at_minutes == first_solve.get(index).copied().flatten();
                            (cell(labels, board.scoring, &row.student, c, problem_points.get(index).copied(), first))
                        }
                    }
                }
            }
            @if icpc && !board.rows.is_empty() {
                tfoot {
                    tr class="problem-counts" {
                        td {} td class="student" { (labels.solved_tried) }
                        td {} td {}
                        @for index in 0..columns {
                            td class="cell" data-problem=(board.problems[index]) {
                                (count(index, &|c| c.solved)) " / " (count(index, &|c| c.attempts > 0 || c.pending > 0))
                            }
                        }
                    }
                }
            }
        }
    }
}

#[derive(Serialize)]
struct TestData<'a> {
    name: &'a str,
    verdict: &'a str,
    cpu: f64,
    wall: f64,
    memory: u64,
    message: &'a str,
    diff: Option<&'a str>,
    /// What the program wrote to stderr on a sample test (its start, as the result keeps
    /// it); the script shows it as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    stderr: Option<&'a str>,
    /// A sample test's picture (the visualizer's cleaned SVG): the script shows it as an
    /// image from a `data:` address, so that it runs and loads nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    picture: Option<&'a str>,
    /// Why a sample test has no picture, in one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    picture_note: Option<&'a str>,
}

/// A sample test's picture and note for the report (a secret test's, were one stored,
/// draws the secret input: left out like its diff).
fn picture_of(test: &judge_model::verdict::TestResult) -> (Option<&str>, Option<&str>) {
    match (&test.picture, test.sample) {
        (Some(Picture::Svg { svg }), true) => (Some(svg), None),
        (Some(Picture::Note { note }), true) => (None, Some(note)),
        _ => (None, None),
    }
}

/// The report page from results.json's contents; `measured` holds the full results by
/// attempt id, for the times, the memory, and the sample tests' diffs and stderr.
pub fn report(results: &ResultsExport, measured: &BTreeMap<String, SubmissionResult>) -> String {
    let attempts: Vec<serde_json::Value> = results
        .attempts
        .iter()
        .map(|a| {
            let tests: Vec<TestData> = match measured.get(&a.id) {
                Some(full) => full
                    .tests
                    .iter()
                    .map(|t| {
                        let (picture, picture_note) = picture_of(t);
                        TestData {
                            name: &t.name,
                            verdict: t.verdict.code(),
                            cpu: t.cpu_time_s,
                            wall: t.wall_time_s,
                            memory: t.peak_memory_bytes,
                            message: &t.message,
                            // Diffs and stderr only for sample tests: the secret data stays
                            // secret (a secret test's stderr could echo its input).
                            diff: if t.sample { t.diff.as_deref() } else { None },
                            stderr: if t.sample { t.stderr.as_deref() } else { None },
                            picture,
                            picture_note,
                        }
                    })
                    .collect(),
                None => a
                    .tests
                    .iter()
                    .map(|t| TestData {
                        name: &t.name,
                        verdict: t.verdict.code(),
                        cpu: 0.0,
                        wall: 0.0,
                        memory: 0,
                        message: &t.message,
                        diff: None,
                        stderr: None,
                        picture: None,
                        picture_note: None,
                    })
                    .collect(),
            };
            serde_json::json!({
                "student": a.student,
                "problem": a.problem,
                "file": a.id,
                "language": a.language,
                "time": a.submitted_at,
                "status": a.status,
                "reason": a.reason,
                "verdict": a.verdict.map(|v| v.code()),
                "points": a.points.map(points),
                "compile_message": a.compile_message,
                "tests": tests,
            })
        })
        .collect();
    let data = serde_json::json!({ "title": results.title, "attempts": attempts });
    let attention: Vec<_> = results
        .attempts
        .iter()
        .filter(|a| a.status == AttemptState::Attention)
        .collect();
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { (results.title) }
                style { (PreEscaped(STYLE)) (PreEscaped(Verdict::css_rules("verdict-", "color"))) (PreEscaped(SCOREBOARD_STYLE)) }
            }
            body {
                h1 { (results.title) }
                @if !attention.is_empty() {
                    section class="attention" id="attention" {
                        h2 { "Needs attention" }
                        p { "A judge error twice: pending (not scored, not penalised) until you rejudge it or accept the error." }
                        ul { @for a in &attention { li { (a.id) @if let Some(reason) = &a.reason { ": " (reason) } } } }
                    }
                }
                p class="note" { "Click a cell to see that student's attempts." }
                (scoreboard_table(&results.scoreboard, None))
                div id="details" {}
                script type="application/json" id="data" { (PreEscaped(escape::json_in_html(&data))) }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    page.into_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{AttemptExport, EXPORT_SCHEMA_VERSION};
    use crate::scoring::Row;

    #[test]
    fn students_text_cannot_break_out_of_the_page() {
        let evil = "<img src=x onerror=alert(1)>\"'</script><!--";
        let board = Scoreboard {
            scoring: Scoring::Ioi,
            problems: vec!["a".into()],
            rows: vec![Row {
                rank: 1,
                student: evil.into(),
                points: 0.0,
                solved: 0,
                penalty_minutes: 0,
                cells: vec![Cell {
                    problem: "a".into(),
                    attempts: 1,
                    points: 0.0,
                    solved: false,
                    solved_at_minutes: None,
                    rejected_before_solved: 0,
                    pending: 0,
                }],
            }],
        };
        let results = ResultsExport {
            schema_version: EXPORT_SCHEMA_VERSION,
            title: "t".into(),
            scoring: Scoring::Ioi,
            start: "1970-01-01T00:00:00Z".into(),
            generated_at: None,
            scoreboard: board,
            attempts: vec![AttemptExport {
                id: "x".into(),
                student: evil.into(),
                problem: "a".into(),
                language: None,
                submitted_at: "1970-01-01T00:00:00Z".into(),
                status: AttemptState::Attention,
                round: None,
                reason: Some(evil.into()),
                verdict: None,
                tests_passed: None,
                tests_total: None,
                points: None,
                first_failure: None,
                compile_message: Some(evil.into()),
                tests: vec![],
            }],
        };
        let page = report(&results, &BTreeMap::new());
        assert!(!page.contains("<img"), "{page}");
        assert!(!page.contains("</script><!--"), "{page}");
        // The only script ends are our own two elements'.
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains("data-student=\"&lt;img src=x onerror=alert(1)&gt;&quot;'"));
        assert!(page.contains("Needs attention"));
    }

    fn test_result(name: &str, sample: bool, stderr: &str) -> judge_model::verdict::TestResult {
        judge_model::verdict::TestResult {
            name: name.into(),
            sample,
            verdict: judge_model::Verdict::WA,
            time_limit: None,
            cpu_time_s: 0.01,
            wall_time_s: 0.02,
            peak_memory_bytes: 1 << 20,
            exit_code: Some(0),
            signal: None,
            message: "wrong answer".into(),
            diff: Some(format!("diff of {name}")),
            score: None,
            stderr: Some(stderr.into()),
            picture: None,
        }
    }

    #[test]
    fn a_sample_tests_stderr_and_picture_are_in_the_report_escaped_and_a_secret_ones_are_not() {
        let evil = "debug </script><img src=x onerror=alert(1)> & more";
        let results = ResultsExport {
            schema_version: EXPORT_SCHEMA_VERSION,
            title: "t".into(),
            scoring: Scoring::Ioi,
            start: "1970-01-01T00:00:00Z".into(),
            generated_at: None,
            scoreboard: Scoreboard {
                scoring: Scoring::Ioi,
                problems: vec!["a".into()],
                rows: vec![],
            },
            attempts: vec![AttemptExport {
                id: "ann/a.c".into(),
                student: "ann".into(),
                problem: "a".into(),
                language: Some("c".into()),
                submitted_at: "1970-01-01T00:00:00Z".into(),
                status: AttemptState::Judged,
                round: None,
                reason: None,
                verdict: Some(judge_model::Verdict::WA),
                tests_passed: Some(0),
                tests_total: Some(2),
                points: Some(0.0),
                first_failure: Some("sample/1".into()),
                compile_message: None,
                tests: vec![],
            }],
        };
        let full = SubmissionResult {
            schema_version: judge_model::verdict::SCHEMA_VERSION,
            problem: "a".into(),
            language: "c".into(),
            source: "a.c".into(),
            compile: judge_model::verdict::CompileResult {
                success: true,
                message: String::new(),
                cpu_time_s: 0.0,
                wall_time_s: 0.0,
                cached: false,
            },
            tests: vec![
                judge_model::verdict::TestResult {
                    picture: Some(Picture::Svg {
                        svg: format!("<svg><text>{evil}</text></svg>"),
                    }),
                    ..test_result("sample/1", true, evil)
                },
                judge_model::verdict::TestResult {
                    picture: Some(Picture::Svg {
                        svg: "<svg><text>the secret input drawn</text></svg>".into(),
                    }),
                    ..test_result("secret/1", false, "the secret input is 42")
                },
            ],
            verdict: judge_model::Verdict::WA,
            first_failure: Some("sample/1".into()),
            tests_passed: 0,
            tests_total: 2,
            fraction_passed: 0.0,
            max_cpu_time_s: 0.01,
            max_peak_memory_bytes: 1 << 20,
            sandbox: judge_model::verdict::SandboxInfo {
                enforcement: sandbox::Enforcement::RlimitOnly,
                isolated: false,
                degraded: vec![],
            },
        };
        let measured = BTreeMap::from([("ann/a.c".to_string(), full)]);
        let page = report(&results, &measured);
        let data = page
            .split("<script type=\"application/json\" id=\"data\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .expect("the data element");
        let data: serde_json::Value = serde_json::from_str(data).unwrap();
        let tests = &data["attempts"][0]["tests"];
        assert_eq!(tests[0]["stderr"], evil, "the sample's stderr, as it was");
        assert_eq!(tests[0]["diff"], "diff of sample/1");
        assert!(tests[1].get("stderr").is_none(), "{tests}");
        assert!(tests[1]["diff"].is_null(), "{tests}");
        assert_eq!(
            tests[0]["picture"],
            format!("<svg><text>{evil}</text></svg>"),
            "the sample's picture, for the script to show as an image"
        );
        assert!(tests[1].get("picture").is_none(), "{tests}");
        assert!(!page.contains("the secret input drawn"), "{page}");
        assert!(!page.contains("secret input"), "{page}");
        assert!(!page.contains("<img"), "{page}");
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(
            page.contains("'pre', {class: 'stderr'}, t.stderr"),
            "the script shows it as text"
        );
    }
}
