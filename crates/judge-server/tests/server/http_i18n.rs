//! HTTP tests of the interface's language: chosen by Accept-Language, switched by the link
//! on every page (a cookie that wins over the header), and `<html lang>`.

use crate::common::TestServer;
use axum::http::StatusCode;

const ZH: &[(&str, &str)] = &[("accept-language", "zh-CN,zh;q=0.9,en;q=0.8")];

#[tokio::test]
async fn a_chinese_browser_gets_chinese_pages() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let page = ann.get_with("/problems", ZH).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("<html lang=\"zh-CN\">"), "{}", page.body);
    for word in ["题目", "提交", "我的提交", "排行榜", "退出登录"] {
        assert!(page.body.contains(word), "{word} in {}", page.body);
    }
    assert!(!page.body.contains(">My submissions<"), "{}", page.body);
    let english = ann
        .get_with("/problems", &[("accept-language", "en-US,en;q=0.9")])
        .await;
    assert!(
        english.body.contains("<html lang=\"en\">") && english.body.contains(">My submissions<")
    );
    let by_q = ann
        .get_with(
            "/problems",
            &[("accept-language", "en;q=0.4, zh-Hans;q=0.7")],
        )
        .await;
    assert!(
        by_q.body.contains("<html lang=\"zh-CN\">"),
        "the higher q-value wins"
    );
    let default = ann.get("/problems").await;
    assert!(
        default.body.contains("<html lang=\"en\">"),
        "English without a header"
    );
}

#[tokio::test]
async fn the_switch_sets_a_cookie_that_wins_over_the_browser() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let chinese = ann.get_with("/submissions", ZH).await;
    assert!(
        chinese
            .body
            .contains("href=\"/language?to=en&amp;next=/submissions\""),
        "the switch comes back to this page: {}",
        chinese.body
    );
    let switched = ann.get_with("/language?to=en&next=/submissions", ZH).await;
    assert_eq!(switched.status, StatusCode::SEE_OTHER);
    assert_eq!(switched.location(), "/submissions");
    let cookie = switched.headers["set-cookie"].to_str().unwrap();
    assert!(
        cookie.starts_with("judge_lang=en")
            && cookie.contains("Path=/")
            && cookie.contains("Max-Age="),
        "{cookie}"
    );
    let next = ann.get_with("/submissions", ZH).await;
    assert!(
        next.body.contains("<html lang=\"en\">") && next.body.contains(">My submissions<"),
        "{}",
        next.body
    );
    let other = ann.get_with("/scoreboard", ZH).await;
    assert!(
        other.body.contains("<html lang=\"en\">"),
        "remembered across pages"
    );
    ann.get("/language?to=zh&next=/problems").await;
    let back = ann
        .get_with("/problems", &[("accept-language", "en")])
        .await;
    assert!(back.body.contains("<html lang=\"zh-CN\">") && back.body.contains("我的提交"));
}

#[tokio::test]
async fn the_switch_refuses_other_sites_and_unknown_languages() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let away = client.get("/language?to=zh&next=//evil.example/x").await;
    assert_eq!(away.status, StatusCode::SEE_OTHER);
    assert_eq!(away.location(), "/problems");
    let unknown = client.get("/language?to=klingon").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.body.contains("klingon"), "{}", unknown.body);
    assert!(!unknown.headers.contains_key("set-cookie"));
}

#[tokio::test]
async fn the_log_in_page_and_its_errors_are_translated() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let form = client.get_with("/login", ZH).await;
    assert!(
        form.body.contains("<html lang=\"zh-CN\">")
            && form.body.contains("用户名")
            && form.body.contains("密码")
    );
    assert!(
        form.body
            .contains("href=\"/language?to=en&amp;next=/login\""),
        "the log-in page has the switch: {}",
        form.body
    );
    let csrf = form.csrf();
    let wrong = client
        .post_form(
            "/login",
            &[("name", "ann"), ("password", "nope"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(
        wrong.body.contains("Wrong name or password"),
        "no header, no cookie: English"
    );
    client.get("/language?to=zh&next=/login").await;
    let form = client.get("/login").await;
    let csrf = form.csrf();
    let wrong = client
        .post_form(
            "/login",
            &[("name", "ann"), ("password", "nope"), ("csrf", &csrf)],
        )
        .await;
    assert!(wrong.body.contains("用户名或密码错误"), "{}", wrong.body);
    let missing = client.get("/no-such-page").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.body.contains("<html lang=\"zh-CN\">")
            && missing.body.contains("页面不存在")
            && missing.body.contains("没有这个页面"),
        "{}",
        missing.body
    );
}

#[tokio::test]
async fn the_pages_and_their_errors_are_in_chinese() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    ann.get("/language?to=zh&next=/problems").await;
    let list = ann.get("/problems").await;
    assert!(
        list.body.contains("<th>题号</th>") && list.body.contains("分值"),
        "{}",
        list.body
    );
    assert!(
        list.body.contains("加法</span> · <span lang=\"en\">Add"),
        "the Chinese title first: {}",
        list.body
    );
    let statement = ann.get("/problems/add").await;
    assert!(
        statement.body.contains("输入两个整数"),
        "the statement follows the interface"
    );
    assert!(
        statement.body.contains("时间限制")
            && statement.body.contains("提交代码")
            && statement.body.contains("样例")
    );
    let form = ann.get("/submit?problem=add").await;
    assert!(
        form.body.contains("粘贴源代码") && form.body.contains("按文件扩展名选择"),
        "{}",
        form.body
    );
    let board = ann.get("/scoreboard").await;
    assert!(board.body.contains("<h1>排行榜</h1>"), "{}", board.body);
    let empty = ann.submit("add", "cpp", "").await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        empty.body.contains("源代码为空") && empty.body.contains("<html lang=\"zh-CN\">"),
        "{}",
        empty.body
    );
    let missing = ann.get("/problems/nope").await;
    assert!(
        missing.body.contains("本场比赛没有题目"),
        "{}",
        missing.body
    );
}

#[tokio::test]
async fn the_json_api_answers_in_english_with_a_stable_code() {
    let server = TestServer::new(0);
    let mut client = server.client();
    let anonymous = client.get_with("/api/v1/problems", ZH).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let json = anonymous.json();
    assert_eq!(json["code"], "unauthorized", "{json}");
    assert_eq!(json["status"], 401);
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("judge users token"),
        "English for programs, whatever Accept-Language says: {json}"
    );
    let token = judge_server::accounts::issue_token(&server.store, "ann")
        .unwrap()
        .1;
    let auth = format!("Bearer {token}");
    let missing = client
        .get_with(
            "/api/v1/submissions/999",
            &[ZH[0], ("authorization", &auth)],
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["code"], "not_found");
    assert_eq!(missing.json()["error"], "There is no submission 999.");
    let route = client
        .get_with("/api/v1/nothing", &[ZH[0], ("authorization", &auth)])
        .await;
    assert_eq!(route.json()["code"], "not_found");
    // The page of the same submission is Chinese.
    let mut ann = server.login("ann").await;
    let page = ann.get_with("/submissions/999", ZH).await;
    assert!(page.body.contains("没有提交 #999。"), "{}", page.body);
}
