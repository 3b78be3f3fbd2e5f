//! HTTP tests of submitting: each kind of bad input gets its own clear message and status
//! (never a 500, which the test client refuses), nothing bad is stored, and students are
//! rate limited.

use crate::common::{Part, TestServer};
use axum::http::StatusCode;

fn small_cap(options: &mut judge_server::ServerOptions) {
    options.max_source_bytes = 2048;
}

#[tokio::test]
async fn bad_submissions_get_clear_messages_and_the_right_status() {
    let server = TestServer::with(0, |_| {}, small_cap);
    let mut ann = server.login("ann").await;
    let csrf = ann.csrf().await;
    let ok = crate::common::submission("ac.py");
    let big = "#".repeat(3000);
    let cases: Vec<(&str, Vec<Part>, StatusCode, &str)> = vec![
        (
            "unknown problem",
            vec![
                Part::Text("problem", "nope"),
                Part::Text("language", "python3"),
                Part::Text("source", &ok),
            ],
            StatusCode::NOT_FOUND,
            "no problem",
        ),
        (
            "no problem",
            vec![Part::Text("language", "python3"), Part::Text("source", &ok)],
            StatusCode::NOT_FOUND,
            "no problem",
        ),
        (
            "unknown language",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "cobol"),
                Part::Text("source", &ok),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "not allowed in this contest; allowed: c, cpp, python3",
        ),
        (
            "language not allowed",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "java"),
                Part::Text("source", &ok),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "\"java\" is not allowed",
        ),
        (
            "no language, no file",
            vec![Part::Text("problem", "add"), Part::Text("source", &ok)],
            StatusCode::UNPROCESSABLE_ENTITY,
            "Choose a language",
        ),
        (
            "extension of no language",
            vec![
                Part::Text("problem", "add"),
                Part::File("file", "sol.pas", b"begin end."),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "Choose a language",
        ),
        (
            "empty source",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", " \n "),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "The source is empty",
        ),
        (
            "pasted too much",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", &big),
            ],
            StatusCode::PAYLOAD_TOO_LARGE,
            "at most 2 KiB",
        ),
        (
            "uploaded too much",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::File("file", "a.py", big.as_bytes()),
            ],
            StatusCode::PAYLOAD_TOO_LARGE,
            "at most 2 KiB",
        ),
        (
            "binary upload",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "c"),
                Part::File("file", "a.out", b"\x7fELF\x02\x01\x01\x00\x00\x00"),
            ],
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not source text",
        ),
        (
            "not UTF-8",
            vec![
                Part::Text("problem", "add"),
                Part::Text("language", "c"),
                Part::File("file", "a.c", b"int main(){} /* \xff\xfe */"),
            ],
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not UTF-8",
        ),
        (
            "problem that cannot be judged",
            vec![
                Part::Text("problem", "ghost"),
                Part::Text("language", "python3"),
                Part::Text("source", &ok),
            ],
            StatusCode::SERVICE_UNAVAILABLE,
            "cannot be judged right now",
        ),
    ];
    for (what, mut parts, status, message) in cases {
        parts.insert(0, Part::Text("csrf", &csrf));
        let reply = ann.post_multipart("/submit", &parts).await;
        assert_eq!(reply.status, status, "{what}: {}", reply.body);
        let body = reply.body.replace("&quot;", "\"");
        assert!(body.contains(message), "{what}: {body}");
    }
    // A body far over the cap is cut off by the body limit, also as 413.
    let huge = "x".repeat(200 * 1024);
    let reply = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", "add"),
                Part::Text("source", &huge),
            ],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        reply.body
    );
    // Not a multipart form at all.
    let reply = ann
        .post_form("/submit", &[("csrf", &csrf), ("problem", "add")])
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.body.contains("could not be read"), "{}", reply.body);
    assert_eq!(
        server.store.queue_counts().unwrap(),
        (0, 0),
        "nothing bad was stored"
    );

    // The language comes from the file's extension (in any case) when none is chosen,
    // and an uploaded file wins over pasted text.
    let id = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", "add"),
                Part::Text("source", "ignored"),
                Part::File("file", "Sol.PY", ok.as_bytes()),
            ],
        )
        .await
        .submission_id();
    let stored = server.store.submission(id).unwrap().unwrap();
    assert_eq!(
        (stored.summary.language.as_str(), stored.source.as_str()),
        ("python3", ok.as_str())
    );
    // Pasted CRLF text is stored with LF line ends.
    let id = ann
        .submit(
            "add",
            "python3",
            "a, b = map(int, input().split())\r\nprint(a + b)\r\n",
        )
        .await
        .submission_id();
    assert_eq!(
        server.store.submission(id).unwrap().unwrap().source,
        "a, b = map(int, input().split())\nprint(a + b)\n"
    );
}

