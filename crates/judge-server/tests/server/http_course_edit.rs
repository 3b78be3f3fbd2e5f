//! The course's contests edited from the JSON API and the teacher's pages: each change
//! written to judge.toml (comments kept) and in force at once; versioned updates (a stale
//! one is a 409); a student's token refused; bad input refused with judge.toml's bytes
//! unchanged; freeze now / unfreeze seen on the scoreboard; a restart keeps every change.

use crate::common::{
    cheap_hash, copy_problems, minutes_from_now, submission, Client, Reply, TestServer,
};
use axum::http::StatusCode;
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_server::store::Role;
use judge_server::{Server, ServerOptions};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A comment the teacher wrote at the top of judge.toml.
const COMMENT: &str = "# Algorithms 2026: keep this comment\n";

/// The fixture course with a comment added at the top of judge.toml; its file.
fn course(workers: usize) -> (TestServer, PathBuf) {
    let server = TestServer::new(workers);
    let file = server._dir.path().join("judge.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{COMMENT}{text}")).unwrap();
    (server, file)
}

fn token(server: &TestServer, name: &str) -> String {
    format!(
        "Bearer {}",
        judge_server::accounts::issue_token(&server.store, name)
            .unwrap()
            .1
    )
}

async fn call(
    client: &mut Client,
    method: &str,
    path: &str,
    auth: &str,
    body: Option<&Value>,
) -> Reply {
    client
        .json_request(method, path, body, &[("authorization", auth)])
        .await
}

/// A new contest `week2` (running, 60 more minutes, a 30-minute freeze) with `add` (50
/// points) and `parts` (a problem no contest listed before).
fn week2() -> Value {
    json!({
        "id": "week2",
        "title": "Week 2",
        "kind": "contest",
        "scoring": "icpc",
        "start": minutes_from_now(-10),
        "end": minutes_from_now(60),
        "freeze_minutes": 30,
        "languages": ["python3"],
        "problems": [{"id": "add", "points": 50}, {"id": "parts", "points": 25, "feedback": "all-tests"}],
    })
}

#[tokio::test]
async fn a_teachers_token_lists_creates_changes_and_deletes_contests() {
    let (server, file) = course(0);
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let listed = call(&mut client, "GET", "/api/v1/contests", &auth, None).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.body);
    let contests = listed.json()["contests"].as_array().unwrap().clone();
    assert_eq!(contests.len(), 1);
    assert_eq!(contests[0]["id"], "main");
    assert_eq!(contests[0]["first"], true);

    let made = call(
        &mut client,
        "POST",
        "/api/v1/contests",
        &auth,
        Some(&week2()),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let made = made.json();
    assert_eq!(made["title"], "Week 2");
    assert_eq!(made["scoring"], "icpc");
    assert_eq!(
        made["problems"][1],
        json!({"id": "parts", "points": 25.0, "feedback": "all-tests"})
    );
    assert_eq!(made["phase"], "running");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(COMMENT), "{text}");
    let config = JudgeConfig::load(&file).unwrap();
    let written = config.course().contest("week2").unwrap().clone();
    assert_eq!(written.problems[0].points, 50.0);
    assert_eq!(written.freeze_minutes, Some(30));

    let one = call(&mut client, "GET", "/api/v1/contests/week2", &auth, None).await;
    assert_eq!(one.status, StatusCode::OK);
    let version = one.json()["version"].as_str().unwrap().to_string();
    assert_eq!(
        one.headers.get("etag").unwrap().to_str().unwrap(),
        format!("\"{version}\"")
    );

    // Without a version: refused, the current one named.
    let blind = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &auth,
        Some(&json!({"title": "X"})),
    )
    .await;
    assert_eq!(
        blind.status,
        StatusCode::PRECONDITION_REQUIRED,
        "{}",
        blind.body
    );
    assert!(blind.body.contains(&version), "{}", blind.body);

    let changed = client
        .json_request(
            "PATCH",
            "/api/v1/contests/week2",
            Some(&json!({"title": "Week two", "problems": [{"id": "parts"}]})),
            &[
                ("authorization", &auth),
                ("if-match", &format!("\"{version}\"")),
            ],
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let changed = changed.json();
    assert_eq!(changed["title"], "Week two");
    // A problem kept keeps its points and feedback.
    assert_eq!(
        changed["problems"],
        json!([{"id": "parts", "points": 25.0, "feedback": "all-tests"}])
    );
    let new_version = changed["version"].as_str().unwrap().to_string();
    assert_ne!(new_version, version);

    // The old version again: 409 with the current one, nothing changed.
    let before = std::fs::read(&file).unwrap();
    let stale = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &auth,
        Some(&json!({"title": "Lost edit", "version": version})),
    )
    .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert_eq!(stale.json()["version"], new_version.as_str());
    assert_eq!(std::fs::read(&file).unwrap(), before);

    // Deleting: the version is needed, then it is gone from judge.toml and the server.
    let stale = client
        .json_request(
            "DELETE",
            "/api/v1/contests/week2",
            None,
            &[("authorization", &auth), ("if-match", &version)],
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    let gone = client
        .json_request(
            "DELETE",
            "/api/v1/contests/week2",
            None,
            &[("authorization", &auth), ("if-match", &new_version)],
        )
        .await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
    let missing = call(&mut client, "GET", "/api/v1/contests/week2", &auth, None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains("week2") && text.starts_with(COMMENT),
        "{text}"
    );
}

