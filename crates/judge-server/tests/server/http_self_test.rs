//! Self-tests ("run on my input") through the web front: output, stderr, time and memory
//! of a real run in the sandbox with the problem's limits; TLE, RE and compile errors;
//! one at a time and a few a minute; never a submission, never on the scoreboard;
//! refused for an interactive problem; CSRF and size limits.

use crate::common::{submission, Client, Part, TestServer};
use axum::http::StatusCode;
use std::path::PathBuf;

async fn self_test(
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
