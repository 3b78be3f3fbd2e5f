//! HTTP tests of the teacher's charts (`/teacher/charts`): on one class (the gradebook's
//! course), each chart's CSV agrees with the scoreboard, results and grades exports; the
//! page draws five SVGs; students cannot open them; a hostile student name is escaped in
//! the page and neutralised in the CSV; unknown contests, problems and files are 404.

use crate::common::{cheap_hash, submission, TestServer};
use crate::http_contests::submit_into;
use axum::http::StatusCode;
use judge_server::store::Role;

/// A name that would be markup in a page and a formula in a spreadsheet.
pub(crate) const HOSTILE: &str = "=HYPERLINK(\"http://x\",\"<b>&amp;\")";

/// The gradebook's course (`main`: add, ghost, broken; `hw1`: add, a deadline past) with
/// a student named [`HOSTILE`]: ann accepted in hw1 and wrong on a secret test in main,
/// bob accepted in both (late in hw1).
pub(crate) async fn judged_class() -> TestServer {
    let server = crate::http_grades::course();
    server
        .store
        .add_user(HOSTILE, &cheap_hash("hostile"), Role::Student)
        .unwrap();
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let ac = submission("ac.py");
    let wa = submission("wa_secret.py");
    let ids = [
        submit_into(&mut ann, "hw1", &ac).await.submission_id(),
        submit_into(&mut ann, "main", &wa).await.submission_id(),
        submit_into(&mut bob, "hw1", &ac).await.submission_id(),
        submit_into(&mut bob, "main", &ac).await.submission_id(),
    ];
    for id in ids {
        server.wait_judged(id);
    }
    server
}

/// CSV text as rows of cells.
fn table(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

/// The column `name` of a CSV table (header included in `rows[0]`).
fn column<'a>(rows: &'a [Vec<String>], name: &str) -> Vec<&'a str> {
    let at = rows[0].iter().position(|h| h == name).unwrap();
    rows[1..].iter().map(|r| r[at].as_str()).collect()
}

