//! HTTP tests of what students and teachers expect on the pages (issue 17): points and
//! subtasks on a result, rejudging that keeps the old result in view, the submit form's
//! memory, samples' stderr and diffs, the languages page, filters and paging.

use crate::common::{minutes_from_now, submission, Part, TestServer};
use axum::http::StatusCode;
use judge_model::Verdict;
use judge_server::store::{ClaimRequest, Claimed, JudgeOutcome, NewSubmission};

/// The `parts` fixture's big tests' numbers: a page showing one to a student leaks.
const SECRETS: [&str; 5] = [
    "70000001",
    "80000002",
    "150000003",
    "123456789",
    "987654321",
];

fn leak(text: &str) -> Option<&'static str> {
    SECRETS.into_iter().find(|secret| text.contains(secret))
}

/// A server on the fixture problems `add` (no subtasks) and `parts` (two subtasks, a
/// checker), IOI scoring.
fn server(workers: usize) -> TestServer {
    TestServer::with(
        workers,
        |contest| {
            let problems: Vec<toml::Value> = [("add", 100), ("parts", 100)]
                .iter()
                .map(|(id, points)| {
                    let mut problem = toml::Table::new();
                    problem.insert("id".into(), (*id).into());
                    problem.insert("points".into(), i64::from(*points).into());
                    problem.into()
                })
                .collect();
            contest.insert("problems".into(), problems.into());
        },
        |_| {},
    )
}

#[tokio::test]
async fn a_result_shows_its_points_and_its_tests_by_subtask() {
    let server = server(2);
    let mut ann = server.login("ann").await;
    // Right on small numbers, wrong on big ones: the first subtask's 40 points.
    let id = ann
        .submit("parts", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    let summary = server.wait_judged(id);
    assert_eq!(summary.result.unwrap().verdict, Verdict::WA);
    let page = ann.get(&format!("/submissions/{id}")).await;
    let body = &page.body;
    assert!(
        body.contains("<dt>Points</dt><dd class=\"points\">40/100</dd>"),
        "{body}"
    );
    let small = body
        .find("Subtask 1: small numbers")
        .expect("the first subtask");
    let big = body
        .find("Subtask 2: big numbers")
        .expect("the second subtask");
    assert!(small < big);
    let small_part = &body[small..big];
    assert!(
        small_part.contains("v-AC") && small_part.contains("40/40 points"),
        "{small_part}"
    );
    let big_part = &body[big..];
    assert!(
        big_part.contains("v-WA") && big_part.contains("0/60 points"),
        "{big_part}"
    );
    assert!(
        big_part.contains("1 not run"),
        "the test skipped after the failure is counted: {big_part}"
    );
    // The tests sit under their subtask, secret ones by number, with the verdict only.
    assert!(small_part.contains("sample/1") && small_part.contains("secret/1"));
    assert!(big_part.contains("secret/3") && !big_part.contains("3-big"));
    assert_eq!(leak(body), None, "{body}");
    // The teacher sees the same grouping with the tests' names and messages.
    let mut teacher = server.login("teacher").await;
    let page = teacher.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body.contains("secret/3-big") && page.body.contains("expected 150000003"),
        "{}",
        page.body
    );
    assert!(page.body.contains("40/100"));
}

