//! HTTP tests of the gradebook: a homework set's late rule and a student's extension, two
//! contests with weights, the teacher's page and exports, a student's own row, and
//! `judge grades` giving the same CSV as the page from the same store.

use crate::common::process::{judge, judge_binary};
use crate::common::{minutes_from_now, submission, TestServer};
use crate::http_contests::submit_into;
use axum::http::StatusCode;

/// The course: `main` (judge.toml's [contest]: add, ghost, broken, 100 points each) and
/// `hw1` (homework past its deadline, late work at half points until later, `ann` given
/// an extension, weight 2; add for 50 points).
pub(crate) fn course() -> TestServer {
    TestServer::with_course(
        1,
        |_| {},
        |top| {
            let mut hw1 = toml::Table::new();
            hw1.insert("id".into(), "hw1".into());
            hw1.insert("title".into(), "Homework 1".into());
            hw1.insert("kind".into(), "homework".into());
            hw1.insert("start".into(), minutes_from_now(-120).into());
            hw1.insert("deadline".into(), minutes_from_now(-10).into());
            hw1.insert("late_until".into(), minutes_from_now(60).into());
            hw1.insert("weight".into(), 2.into());
            let mut penalty = toml::Table::new();
            penalty.insert("factor".into(), 0.5.into());
            hw1.insert("late_penalty".into(), penalty.into());
            let mut extensions = toml::Table::new();
            extensions.insert("ann".into(), minutes_from_now(30).into());
            hw1.insert("extensions".into(), extensions.into());
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "add".into());
            problem.insert("points".into(), 50.into());
            hw1.insert("problems".into(), vec![toml::Value::from(problem)].into());
            top.insert("contests".into(), vec![toml::Value::from(hw1)].into());
        },
        |_| {},
    )
}

fn rows(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .map(|line| line.split(',').map(String::from).collect())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_gradebook_applies_the_late_rule_extensions_and_weights() {
    let server = course();
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let ac = submission("ac.py");
    let on_time = submit_into(&mut ann, "hw1", &ac).await.submission_id();
    let late = submit_into(&mut bob, "hw1", &ac).await.submission_id();
    let main = submit_into(&mut bob, "main", &ac).await.submission_id();
    for id in [on_time, late, main] {
        server.wait_judged(id);
    }
    // The extension makes ann's submission on time; bob's is late.
    assert!(
        !server
            .store
            .submission_summary(on_time)
            .unwrap()
            .unwrap()
            .late
    );
    assert!(server.store.submission_summary(late).unwrap().unwrap().late);

    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/grades").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Homework 1"), "{}", page.body);
    assert!(
        page.body.contains("late: 50 before the rule"),
        "{}",
        page.body
    );

    let csv = teacher.get("/grades/export/grades.csv").await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.body);
    assert_eq!(
        rows(&csv.body),
        [
            ["student", "main", "hw1", "total"],
            // ann: hw1 on time by her extension: 50, x2.
            ["ann", "0", "50", "100"],
            // bob: main 100; hw1 late at half: 25, x2.
            ["bob", "100", "25", "150"],
        ]
    );
    let json = teacher.get("/grades/export/grades.json").await;
    let book: serde_json::Value = serde_json::from_str(&json.body).unwrap();
    assert_eq!(book["max_total"], 300.0 + 2.0 * 50.0);
    assert_eq!(book["rows"][1]["cells"][1]["before_penalty"], 50.0);
    assert_eq!(book["rows"][1]["cells"][1]["late_attempts"], 1);
    let moodle = teacher.get("/grades/export/moodle.csv").await;
    assert_eq!(
        rows(&moodle.body)[0],
        ["Username", "Test contest (main)", "Homework 1 (hw1)"]
    );
    assert_eq!(
        teacher.get("/grades/export/nope.csv").await.status,
        StatusCode::NOT_FOUND
    );

    // A late attempt shows its points before and after the late rule, in the student's
    // list and on its page, as the gradebook counts them.
    let list = bob.get("/submissions").await;
    assert!(
        list.body.contains("25 (late rule; 50 before it)"),
        "{}",
        list.body
    );
    let page = bob.get(&format!("/submissions/{late}")).await;
    assert!(
        page.body.contains("25 (late rule; 50 before it)"),
        "{}",
        page.body
    );
    let on_time_page = ann.get(&format!("/submissions/{on_time}")).await;
    assert!(
        !on_time_page.body.contains("late rule"),
        "{}",
        on_time_page.body
    );

    // A student sees their own row only, and no exports.
    let own = bob.get("/grades").await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.body.contains(">bob<"), "{}", own.body);
    assert!(!own.body.contains(">ann<"), "{}", own.body);
    assert!(!own.body.contains("/grades/export/"), "{}", own.body);
    assert_eq!(
        bob.get("/grades/export/grades.csv").await.status,
        StatusCode::FORBIDDEN
    );

    // `judge grades` reads the same store and writes the same CSV.
    let dir = server._dir.path();
    let config = dir.join("judge.toml");
    let data = dir.join("data");
    let binary = judge_binary();
    let output = judge(
        &binary,
        &config,
        &["grades", "--data", data.to_str().unwrap()],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), csv.body);

    // Moodle by e-mail from a class list; a student missing from it is refused.
    let class = dir.join("class.csv");
    std::fs::write(
        &class,
        "name,email\nann,ann@example.edu\nbob,bob@example.edu\n",
    )
    .unwrap();
    let out = dir.join("moodle.csv");
    let args = |format: &'static str| {
        vec![
            "grades".to_string(),
            "--data".into(),
            data.display().to_string(),
            "--format".into(),
            format.into(),
            "--class-list".into(),
            class.display().to_string(),
            "--id-column".into(),
            "email".into(),
            "--out".into(),
            out.display().to_string(),
        ]
    };
    let run = |format: &'static str| {
        let args = args(format);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        judge(&binary, &config, &args)
    };
    let output = run("moodle");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        rows(&std::fs::read_to_string(&out).unwrap()),
        [
            ["Email address", "Test contest (main)", "Homework 1 (hw1)"],
            ["ann@example.edu", "0", "50"],
            ["bob@example.edu", "100", "25"],
        ]
    );
    std::fs::write(&class, "name,email\nann,ann@example.edu\n").unwrap();
    std::fs::remove_file(&out).unwrap();
    let output = run("canvas");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("bob is not in the class list, so has no identifier for the LMS"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !out.exists(),
        "nothing is written when a student has no identifier"
    );
}
