//! The server and judge workers as separate processes on a real PostgreSQL (the real
//! `judge` binary throughout):
//!
//! - one `judge serve --workers 0` and three `judge worker`s on a private PostgreSQL
//!   server; 200 submissions through the JSON API; one worker killed with SIGKILL while
//!   it judges, PostgreSQL restarted once, the server restarted once: every submission
//!   judged, exactly one result each, with the verdict its program deserves, and one
//!   scoreboard row per student;
//! - a worker whose test data differs from the server's refuses the problem; live
//!   progress from a remote worker reaches the API; `judge submit --wait`; `judge users
//!   token`; `judge db copy` and `judge db status`.
//!
//! Without PostgreSQL (JUDGE_TEST_POSTGRES, Debian's server programs) they are skipped,
//! unless JUDGE_REQUIRE_POSTGRES=1 (CI), where they fail.

use crate::common::process::{
    judge, judge_binary, try_request, HttpReply, ServeProcess, WorkerProcess,
};
use crate::common::wait_for;
use crate::common::{cheap_hash, submission, write_config};
use judge_server::store::{DatabaseUrl, Role, Store};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const STUDENTS: usize = 20;
const SUBMISSIONS: usize = 200;
/// Short leases, so that a killed worker's submission is taken over within seconds.
const LEASE: &str = "3";

/// A program for the fixture problem `add`, and the verdict it deserves.
fn program(index: usize) -> (String, &'static str) {
    match index % 10 {
        0..=5 => (submission("ac.py"), "AC"),
        6..=8 => (submission("wa_secret.py"), "WA"),
        // Slow enough to be caught mid-judging.
        _ => (
            format!("import time\ntime.sleep(0.3)\n{}", submission("ac.py")),
            "AC",
        ),
    }
}

fn api(
    address: &str,
    method: &str,
    path: &str,
    token: &str,
    body: &[u8],
    key: Option<&str>,
) -> std::io::Result<HttpReply> {
    let mut headers = vec![
        ("Authorization", format!("Bearer {token}")),
        ("Content-Type", "application/json".to_string()),
    ];
    if let Some(key) = key {
        headers.push(("Idempotency-Key", key.to_string()));
    }
    try_request(address, method, path, &headers, body)
}

/// A count by the test's own SQL (the store has no API for such checks).
fn count(url: &str, sql: &str) -> i64 {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client.query_one(sql, &[]).unwrap().get::<_, i64>(0)
}

