//! Judging machines that have only the server's address (`judge worker --server URL
//! --token TOKEN --name NAME`), as real processes: one `judge serve --workers 0` on SQLite,
//! HTTP workers each started in an empty folder of its own with its own problem cache;
//! a batch of submissions judged while one worker is killed with SIGKILL and another
//! starts with an empty cache: every submission judged exactly once, with the verdict its
//! program deserves. Then the worker token is revoked and the workers stop, saying why.
//! Worker tokens are a role of their own; the endpoints refuse what a hostile worker
//! sends.

use crate::common::process::{judge, judge_binary, try_request, HttpReply, ServeProcess};
use crate::common::wait_for;
use crate::common::{submission, write_config};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SUBMISSIONS: usize = 60;
const STUDENTS: usize = 4;
/// Short leases, so that the killed worker's submission is taken over within seconds.
const LEASE: &str = "3";

/// A program for the fixture problem `add`, and the verdict it deserves.
fn program(index: usize) -> (String, &'static str) {
    match index % 10 {
        0..=5 => (submission("ac.py"), "AC"),
        6..=8 => (submission("wa_secret.py"), "WA"),
        // Slow enough to be caught mid-judging.
        _ => (
            format!("import time\ntime.sleep(0.4)\n{}", submission("ac.py")),
            "AC",
        ),
    }
}