#[tokio::test]
async fn a_problem_without_subtasks_keeps_one_table_and_icpc_shows_no_points() {
    let server = server(2);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    server.wait_judged(id);
    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body
            .contains("<dt>Points</dt><dd class=\"points\">66.67/100</dd>"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Subtask 1"), "{}", page.body);
    drop(server);

    let icpc = TestServer::with(
        1,
        |contest| {
            contest.insert("scoring".into(), "icpc".into());
            let mut parts = toml::Table::new();
            parts.insert("id".into(), "parts".into());
            contest.insert("problems".into(), vec![toml::Value::from(parts)].into());
        },
        |_| {},
    );
    let mut ann = icpc.login("ann").await;
    let id = ann
        .submit("parts", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    icpc.wait_judged(id);
    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body.contains("Subtask 2: big numbers"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("<dt>Points</dt>") && !page.body.contains(" points</span>"),
        "ICPC gives no points: {}",
        page.body
    );
}

/// A hand-made result of problem `add` (three tests) with `secret` on both secret tests.
fn add_result(secret: Verdict) -> JudgeOutcome {
    let test = |name: &str, verdict: Verdict| {
        serde_json::json!({
            "name": name, "sample": name.starts_with("sample/"), "verdict": verdict,
            "time_limit": null, "cpu_time_s": 0.01, "wall_time_s": 0.02,
            "peak_memory_bytes": 1_000_000, "exit_code": 0, "signal": null,
            "message": "", "diff": null
        })
    };
    let passed = if secret == Verdict::AC { 3 } else { 1 };
    let result = serde_json::json!({
        "schema_version": 2, "problem": "add", "language": "python3", "source": "main.py",
        "compile": {"success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false},
        "tests": [test("sample/1", Verdict::AC), test("secret/01-big", secret), test("secret/02-small", secret)],
        "verdict": secret,
        "first_failure": (secret != Verdict::AC).then_some("secret/01-big"),
        "passed": passed, "total": 3, "fraction_passed": f64::from(passed) / 3.0,
        "max_cpu_time_s": 0.01, "max_peak_memory_bytes": 1_000_000,
        "sandbox": {"enforcement": "rlimit-only", "isolated": false, "degraded": []}
    });
    JudgeOutcome::Judged(Box::new(serde_json::from_value(result).unwrap()))
}

/// Takes the next queued submission as a worker would (the test's server has none, so a
/// rejudge stays queued for as long as the test looks at it).
fn claim(server: &TestServer, round: i64) -> Claimed {
    let problems = server.store.published_problems().unwrap();
    let claimed = server
        .store
        .claim(&ClaimRequest {
            owner: "by-hand",
            lease_ms: 600_000,
            problems: &problems,
            languages: None,
        })
        .unwrap()
        .expect("a queued submission");
    assert_eq!(claimed.round, round, "{claimed:?}");
    claimed
}

#[tokio::test]
async fn a_rejudge_is_confirmed_with_its_count_and_keeps_the_old_result_until_the_new_one() {
    let server = server(0);
    let mut ann = server.login("ann").await;
    let accepted = ann
        .submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    let wrong = ann
        .submit("add", "python3", &submission("wa_secret.py"))
        .await
        .submission_id();
    for (id, verdict) in [(accepted, Verdict::AC), (wrong, Verdict::WA)] {
        let claimed = claim(&server, 1);
        assert_eq!(claimed.id, id);
        assert!(server.store.finish(&claimed, &add_result(verdict)).unwrap());
    }
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;

    // One submission: a confirmation page, also when the form is sent without confirm.
    let page = teacher
        .get(&format!("/teacher/submissions/{accepted}/rejudge"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains("<strong id=\"rejudge-count\">1 submission</strong>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("name=\"confirm\" value=\"yes\""));
    let unconfirmed = teacher
        .post_form(
            &format!("/teacher/submissions/{accepted}/rejudge"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(unconfirmed.status, StatusCode::OK);
    assert!(unconfirmed.body.contains("rejudge-count"));
    assert_eq!(
        server
            .store
            .submission_summary(accepted)
            .unwrap()
            .unwrap()
            .round,
        1,
        "nothing queued without confirming"
    );
    // A whole problem: the page counts its submissions; confirming queues them and says
    // how many.
    let page = teacher.get("/teacher/problems/add/rejudge").await;
    assert!(
        page.body
            .contains("<strong id=\"rejudge-count\">2 submissions</strong>"),
        "{}",
        page.body
    );
    let done = teacher
        .post_form(
            "/teacher/problems/add/rejudge",
            &[("csrf", &csrf), ("confirm", "yes")],
        )
        .await;
    assert_eq!(
        (done.status, done.location()),
        (
            StatusCode::SEE_OTHER,
            "/teacher/submissions?problem=add&rejudged=2"
        )
    );
    let list = teacher.get(done.location()).await;
    assert!(
        list.body.contains("2 submissions queued for rejudging"),
        "{}",
        list.body
    );
    assert_eq!(
        teacher.get("/teacher/problems/nope/rejudge").await.status,
        StatusCode::NOT_FOUND
    );

    // While queued, the student's page, list and the scoreboard keep round 1's result.
    let page = ann.get(&format!("/submissions/{accepted}")).await;
    let body = &page.body;
    assert!(body.contains("id=\"rejudging\""), "{body}");
    assert!(
        body.contains("Being rejudged: round 2 is queued")
            && body.contains("show round 1's result"),
        "{body}"
    );
    assert!(body.contains("verdict rejudging v-AC"), "{body}");
    assert!(body.contains("<dd class=\"points\">100/100</dd>"), "{body}");
    assert!(body.contains("(round 1; being rejudged)"), "{body}");
    assert!(body.contains("sample/1"), "the old tests stay: {body}");
    assert!(
        body.contains("data-pending=\"1\""),
        "the page waits for round 2"
    );
    let mine = ann.get("/submissions").await;
    assert!(
        mine.body
            .contains("being rejudged (queued); round 1: AC 3/3"),
        "{}",
        mine.body
    );
    let status = ann
        .get(&format!("/submissions/status?ids={accepted}"))
        .await
        .json();
    assert_eq!(status["submissions"][0]["done"], false);
    let board = ann.get("/scoreboard").await;
    assert!(
        crate::http_scoreboard::row(&board.body, "ann").starts_with("1 ann 100"),
        "the board keeps round 1: {}",
        crate::http_scoreboard::row(&board.body, "ann")
    );

    // Being judged: the page says so; then round 2's result replaces round 1's.
    let claimed = claim(&server, 2);
    assert_eq!(claimed.id, accepted);
    let page = ann.get(&format!("/submissions/{accepted}")).await;
    assert!(
        page.body
            .contains("Being rejudged: round 2 is being judged"),
        "{}",
        page.body
    );
    assert!(server
        .store
        .finish(&claimed, &add_result(Verdict::WA))
        .unwrap());
    let page = ann.get(&format!("/submissions/{accepted}")).await;
    assert!(!page.body.contains("id=\"rejudging\""), "{}", page.body);
    assert!(page.body.contains("v-WA") && !page.body.contains("verdict rejudging"));
    assert!(
        page.body.contains("(round 2, a rejudge)"),
        "the judged time is round 2's, not a time after submitting: {}",
        page.body
    );
    assert!(page.body.contains("<dd class=\"points\">33.33/100</dd>"));
    let history = teacher.get(&format!("/submissions/{accepted}")).await;
    assert!(
        history.body.contains("Round 1: AC") && history.body.contains("Round 2: WA"),
        "{}",
        history.body
    );
}

#[tokio::test]
async fn the_submit_form_remembers_each_students_language() {
    let server = server(0);
    let mut ann = server.login("ann").await;
    let form = ann.get("/submit").await;
    assert!(!form.body.contains(" selected>Python"), "{}", form.body);
    ann.submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    let form = ann.get("/submit?problem=parts").await;
    let at = form.body.find("<option value=\"python3\"").unwrap();
    let option = &form.body[at..at + form.body[at..].find('>').unwrap()];
    assert!(option.ends_with(" selected"), "{option}");
    // An uploaded file's extension still names the language when none is chosen.
    let csrf = ann.csrf().await;
    let id = ann
        .post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", "add"),
                Part::Text("language", ""),
                Part::File("file", "sum.c", b"int main(void) { return 0; }\n"),
            ],
        )
        .await
        .submission_id();
    assert_eq!(
        server
            .store
            .submission_summary(id)
            .unwrap()
            .unwrap()
            .language,
        "c"
    );
    let form = ann.get("/submit").await;
    let at = form.body.find("<option value=\"c\"").unwrap();
    assert!(form.body[at..at + form.body[at..].find('>').unwrap()].ends_with(" selected"));
    // Each student has their own.
    let mut bob = server.login("bob").await;
    assert!(!bob.get("/submit").await.body.contains(" selected>"));
}

/// The submit form's source box's text, unescaped enough for the tests' sources.
fn kept_source(page: &str) -> String {
    let at = page.find("<textarea name=\"source\"").expect("the form");
    let start = at + page[at..].find('>').unwrap() + 1;
    let end = start + page[start..].find("</textarea>").unwrap();
    page[start..end]
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
}

#[tokio::test]
async fn a_refused_submission_keeps_the_pasted_code_beside_the_error() {
    let server = TestServer::with(0, |_| {}, |options| options.max_source_bytes = 1024);
    let mut ann = server.login("ann").await;
    let code = "print(12345)  # mine";
    let unknown = ann.submit("add", "cobol", code).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        unknown.body.contains("id=\"submit-error\""),
        "{}",
        unknown.body
    );
    assert!(unknown.body.contains("not allowed in this contest"));
    assert_eq!(kept_source(&unknown.body), code);
    let large = "#".repeat(1500);
    let too_large = ann.submit("add", "python3", &large).await;
    assert_eq!(too_large.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        too_large.body.contains("at most 1 KiB"),
        "{}",
        too_large.body
    );
    assert_eq!(kept_source(&too_large.body), large);
    let empty = ann.submit("add", "python3", "  \n").await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(empty.body.contains("The source is empty"));
    assert!(
        empty
            .body
            .contains("<option value=\"python3\" data-extensions=\"py\" selected>"),
        "the language chosen stays chosen: {}",
        empty.body
    );
    assert_eq!(
        server.store.queue_counts().unwrap(),
        (0, 0),
        "nothing stored"
    );
    drop(server);

    // Outside the contest's window: the code stays, under the notice.
    let over = TestServer::with(
        0,
        |contest| {
            contest.insert("start".into(), minutes_from_now(-120).into());
            contest.insert("duration_minutes".into(), 60.into());
        },
        |_| {},
    );
    let mut ann = over.login("ann").await;
    let closed = ann.submit("add", "python3", code).await;
    assert_eq!(closed.status, StatusCode::FORBIDDEN);
    assert!(
        closed.body.contains("submissions are closed"),
        "{}",
        closed.body
    );
    assert_eq!(kept_source(&closed.body), code);
}

#[tokio::test]
async fn the_languages_page_lists_the_tables_commands() {
    let server = server(0);
    let mut ann = server.login("ann").await;
    let page = ann.get("/languages").await;
    assert_eq!(page.status, StatusCode::OK);
    let languages = server
        .server
        .as_ref()
        .unwrap()
        .state()
        .contest
        .languages
        .clone();
    assert_eq!(languages.len(), 3, "python3, c, cpp");
    for language in &languages {
        let spec = &language.spec;
        assert!(page
            .body
            .contains(&format!("id=\"language-{}\"", language.id)));
        assert!(page.body.contains(&spec.name), "{}", spec.name);
        for command in spec.compile.iter().chain([&spec.run]) {
            // As the page writes a command: its arguments with spaces between (none of
            // this table's needs quoting).
            assert!(
                command
                    .iter()
                    .all(|a| !a.is_empty() && !a.contains([' ', '"', '\''])),
                "{command:?}"
            );
            let line = command.join(" ");
            assert!(
                page.body
                    .contains(&format!("<code class=\"command\">{line}</code>")),
                "{line}: {}",
                page.body
            );
        }
    }
    assert!(
        page.body.contains("5 × the problem"),
        "python3's multiplier"
    );
    assert!(
        page.body.contains("<code>Python 3."),
        "python3's version: {}",
        page.body
    );
    assert!(ann
        .get("/submit")
        .await
        .body
        .contains("href=\"/languages\""));
}

fn listed(page: &str) -> Vec<i64> {
    page.split("<tr data-row=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

#[tokio::test]
async fn submission_lists_filter_and_page_with_stable_links() {
    let server = server(0);
    let mut ann = server.login("ann").await;
    let in_python = ann
        .submit("add", "python3", &submission("ac.py"))
        .await
        .submission_id();
    let in_c = ann
        .submit("add", "c", "int main(void) { return 0; }\n")
        .await
        .submission_id();
    let other_problem = ann
        .submit("parts", "python3", &submission("ac.py"))
        .await
        .submission_id();
    for verdict in [Verdict::AC, Verdict::WA] {
        let claimed = claim(&server, 1);
        assert!(server.store.finish(&claimed, &add_result(verdict)).unwrap());
    }
    assert_eq!(
        listed(&ann.get("/submissions").await.body),
        vec![other_problem, in_c, in_python]
    );
    assert_eq!(
        listed(&ann.get("/submissions?problem=add").await.body),
        vec![in_c, in_python]
    );
    assert_eq!(
        listed(&ann.get("/submissions?verdict=WA").await.body),
        vec![in_c]
    );
    assert_eq!(
        listed(&ann.get("/submissions?language=c&problem=").await.body),
        vec![in_c]
    );
    let page = ann.get("/submissions?problem=add&verdict=AC").await;
    assert!(
        page.body.contains("<option value=\"AC\" selected>"),
        "{}",
        page.body
    );
    let mut teacher = server.login("teacher").await;
    assert_eq!(
        listed(
            &teacher
                .get("/teacher/submissions?student=ann&problem=parts")
                .await
                .body
        ),
        vec![other_problem]
    );
    assert!(listed(&teacher.get("/teacher/submissions?student=bob").await.body).is_empty());
    assert!(listed(
        &teacher
            .get("/teacher/submissions?student=nobody")
            .await
            .body
    )
    .is_empty());

    // 55 of bob's: pages of 50, the links keep the filters.
    let bob = server.store.user_by_name("bob").unwrap().unwrap().0.id;
    for _ in 0..55 {
        server
            .store
            .insert_submission(
                &NewSubmission {
                    user_id: bob,
                    problem: "add".into(),
                    language: "python3".into(),
                    source: "print(1)".into(),
                    idempotency_key: None,
                },
                None,
            )
            .unwrap();
    }
    let first = teacher.get("/teacher/submissions?student=bob").await;
    assert_eq!(listed(&first.body).len(), 50);
    assert!(
        first
            .body
            .contains("rel=\"next\" href=\"/teacher/submissions?student=bob&amp;page=2\""),
        "{}",
        first.body
    );
    assert!(!first.body.contains("rel=\"prev\""));
    let second = teacher.get("/teacher/submissions?student=bob&page=2").await;
    let on_second = listed(&second.body);
    assert_eq!(on_second.len(), 5);
    assert!(listed(&first.body).iter().all(|id| !on_second.contains(id)));
    assert!(second
        .body
        .contains("rel=\"prev\" href=\"/teacher/submissions?student=bob\""));
    assert!(!second.body.contains("rel=\"next\""));
    let mut bob_client = server.login("bob").await;
    let mine = bob_client.get("/submissions?page=2").await;
    assert_eq!(listed(&mine.body).len(), 5);
    assert_eq!(
        bob_client.get("/submissions?page=x").await.status,
        StatusCode::BAD_REQUEST
    );
}
