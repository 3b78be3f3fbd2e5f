//! HTTP tests of accounts from the browser and the JSON API (issue 30): the teacher's
//! accounts page (add, import a class, reset, disable, roles, tokens), a student's own
//! account (password, tokens), the API's `/api/v1/users`, and the points and contest
//! columns of the submission lists.

use crate::common::{minutes_from_now, submission, Client, Part, Reply, TestServer};
use axum::http::StatusCode;

/// The first secret (a password or token shown once) on a page.
fn secret(page: &Reply) -> String {
    let marker = "class=\"secret\">";
    let at = page
        .body
        .find(marker)
        .unwrap_or_else(|| panic!("no secret in {}", page.body))
        + marker.len();
    let end = page.body[at..].find('<').unwrap();
    page.body[at..at + end].to_string()
}

/// Posts a form of the teacher's accounts page with the session's CSRF token.
async fn post(client: &mut Client, path: &str, fields: &[(&str, &str)]) -> Reply {
    let csrf = client.csrf().await;
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    client.post_form(path, &all).await
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

/// The status of an API call with `auth`.
async fn api_status(server: &TestServer, auth: &str) -> StatusCode {
    server
        .client()
        .get_with("/api/v1/problems", &[("authorization", auth)])
        .await
        .status
}

fn names(server: &TestServer) -> Vec<String> {
    server
        .store
        .users()
        .unwrap()
        .into_iter()
        .map(|u| u.name)
        .collect()
}

#[tokio::test]
async fn a_teacher_adds_an_account_whose_password_is_shown_once_and_works() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/teacher/accounts").await;
    assert_eq!(page.status, StatusCode::OK);
    for name in ["teacher", "ann", "bob"] {
        assert!(
            page.body.contains(&format!("data-user=\"{name}\"")),
            "{name}"
        );
    }
    let added = post(&mut teacher, "/teacher/accounts", &[("name", " cid ")]).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    let password = secret(&added);
    assert_eq!(password.len(), 12);
    let mut cid = server.client();
    let logged = cid.log_in("cid", &password).await;
    assert_eq!(logged.status, StatusCode::SEE_OTHER, "{}", logged.body);
    // Shown once: the list does not show it again.
    let again = teacher.get("/teacher/accounts").await;
    assert!(!again.body.contains(&password));

    let teacher_added = post(
        &mut teacher,
        "/teacher/accounts",
        &[("name", "dan"), ("teacher", "1")],
    )
    .await;
    assert_eq!(teacher_added.status, StatusCode::OK);
    assert!(server
        .store
        .user_by_name("dan")
        .unwrap()
        .unwrap()
        .0
        .is_teacher());

    let duplicate = post(&mut teacher, "/teacher/accounts", &[("name", "ann")]).await;
    assert_eq!(duplicate.status, StatusCode::CONFLICT);
    assert!(duplicate.body.contains("An account ann exists already."));
    let empty = post(&mut teacher, "/teacher/accounts", &[("name", "  ")]).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert!(empty.body.contains("1 to 64 characters"), "{}", empty.body);
    let bad = post(&mut teacher, "/teacher/accounts", &[("name", "<b>x")]).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(!bad.body.contains("<b>x"), "escaped");
    assert_eq!(names(&server), ["ann", "bob", "cid", "dan", "teacher"]);

    // In Chinese, the refusal too.
    let mut zh = server
        .login("teacher")
        .await
        .with_header("accept-language", "zh-CN");
    let refused = post(&mut zh, "/teacher/accounts", &[("name", "ann")]).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(
        refused.body.contains("账号 ann 已存在。"),
        "{}",
        refused.body
    );
}

