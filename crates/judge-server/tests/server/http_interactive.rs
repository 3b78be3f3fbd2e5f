//! An interactive problem judged by the server: the judge crate's guess fixture (a testlib
//! interactor and a checker on its TOUT) through the web form, the queue and the pages;
//! an interactor's points (its Polygon package polygon-interactive) on the result page
//! and the scoreboard.

use crate::common::TestServer;
use judge_model::Verdict;
use std::path::PathBuf;

fn judge_fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures")
}

fn source(name: &str) -> String {
    std::fs::read_to_string(judge_fixtures().join("interactive").join(name)).unwrap()
}

#[tokio::test]
async fn an_interactive_problem_is_judged_through_the_queue_and_shown() {
    let server = TestServer::with(
        1,
        |contest| {
            let dir = judge_fixtures();
            contest.insert(
                "problems_dir".into(),
                dir.join("problems").display().to_string().into(),
            );
            contest.insert(
                "testdata_dir".into(),
                dir.join("testdata").display().to_string().into(),
            );
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "guess-testlib".into());
            contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let searching = ann
        .submit("guess-testlib", "c", &source("binary.c"))
        .await
        .submission_id();
    let talking = ann
        .submit("guess-testlib", "c", &source("garbage.c"))
        .await
        .submission_id();

    let judged = server.wait_judged(searching);
    let result = judged.result.as_ref().unwrap();
    assert_eq!(result.verdict, Verdict::AC, "{result:?}");
    assert_eq!(result.tests_passed, result.tests_total);
    let rejected = server.wait_judged(talking);
    let result = rejected.result.as_ref().unwrap();
    // The interactor reads a word where a number belongs: a presentation error (testlib exit 2).
    assert_eq!(result.verdict, Verdict::PE, "{result:?}");

    let page = ann.get(&format!("/submissions/{searching}")).await;
    assert!(page.body.contains("v-AC"), "{}", page.body);
    let page = ann.get(&format!("/submissions/{talking}")).await;
    assert!(page.body.contains("v-PE"), "{}", page.body);
}

#[tokio::test]
async fn an_interactors_points_count_on_the_result_and_the_scoreboard() {
    // The judge crate's Polygon package whose testlib interactor gives points (exit 7).
    let problems = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        judge_fixtures().join("packages/polygon-interactive"),
        problems.path().join("sums"),
    )
    .unwrap();
    let folder = problems.path().display().to_string();
    let server = TestServer::with(
        1,
        |contest| {
            contest.insert("problems_dir".into(), folder.into());
            contest.insert("scoring".into(), "ioi".into());
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "sums".into());
            problem.insert("points".into(), 200.into());
            contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
        },
        |_| {},
    );
    let read = |name: &str| {
        std::fs::read_to_string(
            judge_fixtures()
                .join("packages/polygon-interactive/solutions")
                .join(name),
        )
        .unwrap()
    };
    let mut ann = server.login("ann").await;
    let half = ann
        .submit("sums", "python3", &read("stops.py"))
        .await
        .submission_id();
    let judged = server.wait_judged(half);
    let result = judged.result.as_ref().unwrap();
    assert_eq!(result.verdict, Verdict::WA, "{result:?}");
    // The sample's message (a secret test's is not shown to students); half of the
    // package's 40 + 60 points, scaled to the contest's 200.
    let page = ann.get(&format!("/submissions/{half}")).await;
    assert!(
        page.body
            .contains("0.5 of the test's points: 1 of 2 sums right before question 2"),
        "{}",
        page.body
    );
    let board = ann.get("/scoreboard").await;
    let row = crate::http_scoreboard::row(&board.body, "ann");
    assert!(row.starts_with("1 ann 100 100"), "{row}");
}
