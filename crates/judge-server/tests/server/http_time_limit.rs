//! A package that gives no time limit (issue 31): the server never judges it under the
//! provisional limit, and once `judge verify` has decided the limit the server's limit is
//! verify's: the one its problem hash covers, its workers judge with, its API gives and
//! its statement page shows.

use crate::common::{repository, write_config, TestServer};
use axum::http::StatusCode;
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::events::Silent;
use judge_verify::{LimitAction, VerifyOptions};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn package() -> PathBuf {
    repository().join("crates/judge/tests/fixtures/packages/kattis-no-limit")
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The contest of one problem, `double`: a copy of the fixture package in `dir`.
fn only_double(dir: &Path) -> impl FnOnce(&mut toml::Table) {
    let problems = dir.join("problems");
    let testdata = dir.join("testdata");
    move |contest: &mut toml::Table| {
        contest.insert("problems_dir".into(), problems.display().to_string().into());
        contest.insert("testdata_dir".into(), testdata.display().to_string().into());
        let mut problem = toml::Table::new();
        problem.insert("id".into(), "double".into());
        contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
    }
}

fn api_problem(reply: &crate::common::Reply) -> serde_json::Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    reply.json()["problems"][0].clone()
}

#[tokio::test]
async fn the_servers_limit_is_the_one_verify_decided_and_none_before() {
    let dir = tempfile::tempdir().unwrap();
    copy_folder(&package(), &dir.path().join("problems/double"));
    std::fs::create_dir_all(dir.path().join("testdata")).unwrap();
    let token_of = |server: &TestServer| {
        let token = judge_server::accounts::issue_token(&server.store, "ann")
            .unwrap()
            .1;
        format!("Bearer {token}")
    };

    // Undecided: not offered to the workers, refused at submit, said so everywhere.
    {
        let server = TestServer::with(1, only_double(dir.path()), |_| {});
        let judge = server.server.as_ref().unwrap().state().judge.clone();
        let why = judge_server::problem_hash::content_sha256(&judge, "double")
            .expect_err("no version to judge")
            .to_string();
        assert!(why.contains("none is decided yet"), "{why}");
        let auth = token_of(&server);
        let mut client = server.client();
        let problem = api_problem(
            &client
                .get_with("/api/v1/problems", &[("authorization", &auth)])
                .await,
        );
        assert_eq!(
            problem["time_limit_s"],
            serde_json::Value::Null,
            "{problem}"
        );
        assert_eq!(problem["time_limit_origin"]["kind"], "undecided");
        let mut ann = server.login("ann").await;
        let page = ann.get("/problems/double").await;
        assert!(
            page.body.contains("Time limit not decided yet"),
            "{}",
            page.body
        );
        let spin =
            std::fs::read_to_string(package().join("submissions/time_limit_exceeded/spin.c"))
                .unwrap();
        let reply = ann.submit("double", "c", &spin).await;
        assert_eq!(
            reply.status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{}",
            reply.body
        );
    }

    // `judge verify` decides it (the first verify of a problem of the contest stores it).
    let config = JudgeConfig::load(&write_config(dir.path(), only_double(dir.path()))).unwrap();
    let judge = Judge::new(config, Arc::new(AtomicBool::new(false))).unwrap();
    let options = VerifyOptions {
        jobs: 1,
        limits: LimitAction::Use,
        store_first_limit: true,
    };
    let report = judge_verify::verify_problem(&judge, "double", &options, &mut Silent);
    assert!(report.passed(), "{:?}", report.rows);
    let verified = report.margins.time_limit_s;
    assert_eq!(verified, 1.0, "the rule's figure for a fast solution");
    assert!(report.margins.limit_written);

    // The server, started again, has that limit: the same loader its hash, its workers,
    // its API and its statement page read.
    let server = TestServer::with(1, only_double(dir.path()), |_| {});
    let state_judge = server.server.as_ref().unwrap().state().judge.clone();
    let loaded = judge_packages::load(&state_judge.config, "double").unwrap();
    assert_eq!(loaded.limits.time_s, verified);
    judge_server::problem_hash::content_sha256(&state_judge, "double").expect("a version now");
    let auth = token_of(&server);
    let mut client = server.client();
    let problem = api_problem(
        &client
            .get_with("/api/v1/problems", &[("authorization", &auth)])
            .await,
    );
    assert_eq!(problem["time_limit_s"], verified, "{problem}");
    assert_eq!(problem["time_limit_origin"]["kind"], "stored");
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/double").await;
    assert!(
        page.body
            .contains("Time limit 1 s (from the accepted submissions) · memory 256 MiB"),
        "{}",
        page.body
    );
    // A worker judges the spinning submission TLE at verify's 1 s, not at 20 s.
    let spin =
        std::fs::read_to_string(package().join("submissions/time_limit_exceeded/spin.c")).unwrap();
    let reply = ann.submit("double", "c", &spin).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let result = server.wait_judged(reply.submission_id()).result.unwrap();
    assert_eq!(result.verdict, judge_model::Verdict::TLE, "{result:?}");
    assert!(
        result.max_cpu_time_s < 3.0,
        "stopped near verify's limit: {result:?}"
    );
}
