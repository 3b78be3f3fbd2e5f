//! HTTP tests of a course's contests: the list (current, upcoming, past), problems hidden
//! before a contest starts, submitting refused outside a window and marked late after a
//! homework deadline, each contest's own board, the ICPC board's letters and counts,
//! IOI colours, statistics for teachers and (after the end) students, the teacher's
//! window, and the store of a server from before contests had ids.

use crate::common::{cheap_hash, minutes_from_now, submission, Part, TestServer};
use axum::http::StatusCode;
use judge_server::store::MIGRATIONS;
use judge_server::store::{DatabaseUrl, SubmissionFilter};

/// A `[[contests]]` entry with the fixture problem `add`.
fn contest(id: &str, fields: &[(&str, toml::Value)], points: i64) -> toml::Value {
    let mut table = toml::Table::new();
    table.insert("id".into(), id.into());
    table.insert("title".into(), format!("Contest {id}").into());
    for (key, value) in fields {
        table.insert((*key).into(), value.clone());
    }
    let mut problem = toml::Table::new();
    problem.insert("id".into(), "add".into());
    problem.insert("points".into(), points.into());
    table.insert("problems".into(), vec![toml::Value::from(problem)].into());
    table.into()
}

/// The course: `main` (judge.toml's [contest], running), `hw1` (homework, deadline passed,
/// late submissions until later), `later` (not started), `past` (ICPC, over), `open`
/// (ICPC, running, frozen for its last 30 minutes: frozen now).
pub(crate) fn course(workers: usize) -> TestServer {
    TestServer::with_course(
        workers,
        |_| {},
        |top| {
            let t = |m: i64| toml::Value::from(minutes_from_now(m));
            top.insert(
                "contests".into(),
                vec![
                    contest(
                        "hw1",
                        &[
                            ("kind", "homework".into()),
                            ("start", t(-60)),
                            ("deadline", t(-10)),
                            ("late_until", t(50)),
                        ],
                        50,
                    ),
                    contest("later", &[("start", t(60)), ("end", t(120))], 100),
                    contest(
                        "past",
                        &[
                            ("start", t(-120)),
                            ("end", t(-60)),
                            ("scoring", "icpc".into()),
                        ],
                        100,
                    ),
                    contest(
                        "open",
                        &[
                            ("start", t(-30)),
                            ("end", t(20)),
                            ("scoring", "icpc".into()),
                            ("freeze_minutes", 30.into()),
                        ],
                        100,
                    ),
                ]
                .into(),
            );
        },
        |_| {},
    )
}

/// Submits `source` for `add` in Python into `contest` through the form.
pub(crate) async fn submit_into(
    client: &mut crate::common::Client,
    contest: &str,
    source: &str,
) -> crate::common::Reply {
    let csrf = client.csrf().await;
    client
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("contest", contest),
                Part::Text("problem", "add"),
                Part::Text("language", "python3"),
                Part::Text("source", source),
            ],
        )
        .await
}

