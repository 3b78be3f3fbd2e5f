//! Clarifications and announcements through the web front: a student asks, the teacher
//! answers privately (only the asker sees it) or to everyone (every student sees it, never
//! the asker's name); announcements on every page with a "new" notice that clears; CSRF,
//! text limits, escaping, the rate limit.

use crate::common::{Client, TestServer};
use axum::http::StatusCode;

async fn ask(client: &mut Client, problem: &str, question: &str) -> i64 {
    let csrf = client.csrf().await;
    let reply = client
        .post_form(
            "/clarifications",
            &[
                ("csrf", &csrf),
                ("problem", problem),
                ("question", question),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    reply
        .location()
        .strip_prefix("/clarifications#clarification-")
        .unwrap()
        .parse()
        .unwrap()
}

async fn answer(teacher: &mut Client, id: i64, text: &str, public: &str) {
    let csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            &format!("/teacher/clarifications/{id}/answer"),
            &[("csrf", &csrf), ("answer", text), ("public", public)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
}

#[tokio::test]
async fn private_and_public_answers_reach_the_right_students() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let mut teacher = server.login("teacher").await;

    let private = ask(
        &mut ann,
        "add",
        "Are the numbers <b>negative</b>? (ann-private)",
    )
    .await;
    let public = ask(&mut ann, "", "May we use Python? (ann-public)").await;

    // The teacher sees both, open, with the asker, and the count in the navigation.
    let page = teacher.get("/clarifications").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("ann-private") && page.body.contains("ann-public"));
    assert!(
        page.body.contains("asked by <strong>ann</strong>"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("title=\"questions waiting for an answer\">2<"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("Are the numbers &lt;b&gt;negative&lt;/b&gt;?"),
        "the question is escaped"
    );
    let problems = teacher.get("/problems").await;
    assert!(
        problems.body.contains(">2</span>"),
        "the count on every page"
    );

    answer(
        &mut teacher,
        private,
        "Never negative (private-answer)",
        "0",
    )
    .await;
    answer(&mut teacher, public, "Yes, Python 3 (public-answer)", "1").await;
    let page = teacher.get("/clarifications").await;
    assert!(
        !page.body.contains("questions waiting for an answer"),
        "none open"
    );

    // Ann sees both answers to her questions.
    let page = ann.get("/clarifications").await;
    assert!(page.body.contains("private-answer") && page.body.contains("public-answer"));
    assert!(page.body.contains("answered privately"));

    // Bob sees the public one without Ann's name, and nothing of the private one.
    let page = bob.get("/clarifications").await;
    assert!(page.body.contains("ann-public") && page.body.contains("public-answer"));
    assert!(!page.body.contains("ann-private") && !page.body.contains("private-answer"));
    assert!(!page.body.contains(">ann<") && !page.body.contains("asked by"));
    assert!(page.body.contains("answered to everyone"));
}

#[tokio::test]
async fn an_open_question_is_not_shown_to_others_and_answering_needs_a_teacher() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let id = ask(&mut ann, "add", "secret-question-text").await;
    let page = bob.get("/clarifications").await;
    assert!(!page.body.contains("secret-question-text"));

    // Bob cannot answer (and so cannot publish Ann's question).
    let csrf = bob.csrf().await;
    let reply = bob
        .post_form(
            &format!("/teacher/clarifications/{id}/answer"),
            &[("csrf", &csrf), ("answer", "x"), ("public", "1")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = bob
        .post_form("/teacher/announcements", &[("csrf", &csrf), ("body", "x")])
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(!bob
        .get("/clarifications")
        .await
        .body
        .contains("secret-question-text"));

    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            "/teacher/clarifications/999/answer",
            &[("csrf", &csrf), ("answer", "x"), ("public", "1")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn announcements_appear_on_every_page_and_the_new_notice_clears() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let mut ann = server.login("ann").await;
    let csrf = teacher.csrf().await;
    for body in [
        "Problem add: the limit is 1 s <script>x</script>",
        "Second announcement",
    ] {
        let reply = teacher
            .post_form("/teacher/announcements", &[("csrf", &csrf), ("body", body)])
            .await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    }
    for path in [
        "/problems",
        "/problems/add",
        "/submit",
        "/submissions",
        "/scoreboard",
    ] {
        let page = ann.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(
            page.body.contains("2 new announcements"),
            "{path}: {}",
            page.body
        );
        assert!(page.body.contains("Second announcement"), "{path}");
        assert!(
            page.body
                .contains("the limit is 1 s &lt;script&gt;x&lt;/script&gt;"),
            "{path}: escaped"
        );
    }
    let page = ann.get("/clarifications").await;
    assert!(page.body.contains("Second announcement"));
    assert!(
        !page.body.contains("new announcements"),
        "the page itself clears it"
    );
    let page = ann.get("/problems").await;
    assert!(!page.body.contains("new announcement"), "cleared");
    assert!(
        page.body.contains("Second announcement"),
        "the newest stays shown"
    );

    // Another one is new again; Bob, who never looked, has three.
    let reply = teacher
        .post_form(
            "/teacher/announcements",
            &[("csrf", &csrf), ("body", "Third")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert!(ann
        .get("/scoreboard")
        .await
        .body
        .contains("1 new announcement<"));
    let mut bob = server.login("bob").await;
    assert!(bob
        .get("/problems")
        .await
        .body
        .contains("3 new announcements"));
    // The notice survives a restart of the log-in: it is stored per user.
    let mut ann_again = server.login("ann").await;
    assert!(ann_again
        .get("/problems")
        .await
        .body
        .contains("1 new announcement<"));
}

#[tokio::test]
async fn forms_without_the_csrf_token_are_refused() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut teacher = server.login("teacher").await;
    let reply = ann
        .post_form("/clarifications", &[("problem", "add"), ("question", "q")])
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = ann
        .post_form(
            "/clarifications",
            &[("csrf", "0".repeat(64).as_str()), ("question", "q")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let id = ask(&mut ann, "add", "q").await;
    let teacher_csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            &format!("/teacher/clarifications/{id}/answer"),
            &[("answer", "a"), ("public", "1")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let ann_csrf = ann.csrf().await;
    let reply = teacher
        .post_form(
            "/teacher/announcements",
            &[("csrf", &ann_csrf), ("body", "b")],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::FORBIDDEN,
        "another session's token"
    );
    let reply = teacher
        .post_form(
            "/teacher/announcements",
            &[("csrf", &teacher_csrf), ("body", "b")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    let page = ann.get("/clarifications").await;
    assert!(page.body.contains("Waiting for an answer."), "not answered");
}

#[tokio::test]
async fn texts_are_limited_and_questions_rate_limited() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let csrf = ann.csrf().await;
    let long = "x".repeat(2001);
    let reply = ann
        .post_form("/clarifications", &[("csrf", &csrf), ("question", &long)])
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(reply.body.contains("at most 2000"), "{}", reply.body);
    let reply = ann
        .post_form("/clarifications", &[("csrf", &csrf), ("question", "  ")])
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let reply = ann
        .post_form(
            "/clarifications",
            &[("csrf", &csrf), ("problem", "nope"), ("question", "q")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let huge = "y".repeat(3 * 1024 * 1024);
    let reply = ann
        .post_form("/clarifications", &[("csrf", &csrf), ("question", &huge)])
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);

    // Three a minute (the default), then 429 with a Retry-After.
    for n in 0..3 {
        ask(&mut ann, "add", &format!("question {n}")).await;
    }
    let reply = ann
        .post_form(
            "/clarifications",
            &[("csrf", &csrf), ("question", "fourth")],
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        reply.body
    );
    assert!(reply.headers.contains_key("retry-after"));
    // Others are not held back by Ann's questions.
    let mut bob = server.login("bob").await;
    ask(&mut bob, "", "bob's question").await;

    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            "/teacher/announcements",
            &[("csrf", &csrf), ("body", &"z".repeat(8001))],
        )
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_pages_speak_chinese_when_asked() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            "/teacher/announcements",
            &[("csrf", &csrf), ("body", "公告一")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    let mut ann = server.login("ann").await;
    let zh = [("accept-language", "zh-CN,zh;q=0.9")];
    let page = ann.get_with("/problems", &zh).await;
    assert!(
        page.body.contains("1 条新公告") && page.body.contains("公告一"),
        "{}",
        page.body
    );
    let page = ann.get_with("/clarifications", &zh).await;
    assert!(page.body.contains("提问与公告") && page.body.contains("你的问题"));
    assert!(!page.body.contains("Your question"));
}
