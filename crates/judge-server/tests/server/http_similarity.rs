//! HTTP tests of the teacher's similarity page: students are refused, the pairs of the
//! students' latest submissions are ranked (a disguised copy first), a pair opens side
//! by side with its fragments highlighted, and the page's style and script are served.

use crate::common::{cheap_hash, TestServer};
use axum::http::StatusCode;
use judge_server::store::Inserted;
use judge_server::store::{NewSubmission, Role};

fn corpus(file: &str) -> String {
    std::fs::read_to_string(
        crate::common::repository()
            .join("crates/similarity/tests/corpus")
            .join(file),
    )
    .unwrap()
}

/// ann's solution; bob's own, then ann's disguised; cid's independent one; the teacher's.
fn submit_class(server: &TestServer) {
    server
        .store
        .add_user("cid", &cheap_hash("cidcid"), Role::Student)
        .unwrap();
    let users = server.store.users().unwrap();
    let id = |name: &str| users.iter().find(|u| u.name == name).unwrap().id;
    for (user, language, file) in [
        ("ann", "c", "maze/a-original.c"),
        ("bob", "cpp", "maze/solo-1.cpp"),
        ("bob", "c", "maze/a-layout.c"),
        ("cid", "python3", "maze/solo-2.py"),
        ("teacher", "c", "maze/a-original.c"),
    ] {
        let inserted = server
            .store
            .insert_submission(
                &NewSubmission {
                    user_id: id(user),
                    problem: "add".into(),
                    language: language.into(),
                    source: corpus(file),
                    idempotency_key: None,
                },
                None,
            )
            .unwrap();
        assert!(matches!(inserted, Inserted::Queued(_)), "{inserted:?}");
        // Submission times are milliseconds: keep bob's two apart.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[tokio::test]
async fn the_teacher_sees_pairs_ranked_and_one_side_by_side() {
    let server = TestServer::new(0);
    submit_class(&server);

    let mut ann = server.login("ann").await;
    assert_eq!(
        ann.get("/teacher/similarity/add").await.status,
        StatusCode::FORBIDDEN
    );

    let mut teacher = server.login("teacher").await;
    let dashboard = teacher.get("/teacher").await;
    assert!(
        dashboard.body.contains("href=\"/teacher/similarity/add\""),
        "{}",
        dashboard.body
    );

    let page = teacher.get("/teacher/similarity/add").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    assert!(
        body.contains("3 students"),
        "the teacher's own submission is left out: {body}"
    );
    let first = body.find("<tr class=\"pair\"").expect("a flagged pair");
    let row = &body[first..first + body[first..].find("</tr>").unwrap()];
    assert!(
        row.contains("ann") && row.contains("bob"),
        "ann and bob first: {row}"
    );
    assert!(!row.contains("cid"), "{row}");
    assert!(
        body.contains("href=\"/teacher/similarity/add?pair=1#pair\""),
        "{body}"
    );
    assert!(body.contains("/static/similarity.css") && body.contains("/static/similarity.js"));
    assert!(!body.contains("<mark"), "no pair is open yet");

    let pair = teacher.get("/teacher/similarity/add?pair=1").await;
    assert_eq!(pair.status, StatusCode::OK);
    assert!(
        pair.body
            .contains("<section class=\"pair-view open\" id=\"pair\">"),
        "{}",
        pair.body
    );
    assert!(
        pair.body
            .contains("<mark class=\"f0\" data-fragment=\"0\">"),
        "fragments highlighted"
    );
    assert_eq!(
        pair.body.matches("<div class=\"side\">").count(),
        2,
        "two sides"
    );
    assert!(
        pair.body.contains("(c), "),
        "bob's latest (C) submission is compared, not his C++ one"
    );

    assert_eq!(
        teacher.get("/teacher/similarity/add?pair=99").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        teacher.get("/teacher/similarity/nope").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        teacher.get("/teacher/similarity/ghost").await.status,
        StatusCode::OK,
        "no submissions yet"
    );

    let css = teacher.get("/static/similarity.css").await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.body.contains("mark.f0"));
    assert_eq!(
        teacher.get("/static/similarity.js").await.status,
        StatusCode::OK
    );
}