/// [`count`], retried while PostgreSQL may be restarting.
fn count_retrying(url: &str, sql: &str) -> i64 {
    for _ in 0..100 {
        let result = std::panic::catch_unwind(|| count(url, sql));
        if let Ok(value) = result {
            return value;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("the store does not answer: {sql}");
}

#[test]
fn a_server_and_three_workers_survive_a_killed_worker_and_restarts_of_postgres_and_the_server() {
    let Some(postgres) = test_postgres::PrivateServer::start() else {
        return;
    };
    let url = postgres.create_database("judge");
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), |_| {});
    let store = Store::connect(&url.parse::<DatabaseUrl>().unwrap()).unwrap();
    let mut tokens = Vec::new();
    for i in 0..STUDENTS {
        let name = format!("s{i:02}");
        store
            .add_user(&name, &cheap_hash("password"), Role::Student)
            .unwrap();
        tokens.push(
            judge_server::accounts::issue_token(&store, &name)
                .unwrap()
                .1,
        );
    }
    // The CLI's token command too.
    let printed = judge(
        &binary,
        &config,
        &["users", "token", "s00", "--database", &url],
    );
    assert!(
        printed.status.success(),
        "{}",
        String::from_utf8_lossy(&printed.stderr)
    );
    let cli_token = String::from_utf8_lossy(&printed.stdout).trim().to_string();
    assert!(cli_token.starts_with("judge_"), "{cli_token}");
    tokens[0] = cli_token;

    let serve_args = [
        "--database",
        &url,
        "--workers",
        "0",
        "--listen",
        "127.0.0.1:0",
        "--submissions-per-minute",
        "0",
        "--lease-seconds",
        LEASE,
    ];
    let server = ServeProcess::start_with(
        &binary,
        &config,
        &serve_args,
        &dir.path().join("serve-1.log"),
    );
    let address = Arc::new(Mutex::new(server.address.clone()));
    let mut workers: Vec<WorkerProcess> = (1..=3)
        .map(|i| {
            WorkerProcess::start(
                &binary,
                &config,
                &[
                    "--database",
                    &url,
                    "--name",
                    &format!("w{i}"),
                    "--jobs",
                    "1",
                    "--lease-seconds",
                    LEASE,
                ],
                &dir.path().join(format!("w{i}.log")),
            )
        })
        .collect();

    // The class submits, 20 a second, each submission under its own idempotency key:
    // a retry after a lost answer (a server restarting) never makes a second one.
    let posted = Arc::new(AtomicUsize::new(0));
    let retries = Arc::new(AtomicUsize::new(0));
    let submitter = {
        let (address, posted, retries, tokens) = (
            address.clone(),
            posted.clone(),
            retries.clone(),
            tokens.clone(),
        );
        std::thread::spawn(move || {
            let mut ids = Vec::new();
            for i in 0..SUBMISSIONS {
                let (source, _) = program(i);
                let body =
                    serde_json::json!({"problem": "add", "language": "python3", "source": source})
                        .to_string();
                let token = &tokens[i % STUDENTS];
                let key = format!("submission-{i}");
                let deadline = Instant::now() + Duration::from_secs(120);
                let id = loop {
                    let at = address.lock().unwrap().clone();
                    match api(
                        &at,
                        "POST",
                        "/api/v1/submissions",
                        token,
                        body.as_bytes(),
                        Some(&key),
                    ) {
                        Ok(reply) if reply.status == 201 || reply.status == 200 => {
                            let json: serde_json::Value =
                                serde_json::from_str(&reply.body).unwrap();
                            break json["id"].as_i64().unwrap();
                        }
                        Ok(reply) if reply.status >= 500 => {}
                        Ok(reply) => {
                            panic!("submission {i} refused: {} {}", reply.status, reply.body)
                        }
                        Err(_) => {}
                    }
                    retries.fetch_add(1, Ordering::SeqCst);
                    assert!(
                        Instant::now() < deadline,
                        "submission {i} could not be made"
                    );
                    std::thread::sleep(Duration::from_millis(200));
                };
                ids.push(id);
                posted.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(50));
            }
            ids
        })
    };
    let done = |_: &Store| {
        count_retrying(
            &url,
            "SELECT count(*) FROM submissions WHERE state = 'done'",
        )
    };

    // 1. A worker killed with SIGKILL in the middle of judging.
    wait_for("30 judged", Duration::from_secs(180), || done(&store) >= 30);
    let mut killed_on = 0i64;
    wait_for("w1 to hold a lease", Duration::from_secs(120), || {
        killed_on = count_retrying(&url, "SELECT coalesce(max(id), 0) FROM submissions WHERE state = 'judging' AND lease_owner = 'w1'");
        killed_on > 0
    });
    workers[0].child.kill().unwrap();
    workers[0].child.wait().unwrap();

    // 2. PostgreSQL restarted (fast shutdown: every connection is cut), down for a second.
    wait_for("70 judged", Duration::from_secs(180), || done(&store) >= 70);
    postgres.restart(Duration::from_secs(1));

    // 3. The server restarted (SIGTERM, then a new process on another port).
    wait_for("120 posted", Duration::from_secs(180), || {
        posted.load(Ordering::SeqCst) >= 120
    });
    let mut server = server;
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let exit = server.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}: {}", server.stderr());
    let server = ServeProcess::start_with(
        &binary,
        &config,
        &serve_args,
        &dir.path().join("serve-2.log"),
    );
    *address.lock().unwrap() = server.address.clone();

    let ids = submitter.join().unwrap();
    assert_eq!(ids.len(), SUBMISSIONS);
    let started = Instant::now();
    wait_for("every submission judged", Duration::from_secs(300), || {
        done(&store) == SUBMISSIONS as i64
    });
    eprintln!(
        "all judged {:.1} s after the last submission; {} retried requests",
        started.elapsed().as_secs_f64(),
        retries.load(Ordering::SeqCst)
    );

    // Every submission once, judged once, with the verdict its program deserves.
    let distinct: std::collections::BTreeSet<i64> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), SUBMISSIONS, "no submission made twice");
    assert_eq!(
        count(&url, "SELECT count(*) FROM submissions"),
        SUBMISSIONS as i64
    );
    assert_eq!(
        count(&url, "SELECT count(*) FROM results"),
        SUBMISSIONS as i64,
        "one result each"
    );
    assert_eq!(
        count(&url, "SELECT count(*) FROM (SELECT submission_id FROM results GROUP BY submission_id HAVING count(*) <> 1) x"),
        0
    );
    for (i, id) in ids.iter().enumerate() {
        let summary = store.submission_summary(*id).unwrap().unwrap();
        let verdict = summary.result.as_ref().unwrap().verdict.code();
        assert_eq!(verdict, program(i).1, "submission {id} ({i}): {summary:?}");
    }
    // The killed worker's submission was judged again by another.
    let taken_over = store.submission_summary(killed_on).unwrap().unwrap();
    assert!(taken_over.claims >= 2, "{taken_over:?}");
    assert_eq!(
        count(&url, &format!("SELECT count(*) FROM results WHERE submission_id = {killed_on} AND judged_by <> 'w1'")),
        1
    );
    let by_w1 = count(&url, "SELECT count(*) FROM results WHERE judged_by = 'w1'");
    let by_others = count(
        &url,
        "SELECT count(*) FROM results WHERE judged_by IN ('w2', 'w3')",
    );
    assert_eq!(by_w1 + by_others, SUBMISSIONS as i64);
    assert!(by_w1 > 0 && by_others > 0, "{by_w1} {by_others}");

    // One scoreboard row per student, their attempts all counted.
    let board = api(
        &server.address,
        "GET",
        "/api/v1/scoreboard",
        &tokens[1],
        b"",
        None,
    )
    .unwrap();
    assert_eq!(board.status, 200, "{}", board.body);
    let board: serde_json::Value = serde_json::from_str(&board.body).unwrap();
    let rows = board["scoreboard"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), STUDENTS, "{board}");
    let names: std::collections::BTreeSet<&str> = rows
        .iter()
        .map(|r| r["student"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), STUDENTS, "no student twice");
    let attempts: u64 = rows
        .iter()
        .map(|r| r["cells"][0]["attempts"].as_u64().unwrap())
        .sum();
    assert_eq!(attempts, SUBMISSIONS as u64);

    // PostgreSQL did restart mid-run (the pools waited for it: a request that finds its
    // connection cut takes a new one once the server is back). SIGTERM stops the workers
    // cleanly.
    let log = std::fs::read_to_string(postgres.log_file()).unwrap();
    assert!(log.contains("received fast shutdown request"), "{log}");
    for worker in &mut workers[1..] {
        assert!(worker.terminate(), "{}", worker.output());
        assert!(
            worker.output().contains("judge worker: stopped"),
            "{}",
            worker.output()
        );
    }
    assert!(
        count(&url, "SELECT count(*) FROM workers WHERE stopped = 1") >= 2,
        "stopped workers say so"
    );
}

