//! HTTP tests of what students and teachers expect on the pages (issue 17): points and
//! subtasks on a result, rejudging that keeps the old result in view, the submit form's
//! memory, samples' stderr and diffs, the languages page, filters and paging.

use crate::common::{submission, TestServer};
use judge_core::Verdict;

/// The `parts` fixture's big tests' numbers: a page showing one to a student leaks.
const SECRETS: [&str; 5] = [
    "70000001",
    "80000002",
    "150000003",
    "123456789",
    "987654321",
];

fn leak(text: &str) -> Option<&'static str> {
    SECRETS.into_iter().find(|secret| text.contains(secret))
}

/// A server on the fixture problems `add` (no subtasks) and `parts` (two subtasks, a
/// checker), IOI scoring.
fn server(workers: usize) -> TestServer {
    TestServer::with(
        workers,
        |contest| {
            let problems: Vec<toml::Value> = [("add", 100), ("parts", 100)]
                .iter()
                .map(|(id, points)| {
                    let mut problem = toml::Table::new();
                    problem.insert("id".into(), (*id).into());
                    problem.insert("points".into(), i64::from(*points).into());
                    problem.into()
                })
                .collect();
            contest.insert("problems".into(), problems.into());
        },
        |_| {},
    )
}

#[tokio::test]
async fn a_result_shows_its_points_and_its_tests_by_subtask() {
    let server = server(2);
    let mut ann = server.login("ann").await;
    // Right on small numbers, wrong on big ones: the first subtask's 40 points.
    let id = ann
        .submit("parts", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    let summary = server.wait_judged(id);
    assert_eq!(summary.result.unwrap().verdict, Verdict::WA);
    let page = ann.get(&format!("/submissions/{id}")).await;
    let body = &page.body;
    assert!(
        body.contains("<dt>Points</dt><dd class=\"points\">40/100</dd>"),
        "{body}"
    );
    let small = body
        .find("Subtask 1: small numbers")
        .expect("the first subtask");
    let big = body
        .find("Subtask 2: big numbers")
        .expect("the second subtask");
    assert!(small < big);
    let small_part = &body[small..big];
    assert!(
        small_part.contains("v-AC") && small_part.contains("40/40 points"),
        "{small_part}"
    );
    let big_part = &body[big..];
    assert!(
        big_part.contains("v-WA") && big_part.contains("0/60 points"),
        "{big_part}"
    );
    assert!(
        big_part.contains("1 not run"),
        "the test skipped after the failure is counted: {big_part}"
    );
    // The tests sit under their subtask, secret ones by number, with the verdict only.
    assert!(small_part.contains("sample/1") && small_part.contains("secret/1"));
    assert!(big_part.contains("secret/3") && !big_part.contains("3-big"));
    assert_eq!(leak(body), None, "{body}");
    // The teacher sees the same grouping with the tests' names and messages.
    let mut teacher = server.login("teacher").await;
    let page = teacher.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body.contains("secret/3-big") && page.body.contains("expected 150000003"),
        "{}",
        page.body
    );
    assert!(page.body.contains("40/100"));
}

#[tokio::test]
async fn a_problem_without_subtasks_keeps_one_table_and_icpc_shows_no_points() {
    let server = server(2);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    server.wait_judged(id);
    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body
            .contains("<dt>Points</dt><dd class=\"points\">66.67/100</dd>"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Subtask 1"), "{}", page.body);
    drop(server);

    let icpc = TestServer::with(
        1,
        |contest| {
            contest.insert("scoring".into(), "icpc".into());
            let mut parts = toml::Table::new();
            parts.insert("id".into(), "parts".into());
            contest.insert("problems".into(), vec![toml::Value::from(parts)].into());
        },
        |_| {},
    );
    let mut ann = icpc.login("ann").await;
    let id = ann
        .submit("parts", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    icpc.wait_judged(id);
    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body.contains("Subtask 2: big numbers"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("<dt>Points</dt>") && !page.body.contains(" points</span>"),
        "ICPC gives no points: {}",
        page.body
    );
}
