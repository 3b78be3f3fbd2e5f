//! An interactive problem judged by the server: the judge crate's guess fixture (a testlib
//! interactor and a checker on its TOUT) through the web form, the queue and the pages.

use crate::common::TestServer;
use judge_core::Verdict;
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