/// Copies the fixture problem `add` with one answer changed, and a judge.toml for it.
fn other_copy(dir: &Path) -> std::path::PathBuf {
    let fixtures = crate::common::fixtures();
    let copy = dir.join("other");
    for (from, to) in [
        ("problems/add", "problems/add"),
        ("testdata/add/sample", "testdata/add/sample"),
        ("testdata/add/secret", "testdata/add/secret"),
    ] {
        std::fs::create_dir_all(copy.join(to)).unwrap();
        for entry in std::fs::read_dir(fixtures.join(from)).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), copy.join(to).join(entry.file_name())).unwrap();
            }
        }
    }
    // Another answer (with its input, so the copy is still a valid problem).
    std::fs::write(copy.join("testdata/add/secret/02-small.in"), "2 2\n").unwrap();
    std::fs::write(copy.join("testdata/add/secret/02-small.ans"), "4\n").unwrap();
    let config = write_config(&copy, |contest| {
        contest.insert(
            "problems_dir".into(),
            copy.join("problems").display().to_string().into(),
        );
        contest.insert(
            "testdata_dir".into(),
            copy.join("testdata").display().to_string().into(),
        );
        let problem: toml::Table = [("id".to_string(), toml::Value::from("add"))]
            .into_iter()
            .collect();
        contest.insert("problems".into(), toml::Value::Array(vec![problem.into()]));
    });
    config
}