/// How many of `points` fall in each of ten bins from 0 to `max` (the last includes max).
fn bins(points: &[f64], max: f64) -> Vec<String> {
    let mut counts = [0usize; 10];
    for p in points {
        counts[((p / (max / 10.0)).floor() as usize).min(9)] += 1;
    }
    counts.iter().map(|c| c.to_string()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_charts_agree_with_the_scoreboard_and_the_exports() {
    let server = judged_class().await;
    let mut teacher = server.login("teacher").await;

    let page = teacher.get("/teacher/charts").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(
        page.body.matches("<svg class=\"chart\"").count(),
        5,
        "{}",
        page.body
    );
    assert!(!page.body.contains("<script>"), "no script in the charts");
    assert!(
        page.body.contains("Verdicts over the class"),
        "{}",
        page.body
    );
    let dashboard = teacher.get("/teacher").await;
    assert!(
        dashboard.body.contains("href=\"/teacher/charts\""),
        "{}",
        dashboard.body
    );

    // Scores: the scoreboard's points, 0 to the contest's 300.
    let board = table(&teacher.get("/teacher/export/scoreboard.csv").await.body);
    let points: Vec<f64> = column(&board, "points")
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
    assert_eq!(points.len(), 3, "ann, bob and the hostile name: {board:?}");
    let scores = table(&teacher.get("/teacher/charts/export/scores.csv").await.body);
    assert_eq!(column(&scores, "students"), bins(&points, 300.0));
    assert_eq!(scores.last().unwrap()[1], "300");
    // One problem: its own maximum (100) is the top, whatever the best student has.
    let add_points: Vec<f64> = column(&board, "add_points")
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
    let scores = table(
        &teacher
            .get("/teacher/charts/export/scores.csv?contest=main&problem=add")
            .await
            .body,
    );
    assert_eq!(column(&scores, "students"), bins(&add_points, 100.0));
    assert_eq!(scores.last().unwrap()[1], "100");

    // Verdicts: the results export's, counted.
    let results = table(&teacher.get("/teacher/export/results.csv").await.body);
    let verdicts = table(
        &teacher
            .get("/teacher/charts/export/verdicts.csv")
            .await
            .body,
    );
    for row in &verdicts[1..] {
        if row[0] == "pending" {
            assert_eq!(row[1], "0");
            continue;
        }
        let expected = column(&results, "verdict")
            .iter()
            .filter(|v| **v == row[0])
            .count();
        assert_eq!(row[1], expected.to_string(), "{verdicts:?} {results:?}");
    }
    assert_eq!(
        verdicts[1..]
            .iter()
            .map(|r| r[0].as_str())
            .collect::<Vec<_>>(),
        ["AC", "WA", "pending"]
    );

    // The tests: ann's wrong answer fails the big secret test, and only it.
    let tests = table(&teacher.get("/teacher/charts/export/tests.csv").await.body);
    let failed: Vec<(&str, &str)> = tests[1..]
        .iter()
        .filter(|r| r[3] != "0")
        .map(|r| (r[1].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(failed, [("secret/01-big", "1")], "{tests:?}");

    // Timeline: every submission of the contest, once.
    let timeline = table(
        &teacher
            .get("/teacher/charts/export/timeline.csv")
            .await
            .body,
    );
    let total: usize = column(&timeline, "submissions")
        .iter()
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    assert_eq!(total, 2);
    let hw1 = teacher.get("/teacher/charts?contest=hw1").await;
    assert_eq!(hw1.status, StatusCode::OK);
    assert!(hw1.body.contains("Deadline: "), "{}", hw1.body);

    // Progress: the gradebook's cells, contest by contest.
    let grades = table(&teacher.get("/grades/export/grades.csv").await.body);
    let progress = table(
        &teacher
            .get("/teacher/charts/export/progress.csv")
            .await
            .body,
    );
    let without_total: Vec<Vec<String>> =
        grades.iter().map(|r| r[..r.len() - 1].to_vec()).collect();
    assert_eq!(progress, without_total);
    let disposition = teacher
        .get("/teacher/charts/export/progress.csv?contest=hw1&problem=add")
        .await;
    assert_eq!(
        disposition.headers["content-disposition"],
        "attachment; filename=\"hw1-add-progress.csv\""
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn students_cannot_see_the_charts_and_names_are_escaped() {
    let server = judged_class().await;
    let mut ann = server.login("ann").await;
    for path in ["/teacher/charts", "/teacher/charts/export/scores.csv"] {
        assert_eq!(ann.get(path).await.status, StatusCode::FORBIDDEN, "{path}");
        let anonymous = server.client().get(path).await;
        assert_eq!(anonymous.status, StatusCode::SEE_OTHER, "{path}");
    }

    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/teacher/charts").await;
    assert!(!page.body.contains("<b>&amp;"), "the name is escaped");
    assert!(
        page.body.contains("&lt;b&gt;&amp;amp;"),
        "the name is shown as text: {}",
        page.body
    );
    let progress = teacher.get("/teacher/charts/export/progress.csv").await;
    assert_eq!(progress.headers["content-type"], "text/csv; charset=utf-8");
    let rows = table(&progress.body);
    assert!(
        rows.iter().any(|r| r[0] == format!("'{HOSTILE}")),
        "a formula gets a leading quote: {rows:?}"
    );

    for (path, status) in [
        ("/teacher/charts?contest=nope", StatusCode::NOT_FOUND),
        ("/teacher/charts?problem=nope", StatusCode::NOT_FOUND),
        ("/teacher/charts/export/nope.csv", StatusCode::NOT_FOUND),
        (
            "/teacher/charts/export/scores.csv?contest=nope",
            StatusCode::NOT_FOUND,
        ),
        (
            "/teacher/charts?contest=hw1&problem=ghost",
            StatusCode::NOT_FOUND,
        ),
        ("/teacher/charts?problem=add", StatusCode::OK),
    ] {
        let reply = teacher.get(path).await;
        assert_eq!(reply.status, status, "{path}: {}", reply.body);
    }
}
