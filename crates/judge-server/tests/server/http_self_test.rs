//! Self-tests ("run on my input") through the web front: output, stderr, time and memory
//! of a real run in the sandbox with the problem's limits; TLE, RE and compile errors;
//! one at a time and a few a minute; never a submission, never on the scoreboard;
//! refused for an interactive problem; CSRF and size limits; a dropped request keeps its
//! turn and its slot until its run ends.

use crate::common::{submission, Client, Part, TestServer};
use axum::http::StatusCode;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Runs a self-test of `source` on `input` through the form.
pub(crate) async fn self_test(
    client: &mut Client,
    problem: &str,
    language: &str,
    source: &str,
    input: &str,
) -> crate::common::Reply {
    let csrf = client.csrf().await;
    client
        .post_multipart(
            "/self-test",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", problem),
                Part::Text("language", language),
                Part::Text("source", source),
                Part::Text("input", input),
            ],
        )
        .await
}

/// The text between `<div class="self-test-output">` and its end.
fn section<'a>(body: &'a str, class: &str) -> &'a str {
    let start = body
        .find(&format!("class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class} in {body}"));
    let rest = &body[start..];
    &rest[..rest.find("</div>").unwrap()]
}

#[tokio::test]
async fn a_run_shows_output_stderr_time_and_memory_and_is_never_a_submission() {
    let server = TestServer::new(1);
    let mut ann = server.login("ann").await;
    let form = ann.get("/self-test?problem=add").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form
        .body
        .contains("enctype=\"multipart/form-data\" class=\"submit\" id=\"self-test-form\""));

    let source = "import sys\na, b = map(int, input().split())\nsys.stderr.write('debug <a> %d\\n' % a)\nprint(a + b)\n";
    let reply = self_test(&mut ann, "add", "python3", source, "40 2\n").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(
        section(&reply.body, "self-test-output").contains("42"),
        "{}",
        reply.body
    );
    assert!(
        section(&reply.body, "self-test-stderr").contains("debug &lt;a&gt; 40"),
        "stderr shown, escaped: {}",
        reply.body
    );
    assert!(reply.body.contains("v-AC\">OK<"), "{}", reply.body);
    assert!(reply.body.contains("CPU time") && reply.body.contains("Memory"));
    assert!(
        reply.body.contains(" MiB") || reply.body.contains(" KiB"),
        "memory measured"
    );
    assert!(reply.body.contains("40 2"), "the input stays in the form");

    // Nothing of it is a submission: not stored, not listed, not on the board.
    assert_eq!(
        server.store.submissions(&Default::default()).unwrap().len(),
        0
    );
    let list = ann.get("/submissions").await;
    assert!(!list.body.contains("/submissions/1\""), "{}", list.body);
    let board = ann.get("/scoreboard").await;
    assert!(!board.body.contains("v-AC"), "{}", board.body);
    let mut teacher = server.login("teacher").await;
    let all = teacher.get("/teacher/submissions").await;
    assert!(!all.body.contains("/submissions/1\""));
}

#[tokio::test]
async fn time_limits_runtime_errors_and_compile_errors_read_as_the_judge_says() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let spin = "int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n";
    let reply = self_test(&mut ann, "add", "c", spin, "").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(reply.body.contains("v-TLE"), "{}", reply.body);

    let exits = "#include <stdio.h>\nint main(void) { printf(\"partial\\n\"); return 3; }\n";
    let reply = self_test(&mut ann, "add", "c", exits, "").await;
    assert!(reply.body.contains("v-RE"), "{}", reply.body);
    assert!(section(&reply.body, "self-test-output").contains("partial"));

    let broken = "int main(void) { return undeclared_name; }\n";
    let reply = self_test(&mut ann, "add", "c", broken, "").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.body.contains("v-CE") && reply.body.contains("undeclared_name"),
        "{}",
        reply.body
    );
    assert!(!reply.body.contains("self-test-output"), "nothing ran");
}

