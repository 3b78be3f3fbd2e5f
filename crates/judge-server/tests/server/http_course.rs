//! HTTP tests of what a course of several contests shares with each of them: questions,
//! answers and announcements belong to the contest they are made in; self-tests offer a
//! contest's problems and languages with the limits its submissions are judged with; the
//! JSON API, the teacher's exports and the publish button take the contest; `judge serve`'s
//! flags for the clarification and self-test limits.
//!
//! The course: `main` (judge.toml's `[contest]`: add, ghost, broken; Python, C, C++),
//! `b` (add, shared with main, and parts; Python only; running, its board frozen) and
//! `later` (add; not started).

use crate::common::process::{self, judge, judge_binary, Browser, ServeProcess};
use crate::common::{minutes_from_now, submission, write_config, Client, Part, TestServer};
use axum::http::StatusCode;

/// A `[[contests]]` entry.
fn contest(id: &str, problems: &[&str], fields: &[(&str, toml::Value)]) -> toml::Value {
    let mut table = toml::Table::new();
    table.insert("id".into(), id.into());
    table.insert("title".into(), format!("Contest {id}").into());
    for (key, value) in fields {
        table.insert((*key).into(), value.clone());
    }
    let problems: Vec<toml::Value> = problems
        .iter()
        .map(|id| {
            let mut problem = toml::Table::new();
            problem.insert("id".into(), (*id).into());
            problem.into()
        })
        .collect();
    table.insert("problems".into(), problems.into());
    table.into()
}

/// The course of this file (see the top), with `workers` judging workers.
fn course(workers: usize) -> TestServer {
    TestServer::with_course(
        workers,
        |_| {},
        |top| {
            let t = |m: i64| toml::Value::from(minutes_from_now(m));
            top.insert(
                "contests".into(),
                vec![
                    contest(
                        "b",
                        &["add", "parts"],
                        &[
                            ("start", t(-30)),
                            ("end", t(60)),
                            ("freeze_minutes", 120.into()),
                            ("languages", vec![toml::Value::from("python3")].into()),
                        ],
                    ),
                    contest("later", &["add"], &[("start", t(60)), ("end", t(120))]),
                ]
                .into(),
            );
        },
        |_| {},
    )
}

/// Posts a question through the form of `contest` (None: the first's form, no field).
async fn ask(
    client: &mut Client,
    contest: Option<&str>,
    problem: &str,
    question: &str,
) -> crate::common::Reply {
    let csrf = client.csrf().await;
    let mut fields = vec![("csrf", csrf.as_str()), ("problem", problem)];
    fields.push(("question", question));
    if let Some(contest) = contest {
        fields.push(("contest", contest));
    }
    client.post_form("/clarifications", &fields).await
}