#[test]
fn a_worker_with_other_tests_refuses_and_a_remote_worker_shows_live_progress() {
    let Some(database) = test_postgres::fresh_database() else {
        return;
    };
    let url = database.url.clone();
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), |_| {});

    // An existing SQLite store, moved into PostgreSQL with `judge db copy`.
    let data = dir.path().join("data");
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
    let sqlite = format!("sqlite:{}", data.join("judge.sqlite3").display());
    let copied = judge(&binary, &config, &["db", "copy", &sqlite, &url]);
    assert!(
        copied.status.success(),
        "{}",
        String::from_utf8_lossy(&copied.stderr)
    );
    assert!(String::from_utf8_lossy(&copied.stdout).contains("users: 1 rows"));
    let noise = String::from_utf8_lossy(&copied.stderr);
    assert!(!noise.contains("NOTICE"), "the database's notices: {noise}");
    let again = judge(&binary, &config, &["db", "copy", &sqlite, &url]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("is not empty"));
    let token = judge(
        &binary,
        &config,
        &["users", "token", "ann", "--database", &url],
    );
    let token = String::from_utf8_lossy(&token.stdout).trim().to_string();

    let server = ServeProcess::start_with(
        &binary,
        &config,
        &[
            "--database",
            &url,
            "--workers",
            "0",
            "--listen",
            "127.0.0.1:0",
            "--lease-seconds",
            LEASE,
        ],
        &dir.path().join("serve.log"),
    );
    let mut odd = WorkerProcess::start(
        &binary,
        &other_copy(dir.path()),
        &[
            "--database",
            &url,
            "--name",
            "odd",
            "--jobs",
            "1",
            "--lease-seconds",
            LEASE,
        ],
        &dir.path().join("odd.log"),
    );
    wait_for("the odd worker's refusal", Duration::from_secs(120), || {
        odd.output()
            .contains("refusing problem add: this machine's copy differs from the server's")
    });

    // A slow submission: three tests of a second each.
    let slow = dir.path().join("slow.py");
    std::fs::write(
        &slow,
        format!("import time\ntime.sleep(1)\n{}", submission("ac.py")),
    )
    .unwrap();
    let submit = std::process::Command::new(&binary)
        .args([
            "submit",
            "--server",
            &format!("http://{}", server.address),
            "--problem",
            "add",
            "--wait",
        ])
        .arg(&slow)
        .env("JUDGE_TOKEN", &token)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let store = Store::connect(&url.parse::<DatabaseUrl>().unwrap()).unwrap();
    wait_for("the submission", Duration::from_secs(60), || {
        !store.submissions(&Default::default()).unwrap().is_empty()
    });
    let id = store.submissions(&Default::default()).unwrap()[0].id;
    std::thread::sleep(Duration::from_secs(3));
    let waiting = store.submission_summary(id).unwrap().unwrap();
    assert_eq!(
        (waiting.state.as_str(), waiting.claims),
        ("queued", 0),
        "the odd worker never takes it"
    );

    let mut good = WorkerProcess::start(
        &binary,
        &config,
        &[
            "--database",
            &url,
            "--name",
            "good",
            "--jobs",
            "1",
            "--lease-seconds",
            LEASE,
        ],
        &dir.path().join("good.log"),
    );
    let mut seen_running = false;
    wait_for(
        "live progress through the API",
        Duration::from_secs(120),
        || {
            let reply = api(
                &server.address,
                "GET",
                &format!("/api/v1/submissions/{id}"),
                &token,
                b"",
                None,
            )
            .unwrap();
            let json: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
            seen_running |= json["status"]
                .as_str()
                .unwrap_or("")
                .contains("running test");
            seen_running || json["submission"]["state"] == "done"
        },
    );
    assert!(seen_running, "the remote worker's progress reached the API");
    let output = submit.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains(&format!("as submission {id}")) && stdout.contains("verdict: AC"),
        "{stdout}"
    );
    assert!(
        stdout.contains("secret/2") && !stdout.contains("secret/02-small"),
        "the per-test table, secret tests by number: {stdout}"
    );
    assert!(
        odd.output()
            .lines()
            .all(|l| !l.contains(&format!("submission {id}:"))),
        "{}",
        odd.output()
    );
    assert!(
        good.output().contains(&format!("submission {id}: AC 3/3")),
        "{}",
        good.output()
    );

    let status = judge(&binary, &config, &["db", "status", "--database", &url]);
    let text = String::from_utf8_lossy(&status.stdout);
    assert!(
        text.contains("worker odd") && text.contains("refuses add"),
        "{text}"
    );
    assert!(
        text.contains("worker good") && text.contains("queue: 0 queued, 0 being judged"),
        "{text}"
    );
    // Each worker says which languages it judges (issue 32): those installed here.
    let good_line = text.lines().find(|l| l.contains("worker good")).unwrap();
    assert!(
        good_line.contains(", judges ") && good_line.contains("python3"),
        "{text}"
    );
    assert!(good.terminate() && odd.terminate());
    drop(server);
}
