//! Judging machines that have only the server's address (`judge worker --server URL
//! --token TOKEN --name NAME`), as real processes: one `judge serve --workers 0` on SQLite
//! and three HTTP workers, each in an empty folder of its own with its own problem cache
//! and, as root, in a network namespace of its own whose only way out is a link to the
//! server's (common/netns.rs). They judge 200 submissions to several problems while a
//! teacher imports a new package through the web page and students submit to it; one
//! worker is killed with SIGKILL while it holds a lease and comes back with an empty
//! cache: every submission judged exactly once, with the verdict its program deserves.
//! Then the worker token is revoked and the workers stop, saying why. Worker tokens are a
//! role of their own; the endpoints refuse what a hostile worker sends.

use crate::common::netns::Network;
use crate::common::process::{
    csrf, judge, judge_binary, request, try_request, Browser, HttpReply, ServeProcess,
};
use crate::common::wait_for;
use crate::common::{copy_problems, submission, write_config, Part};
use crate::http_import::{package, zipped};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Submissions in all, and how many of them come before the import.
const SUBMISSIONS: usize = 200;
const BEFORE_IMPORT: usize = 120;
const STUDENTS: usize = 4;
const MACHINES: usize = 3;
/// Short leases, so that the killed worker's submission is taken over within seconds.
const LEASE: &str = "3";
/// The contest's problems (`parts` has a checker of its own and subtasks), then the one
/// the teacher imports.
const PROBLEMS: [&str; 3] = ["add", "parts", "double"];

/// A submission of the big run: its problem, language and source, and the verdict the
/// server gives it.
struct Program {
    problem: &'static str,
    language: &'static str,
    source: String,
    verdict: &'static str,
}

