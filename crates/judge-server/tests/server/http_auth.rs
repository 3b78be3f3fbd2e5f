//! HTTP tests of logging in and out, sessions, CSRF tokens and roles, on every route.

use crate::common::{Part, TestServer};
use axum::http::StatusCode;

/// Every page a logged-in user may GET (the submission exists: the test makes it).
const USER_PAGES: &[&str] = &[
    "/problems",
    "/problems/add",
    "/submit",
    "/submissions",
    "/submissions/1",
    "/scoreboard",
];

const TEACHER_PAGES: &[&str] = &[
    "/teacher",
    "/teacher/submissions",
    "/teacher/export/scoreboard.csv",
    "/teacher/export/scoreboard.json",
    "/teacher/export/results.csv",
    "/teacher/export/results.json",
    "/teacher/problems/add/rejudge",
    "/teacher/charts",
    "/teacher/charts/export/verdicts.csv",
];

const TEACHER_POSTS: &[&str] = &[
    "/teacher/submissions/1/rejudge",
    "/teacher/problems/add/rejudge",
    "/teacher/scoreboard/publish",
];

#[tokio::test]
async fn logging_in_sets_a_protected_session_cookie_and_logging_out_ends_it() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let home = client.get("/").await;
    assert_eq!(
        (home.status, home.location()),
        (StatusCode::SEE_OTHER, "/login")
    );

    let form = client.get("/login?next=/scoreboard").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains("name=\"password\""));
    let login_cookie = form.headers.get("set-cookie").unwrap().to_str().unwrap();
    assert!(
        login_cookie.contains("HttpOnly") && login_cookie.contains("SameSite=Strict"),
        "{login_cookie}"
    );

    let wrong = client
        .post_form(
            "/login",
            &[
                ("name", "ann"),
                ("password", "nope"),
                ("csrf", &form.csrf()),
                ("next", "/scoreboard"),
            ],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(wrong.body.contains("Wrong name or password"));
    let unknown = client
        .post_form(
            "/login",
            &[
                ("name", "zed"),
                ("password", "zedzed"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(
        unknown.status,
        StatusCode::UNAUTHORIZED,
        "an unknown name reads like a wrong password"
    );
    assert!(unknown.body.contains("Wrong name or password"));

    let right = client
        .post_form(
            "/login",
            &[
                ("name", "ann"),
                ("password", "annann"),
                ("csrf", &form.csrf()),
                ("next", "/scoreboard"),
            ],
        )
        .await;
    assert_eq!(
        (right.status, right.location()),
        (StatusCode::SEE_OTHER, "/scoreboard")
    );
    let session_cookie = right
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|v| v.starts_with("judge_session="))
        .unwrap();
    assert!(
        session_cookie.contains("HttpOnly") && session_cookie.contains("SameSite=Lax"),
        "{session_cookie}"
    );
    assert_eq!(client.get("/problems").await.status, StatusCode::OK);
    let stolen = client.cookies.clone();

    // Log out: the cookie is cleared and the session is gone from the store too.
    let csrf = client.csrf().await;
    let out = client.post_form("/logout", &[("csrf", &csrf)]).await;
    assert_eq!(
        (out.status, out.location()),
        (StatusCode::SEE_OTHER, "/login")
    );
    assert_eq!(client.get("/problems").await.status, StatusCode::SEE_OTHER);
    let mut replay = server.client();
    replay.cookies = stolen;
    let replayed = replay.get("/problems").await;
    assert_eq!(
        replayed.status,
        StatusCode::SEE_OTHER,
        "an ended session does not come back"
    );
}

#[tokio::test]
async fn the_login_form_needs_its_csrf_token_and_next_stays_on_this_site() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let form = client.get("/login").await;
    let without = client
        .post_form("/login", &[("name", "ann"), ("password", "annann")])
        .await;
    assert_eq!(without.status, StatusCode::FORBIDDEN);
    let forged = client
        .post_form(
            "/login",
            &[
                ("name", "ann"),
                ("password", "annann"),
                ("csrf", &"0".repeat(64)),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    // A form posted from elsewhere has no login cookie to match.
    let mut other = server.client();
    let cross = other
        .post_form(
            "/login",
            &[
                ("name", "ann"),
                ("password", "annann"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(cross.status, StatusCode::FORBIDDEN);
    let missing_field = client.post_form("/login", &[("name", "ann")]).await;
    assert_eq!(missing_field.status, StatusCode::BAD_REQUEST);
    assert!(
        missing_field.body.contains("could not be read"),
        "{}",
        missing_field.body
    );
    let away = client
        .post_form(
            "/login",
            &[
                ("name", "ann"),
                ("password", "annann"),
                ("csrf", &form.csrf()),
                ("next", "//evil.example/"),
            ],
        )
        .await;
    assert_eq!(
        (away.status, away.location()),
        (StatusCode::SEE_OTHER, "/problems")
    );
}

#[tokio::test]
async fn without_a_session_pages_redirect_to_log_in_and_everything_else_is_401() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    ann.submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let mut anonymous = server.client();
    for path in USER_PAGES.iter().chain(TEACHER_PAGES) {
        let reply = anonymous.get(path).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{path}");
        assert_eq!(
            reply.location(),
            format!("/login?next={}", path.replace('?', "%3F")),
            "{path}"
        );
    }
    for path in ["/submissions/status?ids=1", "/submissions/1/result.json"] {
        let reply = anonymous.get(path).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{path}");
        assert!(
            reply.json()["error"]
                .as_str()
                .unwrap()
                .contains("not logged in"),
            "{path}"
        );
    }
    let with_bad_cookie = {
        let mut client = server.client();
        client
            .cookies
            .insert("judge_session".into(), "f".repeat(64));
        client.get("/problems").await
    };
    assert_eq!(with_bad_cookie.status, StatusCode::SEE_OTHER);
    for path in ["/logout", "/submit"].iter().chain(TEACHER_POSTS) {
        let reply = anonymous.post_form(path, &[("csrf", "x")]).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{path}");
        assert!(
            reply.body.contains("not logged in"),
            "{path}: {}",
            reply.body
        );
    }
    let upload = anonymous
        .post_multipart(
            "/submit",
            &[Part::Text("problem", "add"), Part::Text("source", "x")],
        )
        .await;
    assert_eq!(upload.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        server.store.queue_counts().unwrap().0,
        1,
        "nothing was stored"
    );
}

#[tokio::test]
async fn teacher_pages_need_the_teacher_role() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    ann.submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let csrf = ann.csrf().await;
    for path in TEACHER_PAGES {
        let reply = ann.get(path).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
        assert!(reply.body.contains("for teachers"), "{path}");
    }
    for path in TEACHER_POSTS {
        let reply = ann
            .post_form(
                path,
                &[("csrf", &csrf), ("published", "1"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(
        server.store.submission_summary(1).unwrap().unwrap().round,
        1,
        "no rejudge happened"
    );
    assert!(
        !ann.get("/problems")
            .await
            .body
            .contains("href=\"/teacher\""),
        "no teacher link for students"
    );

    let mut teacher = server.login("teacher").await;
    for path in USER_PAGES.iter().chain(TEACHER_PAGES) {
        assert_eq!(teacher.get(path).await.status, StatusCode::OK, "{path}");
    }
    let csrf = teacher.csrf().await;
    for path in TEACHER_POSTS {
        let reply = teacher
            .post_form(
                path,
                &[("csrf", &csrf), ("published", "1"), ("confirm", "yes")],
            )
            .await;
        assert_eq!(
            reply.status,
            StatusCode::SEE_OTHER,
            "{path}: {}",
            reply.body
        );
    }
    assert!(teacher
        .get("/problems")
        .await
        .body
        .contains("href=\"/teacher\""));
}

#[tokio::test]
async fn every_form_needs_the_session_csrf_token() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    assert_eq!(id, 1);
    let anns_token = ann.csrf().await;
    for path in ["/logout"].iter().chain(TEACHER_POSTS) {
        for token in [None, Some("wrong"), Some(anns_token.as_str())] {
            let mut fields = vec![("published", "1")];
            if let Some(token) = token {
                fields.push(("csrf", token));
            }
            let reply = teacher.post_form(path, &fields).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path} with {token:?}");
            assert!(reply.body.contains("security token"), "{path}");
        }
    }
    let unsigned = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", "print(3)"),
            ],
        )
        .await;
    assert_eq!(unsigned.status, StatusCode::FORBIDDEN);
    assert_eq!(
        server.store.queue_counts().unwrap().0,
        1,
        "the unsigned submission was not stored"
    );
    assert_eq!(
        teacher.get("/teacher").await.status,
        StatusCode::OK,
        "still logged in"
    );
}