#[tokio::test]
async fn a_submission_is_stored_and_queued_before_the_page_answers() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let reply = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await;
    let id = reply.submission_id();
    let stored = server.store.submission_summary(id).unwrap().unwrap();
    assert_eq!(stored.state, judge_server::store::SubmissionState::Queued);
    assert_eq!(
        (stored.user_name.as_str(), stored.problem.as_str()),
        ("ann", "add")
    );
    let page = ann.get(reply.location()).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("queued") && page.body.contains("data-pending=\"1\""),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn students_are_rate_limited_and_teachers_are_not() {
    let server = TestServer::with(0, |_| {}, |o| o.submissions_per_window = 2);
    let mut ann = server.login("ann").await;
    let source = crate::common::submission("ac.py");
    ann.submit("add", "python3", &source).await.submission_id();
    ann.submit("add", "python3", &source).await.submission_id();
    let third = ann.submit("add", "python3", &source).await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(third.body.contains("at most 2 per 60 s"), "{}", third.body);
    let retry: u64 = third.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let mut bob = server.login("bob").await;
    bob.submit("add", "python3", &source).await.submission_id();
    let mut teacher = server.login("teacher").await;
    for _ in 0..3 {
        teacher
            .submit("add", "python3", &source)
            .await
            .submission_id();
    }
    assert_eq!(server.store.queue_counts().unwrap().0, 6);
}

#[tokio::test]
async fn a_problem_that_lists_a_cpp_profile_stores_and_judges_cpp_files_in_it() {
    // `add` as a package made for NOI's C++14 lists its languages.
    let problems = tempfile::tempdir().unwrap();
    crate::common::copy_problems(problems.path());
    let file = problems.path().join("add/problem.toml");
    let text = std::fs::read_to_string(&file).unwrap().replace(
        "title_zh = \"加法\"\n",
        "title_zh = \"加法\"\nlanguages = [\"cpp14\", \"python3\"]\n",
    );
    std::fs::write(&file, text).unwrap();
    let server = TestServer::with(
        1,
        |contest| {
            contest.insert(
                "problems_dir".into(),
                problems.path().display().to_string().into(),
            );
            contest.insert(
                "languages".into(),
                toml::Value::Array(vec![
                    "python3".into(),
                    "cpp".into(),
                    "cpp14".into(),
                    "cpp20".into(),
                ]),
            );
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let csrf = ann.csrf().await;
    // Right only when compiled as C++14.
    let source = "#include <cstdio>\nint main() {\n  long long a, b;\n  if (scanf(\"%lld %lld\", &a, &b) != 2) return 0;\n#if __cplusplus == 201402L\n  printf(\"%lld\\n\", a + b);\n#else\n  puts(\"0\");\n#endif\n}\n";
    let id = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", "add"),
                Part::File("file", "add.cpp", source.as_bytes()),
            ],
        )
        .await
        .submission_id();
    let judged = server.wait_judged(id);
    assert_eq!(judged.language, "cpp14", "stored as what it compiles as");
    assert_eq!(
        judged.result.as_ref().map(|r| r.verdict),
        Some(judge_model::Verdict::AC),
        "{judged:?}"
    );
    // A profile the problem does not list, chosen by name: refused, nothing stored.
    let reply = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", "add"),
                Part::Text("language", "cpp20"),
                Part::Text("source", source),
            ],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(
        reply
            .body
            .contains("Problem add takes only the languages its package lists (cpp14, python3)"),
        "{}",
        reply.body
    );
}