#[tokio::test]
async fn students_run_one_at_a_time_and_a_few_a_minute() {
    let server = TestServer::with(0, |_| {}, |options| options.self_tests_per_minute = 2);
    let mut first = server.login("ann").await;
    let mut second = server.login("ann").await;
    let slow = submission("slow.py");
    let (a, b) = tokio::join!(
        self_test(&mut first, "add", "python3", &slow, "1 2\n"),
        async {
            // Let the first one start.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            self_test(&mut second, "add", "python3", "print(3)\n", "").await
        }
    );
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(b.status, StatusCode::TOO_MANY_REQUESTS, "{}", b.body);
    assert!(b.body.contains("still running"), "{}", b.body);

    let reply = self_test(&mut first, "add", "python3", "print(3)\n", "").await;
    assert_eq!(reply.status, StatusCode::OK, "the second of the minute");
    let reply = self_test(&mut first, "add", "python3", "print(3)\n", "").await;
    assert_eq!(
        reply.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        reply.body
    );
    assert!(reply.headers.contains_key("retry-after"));
    // Bob is not held back by Ann.
    let mut bob = server.login("bob").await;
    let reply = self_test(&mut bob, "add", "python3", "print(3)\n", "").await;
    assert_eq!(reply.status, StatusCode::OK);
}

/// Waits (at most a minute) until `done`.
async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Issue 28: a student who dropped the connection while the run went on got their turn
/// and the slot back at once, so that six dropped requests ran six programs at once
/// despite one slot. The run holds both until it ends, whatever becomes of the request.
#[tokio::test]
async fn a_dropped_request_keeps_its_turn_and_its_slot_until_the_run_ends() {
    let server = TestServer::with(
        0,
        |_| {},
        |options| {
            options.self_test_jobs = 1;
            options.self_tests_per_minute = 0;
            // Refused at once when the one slot is taken, rather than after 30 s.
            options.self_test_patience = Duration::from_millis(200);
        },
    );
    let self_tests = server.server.as_ref().unwrap().state().self_tests.clone();
    let mut ann = server.login("ann").await;
    let mut ann_again = server.login("ann").await;
    let mut bob = server.login("bob").await;
    // Well within the wall-clock limit (4 s x 5 for Python), long enough for the
    // requests below to come while it runs.
    let slow = "import time\ntime.sleep(6)\nprint(3)\n";
    let request =
        tokio::spawn(async move { self_test(&mut ann, "add", "python3", slow, "").await });
    wait_until("the slow run has its slot", || self_tests.running() == 1).await;
    // The student goes away: the request (and the handler's future) is dropped.
    request.abort();
    assert!(request.await.unwrap_err().is_cancelled());

    let again = self_test(&mut ann_again, "add", "python3", "print(3)\n", "").await;
    assert_eq!(
        again.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        again.body
    );
    assert!(again.body.contains("still running"), "{}", again.body);
    let busy = self_test(&mut bob, "add", "python3", "print(3)\n", "").await;
    assert_eq!(
        busy.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        busy.body
    );
    assert!(busy.body.contains("busy"), "{}", busy.body);
    assert_eq!(
        self_tests.running(),
        1,
        "the dropped request's run holds the slot"
    );

    // Once the program has ended, the slot and Ann's turn are free again.
    wait_until("the dropped request's run ends", || {
        self_tests.running() == 0
    })
    .await;
    let reply = self_test(&mut bob, "add", "python3", "print(3)\n", "").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let reply = self_test(&mut ann_again, "add", "python3", "print(3)\n", "").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
}

#[tokio::test]
async fn bad_self_tests_are_refused_with_clear_statuses() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let reply = ann
        .post_multipart(
            "/self-test",
            &[
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", "print(1)"),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "no CSRF token");
    let reply = self_test(&mut ann, "nope", "python3", "print(1)", "").await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = self_test(&mut ann, "add", "cobol", "print(1)", "").await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let reply = self_test(&mut ann, "add", "python3", "  ", "").await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let big = "1 ".repeat(40 * 1024);
    let reply = self_test(&mut ann, "add", "python3", "print(1)", &big).await;
    assert_eq!(
        reply.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("The input is too large"),
        "{}",
        reply.body
    );
}

#[tokio::test]
async fn an_interactive_problem_cannot_be_self_tested() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures");
    let server = TestServer::with(
        0,
        |contest| {
            contest.insert(
                "problems_dir".into(),
                fixtures.join("problems").display().to_string().into(),
            );
            contest.insert(
                "testdata_dir".into(),
                fixtures.join("testdata").display().to_string().into(),
            );
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "guess-testlib".into());
            contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let form = ann.get("/self-test?problem=guess-testlib").await;
    assert!(
        form.body.contains("This problem is interactive"),
        "{}",
        form.body
    );
    let reply = self_test(
        &mut ann,
        "guess-testlib",
        "c",
        "int main(void){return 0;}",
        "",
    )
    .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.body.contains("interactive"), "{}", reply.body);
}
