//! The teacher's dashboard over a course: every contest's window and freeze, a publish
//! button for each contest whose board freezes (the same form as on `/contests`, coming
//! back to the dashboard), and the note on a freeze that can never happen, in the
//! teacher's language.

use crate::common::{minutes_from_now, Client, TestServer};
use axum::http::StatusCode;

/// The first contest frozen (its last 90 minutes of 120), contest `b` frozen from its
/// start, contest `c` without a freeze.
fn course() -> TestServer {
    TestServer::with_course(
        0,
        |first| {
            first.insert("start".into(), minutes_from_now(-60).into());
            first.insert("duration_minutes".into(), 120.into());
            first.insert("freeze_minutes".into(), 90.into());
        },
        |top| {
            let t = |m: i64| toml::Value::from(minutes_from_now(m));
            let contest = |id: &str, fields: &[(&str, toml::Value)]| {
                let mut table = toml::Table::new();
                table.insert("id".into(), id.into());
                table.insert("title".into(), format!("Contest {id}").into());
                for (key, value) in fields {
                    table.insert((*key).into(), value.clone());
                }
                let mut problem = toml::Table::new();
                problem.insert("id".into(), "add".into());
                table.insert("problems".into(), vec![toml::Value::from(problem)].into());
                toml::Value::from(table)
            };
            top.insert(
                "contests".into(),
                vec![
                    contest(
                        "b",
                        &[
                            ("start", t(-30)),
                            ("end", t(60)),
                            ("freeze_minutes", 120.into()),
                        ],
                    ),
                    contest("c", &[("start", t(-30)), ("end", t(60))]),
                ]
                .into(),
            );
        },
        |_| {},
    )
}

/// The publish form of `contest` on `page`: its hidden fields, up to the button.
fn publish_form<'a>(page: &'a str, contest: &str) -> Option<&'a str> {
    page.split("<form method=\"post\" action=\"/teacher/scoreboard/publish\"")
        .skip(1)
        .map(|form| form.split("</form>").next().unwrap_or(form))
        .find(|form| form.contains(&format!("name=\"contest\" value=\"{contest}\"")))
}

async fn publish(client: &mut Client, fields: &[(&str, &str)]) -> crate::common::Reply {
    let csrf = client.csrf().await;
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    client.post_form("/teacher/scoreboard/publish", &all).await
}

#[tokio::test]
async fn the_dashboard_publishes_the_board_of_each_contest_that_freezes() {
    let server = course();
    let mut teacher = server.login("teacher").await;
    let dashboard = teacher.get("/teacher").await;
    assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.body);
    for id in ["main", "b", "c"] {
        assert!(
            dashboard
                .body
                .contains(&format!("<tr data-contest=\"{id}\">")),
            "contest {id} is on the dashboard: {}",
            dashboard.body
        );
    }
    for id in ["main", "b"] {
        let form = publish_form(&dashboard.body, id)
            .unwrap_or_else(|| panic!("no publish form for {id}: {}", dashboard.body));
        assert!(form.contains("name=\"back\" value=\"/teacher\""), "{form}");
        assert!(form.contains("name=\"published\" value=\"1\""), "{form}");
        assert!(form.contains("name=\"csrf\""), "{form}");
    }
    assert!(
        publish_form(&dashboard.body, "c").is_none(),
        "c does not freeze: nothing to publish"
    );

    // Publishing b from the dashboard: back to it, b published, the first still frozen.
    let published = publish(
        &mut teacher,
        &[("contest", "b"), ("back", "/teacher"), ("published", "1")],
    )
    .await;
    assert_eq!(
        (published.status, published.location()),
        (StatusCode::SEE_OTHER, "/teacher"),
        "{}",
        published.body
    );
    let dashboard = teacher.get("/teacher").await.body;
    let b = publish_form(&dashboard, "b").unwrap();
    assert!(b.contains("name=\"published\" value=\"0\""), "{b}");
    assert!(b.contains("Freeze the public scoreboard again"), "{b}");
    let first = publish_form(&dashboard, "main").unwrap();
    assert!(first.contains("name=\"published\" value=\"1\""), "{first}");
    let contests = teacher.get("/contests").await.body;
    let on_list = publish_form(&contests, "b").unwrap();
    assert!(
        on_list.contains("name=\"published\" value=\"0\""),
        "/contests agrees: {on_list}"
    );
    assert!(on_list.contains("name=\"back\" value=\"/contests\""));

    // The first's from the dashboard, then frozen again.
    let reply = publish(
        &mut teacher,
        &[
            ("contest", "main"),
            ("back", "/teacher"),
            ("published", "1"),
        ],
    )
    .await;
    assert_eq!(reply.location(), "/teacher");
    let dashboard = teacher.get("/teacher").await.body;
    assert!(publish_form(&dashboard, "main")
        .unwrap()
        .contains("name=\"published\" value=\"0\""));
    publish(&mut teacher, &[("contest", "main"), ("published", "0")]).await;
    let dashboard = teacher.get("/teacher").await.body;
    assert!(publish_form(&dashboard, "main")
        .unwrap()
        .contains("name=\"published\" value=\"1\""));

    // Another page to go back to is not followed; without the form's token nothing
    // changes; a student cannot publish.
    let elsewhere = publish(
        &mut teacher,
        &[
            ("contest", "b"),
            ("back", "https://example.com/"),
            ("published", "0"),
        ],
    )
    .await;
    assert_eq!(elsewhere.location(), "/contests");
    let forged = teacher
        .post_form(
            "/teacher/scoreboard/publish",
            &[("contest", "b"), ("back", "/teacher"), ("published", "1")],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let dashboard = teacher.get("/teacher").await.body;
    assert!(
        publish_form(&dashboard, "b")
            .unwrap()
            .contains("name=\"published\" value=\"1\""),
        "the forged form changed nothing"
    );
    let mut ann = server.login("ann").await;
    let refused = publish(&mut ann, &[("contest", "b"), ("published", "1")]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let unknown = publish(&mut teacher, &[("contest", "nope"), ("published", "1")]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_freeze_that_cannot_happen_is_explained_in_the_teachers_language() {
    let server = TestServer::with(
        0,
        |first| {
            first.insert("freeze_minutes".into(), 30.into());
        },
        |_| {},
    );
    let mut english = server.login("teacher").await;
    let page = english.get("/teacher").await.body;
    assert!(
        page.contains("<code>freeze_minutes</code> is set, but the contest has no end: the scoreboard never freezes."),
        "{page}"
    );
    assert!(publish_form(&page, "main").is_none(), "nothing freezes");
    let mut chinese = server.client().with_header("accept-language", "zh-CN");
    chinese.log_in("teacher", "teacherteacher").await;
    let page = chinese.get("/teacher").await.body;
    assert!(
        page.contains(
            "<code>freeze_minutes</code> 已设置，但比赛没有结束时间：排行榜永远不会封榜。"
        ),
        "{page}"
    );
    assert!(!page.contains("never freezes"), "{page}");
}