#[tokio::test]
async fn a_class_with_a_bad_line_imports_nothing_and_names_the_line() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let class = "name,password\neve\nfay,longenough1\nbad name\neve\n";
    let refused = post(
        &mut teacher,
        "/teacher/accounts/import",
        &[("class", class)],
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert!(refused.body.contains("Nothing was imported."));
    assert!(refused.body.contains("data-line=\"4\""), "{}", refused.body);
    assert!(
        refused.body.contains("line 5: eve is also on line 2."),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("fay,longenough1"),
        "the text is kept to fix"
    );
    let taken = post(
        &mut teacher,
        "/teacher/accounts/import",
        &[("class", "eve\nann\n")],
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert!(taken
        .body
        .contains("line 2: An account ann exists already."));
    assert_eq!(
        names(&server),
        ["ann", "bob", "teacher"],
        "nothing imported"
    );

    let imported = post(
        &mut teacher,
        "/teacher/accounts/import",
        &[("class", "name,password\neve\nfay,longenough1\n")],
    )
    .await;
    assert_eq!(imported.status, StatusCode::OK, "{}", imported.body);
    assert!(imported.body.contains("2 accounts were imported."));
    let eve_password = secret(&imported);
    // The passwords table names its columns and downloads as a CSV file.
    assert!(
        imported
            .body
            .contains("<th>Name</th><th>Password</th><th>From</th>"),
        "{}",
        imported.body
    );
    let csv = format!(
        "data:text/csv;charset=utf-8,name%2Cpassword%0D%0Aeve%2C{eve_password}%0D%0Afay%2Clongenough1%0D%0A"
    );
    assert!(
        imported
            .body
            .contains(&format!("download=\"passwords.csv\" href=\"{csv}\"")),
        "{}",
        imported.body
    );
    assert_eq!(
        server.client().log_in("eve", &eve_password).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        server.client().log_in("fay", "longenough1").await.status,
        StatusCode::SEE_OTHER
    );
    assert!(!server
        .store
        .user_by_name("eve")
        .unwrap()
        .unwrap()
        .0
        .is_teacher());
}

#[tokio::test]
async fn a_reset_password_works_and_the_old_one_and_sessions_stop() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let mut ann = server.login("ann").await;
    let reset = post(&mut teacher, "/teacher/accounts/ann/password", &[]).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    let password = secret(&reset);
    assert!(
        reset.body.contains("ann was logged out (1 sessions ended)"),
        "{}",
        reset.body
    );
    assert_eq!(ann.get("/submissions").await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        server.client().log_in("ann", "annann").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        server.client().log_in("ann", &password).await.status,
        StatusCode::SEE_OTHER
    );
    let unknown = post(&mut teacher, "/teacher/accounts/nobody/password", &[]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(
        unknown
            .body
            .contains("There is no account &quot;nobody&quot;."),
        "{}",
        unknown.body
    );
    let action = post(&mut teacher, "/teacher/accounts/ann/explode", &[]).await;
    assert_eq!(action.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_disabled_account_is_locked_out_at_once_until_enabled() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let mut ann = server.login("ann").await;
    let token = judge_server::accounts::issue_token(&server.store, "ann")
        .unwrap()
        .1;
    let auth = bearer(&token);
    assert_eq!(api_status(&server, &auth).await, StatusCode::OK);

    let disabled = post(&mut teacher, "/teacher/accounts/ann/disable", &[]).await;
    assert_eq!(disabled.status, StatusCode::OK, "{}", disabled.body);
    assert!(disabled.body.contains("ann is disabled"));
    assert_eq!(ann.get("/submissions").await.status, StatusCode::SEE_OTHER);
    assert_eq!(api_status(&server, &auth).await, StatusCode::UNAUTHORIZED);
    let refused = server.client().log_in("ann", "annann").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.body.contains("This account is disabled"));
    // A wrong password says only that.
    let wrong = server.client().log_in("ann", "wrongwrong").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert!(!wrong.body.contains("disabled"));

    let enabled = post(&mut teacher, "/teacher/accounts/ann/enable", &[]).await;
    assert_eq!(enabled.status, StatusCode::OK);
    assert_eq!(
        server.client().log_in("ann", "annann").await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        api_status(&server, &auth).await,
        StatusCode::UNAUTHORIZED,
        "its tokens stay revoked"
    );
}

#[tokio::test]
async fn roles_change_but_the_last_teacher_stays_one() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    for action in ["student", "disable"] {
        let refused = post(
            &mut teacher,
            &format!("/teacher/accounts/teacher/{action}"),
            &[],
        )
        .await;
        assert_eq!(refused.status, StatusCode::CONFLICT, "{action}");
        assert!(refused.body.contains("teacher is the last enabled teacher"));
    }
    assert_eq!(teacher.get("/teacher").await.status, StatusCode::OK);
    let made = post(&mut teacher, "/teacher/accounts/bob/teacher", &[]).await;
    assert_eq!(made.status, StatusCode::OK);
    let mut bob = server.login("bob").await;
    assert_eq!(bob.get("/teacher/accounts").await.status, StatusCode::OK);
    // Now the first teacher may step down.
    let stepped = post(&mut teacher, "/teacher/accounts/teacher/student", &[]).await;
    assert_eq!(stepped.status, StatusCode::OK, "{}", stepped.body);
    assert_eq!(teacher.get("/teacher").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_student_gets_403_and_every_form_needs_its_csrf_token() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    assert_eq!(
        ann.get("/teacher/accounts").await.status,
        StatusCode::FORBIDDEN
    );
    for path in [
        "/teacher/accounts",
        "/teacher/accounts/import",
        "/teacher/accounts/bob/password",
        "/teacher/accounts/ann/teacher",
        "/teacher/tokens/1/revoke",
        "/teacher/worker-tokens",
        "/teacher/worker-tokens/rack/revoke",
    ] {
        let reply = post(&mut ann, path, &[("name", "x"), ("class", "x")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert!(!server
        .store
        .user_by_name("ann")
        .unwrap()
        .unwrap()
        .0
        .is_teacher());

    let mut teacher = server.login("teacher").await;
    for (path, fields) in [
        ("/teacher/accounts", vec![("name", "zed")]),
        ("/teacher/accounts/import", vec![("class", "zed\n")]),
        ("/teacher/accounts/ann/disable", vec![]),
        (
            "/account/password",
            vec![
                ("current", "teacherteacher"),
                ("new", "newnewnew"),
                ("repeat", "newnewnew"),
            ],
        ),
        ("/account/tokens", vec![]),
        ("/teacher/worker-tokens", vec![("name", "rack")]),
    ] {
        let mut forged = fields.clone();
        forged.push(("csrf", "forged"));
        let reply = teacher.post_form(path, &forged).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
        assert!(reply.body.contains("security token"), "{path}");
    }
    assert_eq!(names(&server), ["ann", "bob", "teacher"]);
    assert!(
        !server
            .store
            .user_by_name("ann")
            .unwrap()
            .unwrap()
            .0
            .disabled
    );
    assert!(server.store.tokens().unwrap().is_empty());
    assert!(server.store.worker_tokens().unwrap().is_empty());
    assert_eq!(
        server
            .client()
            .log_in("teacher", "teacherteacher")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn a_student_changes_their_password_and_keeps_this_session() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut elsewhere = server.login("ann").await;
    let page = ann.get("/account").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("name=\"current\""));
    let change = |current: &'static str, new: &'static str, repeat: &'static str| {
        vec![("current", current), ("new", new), ("repeat", repeat)]
    };
    let wrong = post(
        &mut ann,
        "/account/password",
        &change("nope", "newpassword", "newpassword"),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert!(wrong.body.contains("The current password is wrong."));
    let short = post(
        &mut ann,
        "/account/password",
        &change("annann", "short", "short"),
    )
    .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert!(short
        .body
        .contains("A password has 8 to 1024 bytes, not 5."));
    let differ = post(
        &mut ann,
        "/account/password",
        &change("annann", "newpassword", "newpasswerd"),
    )
    .await;
    assert_eq!(differ.status, StatusCode::BAD_REQUEST);
    assert!(differ.body.contains("The two new passwords differ."));
    assert_eq!(
        server.client().log_in("ann", "annann").await.status,
        StatusCode::SEE_OTHER
    );

    let changed = post(
        &mut ann,
        "/account/password",
        &change("annann", "newpassword", "newpassword"),
    )
    .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    assert!(changed.body.contains("Your password was changed."));
    assert_eq!(
        ann.get("/submissions").await.status,
        StatusCode::OK,
        "this session stays"
    );
    assert_eq!(
        elsewhere.get("/submissions").await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        server.client().log_in("ann", "annann").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        server.client().log_in("ann", "newpassword").await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn a_student_makes_uses_and_revokes_their_own_token() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let made = post(&mut ann, "/account/tokens", &[]).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let token = secret(&made);
    assert!(token.starts_with("judge_"), "{token}");
    let listed = server
        .store
        .tokens_of(server.store.user_by_name("ann").unwrap().unwrap().0.id)
        .unwrap();
    assert_eq!(listed.len(), 1);
    let id = listed[0].id;
    let auth = bearer(&token);
    let mut program = server.client();
    let used = program
        .get_with("/api/v1/problems", &[("authorization", &auth)])
        .await;
    assert_eq!(used.status, StatusCode::OK);
    let page = ann.get("/account").await;
    assert!(!page.body.contains(&token), "shown once");
    assert!(page.body.contains(&format!("data-token=\"{id}\"")));

    let mut bob = server.login("bob").await;
    let not_bobs = post(&mut bob, &format!("/account/tokens/{id}/revoke"), &[]).await;
    assert_eq!(not_bobs.status, StatusCode::NOT_FOUND);
    let bad_id = post(&mut ann, "/account/tokens/x/revoke", &[]).await;
    assert_eq!(bad_id.status, StatusCode::NOT_FOUND);
    let revoked = post(&mut ann, &format!("/account/tokens/{id}/revoke"), &[]).await;
    assert_eq!(revoked.status, StatusCode::OK);
    let after = program
        .get_with("/api/v1/problems", &[("authorization", &auth)])
        .await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);

    // The teacher makes and revokes tokens of any account.
    let mut teacher = server.login("teacher").await;
    let made = post(&mut teacher, "/teacher/accounts/bob/token", &[]).await;
    let bobs = bearer(&secret(&made));
    assert_eq!(
        program
            .get_with("/api/v1/problems", &[("authorization", &bobs)])
            .await
            .status,
        StatusCode::OK
    );
    let bob_token = server
        .store
        .tokens()
        .unwrap()
        .into_iter()
        .find(|t| t.user_name == "bob")
        .unwrap();
    let revoked = post(
        &mut teacher,
        &format!("/teacher/tokens/{}/revoke", bob_token.id),
        &[],
    )
    .await;
    assert_eq!(revoked.status, StatusCode::OK);
    assert_eq!(
        program
            .get_with("/api/v1/problems", &[("authorization", &bobs)])
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_api_adds_lists_and_resets_accounts_for_teachers_only() {
    let server = TestServer::new(0);
    let teacher = bearer(
        &judge_server::accounts::issue_token(&server.store, "teacher")
            .unwrap()
            .1,
    );
    let student = bearer(
        &judge_server::accounts::issue_token(&server.store, "ann")
            .unwrap()
            .1,
    );
    let mut client = server.client();
    let new = |name: &str, teacher: bool| serde_json::json!({ "name": name, "teacher": teacher });

    let added = client
        .post_json(
            "/api/v1/users",
            &new("gus", false),
            &[("authorization", &teacher)],
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let body = added.json();
    assert_eq!(
        (body["name"].as_str(), body["teacher"].as_bool()),
        (Some("gus"), Some(false))
    );
    let password = body["password"].as_str().unwrap().to_string();
    assert_eq!(
        server.client().log_in("gus", &password).await.status,
        StatusCode::SEE_OTHER
    );

    let duplicate = client
        .post_json(
            "/api/v1/users",
            &new("gus", true),
            &[("authorization", &teacher)],
        )
        .await;
    assert_eq!(duplicate.status, StatusCode::CONFLICT);
    assert_eq!(duplicate.json()["code"], "conflict");
    for bad in ["", "a b", "<x>"] {
        let reply = client
            .post_json(
                "/api/v1/users",
                &new(bad, false),
                &[("authorization", &teacher)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(reply.json()["code"], "bad_request");
    }
    let unknown_field = client
        .post_json(
            "/api/v1/users",
            &serde_json::json!({"name": "hal", "admin": true}),
            &[("authorization", &teacher)],
        )
        .await;
    assert!(
        unknown_field.status.is_client_error(),
        "{}",
        unknown_field.body
    );

    let listed = client
        .get_with("/api/v1/users", &[("authorization", &teacher)])
        .await;
    assert_eq!(listed.status, StatusCode::OK);
    let users = listed.json();
    let gus = users
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == "gus")
        .unwrap();
    assert_eq!(
        (gus["teacher"].as_bool(), gus["disabled"].as_bool()),
        (Some(false), Some(false))
    );

    let reset = client
        .post_json(
            "/api/v1/users/gus/password",
            &serde_json::json!({}),
            &[("authorization", &teacher)],
        )
        .await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    let new_password = reset.json()["password"].as_str().unwrap().to_string();
    assert_ne!(new_password, password);
    assert_eq!(
        server.client().log_in("gus", &new_password).await.status,
        StatusCode::SEE_OTHER
    );
    let unknown = client
        .post_json(
            "/api/v1/users/nobody/password",
            &serde_json::json!({}),
            &[("authorization", &teacher)],
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    // A student's token: 403 on each, and nothing changes.
    let before = names(&server);
    let forbidden = [
        client
            .get_with("/api/v1/users", &[("authorization", &student)])
            .await,
        client
            .post_json(
                "/api/v1/users",
                &new("ivy", true),
                &[("authorization", &student)],
            )
            .await,
        client
            .post_json(
                "/api/v1/users/gus/password",
                &serde_json::json!({}),
                &[("authorization", &student)],
            )
            .await,
    ];
    for reply in forbidden {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
        assert_eq!(reply.json()["code"], "forbidden");
    }
    assert_eq!(names(&server), before);
    assert_eq!(
        server.client().log_in("gus", &new_password).await.status,
        StatusCode::SEE_OTHER
    );
    let anonymous = client.get("/api/v1/users").await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

/// The submission lists show each IOI submission's points; the teacher's has a contest
/// column and filters by any contest's problems.
#[tokio::test]
async fn the_lists_show_points_and_the_teachers_the_contest() {
    let server = TestServer::with_course(
        1,
        |contest| {
            contest.insert("scoring".into(), "ioi".into());
            let mut add = toml::Table::new();
            add.insert("id".into(), "add".into());
            add.insert("points".into(), 90.into());
            contest.insert("problems".into(), vec![toml::Value::Table(add)].into());
        },
        |top| {
            let mut second = toml::Table::new();
            second.insert("id".into(), "practice".into());
            second.insert("title".into(), "Practice round".into());
            second.insert("scoring".into(), "icpc".into());
            second.insert("start".into(), minutes_from_now(-10).into());
            second.insert("end".into(), minutes_from_now(60).into());
            let problems: Vec<toml::Value> = ["add", "ghost"]
                .iter()
                .map(|id| {
                    let mut problem = toml::Table::new();
                    problem.insert("id".into(), (*id).into());
                    toml::Value::Table(problem)
                })
                .collect();
            second.insert("problems".into(), problems.into());
            top.insert("contests".into(), vec![toml::Value::Table(second)].into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let ioi = ann
        .submit("add", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    let csrf = ann.csrf().await;
    let icpc = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("contest", "practice"),
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", &submission("wa_secret.py")),
            ],
        )
        .await
        .submission_id();
    server.wait_judged(ioi);
    server.wait_judged(icpc);

    let detail = ann.get(&format!("/submissions/{ioi}")).await;
    let marker = "class=\"points\">";
    let at = detail.body.find(marker).expect("the detail page's points") + marker.len();
    let points = detail.body[at..at + detail.body[at..].find('<').unwrap()].to_string();
    assert!(
        points.ends_with("/90") && points != "0/90" && points != "90/90",
        "{points}"
    );

    let cell = |page: &Reply, id: i64| {
        let row = &page.body[page.body.find(&format!("data-row=\"{id}\"")).unwrap()..];
        let row = &row[..row.find("</tr>").unwrap()];
        let at = row.find("data-field=\"points\">").unwrap() + "data-field=\"points\">".len();
        row[at..at + row[at..].find('<').unwrap()].to_string()
    };
    let mine = ann.get("/submissions").await;
    assert!(mine.body.contains(">Points<"), "{}", mine.body);
    assert_eq!(cell(&mine, ioi), points);
    assert_eq!(
        cell(&mine, icpc),
        "",
        "an ICPC submission shows its verdict alone"
    );

    let mut teacher = server.login("teacher").await;
    let all = teacher.get("/teacher/submissions").await;
    assert_eq!(cell(&all, ioi), points);
    assert!(
        all.body.contains("data-field=\"contest\">Practice round<"),
        "{}",
        all.body
    );
    assert!(all.body.contains("data-field=\"contest\">Test contest<"));
    assert!(
        all.body.contains("<option value=\"ghost\""),
        "every contest's problems"
    );
    let filtered = teacher.get("/teacher/submissions?problem=ghost").await;
    assert_eq!(filtered.status, StatusCode::OK);
    assert!(!filtered.body.contains(&format!("data-row=\"{ioi}\"")));
}

/// Groups (issues 30 and 33): a class file's third column, the teacher's form and the
/// API put students in groups; the gradebook, its exports and the teacher's submission
/// list show one group's students, and a bad group is refused with a reason.
#[tokio::test(flavor = "multi_thread")]
async fn groups_filter_the_gradebook_and_the_submission_list() {
    let server = crate::http_grades::course();
    let mut teacher = server.login("teacher").await;

    // A class file's third column is the group; a bad one is named by its line and the
    // page imports nothing.
    let refused = post(
        &mut teacher,
        "/teacher/accounts/import",
        &[("class", "name,password,group\ncid,,Tuesday lab\ndee,,<b>\n")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert!(refused.body.contains("line 3"), "{}", refused.body);
    assert!(server.store.user_by_name("cid").unwrap().is_none());
    let imported = post(
        &mut teacher,
        "/teacher/accounts/import",
        &[("class", "name,password,group\ncid,,Tuesday lab\n")],
    )
    .await;
    assert_eq!(imported.status, StatusCode::OK, "{}", imported.body);
    let cid = server.store.user_by_name("cid").unwrap().unwrap().0;
    assert_eq!(cid.group.as_deref(), Some("Tuesday lab"));

    // The teacher's form puts ann in a group; a bad group changes nothing.
    let moved = post(
        &mut teacher,
        "/teacher/accounts/ann/group",
        &[("group", "2024-A")],
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let refused = post(
        &mut teacher,
        "/teacher/accounts/ann/group",
        &[("group", "a/b")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    let ann = server.store.user_by_name("ann").unwrap().unwrap().0;
    assert_eq!(ann.group.as_deref(), Some("2024-A"));
    let page = teacher.get("/teacher/accounts").await;
    assert!(page.body.contains("2024-A"), "{}", page.body);

    // The API reads and changes an account's group.
    let token = bearer(
        &judge_server::accounts::issue_token(&server.store, "teacher")
            .unwrap()
            .1,
    );
    let auth = [("authorization", token.as_str())];
    let mut api = server.client();
    let patched = api
        .json_request(
            "PATCH",
            "/api/v1/users/bob",
            Some(&serde_json::json!({"group": "2024-B"})),
            &auth,
        )
        .await;
    assert_eq!(patched.status, StatusCode::OK, "{}", patched.body);
    assert_eq!(patched.json()["group"], "2024-B");
    let one = api.get_with("/api/v1/users/ann", &auth).await;
    assert_eq!(one.json()["group"], "2024-A");
    let bad = api
        .json_request(
            "PATCH",
            "/api/v1/users/bob",
            Some(&serde_json::json!({"group": "<script>"})),
            &auth,
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    let unknown = api
        .json_request(
            "PATCH",
            "/api/v1/users/nobody",
            Some(&serde_json::json!({"group": null})),
            &auth,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.body);

    // Each student submits to both contests.
    let ac = submission("ac.py");
    let mut ids = Vec::new();
    for name in ["ann", "bob"] {
        let mut student = server.login(name).await;
        for contest in ["main", "hw1"] {
            let reply = crate::http_contests::submit_into(&mut student, contest, &ac).await;
            ids.push(reply.submission_id());
        }
    }
    for id in ids {
        server.wait_judged(id);
    }

    // The gradebook of one group has its students only, and so have its exports.
    let all = teacher.get("/grades").await;
    assert!(all.body.contains(">ann<") && all.body.contains(">bob<"));
    let a = teacher.get("/grades?group=2024-A").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert!(a.body.contains(">ann<"), "{}", a.body);
    assert!(!a.body.contains(">bob<"), "{}", a.body);
    assert!(
        a.body
            .contains("/teacher/submissions?student=ann&amp;contest=hw1"),
        "a cell leads to the student's submissions in that contest: {}",
        a.body
    );
    let csv = teacher.get("/grades/export/grades.csv?group=2024-B").await;
    let students: Vec<&str> = csv
        .body
        .lines()
        .skip(1)
        .map(|line| line.split(',').next().unwrap())
        .collect();
    assert_eq!(students, ["bob"], "{}", csv.body);

    // The teacher's submission list by contest and by group.
    let list = teacher
        .get("/teacher/submissions?contest=hw1&group=2024-B")
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    let rows = list.body.matches("<tr").count();
    assert_eq!(rows, 2, "a header and bob's hw1 submission: {}", list.body);
    assert!(list.body.contains(">bob<"), "{}", list.body);
    let none = teacher
        .get("/teacher/submissions?contest=hw1&group=Tuesday%20lab")
        .await;
    assert_eq!(none.body.matches("<tr").count(), 0, "{}", none.body);

    // A student cannot pick a group: the query is ignored and their own row shown.
    let mut bob = server.login("bob").await;
    let own = bob.get("/grades?group=2024-A").await;
    assert!(own.body.contains(">bob<") && !own.body.contains(">ann<"));
}

#[tokio::test]
async fn a_teacher_makes_a_judging_machines_worker_token_on_the_page_and_revokes_it() {
    let server = TestServer::new(0);
    let mut teacher = server.login("teacher").await;
    let page = teacher.get("/teacher/accounts").await;
    assert!(page.body.contains("id=\"worker-tokens\""), "{}", page.body);
    assert!(page.body.contains("No judging machine has a token yet"));

    let refused = post(
        &mut teacher,
        "/teacher/worker-tokens",
        &[("name", "../rack")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert!(refused.body.contains("cannot name a judging machine"));
    assert!(server.store.worker_tokens().unwrap().is_empty());

    let made = post(&mut teacher, "/teacher/worker-tokens", &[("name", "rack")]).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let token = secret(&made);
    assert!(token.starts_with("judgeworker_"), "{token}");
    assert!(made.body.contains("--name rack"), "{}", made.body);
    let listed = server.store.worker_tokens().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name, "rack");
    let page = teacher.get("/teacher/accounts").await;
    assert!(page
        .body
        .contains(&format!("data-worker-token=\"{}\"", listed[0].id)));
    assert!(!page.body.contains(&token), "a token is shown once");

    // The token is a worker's: it claims (nothing is queued) but opens no other API.
    let claim = |token: String| {
        let server = &server;
        async move {
            server
                .client()
                .json_request(
                    "POST",
                    "/api/v1/worker/claim",
                    Some(&serde_json::json!({"name": "w1", "lease_ms": 3000})),
                    &[("authorization", &bearer(&token))],
                )
                .await
                .status
        }
    };
    assert!(claim(token.clone()).await.is_success());
    assert_eq!(
        api_status(&server, &bearer(&token)).await,
        StatusCode::UNAUTHORIZED
    );

    let revoked = post(&mut teacher, "/teacher/worker-tokens/rack/revoke", &[]).await;
    assert_eq!(revoked.status, StatusCode::OK, "{}", revoked.body);
    assert!(revoked
        .body
        .contains("Revoked the worker tokens of rack (1)"));
    assert_eq!(claim(token).await, StatusCode::UNAUTHORIZED);
    let again = post(&mut teacher, "/teacher/worker-tokens/rack/revoke", &[]).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.body);

    // In Chinese too.
    let mut chinese = teacher.with_header("accept-language", "zh-CN");
    let page = chinese.get("/teacher/accounts").await;
    assert!(page.body.contains("评测机令牌"), "{}", page.body);
}
