//! HTTP tests of the pages around submitting: problems, statements, the contest clock,
//! static files, the liveness check, unknown paths and the security headers.

use crate::common::{minutes_from_now, TestServer};
use axum::http::StatusCode;

#[tokio::test]
async fn the_problem_list_shows_titles_and_unavailable_problems() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let list = ann.get("/problems").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(
        list.body.contains("Add") && list.body.contains("加法"),
        "{}",
        list.body
    );
    assert!(list.body.contains("href=\"/problems/ghost\""));
    assert!(list.body.contains("not available yet"));
    assert!(
        !list.body.contains("problem.toml"),
        "students do not see file paths"
    );
    let mut teacher = server.login("teacher").await;
    assert!(
        teacher
            .get("/problems")
            .await
            .body
            .contains("has no problem.toml"),
        "teachers see why"
    );
}

#[tokio::test]
async fn statements_switch_language_and_show_samples_as_code() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let english = ann.get("/problems/add?lang=en").await;
    assert_eq!(english.status, StatusCode::OK);
    assert!(english.body.contains("Read two integers") && !english.body.contains("输入两个整数"));
    assert!(
        english.body.contains("<pre><code>1 2"),
        "samples as code blocks"
    );
    assert!(
        english.body.contains("href=\"/problems/add?lang=zh\""),
        "the switch links to Chinese"
    );
    assert!(
        english.body.contains("sample/1.ans"),
        "the sample files are shown"
    );
    assert!(!english.body.contains("31415926"), "never the secret tests");
    let chinese = ann.get("/problems/add?lang=zh").await;
    assert!(chinese.body.contains("输入两个整数") && !chinese.body.contains("Read two integers"));
    let by_browser = ann
        .get_with("/problems/add", &[("accept-language", "zh-CN,zh;q=0.9")])
        .await;
    assert!(by_browser.body.contains("输入两个整数"));
    assert!(by_browser.body.contains("href=\"/submit?problem=add\""));
    let unknown = ann.get("/problems/nope").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(
        unknown.body.contains("no problem &quot;nope&quot;"),
        "{}",
        unknown.body
    );
    let ghost = ann.get("/problems/ghost").await;
    assert_eq!(ghost.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(ghost.body.contains("cannot be shown yet"));
    let bad_query = ann.get("/problems/add?lang=en&lang=zh").await;
    assert_eq!(bad_query.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_submit_form_offers_the_contest_languages() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let form = ann.get("/submit?problem=add").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains("enctype=\"multipart/form-data\""));
    assert!(
        form.body.contains("<option value=\"add\" selected>"),
        "{}",
        form.body
    );
    for language in ["python3", "c", "cpp"] {
        assert!(
            form.body.contains(&format!("<option value=\"{language}\"")),
            "{language}"
        );
    }
    assert!(
        !form.body.contains("value=\"java\""),
        "java is not allowed in the fixture contest"
    );
    assert!(form.body.contains("At most 64 KiB"));
}

#[tokio::test]
async fn before_the_start_students_see_no_problems_and_teachers_do() {
    let server = TestServer::with(
        0,
        |c| {
            c.insert("start".into(), minutes_from_now(30).into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let list = ann.get("/problems").await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(list.body.contains("The contest starts at") && !list.body.contains("/problems/add"));
    assert_eq!(ann.get("/problems/add").await.status, StatusCode::FORBIDDEN);
    assert_eq!(ann.get("/submit").await.status, StatusCode::FORBIDDEN);
    let reply = ann.submit("add", "python3", "print(3)").await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(reply.body.contains("not started"), "{}", reply.body);
    let mut teacher = server.login("teacher").await;
    assert!(teacher
        .get("/problems")
        .await
        .body
        .contains("/problems/add"));
    assert_eq!(teacher.get("/problems/add").await.status, StatusCode::OK);
    teacher
        .submit("add", "python3", "print(3)")
        .await
        .submission_id();
}

#[tokio::test]
async fn after_the_end_students_cannot_submit() {
    let server = TestServer::with(
        0,
        |c| {
            c.insert("start".into(), minutes_from_now(-120).into());
            c.insert("duration_minutes".into(), 60.into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    assert!(ann
        .get("/problems")
        .await
        .body
        .contains("The contest is over"));
    assert!(ann
        .get("/submit")
        .await
        .body
        .contains("submissions are closed"));
    let reply = ann.submit("add", "python3", "print(3)").await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(reply.body.contains("contest is over"));
    assert_eq!(server.store.queue_counts().unwrap(), (0, 0));
}

#[tokio::test]
async fn static_files_liveness_unknown_paths_and_headers() {
    let server = TestServer::new(0);
    let mut anonymous = server.client();
    let style = anonymous.get("/static/style.css").await;
    assert_eq!(style.status, StatusCode::OK);
    assert!(style.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/css"));
    // The board's grades come from judge-core, shared with the contest report.
    let board_style = anonymous.get("/static/scoreboard.css").await;
    assert_eq!(board_style.status, StatusCode::OK);
    assert!(board_style.body.contains("td.grade10"));
    let script = anonymous.get("/static/app.js").await;
    assert!(script.body.contains("pollStatus"));
    assert_eq!(
        anonymous.get("/static/secret.txt").await.status,
        StatusCode::NOT_FOUND
    );
    let health = anonymous.get("/healthz").await;
    assert_eq!(health.json()["ok"], true);
    let missing = anonymous.get("/nowhere").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.body.contains("no such page"));
    let csp = missing.headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    assert_eq!(missing.headers["x-frame-options"], "DENY");
    assert_eq!(missing.headers["x-content-type-options"], "nosniff");
    let wrong_method = anonymous.post_form("/problems", &[]).await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
}
