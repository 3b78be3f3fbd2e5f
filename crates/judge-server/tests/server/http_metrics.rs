//! `GET /metrics` (Prometheus' text format) and `GET /healthz`: who may read the metrics
//! (this machine, or a teacher's API token; not a student's token, not a proxied request),
//! and the figures after a few submissions are judged.

use crate::common::TestServer;
use axum::http::StatusCode;

fn bearer(server: &TestServer, name: &str) -> String {
    let token = judge_server::accounts::issue_token(&server.store, name)
        .unwrap()
        .1;
    format!("Bearer {token}")
}

/// The value of the sample `line` starts with (`judge_results_total{verdict="AC"}`).
fn value(text: &str, sample: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(sample)?.strip_prefix(' '))
        .map(|v| v.parse().unwrap())
}

#[tokio::test]
async fn metrics_count_the_queue_verdicts_waits_and_workers_for_this_machine_or_a_teacher() {
    let server = TestServer::new(2);
    let mut ann = server.login("ann").await;
    let ids = [
        ann.submit("add", "python3", &crate::common::submission("ac.py"))
            .await
            .submission_id(),
        ann.submit("add", "python3", &crate::common::submission("wa_secret.py"))
            .await
            .submission_id(),
    ];
    for id in ids {
        server.wait_judged(id);
    }

    // From this machine (the test client's address is 127.0.0.1).
    let mut local = server.client();
    let reply = local.get("/metrics").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        reply.headers["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = &reply.body;
    assert_eq!(
        value(text, "judge_results_total{verdict=\"AC\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(text, "judge_results_total{verdict=\"WA\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(text, "judge_queue_submissions{state=\"queued\"}"),
        Some(0.0)
    );
    assert_eq!(
        value(text, "judge_queue_submissions{state=\"judging\"}"),
        Some(0.0)
    );
    assert_eq!(
        value(text, "judge_submission_wait_seconds_count"),
        Some(2.0)
    );
    assert_eq!(
        value(text, "judge_submission_wait_seconds_bucket{le=\"+Inf\"}"),
        Some(2.0)
    );
    assert!(value(text, "judge_submission_wait_seconds_bucket{le=\"900\"}") == Some(2.0));
    assert_eq!(value(text, "judge_server_workers"), Some(2.0));
    assert_eq!(value(text, "judge_store_errors_total"), Some(0.0));
    let seen = text
        .lines()
        .find(|l| l.starts_with("judge_worker_last_seen_timestamp_seconds{worker=\"serve@"))
        .unwrap_or_else(|| panic!("{text}"));
    let seen: f64 = seen.rsplit(' ').next().unwrap().parse().unwrap();
    let now = judge_server::store::now_ms() as f64 / 1000.0;
    assert!((now - seen).abs() < 120.0, "{seen} vs {now}");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (_, number) = line.rsplit_once(' ').unwrap();
        assert!(number.parse::<f64>().is_ok(), "{line}");
    }
    for family in ["judge_queue_submissions", "judge_submission_wait_seconds"] {
        assert!(text.contains(&format!("# TYPE {family} ")), "{text}");
    }

    // Through a proxy on this machine, or from elsewhere: a teacher's token only.
    let proxied = local
        .get_with("/metrics", &[("x-forwarded-for", "10.0.0.7")])
        .await;
    assert_eq!(proxied.status, StatusCode::UNAUTHORIZED, "{}", proxied.body);
    let mut remote = server.client();
    remote.peer = "10.0.0.7:5000".parse().unwrap();
    assert_eq!(
        remote.get("/metrics").await.status,
        StatusCode::UNAUTHORIZED
    );
    let student = bearer(&server, "ann");
    let refused = remote
        .get_with("/metrics", &[("authorization", &student)])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let teacher = bearer(&server, "teacher");
    let allowed = remote
        .get_with("/metrics", &[("authorization", &teacher)])
        .await;
    assert_eq!(allowed.status, StatusCode::OK, "{}", allowed.body);
    assert!(allowed
        .body
        .contains("judge_results_total{verdict=\"AC\"} 1"));

    // The liveness check stays open to anyone.
    let health = remote.get("/healthz").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["queued"], 0);
}