/// The text after the tag that holds `marker`, without tags, up to `end`.
fn text_from(page: &str, marker: &str, end: &str) -> String {
    let found = page
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in {page}"));
    let at = found + page[found..].find('>').unwrap() + 1;
    let stop = at + page[at..].find(end).unwrap_or(page.len() - at);
    let mut text = String::new();
    let mut in_tag = false;
    for c in page[at..stop].chars() {
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
async fn students_see_current_and_past_contests_and_nothing_of_an_upcoming_one() {
    let server = course(0);
    let mut ann = server.login("ann").await;
    let list = ann.get("/contests").await;
    assert_eq!(list.status, StatusCode::OK);
    let current = text_from(&list.body, "id=\"current\"", "</section>");
    let upcoming = text_from(&list.body, "id=\"upcoming\"", "</section>");
    let past = text_from(&list.body, "id=\"past\"", "</section>");
    for (section, title) in [
        (&current, "Test contest"),
        (&current, "Contest hw1"),
        (&current, "Contest open"),
        (&upcoming, "Contest later"),
        (&past, "Contest past"),
    ] {
        assert!(section.contains(title), "{title} not in {section}");
    }
    assert!(current.contains("late submissions accepted"), "{current}");
    // The upcoming contest: its title and start, no link to its pages.
    assert!(
        !list.body.contains("href=\"/contests/later/"),
        "{}",
        list.body
    );
    assert!(list.body.contains("href=\"/contests/hw1/problems\""));
    assert!(
        list.body.contains("href=\"/problems\""),
        "the first contest keeps /problems"
    );
    // Its problem list says when it starts, and lists nothing.
    let list_later = ann.get("/contests/later/problems").await;
    assert_eq!(list_later.status, StatusCode::OK);
    assert!(
        list_later.body.contains("The contest starts at"),
        "{}",
        list_later.body
    );
    assert!(
        !list_later
            .body
            .contains("href=\"/contests/later/problems/add\""),
        "{}",
        list_later.body
    );
    for path in [
        "/contests/later/problems/add",
        "/contests/later/scoreboard",
        "/submit?contest=later",
    ] {
        let reply = ann.get(path).await;
        assert_eq!(
            reply.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            reply.body
        );
        assert!(
            !reply.body.contains("href=\"/contests/later/problems/add\""),
            "{path} links a hidden problem: {}",
            reply.body
        );
    }
    let refused = submit_into(&mut ann, "later", "print(1)").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert!(refused.body.contains("has not started"), "{}", refused.body);
    assert_eq!(
        ann.get("/contests/nope/problems").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        submit_into(&mut ann, "nope", "print(1)").await.status,
        StatusCode::NOT_FOUND
    );
    // The teacher sees the upcoming contest's pages and the way to its times: its form in
    // the contest editor (no second form with times typed as text).
    let mut teacher = server.login("teacher").await;
    let list = teacher.get("/contests").await;
    assert!(list.body.contains("href=\"/contests/later/problems\""));
    assert!(list
        .body
        .contains("href=\"/teacher/contests#contest-later\""));
    assert!(!list.body.contains("name=\"start\""), "{}", list.body);
    let problems = teacher.get("/contests/later/problems").await;
    assert_eq!(problems.status, StatusCode::OK);
    assert!(problems
        .body
        .contains("href=\"/contests/later/problems/add\""));
    // In Chinese, by the browser's language.
    let chinese = ann
        .get_with("/contests", &[("accept-language", "zh-CN")])
        .await;
    for text in ["进行中", "即将开始", "已结束", "剩余时间"] {
        assert!(chinese.body.contains(text), "{text}: {}", chinese.body);
    }
    // A contest's home is its problem list.
    let home = ann.get("/contests/hw1").await;
    assert_eq!(home.location(), "/contests/hw1/problems");
    assert!(server
        .store
        .submissions(&SubmissionFilter::default())
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn submissions_go_into_their_contest_refused_after_it_and_late_after_a_deadline() {
    let server = course(2);
    let mut ann = server.login("ann").await;
    let over = submit_into(&mut ann, "past", &submission("ac.py")).await;
    assert_eq!(over.status, StatusCode::FORBIDDEN, "{}", over.body);
    assert!(over.body.contains("over"), "{}", over.body);

    // The homework form says a submission now is late; the submission is marked late.
    let form = ann.get("/submit?contest=hw1&problem=add").await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.body.contains("marked late"), "{}", form.body);
    assert!(
        form.body.contains("name=\"contest\" value=\"hw1\""),
        "{}",
        form.body
    );
    let late = submit_into(&mut ann, "hw1", &submission("ac.py"))
        .await
        .submission_id();
    let on_time = ann
        .submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    let late = server.wait_judged(late);
    let on_time = server.wait_judged(on_time);
    assert_eq!((late.contest.as_deref(), late.late), (Some("hw1"), true));
    assert_eq!(
        (on_time.contest.as_deref(), on_time.late),
        (Some("main"), false)
    );
    let page = ann.get(&format!("/submissions/{}", late.id)).await;
    assert!(page.body.contains("class=\"late\""), "{}", page.body);
    // A submission's page is its contest's: hw1's navigation and clock, not main's.
    assert!(
        page.body.contains("href=\"/contests/hw1/problems\""),
        "{}",
        page.body
    );
    // Its problem links to hw1's page of the problem, not the first contest's.
    assert!(
        page.body.contains("href=\"/contests/hw1/problems/add\""),
        "{}",
        page.body
    );
    let page = ann.get(&format!("/submissions/{}", on_time.id)).await;
    assert!(
        page.body.contains("href=\"/problems/add\""),
        "{}",
        page.body
    );

    // Each board counts its own contest's attempts; the late one is not on hw1's.
    let main = ann.get("/scoreboard").await;
    assert!(
        text_from(&main.body, "data-student=\"ann\"", "</tr>").contains("100"),
        "{}",
        main.body
    );
    let hw1 = ann.get("/contests/hw1/scoreboard").await;
    assert_eq!(hw1.status, StatusCode::OK);
    assert_eq!(
        text_from(&hw1.body, "data-student=\"ann\"", "</tr>"),
        "1 ann 0"
    );
    assert!(
        hw1.body.contains("marked late and not counted"),
        "{}",
        hw1.body
    );
    // The API submits into a contest too.
    let problems = ann.get("/contests/hw1/problems").await;
    assert!(problems.body.contains("1 attempt"), "{}", problems.body);
    let main_problems = ann.get("/problems").await;
    assert!(
        main_problems.body.contains("1 attempt"),
        "{}",
        main_problems.body
    );
}

#[tokio::test]
async fn the_icpc_board_has_letters_first_solves_and_counts_and_the_ioi_board_grades() {
    let server = course(2);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let first = submit_into(&mut ann, "open", &submission("ac.py"))
        .await
        .submission_id();
    server.wait_judged(first);
    let second = submit_into(&mut bob, "open", &submission("ac.py"))
        .await
        .submission_id();
    server.wait_judged(second);
    // Ann's came five minutes earlier: hers is the first solve.
    let connection = rusqlite::Connection::open(server.store.file().unwrap()).unwrap();
    connection
        .execute(
            "UPDATE submissions SET submitted_at_ms = submitted_at_ms - 300000 WHERE id = ?1",
            [first],
        )
        .unwrap();
    // The board is frozen for students (the last 30 minutes): the teacher sees it whole.
    let mut teacher = server.login("teacher").await;
    let board = teacher.get("/contests/open/scoreboard").await;
    assert!(
        board.body.contains("class=\"letter\" title=\"add\">A<"),
        "{}",
        board.body
    );
    assert_eq!(
        board.body.matches("first-solve").count(),
        1,
        "{}",
        board.body
    );
    assert!(
        board
            .body
            .contains("class=\"cell solved first-solve\" data-student=\"ann\""),
        "{}",
        board.body
    );
    assert_eq!(
        text_from(&board.body, "class=\"problem-counts\"", "</tr>"),
        "solved / tried 2 / 2"
    );
    // The ICPC problem list shows letters and no points.
    let problems = ann.get("/contests/open/problems").await;
    assert!(
        problems.body.contains("class=\"letter\">A<"),
        "{}",
        problems.body
    );
    assert!(!problems.body.contains("Points"), "{}", problems.body);
    // Students see it frozen: both attempts pending.
    let frozen = ann.get("/contests/open/scoreboard").await;
    assert!(frozen.body.contains("frozen since"), "{}", frozen.body);
    assert_eq!(
        text_from(&frozen.body, "class=\"problem-counts\"", "</tr>"),
        "solved / tried 0 / 2"
    );
    // The clock says the board is frozen, from the server's clock.
    let clock = text_from(&frozen.body, "class=\"contest-clock\"", "</div>");
    assert!(
        clock.contains("Time left") && clock.contains("Scoreboard frozen"),
        "{clock}"
    );
    assert!(frozen.body.contains("data-end-ms=\"") && frozen.body.contains("data-now-ms=\""));

    // IOI (main): a full score is graded 10, an attempt with nothing 0.
    let wrong = bob
        .submit("add", "python3", &submission("wa_sample.py"))
        .await
        .submission_id();
    let right = ann
        .submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    server.wait_judged(wrong);
    server.wait_judged(right);
    let board = ann.get("/scoreboard").await;
    assert!(board.body.contains("cell solved grade10"), "{}", board.body);
    assert!(
        board.body.contains("cell attempted grade0"),
        "{}",
        board.body
    );
    assert!(
        !board.body.contains("problem-counts"),
        "counts are the ICPC board's"
    );
}

#[tokio::test]
async fn statistics_are_the_teachers_and_the_students_after_the_end() {
    let server = course(2);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let ac = ann
        .submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    let wa = bob
        .submit("add", "python3", &submission("wa_sample.py"))
        .await
        .submission_id();
    server.wait_judged(ac);
    server.wait_judged(wa);
    // main never ends: students get 403, the teacher the table.
    assert_eq!(ann.get("/statistics").await.status, StatusCode::FORBIDDEN);
    let mut teacher = server.login("teacher").await;
    let stats = teacher.get("/statistics").await;
    assert_eq!(stats.status, StatusCode::OK);
    assert_eq!(
        text_from(&stats.body, "tr data-problem=\"add\"", "</tr>"),
        "add 2 2 1 1 1 0",
        "submissions, tried, solved, AC, WA, pending: {}",
        stats.body
    );
    // Past contests' statistics are the students' too; hw1's deadline has passed.
    assert_eq!(
        ann.get("/contests/past/statistics").await.status,
        StatusCode::OK
    );
    assert_eq!(
        ann.get("/contests/hw1/statistics").await.status,
        StatusCode::OK
    );
    assert_eq!(
        ann.get("/contests/open/statistics").await.status,
        StatusCode::FORBIDDEN
    );
    let past = ann.get("/contests/past/statistics").await;
    assert_eq!(
        text_from(&past.body, "tr data-problem=\"add\"", "</tr>"),
        "add 0 0 0 0"
    );
}

#[tokio::test]
async fn the_teacher_moves_a_window_over_judge_toml() {
    let server = course(0);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;
    let (start, end) = (minutes_from_now(-5), minutes_from_now(30));
    let moved = teacher
        .post_form(
            "/contests/later/window",
            &[("csrf", &csrf), ("start", &start), ("end", &end)],
        )
        .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    let list = teacher.get("/contests").await;
    assert!(list.body.contains("overrides judge.toml"), "{}", list.body);
    // Now running for students: its problems show and it takes submissions.
    let mut ann = server.login("ann").await;
    let problems = ann.get("/contests/later/problems").await;
    assert!(
        problems
            .body
            .contains("href=\"/contests/later/problems/add\""),
        "{}",
        problems.body
    );
    let current = text_from(
        &ann.get("/contests").await.body,
        "id=\"current\"",
        "</section>",
    );
    assert!(current.contains("Contest later"), "{current}");
    let bad = teacher
        .post_form(
            "/contests/later/window",
            &[("csrf", &csrf), ("start", &end), ("end", &start)],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    let bad = teacher
        .post_form(
            "/contests/later/window",
            &[("csrf", &csrf), ("start", "monday")],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.body.contains("RFC 3339"), "{}", bad.body);
    assert_eq!(
        ann.post_form(
            "/contests/later/window",
            &[("csrf", &csrf), ("start", &start)]
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    // Back to judge.toml's window: hidden again.
    let reset = teacher
        .post_form("/contests/later/window", &[("csrf", &csrf), ("reset", "1")])
        .await;
    assert_eq!(reset.status, StatusCode::SEE_OTHER);
    assert_eq!(
        ann.get("/contests/later/problems/add").await.status,
        StatusCode::FORBIDDEN
    );
    // The stored window survives a restart: set it again and reopen the store.
    teacher
        .post_form(
            "/contests/later/window",
            &[("csrf", &csrf), ("start", &start), ("end", &end)],
        )
        .await;
    let stored = server.store.setting("contest_window:later").unwrap();
    assert!(stored.is_some_and(|s| s.contains("start_ms")));
}

/// The same rows in both dialects: a question of `old` answered to everyone, an
/// announcement `old` has read (the store's former record of reading), and a newer one.
const OLD_CLARIFICATIONS: &str = "
    INSERT INTO clarifications (user_id, problem, question, asked_at_ms, answer, public)
        VALUES (1, 'add', 'Old question?', 1000, 'Old answer.', 1);
    INSERT INTO announcements (body, posted_at_ms) VALUES ('Old announcement, read.', 1000);
    INSERT INTO announcements (body, posted_at_ms) VALUES ('Old announcement, unread.', 2000);
    INSERT INTO announcement_reads (user_id, seen_id) VALUES (1, 1);
";

/// Creates a store at the schema version before contests (the migrations from "several
/// contests" on not applied), with a student `old`, one submission of `add`, a question
/// and two announcements.
fn old_store(url: &DatabaseUrl) {
    let contests = MIGRATIONS
        .iter()
        .position(|m| m.what.starts_with("several contests"))
        .unwrap();
    let before = &MIGRATIONS[..contests];
    let hash = cheap_hash("oldold");
    match url {
        DatabaseUrl::Sqlite(file) => {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            let connection = rusqlite::Connection::open(file).unwrap();
            for migration in before {
                connection.execute_batch(migration.sqlite).unwrap();
            }
            connection
                .execute_batch(&format!("PRAGMA user_version = {}", before.len()))
                .unwrap();
            connection
                .execute(
                    "INSERT INTO users (name, password_hash, role, created_at_ms) VALUES ('old', ?1, 'student', 0)",
                    [&hash],
                )
                .unwrap();
            connection
                .execute_batch(
                    "INSERT INTO submissions (user_id, problem, language, source, submitted_at_ms, state)
                     VALUES (1, 'add', 'python3', 'print(1)', 1000, 'queued')",
                )
                .unwrap();
            connection.execute_batch(OLD_CLARIFICATIONS).unwrap();
        }
        DatabaseUrl::Postgres(text) => {
            let mut client = postgres::Client::connect(text, postgres::NoTls).unwrap();
            client
                .batch_execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
                .unwrap();
            for migration in before {
                client.batch_execute(migration.postgres).unwrap();
            }
            client
                .execute(
                    "INSERT INTO schema_version (version) VALUES ($1)",
                    &[&(before.len() as i64)],
                )
                .unwrap();
            client
                .execute(
                    "INSERT INTO users (name, password_hash, role, created_at_ms) VALUES ('old', $1, 'student', 0)",
                    &[&hash],
                )
                .unwrap();
            client
                .batch_execute(
                    "INSERT INTO submissions (user_id, problem, language, source, submitted_at_ms, state)
                     VALUES (1, 'add', 'python3', 'print(1)', 1000, 'queued')",
                )
                .unwrap();
            client.batch_execute(OLD_CLARIFICATIONS).unwrap();
        }
    }
}

/// The old submission is in the first contest, in the store and on the pages (the store
/// is read outside the runtime: the PostgreSQL client blocks).
fn check_migrated(server: &TestServer, runtime: &tokio::runtime::Runtime) {
    let all = server
        .store
        .submissions(&SubmissionFilter::default())
        .unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(
        (all[0].contest.as_deref(), all[0].late),
        (Some("main"), false)
    );
    assert_eq!(
        server.store.engine().schema_version().unwrap(),
        MIGRATIONS.len() as i64
    );
    runtime.block_on(check_migrated_pages(server));
}

async fn check_migrated_pages(server: &TestServer) {
    let mut old = server.client();
    let reply = old.log_in("old", "oldold").await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let problems = old.get("/problems").await;
    assert!(problems.body.contains("1 attempt"), "{}", problems.body);
    assert!(old
        .get("/contests/hw1/problems")
        .await
        .body
        .contains("href=\"/contests/hw1/problems/add\""));
    assert!(!old
        .get("/contests/hw1/problems")
        .await
        .body
        .contains("1 attempt"));
    // The old question and announcements are the first contest's; what was read stays
    // read.
    let first = old.get("/problems").await.body;
    assert!(first.contains("1 new announcement"), "{first}");
    let clarifications = old.get("/clarifications").await.body;
    for text in [
        "Old question?",
        "Old answer.",
        "Old announcement, read.",
        "Old announcement, unread.",
    ] {
        assert!(clarifications.contains(text), "{text}: {clarifications}");
    }
    let hw1 = old.get("/clarifications?contest=hw1").await.body;
    assert!(
        !hw1.contains("Old question?") && !hw1.contains("Old announcement"),
        "{hw1}"
    );
    assert!(!old.get("/problems").await.body.contains("new announcement"));
}

/// Not a tokio test: the PostgreSQL client blocks, and may not run inside a runtime.
#[test]
fn a_store_from_before_contests_is_migrated_into_the_first_contest() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = TestServer::with_course(
        0,
        |_| {},
        |top| {
            top.insert(
                "contests".into(),
                vec![contest(
                    "hw1",
                    &[
                        ("kind", "homework".into()),
                        ("start", minutes_from_now(-60).into()),
                        ("deadline", minutes_from_now(60).into()),
                    ],
                    100,
                )]
                .into(),
            );
        },
        |options| old_store(&options.database_url()),
    );
    check_migrated(&server, &runtime);
    drop(server);
    let Some(database) = test_postgres::fresh_database() else {
        return;
    };
    let url: DatabaseUrl = database.url.parse().unwrap();
    let server = TestServer::with_course(
        0,
        |_| {},
        |top| {
            top.insert(
                "contests".into(),
                vec![contest(
                    "hw1",
                    &[
                        ("kind", "homework".into()),
                        ("start", minutes_from_now(-60).into()),
                        ("deadline", minutes_from_now(60).into()),
                    ],
                    100,
                )]
                .into(),
            );
        },
        |options| {
            old_store(&url);
            options.database = Some(url.clone());
        },
    );
    check_migrated(&server, &runtime);
}
