//! HTTP tests of the answers drawn on their grid (issue 36): the problem's visualizer runs
//! on the sample tests as they are judged, its SVG cleaned of what could run or reach
//! out, and shown on the result page as an image; a student never sees a secret test's
//! picture (it draws the secret input), the teacher sees every stored one. A self-test's
//! input is the student's own: its output is drawn too.

use crate::common::{submission, TestServer};
use judge_model::verdict::Picture;
use judge_model::{SubmissionResult, Verdict};
use judge_server::store::{ClaimRequest, JudgeOutcome};

/// A server on the fixture problem `drawn` (`add`'s tests, a visualizer of its own).
fn server(workers: usize) -> TestServer {
    TestServer::with(
        workers,
        |contest| {
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "drawn".into());
            contest.insert("problems".into(), vec![toml::Value::from(problem)].into());
        },
        |_| {},
    )
}

fn svg_of(picture: Option<&Picture>) -> &str {
    match picture {
        Some(Picture::Svg { svg }) => svg,
        other => panic!("expected a picture, got {other:?}"),
    }
}

#[tokio::test]
async fn a_sample_test_is_drawn_cleaned_and_shown_as_an_image() {
    let server = server(2);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("drawn", "python3", &submission("ac.py"))
        .await
        .submission_id();
    assert_eq!(server.wait_judged(id).result.unwrap().verdict, Verdict::AC);
    let result = server
        .store
        .submission(id)
        .unwrap()
        .unwrap()
        .result
        .unwrap();
    let svg = svg_of(result.tests[0].picture.as_ref());
    assert!(
        svg.contains("<text x=\"4\" y=\"24\">1 plus 2 is 3</text>"),
        "{svg}"
    );
    for removed in ["script", "onload", "alert", "example.com", "image"] {
        assert!(!svg.contains(removed), "{removed} is left out: {svg}");
    }
    assert!(
        result.tests[1..].iter().all(|t| t.picture.is_none()),
        "secret tests are not drawn: {result:?}"
    );

    let page = ann.get(&format!("/submissions/{id}")).await.body;
    assert!(page.contains("Your output drawn on the test:"), "{page}");
    assert!(
        page.contains(r#"<img class="picture" src="data:image/svg+xml,%3Csvg"#),
        "{page}"
    );
    assert!(page.contains("1 plus 2 is 3"), "{page}");
    let zh = ann
        .get_with(&format!("/submissions/{id}"), &[("accept-language", "zh")])
        .await
        .body;
    assert!(zh.contains("你的输出在测试数据上的图示"), "{zh}");
}

/// A stored result of `drawn` with a picture on every test: the sample's, a secret
/// test's that draws the secret input, and a note on the other secret test.
fn drawn_result() -> JudgeOutcome {
    let test = |name: &str, picture: serde_json::Value| {
        serde_json::json!({
            "name": name, "sample": name.starts_with("sample/"), "verdict": "WA",
            "time_limit": null, "cpu_time_s": 0.01, "wall_time_s": 0.02,
            "peak_memory_bytes": 1_000_000, "exit_code": 0, "signal": null,
            "message": "", "diff": null, "picture": picture
        })
    };
    let svg = |text: &str| {
        serde_json::json!({
            "kind": "svg",
            "svg": format!(r#"<svg xmlns="http://www.w3.org/2000/svg"><text>{text}</text></svg>"#)
        })
    };
    let result = serde_json::json!({
        "schema_version": 2, "problem": "drawn", "language": "python3", "source": "main.py",
        "compile": {"success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false},
        "tests": [
            test("sample/1", svg("SAMPLEDRAWING")),
            test("secret/01-big", svg("SECRETDRAWING 31415926")),
            test("secret/02-small", serde_json::json!({"kind": "note", "note": "SECRETNOTE"})),
        ],
        "verdict": "WA", "first_failure": "sample/1",
        "passed": 0, "total": 3, "fraction_passed": 0.0,
        "max_cpu_time_s": 0.01, "max_peak_memory_bytes": 1_000_000,
        "sandbox": {"enforcement": "rlimit-only", "isolated": false, "degraded": []}
    });
    let result: SubmissionResult = serde_json::from_value(result).unwrap();
    JudgeOutcome::Judged(Box::new(result))
}

#[tokio::test]
async fn a_student_sees_a_samples_picture_never_a_secret_tests_and_the_teacher_sees_all() {
    let server = server(0);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("drawn", "python3", &submission("wa_sample.py"))
        .await
        .submission_id();
    let problems = server.store.published_problems().unwrap();
    let claimed = server
        .store
        .claim(&ClaimRequest {
            owner: "by-hand",
            lease_ms: 600_000,
            problems: &problems,
            languages: None,
        })
        .unwrap()
        .expect("the submission is queued");
    assert_eq!(claimed.id, id);
    assert!(server.store.finish(&claimed, &drawn_result()).unwrap());

    let page = ann.get(&format!("/submissions/{id}")).await.body;
    assert!(
        page.contains("SAMPLEDRAWING"),
        "the sample's picture: {page}"
    );
    for secret in ["SECRETDRAWING", "31415926", "SECRETNOTE"] {
        assert!(
            !page.contains(secret),
            "{secret} is shown to the student: {page}"
        );
    }
    let json = ann
        .get(&format!("/submissions/{id}/result.json"))
        .await
        .body;
    assert!(json.contains("SAMPLEDRAWING"), "{json}");
    assert!(!json.contains("SECRET"), "{json}");

    let mut teacher = server.login("teacher").await;
    let page = teacher.get(&format!("/submissions/{id}")).await.body;
    for shown in [
        "SAMPLEDRAWING",
        "SECRETDRAWING",
        "No picture: <samp class=\"picture-note\">SECRETNOTE",
    ] {
        assert!(page.contains(shown), "the teacher sees {shown}: {page}");
    }
}

#[tokio::test]
async fn a_self_test_draws_the_output_on_the_students_own_input() {
    let server = server(1);
    let mut ann = server.login("ann").await;
    let reply =
        crate::http_self_test::self_test(&mut ann, "drawn", "python3", "print(42)\n", "40 2\n")
            .await;
    assert_eq!(reply.status, axum::http::StatusCode::OK, "{}", reply.body);
    let page = reply.body;
    assert!(page.contains("Your output drawn on your input:"), "{page}");
    assert!(
        page.contains(r#"<img class="picture" src="data:image/svg+xml,%3Csvg"#),
        "{page}"
    );
    assert!(page.contains("40 plus 2 is 42"), "{page}");
    assert!(
        !page.contains("example.com"),
        "the picture is cleaned: {page}"
    );

    // An input the visualizer cannot read (one number, not two): the note, no picture.
    let reply =
        crate::http_self_test::self_test(&mut ann, "drawn", "python3", "print(42)\n", "7\n").await;
    let page = reply.body;
    assert!(page.contains("No picture:"), "{page}");
    assert!(!page.contains("data:image/svg+xml"), "{page}");
}