/// The question id a redirect after asking points to.
fn question_id(reply: &crate::common::Reply) -> i64 {
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    reply
        .location()
        .rsplit_once("#clarification-")
        .unwrap()
        .1
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_question_asked_in_b_is_b_s_and_its_public_answer_reaches_b_s_students_only() {
    let server = course(0);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let mut teacher = server.login("teacher").await;

    let form = ann.get("/clarifications?contest=b&problem=parts").await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    assert!(form
        .body
        .contains("<input type=\"hidden\" name=\"contest\" value=\"b\">"));
    assert!(form.body.contains("<option value=\"parts\" selected>"));
    // parts is b's, not main's.
    assert!(!ann
        .get("/clarifications?problem=parts")
        .await
        .body
        .contains("value=\"parts\""));
    assert_eq!(
        ask(&mut ann, None, "parts", "Wrong contest?").await.status,
        StatusCode::NOT_FOUND
    );

    let asked = ask(&mut ann, Some("b"), "parts", "May the sum overflow in B?").await;
    let id = question_id(&asked);
    assert_eq!(
        asked.location(),
        format!("/clarifications?contest=b#clarification-{id}")
    );
    let stored = server.store.clarifications_for(
        &server.store.user_by_name("teacher").unwrap().unwrap().0,
        &judge_server::store::InContest {
            id: "b",
            first: false,
        },
    );
    assert_eq!(stored.unwrap()[0].contest_id.as_deref(), Some("b"));

    // The teacher sees it in b, with b's count of open questions; not in main.
    let in_b = teacher.get("/clarifications?contest=b").await;
    assert!(
        in_b.body.contains("May the sum overflow in B?"),
        "{}",
        in_b.body
    );
    assert!(
        in_b.body
            .contains("title=\"questions waiting for an answer\">1<"),
        "{}",
        in_b.body
    );
    let in_main = teacher.get("/clarifications").await;
    assert!(!in_main.body.contains("May the sum overflow in B?"));
    assert!(!in_main.body.contains("questions waiting for an answer"));
    // The teacher's pages of no one contest count every open question.
    assert!(teacher
        .get("/teacher")
        .await
        .body
        .contains("title=\"questions waiting for an answer\">1<"));

    let csrf = teacher.csrf().await;
    let answered = teacher
        .post_form(
            &format!("/teacher/clarifications/{id}/answer"),
            &[
                ("csrf", &csrf),
                ("answer", "No: at most 10^9."),
                ("public", "1"),
            ],
        )
        .await;
    assert_eq!(answered.status, StatusCode::SEE_OTHER, "{}", answered.body);
    assert_eq!(
        answered.location(),
        format!("/clarifications?contest=b#clarification-{id}")
    );

    // Every student of b reads it on b's page (without the asker); main's page does not
    // show it.
    let bob_b = bob.get("/clarifications?contest=b").await;
    assert!(bob_b.body.contains("May the sum overflow in B?"));
    assert!(bob_b.body.contains("No: at most 10^9."));
    assert!(
        !bob_b.body.contains(">ann<") && !bob_b.body.contains("asked by"),
        "the asker is not shown"
    );
    let bob_main = bob.get("/clarifications").await;
    assert!(!bob_main.body.contains("May the sum overflow in B?"));
    assert!(!bob_main.body.contains("No: at most 10^9."));
    // b's problem link on the question goes to b's statement.
    assert!(bob_b.body.contains("href=\"/contests/b/problems/parts\""));

    // A contest not yet started: its page and its form refuse students, not teachers.
    assert_eq!(
        ann.get("/clarifications?contest=later").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        ask(&mut ann, Some("later"), "add", "Early?").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        teacher.get("/clarifications?contest=later").await.status,
        StatusCode::OK
    );
    let unknown = ann.get("/clarifications?contest=nope").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(unknown.body.contains("nope"), "{}", unknown.body);
}

async fn announce(client: &mut Client, fields: &[(&str, &str)]) -> crate::common::Reply {
    let csrf = client.csrf().await;
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    client.post_form("/teacher/announcements", &all).await
}

/// The announcements banner of a page.
fn banner(page: &str) -> &str {
    match page.find("id=\"announcements-banner\"") {
        Some(at) => {
            let rest = &page[at..];
            &rest[..rest.find("</aside>").unwrap()]
        }
        None => "",
    }
}

#[tokio::test]
async fn an_announcement_for_b_is_shown_in_b_only_and_one_for_every_contest_everywhere() {
    let server = course(0);
    let mut ann = server.login("ann").await;
    let mut teacher = server.login("teacher").await;

    let form = teacher.get("/clarifications?contest=b").await;
    assert!(
        form.body.contains("name=\"every\" value=\"1\""),
        "{}",
        form.body
    );
    let posted = announce(
        &mut teacher,
        &[("contest", "b"), ("body", "B: parts has a new test.")],
    )
    .await;
    assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.body);
    assert_eq!(posted.location(), "/clarifications?contest=b#announcements");

    // On b's pages, new; on main's, absent.
    let b_page = ann.get("/contests/b/problems").await;
    assert!(
        banner(&b_page.body).contains("B: parts has a new test."),
        "{}",
        b_page.body
    );
    assert!(banner(&b_page.body).contains("1 new announcement"));
    assert!(banner(&b_page.body).contains("href=\"/clarifications?contest=b#announcements\""));
    let main_page = ann.get("/problems").await;
    assert!(
        !main_page.body.contains("B: parts has a new test."),
        "{}",
        main_page.body
    );
    assert!(!ann
        .get("/clarifications")
        .await
        .body
        .contains("B: parts has a new test."));

    // Reading b's page marks it seen.
    let read = ann.get("/clarifications?contest=b").await;
    assert!(read.body.contains("B: parts has a new test."));
    assert!(!banner(&ann.get("/contests/b/problems").await.body).contains("new announcement"));

    // One for every contest, posted from main's page: new on every contest's pages until
    // read on any.
    let posted = announce(
        &mut teacher,
        &[("body", "Lab closes at 18:00."), ("every", "1")],
    )
    .await;
    assert_eq!(posted.location(), "/clarifications#announcements");
    assert!(banner(&ann.get("/problems").await.body).contains("Lab closes at 18:00."));
    let b_banner = ann.get("/contests/b/problems").await.body;
    assert!(banner(&b_banner).contains("Lab closes at 18:00."));
    assert!(
        banner(&b_banner).contains("1 new announcement"),
        "{b_banner}"
    );
    let main_list = ann.get("/clarifications").await;
    assert!(main_list.body.contains("Lab closes at 18:00."));
    assert!(main_list.body.contains("every contest"));
    assert!(!banner(&ann.get("/contests/b/problems").await.body).contains("new announcement"));
    assert!(!ann
        .get("/clarifications")
        .await
        .body
        .contains("B: parts has a new test."));

    let bad = announce(&mut teacher, &[("body", "x"), ("every", "yes")]).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body.contains("every must be 1 or 0"), "{}", bad.body);
    let chinese = teacher
        .get_with("/clarifications?contest=b", &[("accept-language", "zh-CN")])
        .await;
    assert!(chinese.body.contains("发给所有比赛"), "{}", chinese.body);
}