/// Submission `index`'s program. Before the import they go to `add` and `parts`; after
/// it, every other one goes to the imported `double` (tests: 3, 21, -500000).
fn program(index: usize) -> Program {
    let python = |problem, source: String, verdict| Program {
        problem,
        language: "python3",
        source,
        verdict,
    };
    let double = |source: &str, verdict| python("double", source.to_string(), verdict);
    if index >= BEFORE_IMPORT && index.is_multiple_of(2) {
        return match (index / 2) % 4 {
            0 | 1 => double("print(2 * int(input()))\n", "AC"),
            // Right but on the negative test.
            2 => double("print(2 * abs(int(input())))\n", "WA"),
            _ => double("print(2 * int(input()))\nraise SystemExit(3)\n", "RE"),
        };
    }
    match index % 10 {
        0 | 3 | 6 => python("add", submission("ac.py"), "AC"),
        1 | 7 => python("parts", submission("ac.py"), "AC"),
        // Right on the sample, wrong on the big numbers.
        2 => python("add", submission("wa_secret.py"), "WA"),
        4 => python("parts", submission("wa_secret.py"), "WA"),
        // Exits with status 3 on the big numbers.
        5 => python("parts", submission("re_echo.py"), "RE"),
        8 => python("add", submission("re_echo.py"), "RE"),
        _ => Program {
            problem: "add",
            language: "c",
            source: "int main( { return 0; }\n".to_string(),
            verdict: "CE",
        },
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

/// An HTTP worker process, started in `folder` (empty but for its cache) with its
/// terminal output in `log`.
struct HttpWorker {
    child: Child,
    log: PathBuf,
    folder: PathBuf,
}

impl HttpWorker {
    /// Starts `judge worker --server http://SERVER`; `place` may move it elsewhere (a
    /// network namespace).
    fn start(
        binary: &Path,
        server: &str,
        token: &str,
        name: &str,
        folder: &Path,
        log: &Path,
        place: impl FnOnce(&mut Command),
    ) -> HttpWorker {
        let out = std::fs::File::create(log).unwrap();
        let mut command = Command::new(binary);
        command
            .current_dir(folder)
            .args([
                "worker",
                "--server",
                &format!("http://{server}"),
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
            .stderr(out);
        place(&mut command);
        let child = command.spawn().expect("judge worker starts");
        HttpWorker {
            child,
            log: log.to_path_buf(),
            folder: folder.to_path_buf(),
        }
    }

    fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// How many versions of `problem` it fetched.
    fn fetches(&self, problem: &str) -> usize {
        self.output()
            .matches(&format!("problem {problem}: fetched version"))
            .count()
    }

    /// The problem versions in its cache.
    fn cached(&self) -> usize {
        std::fs::read_dir(self.folder.join("judge-worker-cache"))
            .map(|entries| entries.count())
            .unwrap_or(0)
    }

    /// Sends `signal` to it.
    fn signal(&self, signal: i32) {
        // SAFETY: kill(2) on our own child's pid, which is not reaped yet.
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, signal) }, 0);
    }
}

impl Drop for HttpWorker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The results a worker's output says the server took: (submission id, verdict code),
/// from its lines `submission ID: VERDICT [DETAIL] (SECONDS s)` (its other lines about a
/// submission go on in lower case: judging, handed back, result discarded, lease lost).
fn recorded(output: &str) -> Vec<(i64, String)> {
    output
        .lines()
        .filter_map(|line| {
            let rest = &line[line.find("submission ")? + "submission ".len()..];
            let (id, rest) = rest.split_once(": ")?;
            let code = rest.split(' ').next()?;
            if code.is_empty() || !code.chars().all(|c| c.is_ascii_uppercase()) {
                return None;
            }
            Some((id.parse().ok()?, code.to_string()))
        })
        .collect()
}

fn sql_count(data: &Path, sql: &str) -> i64 {
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    connection.busy_timeout(Duration::from_secs(5)).unwrap();
    connection.query_row(sql, [], |row| row.get(0)).unwrap()
}

/// The ids of the submissions `owner` holds a lease on.
fn leased_to(data: &Path, owner: &str) -> Vec<i64> {
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    connection.busy_timeout(Duration::from_secs(5)).unwrap();
    let mut statement = connection
        .prepare("SELECT id FROM submissions WHERE state = 'judging' AND lease_owner = ?1")
        .unwrap();
    let ids = statement
        .query_map([owner], |row| row.get(0))
        .unwrap()
        .collect::<Result<Vec<i64>, _>>()
        .unwrap();
    ids
}

#[test]
fn http_workers_in_network_namespaces_judge_every_submission_once_through_an_import_and_a_killed_worker(
) {
    let network = Network::new(MACHINES);
    let binary = judge_binary();
    network.run(|| judge_through_an_import_and_a_killed_worker(&binary, &network));
}

fn judge_through_an_import_and_a_killed_worker(binary: &Path, network: &Network) {
    let dir = tempfile::tempdir().unwrap();
    // The import writes the new problem into the problems folder and judge.toml.
    let problems = dir.path().join("problems");
    copy_problems(&problems);
    let folder = problems.display().to_string();
    let config = write_config(dir.path(), |contest| {
        contest.insert("problems_dir".into(), folder.into());
        let listed: Vec<toml::Value> = PROBLEMS[..2]
            .iter()
            .map(|id| {
                let mut problem = toml::Table::new();
                problem.insert("id".into(), (*id).into());
                problem.into()
            })
            .collect();
        contest.insert("problems".into(), listed.into());
    });
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    let mut tokens = Vec::new();
    for i in 0..STUDENTS {
        let name = format!("s{i}");
        printed(judge(
            binary,
            &config,
            &["users", "add", &name, "--data", data_arg],
        ));
        tokens.push(printed(judge(
            binary,
            &config,
            &["users", "token", &name, "--data", data_arg],
        )));
    }
    let added = printed(judge(
        binary,
        &config,
        &["users", "add", "teach", "--teacher", "--data", data_arg],
    ));
    let teacher_password = added
        .split_whitespace()
        .last()
        .expect("judge users add prints the password")
        .to_string();
    let worker_token = printed(judge(
        binary,
        &config,
        &["users", "worker-token", "rack", "--data", data_arg],
    ));
    assert!(worker_token.starts_with("judgeworker_"), "{worker_token}");
    let bad_name = judge(
        binary,
        &config,
        &["users", "worker-token", "../rack", "--data", data_arg],
    );
    assert!(!bad_name.status.success());

    let server = ServeProcess::start_with(
        binary,
        &config,
        &[
            "--data",
            data_arg,
            "--workers",
            "0",
            "--listen",
            network.listen(),
            "--submissions-per-minute",
            "0",
            "--lease-seconds",
            LEASE,
        ],
        &dir.path().join("serve.log"),
    );
    let port: u16 = server
        .address
        .rsplit(':')
        .next()
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("judge serve printed {}", server.address));
    let address = format!("127.0.0.1:{port}");

    // Each machine reaches the server through its own link, and nothing else: not the
    // server's loopback, not another machine's link.
    for machine in 0..MACHINES {
        assert!(network.connects(machine, &network.server_for(machine, port)));
    }
    if network.isolated() {
        assert!(!network.connects(0, &address));
        assert!(!network.connects(0, &network.server_for(1, port)));
    }

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

    // Three machines, each with an empty folder of its own (w1 is machine 0).
    let folders: Vec<tempfile::TempDir> = (0..MACHINES)
        .map(|_| tempfile::tempdir().unwrap())
        .collect();
    let start = |machine: usize, log: &str| {
        HttpWorker::start(
            binary,
            &network.server_for(machine, port),
            &worker_token,
            &format!("w{}", machine + 1),
            folders[machine].path(),
            &dir.path().join(log),
            |command| network.place(machine, command),
        )
    };
    let mut workers: Vec<HttpWorker> = (0..MACHINES)
        .map(|machine| start(machine, &format!("w{}.log", machine + 1)))
        .collect();

    let mut ids = Vec::new();
    let submit = |index: usize| -> i64 {
        let program = program(index);
        let body = serde_json::json!({
            "problem": program.problem,
            "language": program.language,
            "source": program.source,
        })
        .to_string();
        let reply = call(
            &address,
            "POST",
            "/api/v1/submissions",
            &tokens[index % STUDENTS],
            &body,
        );
        assert_eq!(reply.status, 201, "submission {index}: {}", reply.body);
        let json: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        json["id"].as_i64().unwrap()
    };
    let started = Instant::now();
    for index in 0..BEFORE_IMPORT {
        ids.push(submit(index));
    }
    let done = || {
        sql_count(
            &data,
            "SELECT count(*) FROM submissions WHERE state = 'done'",
        )
    };

    // Kill w1 while it holds a lease, once some results are in. Stopped first, so that
    // what it holds is read while it can neither finish nor take anything; a result it
    // sent just before is given a moment to land, so that what is read is what it held.
    wait_for("a few results", Duration::from_secs(120), || done() >= 5);
    let mut held = Vec::new();
    wait_for("w1 holding a lease", Duration::from_secs(60), || {
        workers[0].signal(libc::SIGSTOP);
        std::thread::sleep(Duration::from_millis(300));
        held = leased_to(&data, "rack/w1");
        if held.is_empty() {
            workers[0].signal(libc::SIGCONT);
        }
        !held.is_empty()
    });
    workers[0].child.kill().unwrap();
    workers[0].child.wait().unwrap();
    let killed_output = workers[0].output();

    // The teacher imports a package through the page, as a browser posts the form.
    let done_at_import = done();
    let teacher = Browser::log_in(&address, "teach", &teacher_password);
    let form = teacher.get("/teacher/problems/import");
    assert_eq!(form.status, 200, "{}", form.body);
    let token = csrf(&form.body);
    let package_zip = zipped(&package("double"));
    let imported = teacher.post_multipart(
        "/teacher/problems/import",
        &[
            Part::File("package", "double.zip", &package_zip),
            Part::Text("id", ""),
            Part::Text("csrf", &token),
        ],
    );
    assert_eq!(imported.status, 200, "{}", imported.body);
    assert!(
        imported
            .body
            .contains("double.zip was imported as problem double."),
        "{}",
        imported.body
    );
    eprintln!(
        "the package was imported with {done_at_import} of {BEFORE_IMPORT} submissions judged"
    );
    // Students submit to it (and to the others) while the first ones are still being
    // judged (the line above says how far they were).
    for index in BEFORE_IMPORT..SUBMISSIONS {
        ids.push(submit(index));
    }

    // What w1 held is judged by another machine once its lease lapses; then w1 comes
    // back in the same folder with its cache emptied, as a machine whose disk was wiped.
    wait_for(
        "w1's submissions judged by others",
        Duration::from_secs(120),
        || {
            held.iter().all(|id| {
                sql_count(
                    &data,
                    &format!("SELECT count(*) FROM results WHERE submission_id = {id}"),
                ) == 1
            })
        },
    );
    std::fs::remove_dir_all(folders[0].path().join("judge-worker-cache")).unwrap();
    workers[0] = start(0, "w1-restarted.log");
    wait_for("every submission judged", Duration::from_secs(600), || {
        done() == SUBMISSIONS as i64
    });
    eprintln!(
        "{SUBMISSIONS} submissions judged in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Every submission once, judged once, with the verdict the server gives its program.
    assert_eq!(
        sql_count(&data, "SELECT count(*) FROM results"),
        SUBMISSIONS as i64,
        "one result each"
    );
    assert_eq!(
        sql_count(&data, "SELECT count(DISTINCT submission_id) FROM results"),
        SUBMISSIONS as i64,
    );
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    for (index, id) in ids.iter().enumerate() {
        let (problem, verdict): (String, String) = connection
            .query_row(
                "SELECT s.problem, r.verdict FROM results r JOIN submissions s ON s.id = r.submission_id WHERE r.submission_id = ?1",
                [id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        let expected = program(index);
        assert_eq!(
            (problem.as_str(), verdict.as_str()),
            (expected.problem, expected.verdict),
            "submission {id} ({index})"
        );
    }
    // What the killed worker held was handed back and judged by another.
    for id in &held {
        let (judged_by, claims): (String, i64) = connection
            .query_row(
                "SELECT r.judged_by, s.claims FROM results r JOIN submissions s ON s.id = r.submission_id WHERE r.submission_id = ?1",
                [id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_ne!(judged_by, "rack/w1", "submission {id}: {killed_output}");
        assert!(claims >= 2, "submission {id} claimed {claims} times");
    }
    // Each machine judged, the restarted one with its empty cache too; what each says
    // it judged is what the store holds, and no submission is claimed by two.
    let mut seen = std::collections::BTreeSet::new();
    let logs: Vec<(String, String)> = std::iter::once(("w1".to_string(), killed_output))
        .chain(
            workers
                .iter()
                .enumerate()
                .map(|(machine, worker)| (format!("w{}", machine + 1), worker.output())),
        )
        .collect();
    for (name, output) in &logs {
        for (id, verdict) in recorded(output) {
            assert!(seen.insert(id), "submission {id} recorded twice");
            let (judged_by, stored): (String, String) = connection
                .query_row(
                    "SELECT judged_by, verdict FROM results WHERE submission_id = ?1",
                    [id],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .unwrap();
            assert_eq!(
                (judged_by, stored),
                (format!("rack/{name}"), verdict),
                "submission {id}"
            );
        }
    }
    for worker in &workers {
        assert!(
            !recorded(&worker.output()).is_empty(),
            "{}",
            worker.output()
        );
    }
    // Each machine fetched each problem at most once, into its own cache (the restarted
    // one from empty); the imported one reached them by the server only.
    for worker in &workers {
        let output = worker.output();
        let fetches: Vec<usize> = PROBLEMS.iter().map(|p| worker.fetches(p)).collect();
        assert!(fetches.iter().all(|&count| count <= 1), "{output}");
        assert_eq!(worker.cached(), fetches.iter().sum::<usize>(), "{output}");
    }
    assert!(workers.iter().any(|worker| worker.fetches("double") == 1));

    // Revoked: the workers stop claiming and say why.
    printed(judge(
        binary,
        &config,
        &["users", "revoke-worker-token", "rack", "--data", data_arg],
    ));
    for worker in &mut workers {
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

/// A course for HTTP workers: the test problems, a student `ann` (her password and API
/// token) and a worker token `rack`, in a store under `dir/data`.
struct Course {
    dir: tempfile::TempDir,
    config: PathBuf,
    data: PathBuf,
    password: String,
    student: String,
    worker_token: String,
}

fn course_for_workers(binary: &Path) -> Course {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    crate::common::copy_problems(&problems);
    let folder = problems.display().to_string();
    let config = write_config(dir.path(), |contest| {
        contest.insert("problems_dir".into(), folder.into());
    });
    let data = dir.path().join("data");
    let data_arg = data.to_str().unwrap();
    let added = printed(judge(
        binary,
        &config,
        &["users", "add", "ann", "--data", data_arg],
    ));
    let password = added.split_whitespace().last().unwrap().to_string();
    let student = printed(judge(
        binary,
        &config,
        &["users", "token", "ann", "--data", data_arg],
    ));
    let worker_token = printed(judge(
        binary,
        &config,
        &["users", "worker-token", "rack", "--data", data_arg],
    ));
    Course {
        dir,
        config,
        data,
        password,
        student,
        worker_token,
    }
}

/// Submission `id`'s verdict in the SQLite store under `data`, once it has one.
fn stored_verdict(data: &Path, id: i64) -> Option<String> {
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    connection.busy_timeout(Duration::from_secs(5)).unwrap();
    connection
        .query_row(
            "SELECT verdict FROM results WHERE submission_id = ?1",
            [id],
            |row| row.get(0),
        )
        .ok()
}

/// `judge serve` of `config` that judges nothing itself (its HTTP workers do), with no
/// submission rate limit, its log in `dir/serve.log`.
fn serve_without_judging(
    binary: &Path,
    dir: &tempfile::TempDir,
    config: &Path,
    data: &Path,
) -> ServeProcess {
    ServeProcess::start_with(
        binary,
        config,
        &[
            "--data",
            data.to_str().unwrap(),
            "--workers",
            "0",
            "--listen",
            "127.0.0.1:0",
            "--submissions-per-minute",
            "0",
        ],
        &dir.path().join("serve.log"),
    )
}

/// An edit on the server reaches an HTTP worker at its next claim (issues 30 and 35): the
/// teacher lowers a problem's time limit through the API while a worker in an empty folder
/// runs; the same program, accepted before, is judged TLE after, the worker having fetched
/// the problem's new version by its content hash.
#[test]
fn an_edit_on_the_server_reaches_an_http_worker_at_its_next_claim() {
    let binary = judge_binary();
    let Course {
        dir,
        config,
        data,
        student,
        worker_token,
        ..
    } = course_for_workers(&binary);
    let data_arg = data.to_str().unwrap();
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
    let server = serve_without_judging(&binary, &dir, &config, &data);
    let address = server.address.clone();
    let folder = tempfile::tempdir().unwrap();
    let worker = HttpWorker::start(
        &binary,
        &address,
        &worker_token,
        "w1",
        folder.path(),
        &dir.path().join("w1.log"),
        |_| {},
    );
    // 0.6 s of CPU, then the sum: within 1 s (x python3's multiplier), not within 0.1 s.
    let source = format!(
        "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.6:\n    pass\n{}",
        submission("ac.py")
    );
    let body =
        serde_json::json!({"problem": "add", "language": "python3", "source": source}).to_string();
    let verdict_of = |id: i64| stored_verdict(&data, id);
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

/// An HTTP worker judges with the server's language table, and claims by its own: where
/// the server's entry for a language it claimed needs a program this machine lacks, the
/// submission is handed back unjudged (never a judge error), the worker says so and
/// claims and reports the language no more, and goes on judging the rest (issue 32).
#[test]
fn an_http_worker_hands_back_a_language_the_servers_table_runs_with_what_it_lacks() {
    let binary = judge_binary();
    let Course {
        dir,
        config,
        data,
        student,
        worker_token,
        ..
    } = course_for_workers(&binary);
    // The server's table: C as everywhere, Python 3 through a program no machine has.
    let mut table: toml::Table = std::fs::read_to_string(&config).unwrap().parse().unwrap();
    let languages: toml::Table = r#"
        [c]
        name = "C"
        extensions = ["c"]
        source = "main.c"
        compile = ["gcc", "-O2", "-o", "main", "main.c"]
        run = ["./main"]
        [python3]
        name = "Python 3 (the server's own build)"
        extensions = ["py"]
        source = "main.py"
        run = ["python3-built-for-the-server-only", "main.py"]
    "#
    .parse()
    .unwrap();
    table.insert("languages".into(), languages.into());
    table["contest"].as_table_mut().unwrap().insert(
        "languages".into(),
        toml::Value::Array(vec!["python3".into(), "c".into()]),
    );
    std::fs::write(&config, toml::to_string(&table).unwrap()).unwrap();
    let server = serve_without_judging(&binary, &dir, &config, &data);
    let address = server.address.clone();
    let submit = |language: &str, source: &str| -> i64 {
        let body = serde_json::json!({"problem": "add", "language": language, "source": source})
            .to_string();
        let reply = call(&address, "POST", "/api/v1/submissions", &student, &body);
        assert_eq!(reply.status, 201, "{}", reply.body);
        serde_json::from_str::<serde_json::Value>(&reply.body).unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let python = submit("python3", &submission("ac.py"));
    // No judge.toml where the worker runs: it claims by the built-in table, which has a
    // Python 3 this machine runs.
    let machine = tempfile::tempdir().unwrap();
    let worker = HttpWorker::start(
        &binary,
        &address,
        &worker_token,
        "fussy",
        machine.path(),
        &dir.path().join("fussy.log"),
        |_| {},
    );
    wait_for(
        "the worker to give Python 3 up",
        Duration::from_secs(120),
        || worker.output().contains("no longer claiming python3"),
    );
    let output = worker.output();
    assert!(
        output.contains("python3-built-for-the-server-only is not installed")
            && output.contains(&format!("submission {python}: handed back to the queue")),
        "{output}"
    );
    // Its report follows: the form stops offering what no live machine runs.
    wait_for(
        "the worker's report without python3",
        Duration::from_secs(30),
        || {
            sql_count(
                &data,
                "SELECT count(*) FROM workers WHERE name = 'rack/fussy' AND languages NOT LIKE '%python3%'",
            ) == 1
        },
    );
    // It judges the rest, and the Python submission waits, unjudged, for a machine.
    let c_source = "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n";
    let c = submit("c", c_source);
    wait_for(
        "the C submission's result",
        Duration::from_secs(120),
        || stored_verdict(&data, c).is_some(),
    );
    assert_eq!(
        stored_verdict(&data, c).as_deref(),
        Some("AC"),
        "{}",
        worker.output()
    );
    assert_eq!(stored_verdict(&data, python), None, "{}", worker.output());
    assert_eq!(
        sql_count(
            &data,
            &format!("SELECT count(*) FROM submissions WHERE id = {python} AND state = 'queued'")
        ),
        1,
        "{}",
        worker.output()
    );
}

/// A server that does not judge itself and an HTTP worker whose machine runs only C (its
/// own judge.toml's language table, tests/fixtures/worker-languages/) (issue 32): the
/// worker judges the C submission and leaves the Python one queued, whose page says why;
/// the form and the API then offer only C, and a Python submission is refused with 422.
#[test]
fn an_http_worker_claims_only_its_languages_and_the_form_offers_what_it_runs() {
    let binary = judge_binary();
    let Course {
        dir,
        config,
        data,
        password,
        student,
        worker_token,
    } = course_for_workers(&binary);
    let server = serve_without_judging(&binary, &dir, &config, &data);
    let address = server.address.clone();
    let submit = |language: &str, source: &str| -> HttpReply {
        let body = serde_json::json!({"problem": "add", "language": language, "source": source})
            .to_string();
        call(&address, "POST", "/api/v1/submissions", &student, &body)
    };
    let id_of = |reply: HttpReply| -> i64 {
        assert_eq!(reply.status, 201, "{}", reply.body);
        serde_json::from_str::<serde_json::Value>(&reply.body).unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let offered = || -> Vec<String> {
        let reply = call(&address, "GET", "/api/v1/problems", &student, "");
        assert_eq!(reply.status, 200, "{}", reply.body);
        serde_json::from_str::<serde_json::Value>(&reply.body).unwrap()["languages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_str().unwrap().to_string())
            .collect()
    };
    // No worker has said what it runs: every allowed language is offered and taken.
    assert_eq!(offered(), ["c", "cpp", "python3"]);
    let python = id_of(submit("python3", &submission("ac.py")));
    let c_source = "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n";
    let c = id_of(submit("c", c_source));

    let machine = tempfile::tempdir().unwrap();
    std::fs::copy(
        crate::common::fixtures().join("worker-languages/judge.toml"),
        machine.path().join("judge.toml"),
    )
    .unwrap();
    let worker = HttpWorker::start(
        &binary,
        &address,
        &worker_token,
        "c-only",
        machine.path(),
        &dir.path().join("c-only.log"),
        |_| {},
    );
    let verdict_of = |id: i64| stored_verdict(&data, id);
    wait_for(
        "the C submission's result",
        Duration::from_secs(120),
        || verdict_of(c).is_some(),
    );
    assert_eq!(verdict_of(c).as_deref(), Some("AC"), "{}", worker.output());
    assert!(
        worker
            .output()
            .contains("languages installed here, the only ones claimed: c"),
        "{}",
        worker.output()
    );
    // The older Python submission was passed over, and stays so.
    std::thread::sleep(Duration::from_secs(2));
    let state = |id: i64| -> String {
        let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
        connection.busy_timeout(Duration::from_secs(5)).unwrap();
        connection
            .query_row("SELECT state FROM submissions WHERE id = ?1", [id], |row| {
                row.get(0)
            })
            .unwrap()
    };
    assert_eq!(state(python), "queued", "{}", worker.output());
    assert_eq!(verdict_of(python), None);
    assert_eq!(
        sql_count(
            &data,
            "SELECT count(*) FROM workers WHERE name = 'rack/c-only' AND languages = '[\"c\"]'"
        ),
        1,
        "the worker reported its languages"
    );

    // A list that names no language ids is refused with why.
    for (body, why) in [
        (
            r#"{"name": "w9", "lease_ms": 3000, "languages": ["c", "c; drop table"]}"#,
            "is no language id",
        ),
        (
            &format!(
                r#"{{"name": "w9", "lease_ms": 3000, "languages": {}}}"#,
                serde_json::json!(vec!["c"; 257])
            ),
            "at most 256",
        ),
    ] {
        let reply = call(
            &address,
            "POST",
            "/api/v1/worker/claim",
            &worker_token,
            body,
        );
        assert_eq!(reply.status, 400, "{}", reply.body);
        assert!(reply.body.contains(why), "{}", reply.body);
    }
    let report = r#"{"name": "w9", "host": "h", "jobs": 1, "started_at_ms": 1, "seen_at_ms": 1, "stopped": true, "note": "", "languages": [""]}"#;
    let reply = call(
        &address,
        "POST",
        "/api/v1/worker/report",
        &worker_token,
        report,
    );
    assert_eq!(reply.status, 400, "{}", reply.body);

    // What is offered now is what the live worker runs.
    assert_eq!(offered(), ["c"]);
    let browser = Browser::log_in(&address, "ann", &password);
    let form = browser.get("/submit");
    assert_eq!(form.status, 200, "{}", form.body);
    assert!(form.body.contains(r#"option value="c""#), "{}", form.body);
    assert!(
        !form.body.contains(r#"option value="python3""#),
        "{}",
        form.body
    );
    let refused = submit("python3", &submission("ac.py"));
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("No judging machine has the compiler or runtime for Python"),
        "{}",
        refused.body
    );
    // The queued one's page says why it waits; the judged one's does not.
    let page = browser.get(&format!("/submissions/{python}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(r#"id="no-machine-for-language""#),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("no judging machine running now has"),
        "{}",
        page.body
    );
    let judged = browser.get(&format!("/submissions/{c}"));
    assert!(
        !judged.body.contains("no-machine-for-language"),
        "{}",
        judged.body
    );
    // In Chinese too.
    let chinese = request(
        &address,
        "GET",
        &format!("/submissions/{python}"),
        &[
            ("Cookie", browser.cookie.clone()),
            ("Accept-Language", "zh-CN".to_string()),
        ],
        b"",
    );
    assert!(
        chinese.body.contains("目前运行中的评测机都没有安装"),
        "{}",
        chinese.body
    );
    drop(worker);
    drop(server);
}
