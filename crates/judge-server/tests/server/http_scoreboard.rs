//! HTTP tests of the scoreboard: judge.toml's style, the freeze for students (teachers see
//! it unfrozen), publishing, pending attempts, teachers left out.

use crate::common::{minutes_from_now, TestServer};
use axum::http::StatusCode;

/// Moves a submission's time (the store has no API for that: the server never does it).
fn backdate(server: &TestServer, id: i64, minutes_ago: i64) {
    let connection = rusqlite::Connection::open(server.store.file().unwrap()).unwrap();
    let at = judge_server::store::now_ms() - minutes_ago * 60_000;
    connection
        .execute(
            "UPDATE submissions SET submitted_at_ms = ?1 WHERE id = ?2",
            rusqlite::params![at, id],
        )
        .unwrap();
}

/// The scoreboard row of a student, as text without tags.
pub(crate) fn row(page: &str, student: &str) -> String {
    let at = page
        .find(&format!("data-student=\"{student}\""))
        .unwrap_or_else(|| panic!("no row for {student}: {page}"));
    let start = at + page[at..].find('>').unwrap() + 1;
    let end = start + page[start..].find("</tr>").unwrap();
    let mut text = String::new();
    let mut in_tag = false;
    for c in page[start..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test]
async fn the_scoreboard_freezes_for_students_until_a_teacher_publishes_it() {
    // Started 50 minutes ago, 60 minutes long, frozen for the last 15: frozen since 5
    // minutes ago.
    let server = TestServer::with(
        2,
        |c| {
            c.insert("start".into(), minutes_from_now(-50).into());
            c.insert("duration_minutes".into(), 60.into());
            c.insert("freeze_minutes".into(), 15.into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let early = bob
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let late = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    server.wait_judged(early);
    server.wait_judged(late);
    backdate(&server, early, 30);

    let frozen = ann.get("/scoreboard").await;
    assert!(
        frozen.body.contains("The scoreboard is frozen since"),
        "{}",
        frozen.body
    );
    assert_eq!(row(&frozen.body, "bob"), "1 bob 100 100 (1)");
    assert_eq!(
        row(&frozen.body, "ann"),
        "2 ann 0 0 ?1",
        "ann's attempt after the freeze is pending"
    );

    let mut teacher = server.login("teacher").await;
    let unfrozen = teacher.get("/scoreboard").await;
    assert!(unfrozen
        .body
        .contains("Students see this scoreboard frozen"));
    assert_eq!(row(&unfrozen.body, "ann"), "1 ann 100 100 (1)");
    assert_eq!(row(&unfrozen.body, "bob"), "1 bob 100 100 (1)");
    assert!(
        teacher
            .get("/teacher/export/scoreboard.csv")
            .await
            .body
            .contains("1,ann,100,"),
        "exports are unfrozen"
    );

    let csrf = teacher.csrf().await;
    let published = teacher
        .post_form(
            "/teacher/scoreboard/publish",
            &[("csrf", &csrf), ("published", "1")],
        )
        .await;
    assert_eq!(
        (published.status, published.location()),
        (StatusCode::SEE_OTHER, "/teacher")
    );
    let open = ann.get("/scoreboard").await;
    assert!(!open.body.contains("frozen"));
    assert_eq!(row(&open.body, "ann"), "1 ann 100 100 (1)");
    teacher
        .post_form(
            "/teacher/scoreboard/publish",
            &[("csrf", &csrf), ("published", "0")],
        )
        .await;
    assert!(ann.get("/scoreboard").await.body.contains("frozen since"));
    let bad = teacher
        .post_form(
            "/teacher/scoreboard/publish",
            &[("csrf", &csrf), ("published", "maybe")],
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(teacher
        .get("/teacher")
        .await
        .body
        .contains("Publish the final scoreboard"));
}

#[tokio::test]
async fn icpc_style_counts_solved_problems_then_penalty_minutes() {
    let server = TestServer::with(
        2,
        |c| {
            c.insert("scoring".into(), "icpc".into());
            c.insert("start".into(), minutes_from_now(-30).into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let mut teacher = server.login("teacher").await;
    let ids = [
        ann.submit("add", "python3", &crate::common::submission("wa_secret.py"))
            .await
            .submission_id(),
        ann.submit("add", "python3", &crate::common::submission("ac.py"))
            .await
            .submission_id(),
        bob.submit("add", "python3", &crate::common::submission("ac.py"))
            .await
            .submission_id(),
        teacher
            .submit("add", "python3", &crate::common::submission("ac.py"))
            .await
            .submission_id(),
    ];
    for id in ids {
        server.wait_judged(id);
    }
    let page = ann.get("/scoreboard").await;
    assert!(page.body.contains("ICPC scoring") && page.body.contains(">Penalty<"));
    let bob_row = row(&page.body, "bob");
    let ann_row = row(&page.body, "ann");
    // bob solved at minute 30 with nothing rejected; ann at 30 after one WA: 30 + 20.
    assert!(
        bob_row.starts_with("1 bob 1 30 + 30′") || bob_row.starts_with("1 bob 1 29 + 29′"),
        "{bob_row}"
    );
    assert!(
        ann_row.starts_with("2 ann 1 50 +1 30′") || ann_row.starts_with("2 ann 1 49 +1 29′"),
        "{ann_row}"
    );
    assert!(page.body.find("data-student=\"bob\"") < page.body.find("data-student=\"ann\""));
    assert!(
        !page.body.contains("data-student=\"teacher\""),
        "teachers are not ranked"
    );
}

#[tokio::test]
async fn attempts_not_judged_yet_show_as_pending() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    ann.submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/scoreboard").await;
    assert_eq!(row(&page.body, "ann"), "1 ann 0 0 ?1");
    assert_eq!(row(&page.body, "bob"), "1 bob 0");
    assert!(page.body.contains("IOI scoring"));
}