async fn self_test(
    client: &mut Client,
    contest: Option<&str>,
    problem: &str,
    language: &str,
    source: &str,
    input: &str,
) -> crate::common::Reply {
    let csrf = client.csrf().await;
    let mut parts = vec![
        Part::Text("csrf", &csrf),
        Part::Text("problem", problem),
        Part::Text("language", language),
        Part::Text("source", source),
        Part::Text("input", input),
    ];
    if let Some(contest) = contest {
        parts.push(Part::Text("contest", contest));
    }
    client.post_multipart("/self-test", &parts).await
}

#[tokio::test]
async fn a_self_test_in_b_offers_b_s_problems_and_languages_with_their_judging_limits() {
    let server = course(0);
    let mut ann = server.login("ann").await;
    let mut teacher = server.login("teacher").await;

    let form = ann.get("/self-test?contest=b&problem=parts").await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    assert!(form
        .body
        .contains("<input type=\"hidden\" name=\"contest\" value=\"b\">"));
    assert!(form.body.contains("<option value=\"parts\" selected>"));
    assert!(!form.body.contains("value=\"cpp\""), "b allows Python only");
    let main_form = ann.get("/self-test").await;
    assert!(!main_form.body.contains("value=\"parts\""));
    assert!(main_form.body.contains("value=\"cpp\""));
    // b's statement links to b's self-test and b's questions.
    let statement = ann.get("/contests/b/problems/parts").await;
    assert!(
        statement
            .body
            .contains("href=\"/self-test?contest=b&amp;problem=parts\""),
        "{}",
        statement.body
    );
    assert!(statement
        .body
        .contains("href=\"/clarifications?contest=b&amp;problem=parts#ask\""));

    let sum = "a, b = map(int, input().split())\nprint(a + b)\n";
    let ran = self_test(&mut ann, Some("b"), "parts", "python3", sum, "40 2\n").await;
    assert_eq!(ran.status, StatusCode::OK, "{}", ran.body);
    assert!(ran.body.contains("v-AC\">OK<"), "{}", ran.body);
    assert!(ran.body.contains("42"));
    assert!(
        ran.body.contains("name=\"contest\" value=\"b\""),
        "the form stays b's"
    );

    // Not b's problem or language: refused, as main refuses b's problem.
    let not_main = self_test(&mut teacher, None, "parts", "python3", sum, "1 2\n").await;
    assert_eq!(not_main.status, StatusCode::NOT_FOUND, "{}", not_main.body);
    let c = self_test(&mut teacher, Some("b"), "add", "c", "int main(){}", "").await;
    assert_eq!(c.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(c.body.contains("allowed: python3"), "{}", c.body);

    // The problem's limits, as a submission in b is judged: 1 s of CPU time for add.
    let spin = "while True:\n    pass\n";
    let slow = self_test(&mut teacher, Some("b"), "add", "python3", spin, "").await;
    assert_eq!(slow.status, StatusCode::OK, "{}", slow.body);
    assert!(slow.body.contains("v-TLE"), "{}", slow.body);

    // Not started: students are refused (the form and a run), teachers are not.
    assert_eq!(
        ann.get("/self-test?contest=later").await.status,
        StatusCode::FORBIDDEN
    );
    let early = self_test(&mut ann, Some("later"), "add", "python3", sum, "1 2\n").await;
    assert_eq!(early.status, StatusCode::FORBIDDEN, "{}", early.body);
    assert_eq!(
        teacher.get("/self-test?contest=later").await.status,
        StatusCode::OK
    );
    assert_eq!(
        ann.get("/self-test?contest=nope").await.status,
        StatusCode::NOT_FOUND
    );
}

fn token(server: &TestServer, name: &str) -> String {
    format!(
        "Bearer {}",
        judge_server::accounts::issue_token(&server.store, name)
            .unwrap()
            .1
    )
}

#[tokio::test]
async fn the_api_lists_b_s_problems_and_board_and_the_first_contest_s_by_default() {
    let server = course(1);
    let ann = token(&server, "ann");
    let bob = token(&server, "bob");
    let teacher = token(&server, "teacher");
    let mut client = server.client();
    let get = |path: &'static str, who: String| {
        let mut client = server.client();
        async move { client.get_with(path, &[("authorization", &who)]).await }
    };

    let b = get("/api/v1/problems?contest=b", ann.clone()).await;
    assert_eq!(b.status, StatusCode::OK, "{}", b.body);
    let b = b.json();
    assert_eq!(b["contest_id"], "b");
    assert_eq!(b["contest"], "Contest b");
    let ids: Vec<&str> = b["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["add", "parts"]);
    assert_eq!(b["problems"][1]["statement"], "/contests/b/problems/parts");
    assert_eq!(b["problems"][1]["time_limit_s"], 1.0);
    assert_eq!(b["languages"].as_array().unwrap().len(), 1);
    let first = get("/api/v1/problems", ann.clone()).await.json();
    assert_eq!(first["contest_id"], "main");
    assert_eq!(first["problems"][0]["statement"], "/problems/add");
    assert_eq!(first["problems"].as_array().unwrap().len(), 3);
    let later = get("/api/v1/problems?contest=later", ann.clone()).await;
    assert_eq!(later.status, StatusCode::FORBIDDEN);
    assert!(later.json()["error"].is_string());
    let nope = get("/api/v1/scoreboard?contest=nope", ann.clone()).await;
    assert_eq!(nope.status, StatusCode::NOT_FOUND);
    assert_eq!(nope.json()["status"], 404);

    // Ann solves add in b: b's board has it (for the teacher; frozen for students), main's
    // does not, though the problem is the same.
    let submitted = client
        .post_json(
            "/api/v1/submissions",
            &serde_json::json!({
                "problem": "add", "language": "python3", "contest": "b",
                "source": submission("ac.py"),
            }),
            &[("authorization", &ann)],
        )
        .await;
    assert_eq!(submitted.status, StatusCode::CREATED, "{}", submitted.body);
    let id = submitted.json()["id"].as_i64().unwrap();
    server.wait_judged(id);
    let solved = |board: &serde_json::Value| -> Vec<String> {
        board["scoreboard"]["rows"]
            .as_array()
            .unwrap_or_else(|| panic!("no rows in {board}"))
            .iter()
            .filter(|row| row["solved"].as_u64().unwrap_or_default() > 0)
            .map(|row| row["student"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let b_board = get("/api/v1/scoreboard?contest=b", teacher.clone()).await;
    assert_eq!(b_board.status, StatusCode::OK, "{}", b_board.body);
    let b_board = b_board.json();
    assert_eq!(solved(&b_board), ["ann"], "{b_board}");
    let main_board = get("/api/v1/scoreboard", teacher.clone()).await.json();
    assert!(solved(&main_board).is_empty(), "{main_board}");
    // b is frozen from its start: a student's view of b's board hides the solve.
    let frozen = get("/api/v1/scoreboard?contest=b", bob.clone())
        .await
        .json();
    assert!(solved(&frozen).is_empty(), "{frozen}");

    // The teacher's exports of b, and publishing b's board (main's stays as it was).
    let mut web = server.login("teacher").await;
    let export = web.get("/teacher/export/scoreboard.json?contest=b").await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.body);
    assert_eq!(
        export.headers["content-disposition"],
        "attachment; filename=\"b-scoreboard.json\""
    );
    assert_eq!(solved(&export.json()), ["ann"]);
    let results = web.get("/teacher/export/results.csv?contest=b").await;
    assert_eq!(results.body.lines().count(), 2, "{}", results.body);
    let main_results = web.get("/teacher/export/results.csv").await;
    assert_eq!(
        main_results.body.lines().count(),
        1,
        "{}",
        main_results.body
    );
    assert_eq!(
        web.get("/teacher/export/results.csv?contest=nope")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let list = web.get("/contests").await;
    assert!(list
        .body
        .contains("href=\"/teacher/export/scoreboard.csv?contest=b\""));
    assert!(
        list.body
            .contains("<input type=\"hidden\" name=\"contest\" value=\"b\"><input type=\"hidden\" name=\"published\" value=\"1\">"),
        "{}",
        list.body
    );
    let csrf = web.csrf().await;
    let published = web
        .post_form(
            "/teacher/scoreboard/publish",
            &[("csrf", &csrf), ("contest", "b"), ("published", "1")],
        )
        .await;
    assert_eq!(
        published.status,
        StatusCode::SEE_OTHER,
        "{}",
        published.body
    );
    let unfrozen = get("/api/v1/scoreboard?contest=b", bob.clone())
        .await
        .json();
    assert_eq!(solved(&unfrozen), ["ann"]);
    assert!(web
        .get("/contests")
        .await
        .body
        .contains("name=\"published\" value=\"0\""));
}

/// The clarification and self-test limits set through `judge serve`'s flags: a bad value
/// is refused with the flag named, before anything starts; a set limit holds.
#[test]
fn judge_serve_takes_the_clarification_and_self_test_limits() {
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), |_| {});
    let data = dir.path().join("data");
    for (args, expected) in [
        (
            ["--self-test-jobs", "0"],
            "--self-test-jobs 0: must be 1 to 64",
        ),
        (
            ["--max-self-test-input-kib", "0"],
            "--max-self-test-input-kib 0: must be 1 to 16384",
        ),
        (
            ["--questions-per-minute=-1", "--workers=0"],
            "--questions-per-minute",
        ),
        (
            ["--self-tests-per-minute", "many"],
            "--self-tests-per-minute",
        ),
    ] {
        let mut all = vec![
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data",
            data.to_str().unwrap(),
        ];
        all.extend_from_slice(&args);
        let output = judge(&binary, &config, &all);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} was taken");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(stderr.lines().count() <= 6, "a short message: {stderr}");
    }

    let added = judge(
        &binary,
        &config,
        &["users", "add", "ann", "--data", data.to_str().unwrap()],
    );
    assert!(
        added.status.success(),
        "{}",
        String::from_utf8_lossy(&added.stderr)
    );
    let password = String::from_utf8_lossy(&added.stdout)
        .split_whitespace()
        .last()
        .unwrap()
        .to_string();
    let server = ServeProcess::start_with(
        &binary,
        &config,
        &[
            "--listen",
            "127.0.0.1:0",
            "--workers",
            "0",
            "--data",
            data.to_str().unwrap(),
            "--questions-per-minute",
            "1",
            "--max-self-test-input-kib",
            "1",
            "--self-tests-per-minute",
            "1",
        ],
        &dir.path().join("serve.log"),
    );
    let ann = Browser::log_in(&server.address, "ann", &password);
    let post_question = |text: &str| {
        let csrf = process::csrf(&ann.get("/clarifications").body);
        process::request(
            &server.address,
            "POST",
            "/clarifications",
            &[
                ("Cookie", ann.cookie.clone()),
                ("Content-Type", "application/x-www-form-urlencoded".into()),
            ],
            format!("csrf={csrf}&problem=&question={text}").as_bytes(),
        )
    };
    assert_eq!(post_question("first").status, 303);
    let second = post_question("second");
    assert_eq!(second.status, 429, "{}", second.body);
    assert!(
        second.body.contains("at most 1 a minute"),
        "{}",
        second.body
    );

    let self_test = |input: &str| {
        let csrf = process::csrf(&ann.get("/self-test").body);
        let boundary = "----judge-course-test";
        let mut body = String::new();
        for (name, value) in [
            ("csrf", csrf.as_str()),
            ("problem", "add"),
            ("language", "python3"),
            ("source", "print(1)\n"),
            ("input", input),
        ] {
            body.push_str(&format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            ));
        }
        body.push_str(&format!("--{boundary}--\r\n"));
        process::request(
            &server.address,
            "POST",
            "/self-test",
            &[
                ("Cookie", ann.cookie.clone()),
                (
                    "Content-Type",
                    format!("multipart/form-data; boundary={boundary}"),
                ),
            ],
            body.as_bytes(),
        )
    };
    let too_large = self_test(&"9".repeat(1500));
    assert_eq!(too_large.status, 413, "{}", too_large.body);
    assert!(
        too_large.body.contains("at most 1 KiB"),
        "{}",
        too_large.body
    );
    assert_eq!(self_test("1 2\n").status, 200);
    let again = self_test("1 2\n");
    assert_eq!(again.status, 429, "{}", again.body);
    assert!(again.body.contains("at most 1 a minute"), "{}", again.body);
    drop(server);
}
