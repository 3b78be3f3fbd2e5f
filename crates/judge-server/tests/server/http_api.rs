//! The JSON API with API tokens: who may call it, submitting (with an idempotency key),
//! a submission's state and results under the pages' visibility rules, the scoreboard
//! and the problems.

use crate::common::TestServer;
use axum::http::StatusCode;

/// The secret test's numbers: an answer that shows one of them to a student leaks.
const SECRETS: [&str; 3] = ["31415926", "27182818", "58598744"];

fn token(server: &TestServer, name: &str) -> String {
    judge_server::accounts::issue_token(&server.store, name)
        .unwrap()
        .1
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

#[tokio::test]
async fn a_token_is_needed_and_a_revoked_one_stops_working() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let reply = client.get("/api/v1/problems").await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.headers["www-authenticate"], "Bearer");
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("judge users token"));
    let ann = token(&server, "ann");
    let auth = bearer(&ann);
    let ok = client
        .get_with("/api/v1/problems", &[("authorization", &auth)])
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    let problems = ok.json();
    assert_eq!(problems["problems"][0]["id"], "add");
    assert_eq!(problems["problems"][0]["time_limit_s"], 1.0);
    assert!(problems["languages"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["id"] == "python3"));
    let wrong = client
        .get_with(
            "/api/v1/problems",
            &[("authorization", "Bearer judge_0000")],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let id = server.store.tokens().unwrap()[0].id;
    assert!(server.store.revoke_token(id).unwrap());
    let revoked = client
        .get_with("/api/v1/problems", &[("authorization", &auth)])
        .await;
    assert_eq!(revoked.status, StatusCode::UNAUTHORIZED);
    assert!(revoked.json()["error"]
        .as_str()
        .unwrap()
        .contains("revoked"));
    // Unknown routes answer JSON too.
    let missing = client
        .get_with("/api/v1/nothing", &[("authorization", &auth)])
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.json()["error"].is_string());
}

/// Issue 28: `judge users reset-password` (a password that leaked, an account taken over)
/// left the account's API tokens working. A reset revokes them and ends its sessions;
/// other accounts keep theirs.
#[tokio::test]
async fn a_password_reset_revokes_the_accounts_tokens_and_ends_its_sessions() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut client = server.client();
    let (ann_token, bob_token) = (
        bearer(&token(&server, "ann")),
        bearer(&token(&server, "bob")),
    );
    for auth in [&ann_token, &bob_token] {
        let ok = client
            .get_with("/api/v1/problems", &[("authorization", auth)])
            .await;
        assert_eq!(ok.status, StatusCode::OK, "{}", ok.body);
    }
    assert_eq!(ann.get("/problems").await.status, StatusCode::OK);

    judge_server::accounts::reset_password(&server.store, "ann").unwrap();

    let revoked = client
        .get_with("/api/v1/problems", &[("authorization", &ann_token)])
        .await;
    assert_eq!(revoked.status, StatusCode::UNAUTHORIZED, "{}", revoked.body);
    let logged_out = ann.get("/problems").await;
    assert_eq!(
        logged_out.status,
        StatusCode::SEE_OTHER,
        "{}",
        logged_out.body
    );
    assert!(
        logged_out.location().starts_with("/login"),
        "{logged_out:?}"
    );
    let other = client
        .get_with("/api/v1/problems", &[("authorization", &bob_token)])
        .await;
    assert_eq!(
        other.status,
        StatusCode::OK,
        "bob's token stays: {}",
        other.body
    );
}

#[tokio::test]
async fn submissions_go_through_the_api_with_the_pages_rules() {
    let server = TestServer::new(2);
    let mut client = server.client();
    let (ann, bob, teacher) = (
        bearer(&token(&server, "ann")),
        bearer(&token(&server, "bob")),
        bearer(&token(&server, "teacher")),
    );
    let body = serde_json::json!({
        "problem": "add", "language": "python3",
        "source": crate::common::submission("wa_secret.py"),
    });
    let created = client
        .post_json(
            "/api/v1/submissions",
            &body,
            &[("authorization", &ann), ("idempotency-key", "ann-1")],
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.json()["id"].as_i64().unwrap();
    assert_eq!(
        created.headers["location"],
        format!("/api/v1/submissions/{id}")
    );
    // The same key again (a client that lost the answer): the same submission.
    let again = client
        .post_json(
            "/api/v1/submissions",
            &body,
            &[("authorization", &ann), ("idempotency-key", "ann-1")],
        )
        .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json()["id"].as_i64(), Some(id));
    server.wait_judged(id);
    let path = format!("/api/v1/submissions/{id}");
    let mine = client
        .get_with(&path, &[("authorization", &ann)])
        .await
        .json();
    assert_eq!(mine["submission"]["state"], "done");
    assert_eq!(mine["result"]["verdict"], "WA");
    assert_eq!(mine["result"]["tests"].as_array().unwrap().len(), 3);
    assert!(
        mine["status"]
            .as_str()
            .unwrap()
            .starts_with("WA on secret/"),
        "{mine}"
    );
    let text = mine.to_string();
    assert!(
        !SECRETS.iter().any(|s| text.contains(s)),
        "a student sees no secret data: {text}"
    );
    let theirs = client.get_with(&path, &[("authorization", &bob)]).await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let teachers = client
        .get_with(&path, &[("authorization", &teacher)])
        .await
        .json();
    assert!(
        SECRETS.iter().any(|s| teachers.to_string().contains(s)),
        "the teacher sees the judge's messages"
    );
    let board = client
        .get_with("/api/v1/scoreboard", &[("authorization", &bob)])
        .await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.body);
    let text = board.body.clone();
    assert!(
        text.contains("\"ann\"") && text.contains("\"bob\""),
        "{text}"
    );
    assert_eq!(
        text.matches("\"ann\"").count(),
        1,
        "one row per student: {text}"
    );

    // The form's checks, as JSON errors.
    let cases: [(serde_json::Value, StatusCode); 4] = [
        (
            serde_json::json!({"problem": "nope", "language": "python3", "source": "x"}),
            StatusCode::NOT_FOUND,
        ),
        (
            serde_json::json!({"problem": "add", "language": "cobol", "source": "x"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            serde_json::json!({"problem": "add", "language": "python3", "source": "  "}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            serde_json::json!({"problem": "add", "source": "print(1)", "file_name": "a.py", "extra": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (body, status) in cases {
        let reply = client
            .post_json("/api/v1/submissions", &body, &[("authorization", &bob)])
            .await;
        assert_eq!(reply.status, status, "{body}: {}", reply.body);
        assert!(reply.json()["error"].is_string(), "{}", reply.body);
    }
    // The language may come from the file's name.
    let by_name = client
        .post_json(
            "/api/v1/submissions",
            &serde_json::json!({"problem": "add", "file_name": "sum.py", "source": crate::common::submission("ac.py")}),
            &[("authorization", &bob)],
        )
        .await;
    assert_eq!(by_name.status, StatusCode::CREATED, "{}", by_name.body);
    let bob_id = by_name.json()["id"].as_i64().unwrap();
    assert_eq!(
        server.wait_judged(bob_id).result.unwrap().verdict,
        judge_model::Verdict::AC
    );
}
