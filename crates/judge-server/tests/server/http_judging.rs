//! HTTP tests with real judging (the fixture problem in Python): live status, the
//! submission page, what students may and may not see, rejudging and exports.

use crate::common::TestServer;
use axum::http::StatusCode;
use judge_model::Verdict;

/// The secret test's numbers: a page that shows one of them to a student leaks.
const SECRETS: [&str; 3] = ["31415926", "27182818", "58598744"];

fn leaks(text: &str) -> Option<&'static str> {
    SECRETS.into_iter().find(|secret| text.contains(secret))
}

#[tokio::test]
async fn an_accepted_submission_shows_its_tests_and_status() {
    let server = TestServer::new(2);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let summary = server.wait_judged(id);
    assert_eq!(summary.result.as_ref().unwrap().verdict, Verdict::AC);
    assert_eq!(summary.claims, 1);

    let status = ann
        .get(&format!("/submissions/status?ids={id}"))
        .await
        .json();
    let entry = &status["submissions"][0];
    assert_eq!(
        (entry["done"].as_bool(), entry["verdict"].as_str()),
        (Some(true), Some("AC"))
    );
    assert_eq!(entry["text"], "AC 3/3");

    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(page.body.contains("v-AC"), "{}", page.body);
    assert!(
        page.body
            .contains("<dt>Points</dt><dd class=\"points\">100/100</dd>"),
        "the points beside the verdict: {}",
        page.body
    );
    // Secret tests by their number: their names could describe the data.
    for test in ["sample/1", "secret/1", "secret/2"] {
        assert!(page.body.contains(test), "{test}");
    }
    assert!(!page.body.contains("secret/01-big"), "{}", page.body);
    assert!(
        page.body.contains("print(a + b)"),
        "the author sees the source"
    );
    assert!(
        !page.body.contains("data-pending"),
        "a judged submission is not polled"
    );
    let mine = ann.get("/submissions").await;
    assert!(
        mine.body.contains(&format!("href=\"/submissions/{id}\"")) && mine.body.contains("v-AC")
    );
    let listed = ann.get("/problems").await;
    assert!(
        listed.body.contains("v-AC"),
        "the problem list shows the best verdict"
    );
    let source = ann.get(&format!("/submissions/{id}/source")).await;
    assert_eq!(source.body, crate::common::submission("ac.py"));
    assert!(source.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let json = ann
        .get(&format!("/submissions/{id}/result.json"))
        .await
        .json();
    assert_eq!(json["result"]["verdict"], "AC");
    assert_eq!(json["result"]["tests"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn students_see_sample_diffs_but_no_secret_data_and_teachers_see_all() {
    let server = TestServer::new(2);
    let mut ann = server.login("ann").await;
    let wa_secret = ann
        .submit("add", "python3", &crate::common::submission("wa_secret.py"))
        .await
        .submission_id();
    let re_echo = ann
        .submit("add", "python3", &crate::common::submission("re_echo.py"))
        .await
        .submission_id();
    let wa_sample = ann
        .submit("add", "python3", &crate::common::submission("wa_sample.py"))
        .await
        .submission_id();
    for id in [wa_secret, re_echo, wa_sample] {
        server.wait_judged(id);
    }
    let mut teacher = server.login("teacher").await;
    for (id, verdict, failing) in [
        (wa_secret, "WA", "secret/1"),
        (re_echo, "RE", "secret/1"),
        (wa_sample, "WA", "sample/1"),
    ] {
        let page = ann.get(&format!("/submissions/{id}")).await;
        assert!(page.body.contains(&format!("v-{verdict}")), "{id}");
        assert!(
            page.body.contains(&format!("on {failing}")),
            "{id}: the failing test is named"
        );
        assert_eq!(
            leaks(&page.body),
            None,
            "submission {id}'s page leaks secret data: {}",
            page.body
        );
        let json = ann.get(&format!("/submissions/{id}/result.json")).await;
        assert_eq!(
            leaks(&json.body),
            None,
            "submission {id}'s JSON leaks: {}",
            json.body
        );
        let status = ann.get(&format!("/submissions/status?ids={id}")).await;
        assert_eq!(leaks(&status.body), None);
        // The teacher's view has the judge's full messages: the check above is not vacuous.
        let full = teacher.get(&format!("/submissions/{id}")).await;
        if failing.starts_with("secret") {
            assert!(
                leaks(&full.body).is_some(),
                "the teacher sees the secret message of {id}: {}",
                full.body
            );
        }
    }
    // An exit code is 8 bits the program chose: on a secret test, the verdict only.
    let re_page = ann.get(&format!("/submissions/{re_echo}")).await;
    assert!(
        re_page.body.contains("run-time error") && !re_page.body.contains("exit code 3"),
        "the secret RE says only its verdict: {}",
        re_page.body
    );
    let re_json = ann
        .get(&format!("/submissions/{re_echo}/result.json"))
        .await
        .json();
    let secret = &re_json["result"]["tests"][1];
    assert_eq!(secret["name"], "secret/1");
    assert!(
        secret["exit_code"].is_null() && secret["signal"].is_null(),
        "{secret}"
    );
    let full = teacher.get(&format!("/submissions/{re_echo}")).await;
    assert!(
        full.body.contains("exit code 3") && full.body.contains("secret/01-big"),
        "the teacher sees how it ended and the test's name"
    );
    let sample_page = ann.get(&format!("/submissions/{wa_sample}")).await;
    assert!(
        sample_page.body.contains("class=\"diff\""),
        "a failed sample shows its diff"
    );
    let listing = ann.get("/submissions").await;
    assert!(listing.body.contains("on secret/1 "), "{}", listing.body);
    assert!(!listing.body.contains("secret/01-big"));
}

#[tokio::test]
async fn students_see_only_their_own_submissions() {
    let server = TestServer::new(0);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let anns = ann
        .submit("add", "python3", "print('ann was here')")
        .await
        .submission_id();
    let bobs = bob
        .submit("add", "python3", "print('bob was here')")
        .await
        .submission_id();
    for path in [
        format!("/submissions/{anns}"),
        format!("/submissions/{anns}/source"),
    ] {
        let reply = bob.get(&path).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
        assert!(!reply.body.contains("ann was here"));
        assert!(reply.body.contains("not yours"));
    }
    let json = bob.get(&format!("/submissions/{anns}/result.json")).await;
    assert_eq!(json.status, StatusCode::FORBIDDEN);
    assert!(json.json()["error"].as_str().unwrap().contains("not yours"));
    let status = bob
        .get(&format!("/submissions/status?ids={anns},{bobs}"))
        .await
        .json();
    let ids: Vec<i64> = status["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [bobs], "another student's id is left out");
    let mine = bob.get("/submissions").await;
    assert!(!mine.body.contains(&format!("href=\"/submissions/{anns}\"")));
    assert_eq!(
        bob.get("/submissions/999").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        bob.get("/submissions/abc").await.status,
        StatusCode::NOT_FOUND
    );
    let bad = bob.get("/submissions/status?ids=1,x").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["error"].as_str().unwrap().contains("numbers"));
    assert_eq!(bad.json()["code"], "bad_request");
    // The pages' script shows it: in the page's language, with the same stable code.
    let chinese = bob
        .get_with("/submissions/status?ids=1,x", &[("accept-language", "zh")])
        .await;
    assert_eq!(chinese.status, StatusCode::BAD_REQUEST);
    assert_eq!(chinese.json()["code"], "bad_request");
    assert_eq!(
        chinese.json()["error"],
        "ids 必须是以逗号分隔的提交编号，而不是 \"1,x\""
    );
    let many = (1..=101)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(
        bob.get(&format!("/submissions/status?ids={many}"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );

    let mut teacher = server.login("teacher").await;
    let page = teacher.get(&format!("/submissions/{anns}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("ann was here"),
        "the teacher sees any student's code"
    );
    let all = teacher.get("/teacher/submissions").await;
    assert!(
        all.body.contains(&format!("href=\"/submissions/{anns}\""))
            && all.body.contains(&format!("href=\"/submissions/{bobs}\""))
    );
    let only_bob = teacher.get("/teacher/submissions?student=bob").await;
    assert!(
        !only_bob
            .body
            .contains(&format!("href=\"/submissions/{anns}\""))
            && only_bob
                .body
                .contains(&format!("href=\"/submissions/{bobs}\""))
    );
    let status = teacher
        .get(&format!("/submissions/status?ids={anns},{bobs}"))
        .await
        .json();
    assert_eq!(status["submissions"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn teachers_rejudge_a_submission_or_a_problem_into_new_rounds() {
    let server = TestServer::new(2);
    let mut ann = server.login("ann").await;
    let first = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let second = ann
        .submit("add", "python3", &crate::common::submission("wa_secret.py"))
        .await
        .submission_id();
    server.wait_judged(first);
    server.wait_judged(second);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.csrf().await;
    let reply = teacher
        .post_form(
            &format!("/teacher/submissions/{first}/rejudge"),
            &[("csrf", &csrf), ("confirm", "yes")],
        )
        .await;
    assert_eq!(
        (reply.status, reply.location()),
        (
            StatusCode::SEE_OTHER,
            format!("/submissions/{first}?rejudged=1").as_str()
        )
    );
    let rejudged = server.wait_judged(first);
    assert_eq!(
        (rejudged.round, rejudged.result.unwrap().verdict),
        (2, Verdict::AC)
    );
    assert_eq!(
        server.store.result_history(first).unwrap().len(),
        2,
        "one result per round"
    );
    let page = teacher.get(&format!("/submissions/{first}")).await;
    assert!(
        page.body.contains("Round 1: AC") && page.body.contains("Round 2: AC"),
        "{}",
        page.body
    );

    let reply = teacher
        .post_form(
            "/teacher/problems/add/rejudge",
            &[("csrf", &csrf), ("confirm", "yes")],
        )
        .await;
    assert_eq!(
        (reply.status, reply.location()),
        (
            StatusCode::SEE_OTHER,
            "/teacher/submissions?problem=add&rejudged=2"
        )
    );
    assert_eq!(server.wait_judged(first).round, 3);
    let again = server.wait_judged(second);
    assert_eq!(
        (again.round, again.result.unwrap().verdict),
        (2, Verdict::WA)
    );
    assert_eq!(
        teacher
            .post_form(
                "/teacher/submissions/999/rejudge",
                &[("csrf", &csrf), ("confirm", "yes")]
            )
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        teacher
            .post_form(
                "/teacher/problems/nope/rejudge",
                &[("csrf", &csrf), ("confirm", "yes")]
            )
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn exports_hold_the_scoreboard_and_every_result() {
    let server = TestServer::new(2);
    let mut ann = server.login("ann").await;
    let mut bob = server.login("bob").await;
    let a = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    let b = bob
        .submit("add", "python3", &crate::common::submission("wa_secret.py"))
        .await
        .submission_id();
    server.wait_judged(a);
    server.wait_judged(b);
    let mut teacher = server.login("teacher").await;

    let csv = teacher.get("/teacher/export/scoreboard.csv").await;
    assert_eq!(csv.headers["content-type"], "text/csv; charset=utf-8");
    assert!(csv.headers["content-disposition"]
        .to_str()
        .unwrap()
        .contains("scoreboard.csv"));
    let lines: Vec<&str> = csv.body.lines().collect();
    assert!(
        lines[0].starts_with(
            "rank,student,points,solved,penalty_minutes,add_points,add_attempts,add_solved_at_minutes,add_pending"
        ),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("1,ann,100,1,"), "{}", csv.body);
    // bob passed 2 of 3 tests: two thirds of 100 points.
    assert!(lines[2].starts_with("2,bob,66.666667,0,"), "{}", csv.body);

    let json = teacher.get("/teacher/export/scoreboard.json").await.json();
    assert_eq!(json["scoreboard"]["rows"][0]["student"], "ann");
    assert_eq!(json["title"], "Test contest");
    assert_eq!(json["schema_version"], 2);

    let results = teacher.get("/teacher/export/results.csv").await;
    let rows: Vec<&str> = results.body.lines().collect();
    assert_eq!(rows.len(), 3, "{}", results.body);
    assert!(rows[0].starts_with(
        "id,student,problem,language,submitted_at,status,round,verdict,tests_passed,tests_total,points"
    ));
    assert!(
        rows[1].contains(",ann,add,python3,") && rows[1].contains(",judged,1,AC,3,3,100,"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].contains(",WA,2,3,66.666667,secret/01-big,"),
        "{}",
        rows[2]
    );

    // The same schema as judge contest's results.json (docs/result-schema.md).
    let full = teacher.get("/teacher/export/results.json").await.json();
    let attempts = full["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 2);
    assert_eq!(attempts[1]["tests"][1]["verdict"], "WA");
    assert_eq!(attempts[1]["points"].as_f64().unwrap().round(), 67.0);
    assert_eq!(full["scoreboard"]["rows"][0]["student"], "ann");
    assert_eq!(
        teacher.get("/teacher/export/passwords.csv").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_judge_error_tells_students_it_is_not_their_fault_and_teachers_why() {
    let server = TestServer::new(1);
    let mut ann = server.login("ann").await;
    let id = ann
        .submit("add", "python3", "print(1)")
        .await
        .submission_id();
    server.wait_judged(id);
    let id = ann
        .submit("broken", "python3", "print(1)")
        .await
        .submission_id();
    let summary = server.wait_judged(id);
    // A judge error is judged again at once; a second one waits for the teacher.
    assert_eq!((summary.round, summary.claims), (2, 2), "{summary:?}");
    assert!(summary.needs_attention());
    let result = summary.result.clone().unwrap();
    assert_eq!(result.verdict, Verdict::JE);
    assert!(result.error.unwrap().contains("Cargo.toml"));
    let page = ann.get(&format!("/submissions/{id}")).await;
    assert!(
        page.body.contains("v-JE") && page.body.contains("not your fault"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("Cargo.toml"),
        "no server paths for students"
    );
    let json = ann.get(&format!("/submissions/{id}/result.json")).await;
    assert!(
        !json.body.contains("Cargo.toml") && json.body.contains("not your fault"),
        "{}",
        json.body
    );
    let mut teacher = server.login("teacher").await;
    assert!(teacher
        .get(&format!("/submissions/{id}"))
        .await
        .body
        .contains("Cargo.toml"));
    assert!(teacher
        .get("/teacher/export/results.csv")
        .await
        .body
        .contains("Cargo.toml"));
    // Pending on the scoreboard: not scored, not free, not penalised; listed for the
    // teacher, who accepts it as final (then it counts as a JE: an attempt with 0 points).
    let board = teacher.get("/scoreboard").await.body;
    assert!(board.contains("title=\"not counted yet\""), "{board}");
    let dashboard = teacher.get("/teacher").await.body;
    assert!(
        dashboard.contains("Needs attention (1)")
            && dashboard.contains(&format!("/submissions/{id}")),
        "{dashboard}"
    );
    let page = teacher.get(&format!("/submissions/{id}")).await.body;
    assert!(page.contains("Accept the judge error as final"), "{page}");
    let csrf = teacher.csrf().await;
    let accepted = teacher
        .post_form(
            &format!("/teacher/submissions/{id}/accept-judge-error"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(accepted.status, StatusCode::SEE_OTHER);
    assert!(!server
        .store
        .submission_summary(id)
        .unwrap()
        .unwrap()
        .needs_attention());
    assert!(!teacher
        .get("/teacher")
        .await
        .body
        .contains("Needs attention"));
    let again = teacher
        .post_form(
            &format!("/teacher/submissions/{id}/accept-judge-error"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    let results = teacher.get("/teacher/export/results.json").await.json();
    let attempt = results["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"].as_str() == Some(id.to_string().as_str()))
        .cloned()
        .unwrap();
    assert_eq!(
        (attempt["status"].as_str(), attempt["verdict"].as_str()),
        (Some("judged"), Some("JE"))
    );
    assert_eq!(
        server.store.result_history(id).unwrap().len(),
        2,
        "both rounds are kept"
    );
}

/// A contest can ask for every test's verdict of a problem (`feedback = "all-tests"`):
/// under ICPC scoring a wrong submission is then judged on every test, not only up to its
/// first failure as in the contest that keeps the default, and its verdict is the same.
#[tokio::test]
async fn a_contest_whose_feedback_is_all_tests_judges_every_test() {
    let server = TestServer::with_course(
        2,
        |main| {
            main.insert("scoring".into(), "icpc".into());
        },
        |top| {
            let practice: toml::Table = toml::from_str(&format!(
                "id = \"practice\"\ntitle = \"Practice\"\nscoring = \"icpc\"\n\
                 start = \"{}\"\n\
                 [[problems]]\nid = \"add\"\nfeedback = \"all-tests\"\n",
                crate::common::minutes_from_now(-30)
            ))
            .unwrap();
            top.insert("contests".into(), vec![toml::Value::from(practice)].into());
        },
        |_| {},
    );
    let mut ann = server.login("ann").await;
    let source = crate::common::submission("wa_sample.py");
    let first = crate::http_contests::submit_into(&mut ann, "main", &source)
        .await
        .submission_id();
    let every = crate::http_contests::submit_into(&mut ann, "practice", &source)
        .await
        .submission_id();
    let ran = |id: i64| {
        server.wait_judged(id);
        let stored = server.store.submission(id).unwrap().unwrap();
        let result = stored.result.unwrap();
        assert_eq!(result.verdict, Verdict::WA, "{id}");
        result
            .tests
            .iter()
            .map(|t| (t.name.clone(), t.verdict))
            .collect::<Vec<_>>()
    };
    assert_eq!(ran(first), [("sample/1".to_string(), Verdict::WA)]);
    assert_eq!(
        ran(every).len(),
        3,
        "every test of the practice contest's submission"
    );
    let page = ann.get(&format!("/submissions/{every}")).await;
    for test in ["sample/1", "secret/1", "secret/2"] {
        assert!(page.body.contains(test), "{test}: {}", page.body);
    }
    assert!(!page.body.contains("not run"), "{}", page.body);
    // The other says why the rest is missing.
    let page = ann.get(&format!("/submissions/{first}")).await;
    assert!(
        page.body
            .contains("2 more not run: judging stopped at the first failure"),
        "{}",
        page.body
    );
}