#[tokio::test]
async fn a_students_token_gets_403_on_every_route() {
    let (server, file) = course(0);
    let auth = token(&server, "ann");
    let before = std::fs::read(&file).unwrap();
    let mut client = server.client();
    for (method, path, body) in [
        ("GET", "/api/v1/contests", None),
        ("POST", "/api/v1/contests", Some(week2())),
        ("GET", "/api/v1/contests/main", None),
        (
            "PATCH",
            "/api/v1/contests/main",
            Some(json!({"frozen": true, "version": "x"})),
        ),
        ("DELETE", "/api/v1/contests/main", None),
    ] {
        let reply = call(&mut client, method, path, &auth, body.as_ref()).await;
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{method} {path}: {}",
            reply.body
        );
        assert_eq!(reply.json()["code"], "forbidden");
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let anonymous = server
        .client()
        .json_request("GET", "/api/v1/contests", None, &[])
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn bad_input_is_refused_with_why_and_changes_nothing() {
    let (server, file) = course(0);
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let version = call(&mut client, "GET", "/api/v1/contests/main", &auth, None)
        .await
        .json()["version"]
        .as_str()
        .unwrap()
        .to_string();
    let before = std::fs::read(&file).unwrap();
    let with = |change: Value| {
        let mut body = week2();
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let cases: Vec<(&str, &str, Value, &str)> = vec![
        (
            "POST",
            "/api/v1/contests",
            with(json!({"problems": [{"id": "nowhere"}]})),
            "no problem \"nowhere\"",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"end": minutes_from_now(-20)})),
            "end must be after the start",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"id": "main"})),
            "already has a contest \"main\"",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"problems": [{"id": "add", "points": -5}]})),
            "0 or more",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"id": "a b"})),
            "cannot be a contest id",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"id": "../x"})),
            "cannot be a contest id",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"start": "tomorrow"})),
            "not an RFC 3339 time",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"languages": ["cobol"]})),
            "no language \"cobol\"",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"problems": [{"id": "add"}, {"id": "add"}]})),
            "listed twice",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"kind": "homework", "end": null})),
            "needs a deadline",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"freeze_minutes": -3})),
            "freeze_minutes",
        ),
        (
            "POST",
            "/api/v1/contests",
            with(json!({"colour": "red"})),
            "unknown field",
        ),
        (
            "PATCH",
            "/api/v1/contests/main",
            json!({"kind": "homework", "version": version}),
            "is a contest",
        ),
        (
            "PATCH",
            "/api/v1/contests/main",
            json!({"id": "other", "version": version}),
            "cannot change",
        ),
        (
            "PATCH",
            "/api/v1/contests/main",
            json!({"problems": [{"id": "add", "points": "many"}], "version": version}),
            "points",
        ),
        (
            "PATCH",
            "/api/v1/contests/nothing",
            json!({"title": "x", "version": version}),
            "no contest",
        ),
        (
            // The first contest's end is its length: a freeze without one never comes.
            "PATCH",
            "/api/v1/contests/main",
            json!({"freeze_minutes": 30, "duration_minutes": null, "version": version}),
            "give the contest an end",
        ),
    ];
    for (method, path, body, why) in cases {
        let reply = call(&mut client, method, path, &auth, Some(&body)).await;
        assert!(
            matches!(reply.status.as_u16(), 400 | 404 | 422),
            "{body}: {} {}",
            reply.status,
            reply.body
        );
        let message = reply.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains(why), "{body}: {why:?} not in {message}");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "{body} changed judge.toml"
        );
    }
    // A body that is not JSON.
    let reply = client
        .json_request(
            "POST",
            "/api/v1/contests",
            None,
            &[
                ("authorization", &auth),
                ("content-type", "application/json"),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    // The first contest stays.
    let reply = client
        .json_request(
            "DELETE",
            "/api/v1/contests/main",
            None,
            &[("authorization", &auth), ("if-match", &version)],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(reply.body.contains("cannot be deleted"), "{}", reply.body);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[tokio::test]
async fn of_two_edits_made_from_the_same_version_one_gets_409() {
    let (server, file) = course(0);
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let version = call(&mut client, "GET", "/api/v1/contests/main", &auth, None)
        .await
        .json()["version"]
        .as_str()
        .unwrap()
        .to_string();
    let (mut one, mut two) = (server.client(), server.client());
    let by_ann = json!({"title": "By Ann's teacher", "version": version});
    let by_bob = json!({"title": "By Bob's teacher", "version": version});
    let (a, b) = tokio::join!(
        call(
            &mut one,
            "PATCH",
            "/api/v1/contests/main",
            &auth,
            Some(&by_ann)
        ),
        call(
            &mut two,
            "PATCH",
            "/api/v1/contests/main",
            &auth,
            Some(&by_bob)
        ),
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} / {}", a.body, b.body);
    let winner = if a.status == StatusCode::OK { &a } else { &b };
    let title = winner.json()["title"].as_str().unwrap().to_string();
    let config = JudgeConfig::load(&file).unwrap();
    assert_eq!(config.course().first().title, title);
}

/// Stops `server` and starts a new one on the same judge.toml and data folder.
fn restart(server: &mut TestServer) {
    server.server.take().unwrap().stop();
    let file = server._dir.path().join("judge.toml");
    let config = JudgeConfig::load(&file).unwrap();
    let judge = Arc::new(Judge::new(config, Arc::new(AtomicBool::new(false))).unwrap());
    let options = ServerOptions {
        listen: "127.0.0.1:0".into(),
        data_dir: server._dir.path().join("data"),
        workers: 1,
        ..ServerOptions::default()
    };
    let started = Server::start(judge, options).unwrap();
    server.router = started.router();
    server.store = started.state().store.clone();
    server.server = Some(started);
}

/// The student's scoreboard of `contest` through the API: whether frozen, and ann's
/// solved count.
async fn board(server: &TestServer, auth: &str, contest: &str) -> (bool, u64) {
    let reply = server
        .client()
        .json_request(
            "GET",
            &format!("/api/v1/scoreboard?contest={contest}"),
            None,
            &[("authorization", auth)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let json = reply.json();
    let solved = json["scoreboard"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["student"] == "ann")
        .map_or(0, |r| r["solved"].as_u64().unwrap());
    (json["frozen"].as_bool().unwrap(), solved)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_contest_judges_at_once_freezes_now_unfreezes_and_survives_a_restart() {
    let (mut server, file) = course(1);
    let teacher = token(&server, "teacher");
    let ann = token(&server, "ann");
    let mut client = server.client();
    let made = call(
        &mut client,
        "POST",
        "/api/v1/contests",
        &teacher,
        Some(&week2()),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let version = made.json()["version"].as_str().unwrap().to_string();
    // Not frozen yet: the freeze is the last 30 of 70 minutes.
    assert_eq!(board(&server, &ann, "week2").await, (false, 0));

    // Freeze now: a submission from now on is hidden from students.
    let frozen = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &teacher,
        Some(&json!({"frozen": true, "version": version})),
    )
    .await;
    assert_eq!(frozen.status, StatusCode::OK, "{}", frozen.body);
    assert_eq!(frozen.json()["frozen"], true);
    // `parts` was in no contest before: submittable at once, without a restart.
    let sent = client
        .post_json(
            "/api/v1/submissions",
            &json!({"problem": "add", "language": "python3", "source": submission("ac.py"), "contest": "week2"}),
            &[("authorization", &ann)],
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let id = sent.json()["id"].as_i64().unwrap();
    server.wait_judged(id);
    let parts = client
        .post_json(
            "/api/v1/submissions",
            &json!({"problem": "parts", "language": "python3", "source": "print(0)\n", "contest": "week2"}),
            &[("authorization", &ann)],
        )
        .await;
    assert_eq!(parts.status, StatusCode::CREATED, "{}", parts.body);
    assert_eq!(board(&server, &ann, "week2").await, (true, 0));

    // Unfreeze: the board is public again, the accepted submission on it.
    let public = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &teacher,
        Some(&json!({"frozen": false, "version": version})),
    )
    .await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.body);
    assert_eq!(public.json()["frozen"], false);
    assert_eq!(
        public.json()["published"],
        false,
        "unfreezing a freeze made by hand keeps the scheduled one: {}",
        public.body
    );
    assert_eq!(board(&server, &ann, "week2").await, (false, 1));

    // A restart keeps the contest, its change, the board's state and the comment.
    let renamed = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &teacher,
        Some(&json!({"title": "Week 2 (renamed)", "version": version})),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    restart(&mut server);
    let mut client = server.client();
    let after = call(&mut client, "GET", "/api/v1/contests/week2", &teacher, None).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let after = after.json();
    assert_eq!(after["title"], "Week 2 (renamed)");
    assert_eq!(after["frozen"], false);
    assert_eq!(after["problems"].as_array().unwrap().len(), 2);
    assert!(std::fs::read_to_string(&file).unwrap().starts_with(COMMENT));
    assert_eq!(board(&server, &ann, "week2").await, (false, 1));

    // End now: over at once, and the freeze not moved into the past.
    let version = after["version"].as_str().unwrap().to_string();
    let ended = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/week2",
        &teacher,
        Some(&json!({"end_now": true, "version": version})),
    )
    .await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    assert_eq!(ended.json()["phase"], "over");
    assert_eq!(
        ended.json()["frozen"],
        true,
        "the scheduled freeze, kept through the unfreeze, comes with the end: {}",
        ended.body
    );
    let late = client
        .post_json(
            "/api/v1/submissions",
            &json!({"problem": "add", "language": "python3", "source": submission("ac.py"), "contest": "week2"}),
            &[("authorization", &ann)],
        )
        .await;
    assert_eq!(late.status, StatusCode::FORBIDDEN, "{}", late.body);
    // A contest with submissions is not deleted.
    let kept = client
        .json_request(
            "DELETE",
            "/api/v1/contests/week2",
            None,
            &[("authorization", &teacher), ("if-match", &version)],
        )
        .await;
    assert_eq!(
        kept.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        kept.body
    );
    assert!(kept.body.contains("2 submissions"), "{}", kept.body);
}

#[tokio::test]
async fn the_teachers_page_edits_contests_with_csrf_and_versions() {
    let (server, file) = course(0);
    server
        .store
        .add_user("carol", &cheap_hash("carolcarol"), Role::Student)
        .unwrap();
    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/teacher/contests").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Edit contests") && page.body.contains("Freeze now"));
    // The course has no time yet: each offset is UTC, marked for the page's script to put
    // the browser's own in its place (a course with times offers theirs: w4 below).
    assert!(
        page.body
            .contains("name=\"start_offset\" value=\"Z\" data-browser-offset>"),
        "{}",
        page.body
    );
    let csrf = page.csrf();
    let marker = "name=\"version\" value=\"";
    let at = page.body.find(marker).unwrap() + marker.len();
    let version = page.body[at..at + 16].to_string();

    // Without the CSRF token: refused, nothing written.
    let before = std::fs::read(&file).unwrap();
    let forged = teacher
        .post_form(
            "/teacher/contests",
            &[
                ("id", "w3"),
                ("title", "W3"),
                ("start", &minutes_from_now(0)),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    assert_eq!(std::fs::read(&file).unwrap(), before);

    // A refused form comes back as typed, with why, and changes nothing.
    let refused = teacher
        .post_form(
            "/teacher/contests",
            &[
                ("csrf", &csrf),
                ("id", "w3"),
                ("title", "Week 3, as typed"),
                ("kind", "homework"),
                ("scoring", "icpc"),
                ("start", "2026-12-07 09:00"),
                ("end", ""),
                ("freeze_minutes", ""),
                ("languages", ""),
                ("problems", "add 40\nparts 60 all-tests"),
            ],
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    for kept in [
        "Not saved:",
        "not an RFC 3339 time",
        "value=\"Week 3, as typed\"",
        "value=\"2026-12-07 09:00\"",
        "value=\"w3\"",
        "<option value=\"icpc\" selected>",
        "<option value=\"homework\" selected>",
        "parts 60 all-tests</textarea>",
    ] {
        assert!(
            refused.body.contains(kept),
            "{kept} not in {}",
            refused.body
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);

    let start = minutes_from_now(-5);
    let end = minutes_from_now(55);
    let made = teacher
        .post_form(
            "/teacher/contests",
            &[
                ("csrf", &csrf),
                ("id", "w3"),
                ("title", "Week 3"),
                ("kind", "homework"),
                ("scoring", "ioi"),
                ("start", &start),
                ("end", &end),
                ("late_until", ""),
                ("freeze_minutes", ""),
                ("languages", ""),
                ("problems", "add 40\nparts 60 all-tests"),
            ],
        )
        .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let config = JudgeConfig::load(&file).unwrap();
    let w3 = config.course().contest("w3").unwrap().clone();
    assert_eq!(
        w3.problems.iter().map(|p| p.points).collect::<Vec<_>>(),
        [40.0, 60.0]
    );

    // Times as a teacher types them (a space, no seconds) with their offset, read back
    // in that offset.
    let typed = teacher
        .post_form(
            "/teacher/contests",
            &[
                ("csrf", &csrf),
                ("id", "w4"),
                ("title", "Week 4"),
                ("kind", "homework"),
                ("scoring", "ioi"),
                ("start", "2030-01-07 09:00+08:00"),
                ("end", "2030-01-14 09:00+08:00"),
                ("problems", "add 10"),
            ],
        )
        .await;
    assert_eq!(typed.status, StatusCode::SEE_OTHER, "{}", typed.body);
    let page = teacher.get("/teacher/contests").await;
    let config = JudgeConfig::load(&file).unwrap();
    let w4 = config.course().contest("w4").unwrap().clone();
    assert_eq!(w4.start.unwrap().0.unix_timestamp(), 1_893_978_000);
    // Each time in the browser's date-and-time field, its offset beside it (issue 30's
    // walk, item 13).
    assert!(
        page.body.contains(
            "type=\"datetime-local\" name=\"start\" value=\"2030-01-07T09:00\"></label> <label>offset from UTC <input type=\"text\" size=\"6\" name=\"start_offset\" value=\"+08:00\">"
        ),
        "{}",
        page.body
    );
    // The date-and-time field's value and its offset, saved as one time; a time typed
    // whole (a browser without the field) is taken as typed, whatever the offset field.
    let split = teacher
        .post_form(
            "/teacher/contests",
            &[
                ("csrf", &csrf),
                ("id", "w5"),
                ("title", "Week 5"),
                ("kind", "homework"),
                ("scoring", "ioi"),
                ("start", "2030-01-07T09:00"),
                ("start_offset", "+08:00"),
                ("end", "2030-01-14 01:00Z"),
                ("end_offset", "+08:00"),
                ("late_until", ""),
                ("late_until_offset", "+08:00"),
                ("problems", "add 10"),
            ],
        )
        .await;
    assert_eq!(split.status, StatusCode::SEE_OTHER, "{}", split.body);
    let config = JudgeConfig::load(&file).unwrap();
    let w5 = config.course().contest("w5").unwrap().clone();
    assert_eq!(w5.start.unwrap().0.unix_timestamp(), 1_893_978_000);
    assert_eq!(
        w5.end.unwrap().0.unix_timestamp(),
        1_893_978_000 + 7 * 86_400
    );
    assert_eq!(w5.late_until, None);

    // The first contest's form from the page's version: saved once; a second save from
    // the same (now stale) form is refused with a reload message, in Chinese too.
    let fields = |title: &'static str| {
        vec![
            ("csrf", csrf.clone()),
            ("version", version.clone()),
            ("title", title.to_string()),
            ("scoring", "ioi".to_string()),
            ("start", String::new()),
            ("duration_minutes", String::new()),
            ("freeze_minutes", String::new()),
            ("languages", "python3, c".to_string()),
            ("problems", "add 100\nbroken 100\nghost 100".to_string()),
        ]
    };
    let form = fields("Main, renamed");
    let borrowed: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let saved = teacher.post_form("/teacher/contests/main", &borrowed).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let form = fields("Main, lost");
    let borrowed: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let stale = teacher.post_form("/teacher/contests/main", &borrowed).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
    assert!(
        stale.body.contains("changed by someone else"),
        "{}",
        stale.body
    );
    assert!(
        stale.body.contains("value=\"Main, lost\""),
        "the stale form is kept as typed: {}",
        stale.body
    );
    assert!(
        stale
            .body
            .contains(&format!("name=\"version\" value=\"{version}\"")),
        "the stale form keeps its old version, so saving it again is refused again: {}",
        stale.body
    );
    let mut chinese = teacher.with_header("accept-language", "zh-CN");
    let stale = chinese.post_form("/teacher/contests/main", &borrowed).await;
    assert!(stale.body.contains("已被他人修改"), "{}", stale.body);
    let config = JudgeConfig::load(&file).unwrap();
    assert_eq!(config.course().first().title, "Main, renamed");
    assert_eq!(
        config.course().first().languages,
        Some(vec!["python3".to_string(), "c".to_string()])
    );

    // The buttons: freeze now and unfreeze, seen on the student's scoreboard page.
    let page = chinese.get("/teacher/contests").await;
    let at = page.body.find(marker).unwrap() + marker.len();
    let version = page.body[at..at + 16].to_string();
    let freeze = chinese
        .post_form(
            "/teacher/contests/main/action",
            &[("csrf", &csrf), ("version", &version), ("action", "freeze")],
        )
        .await;
    assert_eq!(freeze.status, StatusCode::SEE_OTHER, "{}", freeze.body);
    let mut carol = server.login("carol").await;
    let board = carol.get("/scoreboard").await;
    assert!(
        board.body.contains("The scoreboard is frozen since"),
        "{}",
        board.body
    );
    let unfreeze = chinese
        .post_form(
            "/teacher/contests/main/action",
            &[
                ("csrf", &csrf),
                ("version", &version),
                ("action", "unfreeze"),
            ],
        )
        .await;
    assert_eq!(unfreeze.status, StatusCode::SEE_OTHER, "{}", unfreeze.body);
    let board = carol.get("/scoreboard").await;
    assert!(
        !board.body.contains("The scoreboard is frozen since"),
        "{}",
        board.body
    );
    // A student cannot use the page.
    let refused = carol.get("/teacher/contests").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

/// The text of a refused form's field `name` in the new contest's section: from the field
/// to the next field, where its mistake is written.
fn beside<'a>(page: &'a str, name: &str) -> &'a str {
    let section = &page[page
        .find("id=\"new-contest\"")
        .expect("the new contest's form")..];
    let at = section
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no field {name} in {section}"));
    let rest = &section[at + name.len() + 7..];
    // A time's offset field is part of it.
    let offset = format!(" name=\"{name}_offset\"");
    let end = rest
        .match_indices(" name=\"")
        .map(|(at, _)| at)
        .find(|&at| !rest[at..].starts_with(&offset))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Issue 30's walk, item 10: a form with several mistakes names each of them beside its
/// own field (and all of them above the form), in both languages; nothing is written.
#[tokio::test]
async fn a_form_with_three_mistakes_gets_each_beside_its_field() {
    let (server, file) = course(0);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.get("/teacher/contests").await.csrf();
    let before = std::fs::read(&file).unwrap();
    let form = [
        ("csrf", csrf.as_str()),
        ("id", "hw1"),
        ("title", "Homework 1"),
        ("kind", "homework"),
        ("scoring", "ioi"),
        ("start", "2026-12-07 09:00"),
        ("end", "2026-12-14"),
        ("freeze_minutes", ""),
        ("languages", ""),
        ("problems", "add 100\nanydivisor 50"),
    ];
    let refused = teacher.post_form("/teacher/contests", &form).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let page = refused.body.as_str();
    for (name, mistake) in [
        (
            "start",
            "start &quot;2026-12-07 09:00&quot; is not an RFC 3339 time",
        ),
        ("end", "end &quot;2026-12-14&quot; is not an RFC 3339 time"),
        ("problems", "There is no problem &quot;anydivisor&quot;"),
    ] {
        let field = beside(page, name);
        assert!(
            field.contains(mistake),
            "{name}'s mistake {mistake:?} not beside it: {field}"
        );
        let summary = &page[page.find("id=\"new-contest\"").unwrap()..];
        let summary = &summary[..summary.find("<form").unwrap()];
        assert!(
            summary.contains("Not saved:") && summary.contains(mistake),
            "{mistake:?} not in the summary above the form: {summary}"
        );
    }
    assert!(
        beside(page, "title").contains("value=\"Homework 1\"")
            && !beside(page, "title").contains("RFC 3339"),
        "a right field has no mistake: {}",
        beside(page, "title")
    );
    assert!(page.contains("anydivisor 50</textarea>"), "{page}");

    let mut chinese = teacher.with_header("accept-language", "zh-CN");
    let refused = chinese.post_form("/teacher/contests", &form).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    for (name, mistake) in [
        ("start", "不是 RFC 3339 格式的时间"),
        ("end", "不是 RFC 3339 格式的时间"),
        ("problems", "没有题目 &quot;anydivisor&quot;"),
    ] {
        assert!(
            beside(&refused.body, name).contains(mistake),
            "{name}: {}",
            refused.body
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);

    // The API names every mistake too, each with its field.
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let mut body = week2();
    body["start"] = json!("2026-12-07 09:00");
    body["problems"] = json!([{"id": "anydivisor"}]);
    let reply = call(&mut client, "POST", "/api/v1/contests", &auth, Some(&body)).await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    let fields: Vec<Value> = reply.json()["mistakes"]
        .as_array()
        .unwrap_or_else(|| panic!("no mistakes in {}", reply.body))
        .iter()
        .map(|m| m["field"].clone())
        .collect();
    assert_eq!(
        fields,
        [json!("start"), json!("problems")],
        "{}",
        reply.body
    );
    assert!(
        reply.json()["error"]
            .as_str()
            .unwrap()
            .contains("anydivisor"),
        "{}",
        reply.body
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

/// Copies the fixture problems into `dir`, so that a test may change their limits.

#[tokio::test]
async fn a_problems_limits_change_in_its_problem_toml_with_versions() {
    let problems = tempfile::tempdir().unwrap();
    copy_problems(problems.path());
    let folder = problems.path().display().to_string();
    let server = TestServer::with(
        0,
        |contest| {
            contest.insert("problems_dir".into(), folder.into());
        },
        |_| {},
    );
    let toml = problems.path().join("add/problem.toml");
    let teacher = token(&server, "teacher");
    let ann = token(&server, "ann");
    let mut client = server.client();
    let shown = call(&mut client, "GET", "/api/v1/problems/add", &teacher, None).await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
    let shown = shown.json();
    assert_eq!(
        (shown["time_limit_s"].as_f64(), shown["memory_mib"].as_u64()),
        (Some(1.0), Some(128))
    );
    let version = shown["version"].as_str().unwrap().to_string();
    for (method, body) in [
        ("GET", None),
        (
            "PATCH",
            Some(json!({"time_limit_s": 2, "version": version})),
        ),
    ] {
        let refused = call(
            &mut client,
            method,
            "/api/v1/problems/add",
            &ann,
            body.as_ref(),
        )
        .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    }

    let before = std::fs::read(&toml).unwrap();
    for (body, status) in [
        (json!({"time_limit_s": -1, "version": version}), 422),
        (json!({"time_limit_s": 1000, "version": version}), 422),
        (json!({"memory_mib": 0, "version": version}), 422),
        (json!({"memory_mib": "lots", "version": version}), 422),
        (json!({"time_limit_s": 2}), 428),
        (
            json!({"time_limit_s": 2, "version": "0000000000000000"}),
            409,
        ),
    ] {
        let reply = call(
            &mut client,
            "PATCH",
            "/api/v1/problems/add",
            &teacher,
            Some(&body),
        )
        .await;
        assert_eq!(reply.status.as_u16(), status, "{body}: {}", reply.body);
        assert_eq!(
            std::fs::read(&toml).unwrap(),
            before,
            "{body} changed problem.toml"
        );
    }
    let unknown = call(
        &mut client,
        "PATCH",
        "/api/v1/problems/nowhere",
        &teacher,
        Some(&json!({"time_limit_s": 2, "version": version})),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);

    let changed = call(
        &mut client,
        "PATCH",
        "/api/v1/problems/add",
        &teacher,
        Some(&json!({"time_limit_s": 2.5, "memory_mib": 256, "version": version})),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert_ne!(changed.json()["version"], version.as_str());
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(
        text.starts_with("# A tiny problem for the server's tests"),
        "{text}"
    );
    assert!(
        text.contains("time_s = 2.5") && text.contains("memory_mib = 256"),
        "{text}"
    );
    // In force at once: the problem list shows the new limits.
    let listed = client
        .get_with("/api/v1/problems", &[("authorization", &ann)])
        .await
        .json();
    let add = listed["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "add")
        .unwrap()
        .clone();
    assert_eq!(
        (
            add["time_limit_s"].as_f64(),
            add["memory_limit_mib"].as_u64()
        ),
        (Some(2.5), Some(256))
    );
    // The old version again: 409.
    let stale = call(
        &mut client,
        "PATCH",
        "/api/v1/problems/add",
        &teacher,
        Some(&json!({"time_limit_s": 3, "version": version})),
    )
    .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);

    // The same on the teacher's page: the form's hidden version, CSRF, a stale form.
    let mut page_client = server.login("teacher").await;
    let page = page_client.get("/teacher/contests").await;
    assert!(
        page.body.contains("Problem limits")
            && page
                .body
                .contains("action=\"/teacher/problems/add/limits\""),
        "{}",
        page.body
    );
    let csrf = page.csrf();
    let marker = "action=\"/teacher/problems/add/limits\"";
    let at = page.body.find(marker).unwrap() + marker.len();
    let rest = &page.body[at..];
    let version_marker = "name=\"version\" value=\"";
    let at = rest.find(version_marker).unwrap() + version_marker.len();
    let version = rest[at..at + 16].to_string();
    let fields = [
        ("csrf", csrf.as_str()),
        ("version", version.as_str()),
        ("time_limit_s", "3"),
        ("memory_mib", "256"),
    ];
    let forged = page_client
        .post_form("/teacher/problems/add/limits", &fields[1..])
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    let saved = page_client
        .post_form("/teacher/problems/add/limits", &fields)
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    assert!(std::fs::read_to_string(&toml)
        .unwrap()
        .contains("time_s = 3.0"));
    let again = page_client
        .post_form("/teacher/problems/add/limits", &fields)
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(
        again.body.contains("changed by someone else"),
        "{}",
        again.body
    );
}

/// Verify's last figures beside a problem's limits (issue 30): a problem never verified
/// says so; the record `judge verify` keeps is shown in the teacher's page and the API.
#[tokio::test]
async fn verifys_last_figures_are_beside_a_problems_limits() {
    use judge_packages::verify_record::{self, Timed, VerifyRecord};
    let problems = tempfile::tempdir().unwrap();
    copy_problems(problems.path());
    let folder = problems.path().display().to_string();
    let server = TestServer::with(
        0,
        |contest| {
            contest.insert("problems_dir".into(), folder.into());
        },
        |_| {},
    );
    let mut page_client = server.login("teacher").await;
    let page = page_client.get("/teacher/contests").await;
    assert!(
        page.body.contains("Last <code>judge verify</code>"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("not verified yet: run <code>judge verify</code>"),
        "{}",
        page.body
    );
    let config = JudgeConfig::load(&server._dir.path().join("judge.toml")).unwrap();
    let record = VerifyRecord {
        verified_at: "2026-12-06T23:40:00Z".into(),
        passed: true,
        time_limit_s: 1.0,
        slowest_accepted: Some(Timed {
            file: "accepted/sol.cpp".into(),
            cpu_s: 0.42,
            limit_s: 1.0,
        }),
        closest_too_slow: Some(Timed {
            file: "time_limit_exceeded/slow.py".into(),
            cpu_s: 2.5,
            limit_s: 2.0,
        }),
        suggested_time_limit_s: Some(0.9),
    };
    verify_record::write(&config, "add", &record).unwrap();
    let page = page_client.get("/teacher/contests").await;
    assert!(
        page.body.contains(
            "2026-12-06T23:40:00Z, passed; slowest accepted 0.42 s of 1.00 s (accepted/sol.cpp); \
             closest too slow 2.50 s against 2.00 s (time_limit_exceeded/slow.py); \
             its rule suggests 0.90 s"
        ),
        "{}",
        page.body
    );
    let teacher = token(&server, "teacher");
    let mut client = server.client();
    let shown = call(&mut client, "GET", "/api/v1/problems/add", &teacher, None).await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
    let shown = shown.json();
    assert_eq!(
        shown["last_verify"]["slowest_accepted"]["cpu_s"], 0.42,
        "{shown}"
    );
    assert_eq!(shown["last_verify"]["passed"], true, "{shown}");
}

/// A homework set's grading (issue 33) through the API: a weight, a late rule and an
/// extension written to judge.toml and read back; a bad rule, a late rule on a contest
/// and an extension before the deadline refused with judge.toml unchanged.
#[tokio::test]
async fn a_homeworks_late_rule_weight_and_extensions_are_edited_through_the_api() {
    let (server, file) = course(0);
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let homework = json!({
        "id": "hw2",
        "title": "Homework 2",
        "kind": "homework",
        "start": minutes_from_now(-60),
        "end": minutes_from_now(60),
        "weight": 2.5,
        "late_penalty": {"per_day": 0.1, "floor": 0.5},
        "extensions": {"ann": minutes_from_now(120)},
        "problems": [{"id": "add", "points": 50}],
    });
    let made = call(
        &mut client,
        "POST",
        "/api/v1/contests",
        &auth,
        Some(&homework),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let made = made.json();
    assert_eq!(made["weight"], 2.5);
    assert_eq!(made["late_penalty"], json!({"per_day": 0.1, "floor": 0.5}));
    assert!(made["extensions"]["ann"].is_string(), "{made}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("late_penalty = { per_day = 0.1, floor = 0.5 }"),
        "{text}"
    );
    assert!(text.contains("weight = 2.5"), "{text}");
    assert!(text.starts_with(COMMENT));
    let config = JudgeConfig::load(&file).unwrap();
    let written = config.course().contest("hw2").unwrap().clone();
    assert_eq!(written.grading.weight, 2.5);
    assert!(written.grading.extensions.contains_key("ann"));

    let version = made["version"].as_str().unwrap().to_string();
    let changed = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/hw2",
        &auth,
        Some(&json!({"version": version, "late_penalty": {"factor": 0.8}, "extensions": {}})),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let changed = changed.json();
    assert_eq!(changed["late_penalty"], json!({"factor": 0.8}));
    assert_eq!(changed["extensions"], json!({}));
    let version = changed["version"].as_str().unwrap().to_string();

    let before = std::fs::read(&file).unwrap();
    for (body, expected) in [
        (
            json!({"version": version, "late_penalty": {"factor": 1.5}}),
            "late_penalty.factor = 1.5 is not between 0 and 1",
        ),
        (
            json!({"version": version, "late_penalty": {"factor": 0.5, "per_day": 0.1}}),
            "late_penalty takes either",
        ),
        (
            json!({"version": version, "weight": -1}),
            "The weight must be",
        ),
        (
            json!({"version": version, "extensions": {"bob": minutes_from_now(10)}}),
            "is before the deadline",
        ),
        (
            json!({"version": version, "kind": "contest"}),
            "A late penalty and extensions are for homework sets",
        ),
    ] {
        let refused = call(
            &mut client,
            "PATCH",
            "/api/v1/contests/hw2",
            &auth,
            Some(&body),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            refused.body
        );
        assert!(refused.body.contains(expected), "{body}: {}", refused.body);
        assert_eq!(
            std::fs::read(&file).unwrap(),
            before,
            "{body} changed judge.toml"
        );
    }
}

/// A contest for some groups only (issue 30): set through the API and written to
/// judge.toml; a student of another group (or of none) does not see it in the list, gets
/// 404 on its pages and cannot submit to it; its group's student and the teacher can; a
/// bad group is refused with why.
#[tokio::test(flavor = "multi_thread")]
async fn a_contest_for_one_group_is_closed_to_the_others() {
    let (server, file) = course(1);
    let auth = token(&server, "teacher");
    let mut client = server.client();
    let mut section = week2();
    section["id"] = json!("sectiona");
    section["title"] = json!("Section A quiz");
    section["for_groups"] = json!(["A"]);
    let made = call(
        &mut client,
        "POST",
        "/api/v1/contests",
        &auth,
        Some(&section),
    )
    .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.json()["for_groups"], json!(["A"]));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("for_groups = [\"A\"]"), "{text}");
    let version = made.json()["version"].as_str().unwrap().to_string();
    let refused = call(
        &mut client,
        "PATCH",
        "/api/v1/contests/sectiona",
        &auth,
        Some(&json!({"version": version, "for_groups": ["A", "<b>"]})),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(refused.body.contains("is not a group"), "{}", refused.body);

    use judge_server::store::AccountChange;
    server
        .store
        .change_account("ann", AccountChange::Group(Some("A".into())))
        .unwrap();
    server
        .store
        .change_account("bob", AccountChange::Group(Some("B".into())))
        .unwrap();
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let list = bob.get("/contests").await;
    assert!(!list.body.contains("Section A quiz"), "{}", list.body);
    assert!(ann.get("/contests").await.body.contains("Section A quiz"));
    for page in [
        "/contests/sectiona/problems",
        "/contests/sectiona/scoreboard",
        "/submit?contest=sectiona",
    ] {
        assert_eq!(bob.get(page).await.status, StatusCode::NOT_FOUND, "{page}");
        assert_eq!(ann.get(page).await.status, StatusCode::OK, "{page}");
    }
    let source = crate::common::submission("ac.py");
    let refused = crate::http_contests::submit_into(&mut bob, "sectiona", &source).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.body);
    let accepted = crate::http_contests::submit_into(&mut ann, "sectiona", &source).await;
    server.wait_judged(accepted.submission_id());
    let mut teacher = server.login("teacher").await;
    assert_eq!(
        teacher.get("/contests/sectiona/scoreboard").await.status,
        StatusCode::OK
    );
}
