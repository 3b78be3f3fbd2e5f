//! HTTP tests of live status: the server-sent events of a submission's progress and
//! verdict (the stream ends once all are done), the polled JSON beside it, and what a
//! student may follow.

use crate::common::TestServer;
use axum::http::StatusCode;

/// The `data:` payloads of a server-sent event stream's `status` events.
fn status_events(body: &str) -> Vec<serde_json::Value> {
    body.split("\n\n")
        .filter(|frame| frame.lines().any(|l| l == "event: status"))
        .map(|frame| {
            let data: String = frame
                .lines()
                .filter_map(|l| l.strip_prefix("data: "))
                .collect();
            serde_json::from_str(&data).unwrap_or_else(|e| panic!("{e}: {frame}"))
        })
        .collect()
}

#[tokio::test]
async fn a_stream_follows_a_submission_until_its_verdict_with_cpu_and_memory() {
    let server = TestServer::new(1);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &crate::common::submission("wa_secret.py"))
        .await
        .submission_id();
    let reply = ann.get(&format!("/submissions/events?ids={id}")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    assert_eq!(
        reply.headers["x-accel-buffering"], "no",
        "nginx does not buffer it"
    );
    let events = status_events(&reply.body);
    assert!(!events.is_empty(), "{}", reply.body);
    let last = events.last().unwrap()["submissions"][0].clone();
    assert_eq!(last["id"], id);
    assert_eq!(
        last["done"], true,
        "the stream ends with the verdict: {last}"
    );
    assert_eq!(last["verdict"], "WA");
    assert_eq!(
        last["text"], "WA on secret/1 (2/3)",
        "a student sees the test's number"
    );
    assert!(last["cpu"].as_str().unwrap().ends_with(" s"), "{last}");
    assert!(last["memory"].as_str().unwrap().ends_with("iB"), "{last}");
    // Each event carries only what changed: never the same status twice in a row.
    let texts: Vec<String> = events
        .iter()
        .map(|e| e["submissions"][0]["text"].to_string())
        .collect();
    assert!(texts.windows(2).all(|w| w[0] != w[1]), "{texts:?}");

    // Once done, a new stream says so at once and ends; the polled JSON agrees.
    let again = status_events(&ann.get(&format!("/submissions/events?ids={id}")).await.body);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0]["submissions"][0], last);
    let polled = ann
        .get(&format!("/submissions/status?ids={id}"))
        .await
        .json();
    assert_eq!(polled["submissions"][0], last);
}

#[tokio::test]
async fn a_student_cannot_follow_anothers_submission() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let id = ann
        .submit("add", "python3", "print(1)")
        .await
        .submission_id();
    let theirs = bob.get(&format!("/submissions/events?ids={id}")).await;
    assert_eq!(theirs.status, StatusCode::OK);
    assert!(status_events(&theirs.body).is_empty(), "{}", theirs.body);
    let bad = bob.get("/submissions/events?ids=x").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let mut anonymous = server.client();
    assert_ne!(
        anonymous
            .get(&format!("/submissions/events?ids={id}"))
            .await
            .status,
        StatusCode::OK
    );
}