fn printed(output: std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn call(address: &str, method: &str, path: &str, token: &str, body: &str) -> HttpReply {
    let headers = [
        ("Authorization", format!("Bearer {token}")),
        ("Content-Type", "application/json".to_string()),
    ];
    try_request(address, method, path, &headers, body.as_bytes()).unwrap()
}

/// An HTTP worker in an empty folder of its own (no judge.toml, no problems).
struct HttpWorker {
    child: Child,
    log: PathBuf,
    folder: tempfile::TempDir,
}

impl HttpWorker {
    fn start(binary: &Path, address: &str, token: &str, name: &str, logs: &Path) -> HttpWorker {
        let folder = tempfile::tempdir().unwrap();
        let log = logs.join(format!("{name}.log"));
        let out = std::fs::File::create(&log).unwrap();
        let child = Command::new(binary)
            .current_dir(folder.path())
            .args([
                "worker",
                "--server",
                &format!("http://{address}"),
                "--name",
                name,
                "--jobs",
                "1",
                "--lease-seconds",
                LEASE,
            ])
            .env("JUDGE_WORKER_TOKEN", token)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .expect("judge worker starts");
        HttpWorker { child, log, folder }
    }

    fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The problem versions in its cache.
    fn cached(&self) -> usize {
        std::fs::read_dir(self.folder.path().join("judge-worker-cache"))
            .map(|entries| entries.count())
            .unwrap_or(0)
    }
}

impl Drop for HttpWorker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn sql_count(data: &Path, sql: &str) -> i64 {
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    connection.busy_timeout(Duration::from_secs(5)).unwrap();
    connection.query_row(sql, [], |row| row.get(0)).unwrap()
}

#[test]
fn http_workers_in_empty_folders_judge_every_submission_once_through_a_killed_worker() {
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), |_| {});
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    let mut tokens = Vec::new();
    for i in 0..STUDENTS {
        let name = format!("s{i}");
        printed(judge(
            &binary,
            &config,
            &["users", "add", &name, "--data", data_arg],
        ));
        tokens.push(printed(judge(
            &binary,
            &config,
            &["users", "token", &name, "--data", data_arg],
        )));
    }
    let worker_token = printed(judge(
        &binary,
        &config,
        &["users", "worker-token", "rack", "--data", data_arg],
    ));
    assert!(worker_token.starts_with("judgeworker_"), "{worker_token}");
    let bad_name = judge(
        &binary,
        &config,
        &["users", "worker-token", "../rack", "--data", data_arg],
    );
    assert!(!bad_name.status.success());

    let server = ServeProcess::start_with(
        &binary,
        &config,
        &[
            "--data",
            data_arg,
            "--workers",
            "0",
            "--listen",
            "127.0.0.1:0",
            "--submissions-per-minute",
            "0",
            "--lease-seconds",
            LEASE,
        ],
        &dir.path().join("serve.log"),
    );
    let address = server.address.clone();

    // Roles: a student's token claims nothing; a worker token opens no other API.
    let claim = r#"{"name": "w0", "lease_ms": 3000}"#;
    let refused = call(&address, "POST", "/api/v1/worker/claim", &tokens[0], claim);
    assert_eq!(refused.status, 401, "{}", refused.body);
    assert!(
        refused.body.contains("not a worker token"),
        "{}",
        refused.body
    );
    let refused = call(&address, "GET", "/api/v1/problems", &worker_token, "");
    assert_eq!(refused.status, 401, "{}", refused.body);
    // What a hostile worker sends is refused with a reason, never taken.
    for (body, why) in [
        (r#"{"name": "../x", "lease_ms": 3000}"#, "name must be"),
        (r#"{"name": "w0", "lease_ms": 0}"#, "lease_ms must be"),
        (
            r#"{"name": "w0", "lease_ms": 3000, "owner": "rack/w1"}"#,
            "unknown field",
        ),
        (
            r#"{"name": "w0", "lease_ms": 3000, "only": [{"id": "add", "content_sha256": "x"}]}"#,
            "no problem version",
        ),
        ("not json", "could not be read"),
    ] {
        let reply = call(
            &address,
            "POST",
            "/api/v1/worker/claim",
            &worker_token,
            body,
        );
        assert!(
            reply.status == 400 || reply.status == 422,
            "{body}: {} {}",
            reply.status,
            reply.body
        );
        assert!(reply.body.contains(why), "{body}: {}", reply.body);
    }
    let stranger = r#"{"name": "w0", "lease": {"id": 1, "round": 1, "claim": 1, "problem_sha256": ""}, "outcome": {"failed": "made up"}}"#;
    let reply = call(
        &address,
        "POST",
        "/api/v1/worker/result",
        &worker_token,
        stranger,
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(reply.body.contains(r#""done":false"#), "{}", reply.body);
    let reply = call(
        &address,
        "GET",
        &format!("/api/v1/worker/problems/add/{}", "0".repeat(64)),
        &worker_token,
        "",
    );
    assert_eq!(reply.status, 404, "{}", reply.body);

    let logs = dir.path();
    let mut workers: Vec<HttpWorker> = (1..=3)
        .map(|i| HttpWorker::start(&binary, &address, &worker_token, &format!("w{i}"), logs))
        .collect();

    let mut ids = Vec::new();
    for i in 0..SUBMISSIONS {
        let (source, _) = program(i);
        let body = serde_json::json!({"problem": "add", "language": "python3", "source": source})
            .to_string();
        let reply = call(
            &address,
            "POST",
            "/api/v1/submissions",
            &tokens[i % STUDENTS],
            &body,
        );
        assert_eq!(reply.status, 201, "{}", reply.body);
        let json: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        ids.push(json["id"].as_i64().unwrap());
    }
    let done = || {
        sql_count(
            &data,
            "SELECT count(*) FROM submissions WHERE state = 'done'",
        )
    };
    // Kill w1 while it holds a lease, once some results are in.
    wait_for("a few results", Duration::from_secs(120), || done() >= 5);
    let mut killed_on = 0;
    wait_for("w1 judging", Duration::from_secs(60), || {
        killed_on = sql_count(
            &data,
            "SELECT coalesce(max(id), 0) FROM submissions WHERE state = 'judging' AND lease_owner = 'rack/w1'",
        );
        killed_on > 0
    });
    workers[0].child.kill().unwrap();
    workers[0].child.wait().unwrap();
    // A fourth machine joins with an empty cache.
    workers.push(HttpWorker::start(
        &binary,
        &address,
        &worker_token,
        "w4",
        logs,
    ));
    wait_for("every submission judged", Duration::from_secs(300), || {
        done() == SUBMISSIONS as i64
    });

    // Every submission once, judged once, with the verdict its program deserves.
    assert_eq!(
        sql_count(&data, "SELECT count(*) FROM results"),
        SUBMISSIONS as i64,
        "one result each"
    );
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    for (i, id) in ids.iter().enumerate() {
        let verdict: String = connection
            .query_row(
                "SELECT verdict FROM results WHERE submission_id = ?1",
                [id],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(verdict, program(i).1, "submission {id} ({i})");
    }
    // The killed worker's submission was judged again by another.
    let judged_by: String = connection
        .query_row(
            "SELECT judged_by FROM results WHERE submission_id = ?1",
            [killed_on],
            |row| row.get(0),
        )
        .unwrap();
    assert_ne!(judged_by, "rack/w1", "submission {killed_on}");
    let by_others = sql_count(
        &data,
        "SELECT count(*) FROM results WHERE judged_by IN ('rack/w2', 'rack/w3', 'rack/w4')",
    );
    assert!(by_others > 0);
    // Each machine fetched the problem once, into its own cache (w4, which joined late,
    // at most once: the queue may have run dry before it claimed).
    for (index, worker) in workers.iter().enumerate().skip(1) {
        let output = worker.output();
        let fetches = output.matches("problem add: fetched version").count();
        if index < 3 {
            assert_eq!(fetches, 1, "{output}");
        }
        assert!(fetches <= 1, "{output}");
        assert_eq!(worker.cached(), fetches, "{output}");
    }

    // Revoked: the workers stop claiming and say why.
    printed(judge(
        &binary,
        &config,
        &["users", "revoke-worker-token", "rack", "--data", data_arg],
    ));
    for worker in &mut workers[1..] {
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = worker.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "{}", worker.output());
            std::thread::sleep(Duration::from_millis(100));
        };
        assert!(!status.success());
        let output = worker.output();
        assert!(output.contains("revoked"), "{output}");
    }
    drop(server);
}

/// An edit on the server reaches an HTTP worker at its next claim (issues 30 and 35): the
/// teacher lowers a problem's time limit through the API while a worker in an empty folder
/// runs; the same program, accepted before, is judged TLE after, the worker having fetched
/// the problem's new version by its content hash.
#[test]
fn an_edit_on_the_server_reaches_an_http_worker_at_its_next_claim() {
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    crate::common::copy_problems(&problems);
    let folder = problems.display().to_string();
    let config = write_config(dir.path(), |contest| {
        contest.insert("problems_dir".into(), folder.into());
    });
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    printed(judge(
        &binary,
        &config,
        &["users", "add", "ann", "--data", data_arg],
    ));
    let student = printed(judge(
        &binary,
        &config,
        &["users", "token", "ann", "--data", data_arg],
    ));
    printed(judge(
        &binary,
        &config,
        &["users", "add", "teach", "--teacher", "--data", data_arg],
    ));
    let teacher = printed(judge(
        &binary,
        &config,
        &["users", "token", "teach", "--data", data_arg],
    ));
    let worker_token = printed(judge(
        &binary,
        &config,
        &["users", "worker-token", "rack", "--data", data_arg],
    ));
    let server = ServeProcess::start_with(
        &binary,
        &config,
        &[
            "--data",
            data_arg,
            "--workers",
            "0",
            "--listen",
            "127.0.0.1:0",
            "--submissions-per-minute",
            "0",
        ],
        &dir.path().join("serve.log"),
    );
    let address = server.address.clone();
    let worker = HttpWorker::start(&binary, &address, &worker_token, "w1", dir.path());
    // 0.6 s of CPU, then the sum: within 1 s (x python3's multiplier), not within 0.1 s.
    let source = format!(
        "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.6:\n    pass\n{}",
        submission("ac.py")
    );
    let body =
        serde_json::json!({"problem": "add", "language": "python3", "source": source}).to_string();
    let verdict_of = |id: i64| -> Option<String> {
        let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
        connection.busy_timeout(Duration::from_secs(5)).unwrap();
        connection
            .query_row(
                "SELECT verdict FROM results WHERE submission_id = ?1",
                [id],
                |row| row.get(0),
            )
            .ok()
    };
    let submit = || -> i64 {
        let reply = call(&address, "POST", "/api/v1/submissions", &student, &body);
        assert_eq!(reply.status, 201, "{}", reply.body);
        serde_json::from_str::<serde_json::Value>(&reply.body).unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let first = submit();
    wait_for("the first result", Duration::from_secs(120), || {
        verdict_of(first).is_some()
    });
    assert_eq!(
        verdict_of(first).as_deref(),
        Some("AC"),
        "{}",
        worker.output()
    );

    let shown = call(&address, "GET", "/api/v1/problems/add", &teacher, "");
    assert_eq!(shown.status, 200, "{}", shown.body);
    let version = serde_json::from_str::<serde_json::Value>(&shown.body).unwrap()["version"]
        .as_str()
        .unwrap()
        .to_string();
    let change = serde_json::json!({"time_limit_s": 0.1, "version": version}).to_string();
    let changed = call(&address, "PATCH", "/api/v1/problems/add", &teacher, &change);
    assert_eq!(changed.status, 200, "{}", changed.body);

    let second = submit();
    wait_for("the second result", Duration::from_secs(120), || {
        verdict_of(second).is_some()
    });
    assert_eq!(
        verdict_of(second).as_deref(),
        Some("TLE"),
        "{}",
        worker.output()
    );
    let output = worker.output();
    assert_eq!(
        output.matches("problem add: fetched version").count(),
        2,
        "the worker fetches the edited problem once more: {output}"
    );
    assert_eq!(worker.cached(), 2, "{output}");
    drop(server);
}
