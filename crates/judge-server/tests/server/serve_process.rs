//! Tests of the real `judge` binary: `judge serve` killed with SIGKILL while it judges a
//! slow submission, then restarted (the submission is judged again, into the results
//! exactly once); one server per data folder; `judge users`.

use crate::common::process::{judge, judge_binary, Browser, ServeProcess};
use crate::common::{submission, write_config};
use judge_server::store::{Store, SubmissionState};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn password_of(output: &std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .last()
        .unwrap()
        .to_string()
}

fn status_text(browser: &Browser, id: i64) -> (bool, String, String) {
    let reply = browser.get(&format!("/submissions/status?ids={id}"));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let json: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
    let entry = &json["submissions"][0];
    (
        entry["done"].as_bool().unwrap(),
        entry["text"].as_str().unwrap().to_string(),
        entry["verdict"].as_str().unwrap_or("").to_string(),
    )
}

fn wait_for(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn results_rows(data: &Path, id: i64) -> i64 {
    let connection = rusqlite::Connection::open(data.join("judge.sqlite3")).unwrap();
    connection
        .query_row(
            "SELECT count(*) FROM results WHERE submission_id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap()
}

/// A contest in `dir` with one student, ann: the binary, the config, the data folder and
/// her password.
struct Ann {
    binary: std::path::PathBuf,
    config: std::path::PathBuf,
    data: std::path::PathBuf,
    password: String,
}

fn ann_in(dir: &Path) -> Ann {
    let binary = judge_binary();
    let config = write_config(dir, |_| {});
    let data = dir.join("data");
    let password = password_of(&judge(
        &binary,
        &config,
        &["users", "add", "ann", "--data", data.to_str().unwrap()],
    ));
    Ann {
        binary,
        config,
        data,
        password,
    }
}

/// The id of the submission a 303 answer to a submit points to.
fn submitted(reply: &crate::common::process::HttpReply) -> i64 {
    assert_eq!(reply.status, 303, "{}", reply.body);
    reply
        .header("location")
        .unwrap()
        .trim_start_matches("/submissions/")
        .parse()
        .unwrap()
}

#[test]
fn a_server_killed_mid_judging_judges_the_submission_again_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let Ann {
        binary,
        config,
        data,
        password,
    } = ann_in(dir.path());
    let data_arg = data.to_str().unwrap();

    let first = ServeProcess::start(&binary, &config, &data, 1, &dir.path().join("first.log"));
    let ann = Browser::log_in(&first.address, "ann", &password);
    let id = submitted(&ann.submit("add", "python3", &submission("slow.py")));
    // Kill it in the middle of the tests (each sleeps 2.5 s).
    wait_for("the first test to run", Duration::from_secs(120), || {
        status_text(&ann, id).1.contains("running test 1 of 3")
    });
    std::thread::sleep(Duration::from_millis(800));
    let mut first = first;
    first.child.kill().unwrap(); // SIGKILL: no cleanup, no goodbye.
    first.child.wait().unwrap();

    let store = Store::open(&data).unwrap();
    let interrupted = store.submission_summary(id).unwrap().unwrap();
    assert_eq!(
        (interrupted.state, interrupted.claims),
        (SubmissionState::Judging, 1)
    );
    assert_eq!(
        results_rows(&data, id),
        0,
        "nothing was recorded for the interrupted run"
    );

    let second = ServeProcess::start(&binary, &config, &data, 1, &dir.path().join("second.log"));
    // The session is in the store: the same cookie works after the restart.
    let ann = Browser {
        address: second.address.clone(),
        cookie: ann.cookie.clone(),
    };
    wait_for(
        "the verdict after the restart",
        Duration::from_secs(120),
        || status_text(&ann, id).0,
    );
    let (_, text, verdict) = status_text(&ann, id);
    assert_eq!((verdict.as_str(), text.as_str()), ("AC", "AC 3/3"));
    let judged = store.submission_summary(id).unwrap().unwrap();
    assert_eq!(
        (judged.state, judged.round, judged.claims),
        (SubmissionState::Done, 1, 2),
        "taken twice"
    );
    assert_eq!(
        results_rows(&data, id),
        1,
        "judged into the results exactly once"
    );
    assert!(
        second
            .stderr()
            .contains("1 submissions were being judged when the server stopped"),
        "{}",
        second.stderr()
    );

    // A second server on the same data folder is refused while this one runs.
    let mut intruder = Command::new(&binary)
        .arg("--config")
        .arg(&config)
        .args(["serve", "--listen", "127.0.0.1:0", "--data", data_arg])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = intruder.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            intruder.kill().unwrap();
            panic!("a second server on the same data folder kept running");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut message = String::new();
    std::io::Read::read_to_string(&mut intruder.stderr.take().unwrap(), &mut message).unwrap();
    assert_eq!(status.code(), Some(1), "{message}");
    assert!(
        message.contains("another judge server already uses the data folder"),
        "{message}"
    );

    // SIGTERM stops it cleanly; a third start finds nothing to judge again.
    let mut second = second;
    let killed = Command::new("kill")
        .args(["-TERM", &second.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let exit = second.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}: {}", second.stderr());
    assert!(second.stderr().contains("judge serve: stopped"));
    let third = ServeProcess::start(&binary, &config, &data, 1, &dir.path().join("third.log"));
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        !third
            .stderr()
            .contains("being judged when the server stopped"),
        "{}",
        third.stderr()
    );
    let after = store.submission_summary(id).unwrap().unwrap();
    assert_eq!((after.state, after.claims), (SubmissionState::Done, 2));
    assert_eq!(results_rows(&data, id), 1);
}

#[test]
fn judge_users_adds_imports_lists_and_resets_accounts() {
    let binary = judge_binary();
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), |_| {});
    let data = dir.path().join("data");
    let data = data.to_str().unwrap();

    let added = judge(
        &binary,
        &config,
        &["users", "add", "teach", "--teacher", "--data", data],
    );
    let stdout = String::from_utf8_lossy(&added.stdout);
    assert!(
        stdout.starts_with("added teach (teacher); password: "),
        "{stdout}"
    );
    assert_eq!(password_of(&added).len(), 12);
    let again = judge(&binary, &config, &["users", "add", "teach", "--data", data]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("user teach already exists"));
    let bad = judge(
        &binary,
        &config,
        &["users", "add", "no way", "--data", data],
    );
    assert_eq!(bad.status.code(), Some(1));

    let class = dir.path().join("class.csv");
    std::fs::write(
        &class,
        "name,password,group\ncid\ndan,longpassword1,Lab B\nbad name\n",
    )
    .unwrap();
    let imported = judge(
        &binary,
        &config,
        &["users", "import", class.to_str().unwrap(), "--data", data],
    );
    let stdout = String::from_utf8_lossy(&imported.stdout);
    let stderr = String::from_utf8_lossy(&imported.stderr);
    assert_eq!(
        imported.status.code(),
        Some(1),
        "a skipped line is reported in the exit status"
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0], "name,password");
    assert!(
        lines[1].starts_with("cid,"),
        "only generated passwords are printed: {stdout}"
    );
    assert!(
        stderr.contains("line 4: skipped") && stderr.contains("added 2 students, skipped 1"),
        "{stderr}"
    );

    let listed = judge(&binary, &config, &["users", "list", "--data", data]);
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        "cid\tstudent\ndan\tstudent\tin Lab B\nteach\tteacher\n"
    );
    // Disabled from the command line: listed so, and the last teacher cannot be.
    let disabled = judge(
        &binary,
        &config,
        &["users", "disable", "cid", "--data", data],
    );
    assert!(disabled.status.success(), "{disabled:?}");
    let listed = judge(&binary, &config, &["users", "list", "--data", data]);
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        "cid\tstudent\tdisabled\ndan\tstudent\tin Lab B\nteach\tteacher\n"
    );
    // Groups from the command line: set, refused when bad, cleared.
    let grouped = judge(
        &binary,
        &config,
        &["users", "group", "cid", "Lab A", "--data", data],
    );
    assert!(grouped.status.success(), "{grouped:?}");
    let bad_group = judge(
        &binary,
        &config,
        &["users", "group", "cid", "<b>", "--data", data],
    );
    assert_eq!(bad_group.status.code(), Some(1), "{bad_group:?}");
    assert!(
        String::from_utf8_lossy(&bad_group.stderr).contains("group \"<b>\""),
        "{bad_group:?}"
    );
    let ungrouped = judge(&binary, &config, &["users", "group", "dan", "--data", data]);
    assert!(ungrouped.status.success(), "{ungrouped:?}");
    let listed = judge(&binary, &config, &["users", "list", "--data", data]);
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout),
        "cid\tstudent\tdisabled\tin Lab A\ndan\tstudent\nteach\tteacher\n"
    );
    let last = judge(
        &binary,
        &config,
        &["users", "disable", "teach", "--data", data],
    );
    assert!(!last.status.success(), "{last:?}");
    let enabled = judge(
        &binary,
        &config,
        &["users", "enable", "cid", "--data", data],
    );
    assert!(enabled.status.success(), "{enabled:?}");
    let token = judge(&binary, &config, &["users", "token", "dan", "--data", data]);
    assert!(token.status.success(), "{token:?}");
    let reset = judge(
        &binary,
        &config,
        &["users", "reset-password", "dan", "--data", data],
    );
    let said = String::from_utf8_lossy(&reset.stdout);
    assert!(
        said.contains("dan: API tokens revoked: 1 (`judge users token dan` makes a new one)"),
        "the teacher is told the tokens were revoked: {said}"
    );
    let tokens = judge(&binary, &config, &["users", "tokens", "--data", data]);
    let listed = String::from_utf8_lossy(&tokens.stdout);
    assert!(
        listed.contains("\tdan\t") && listed.trim_end().ends_with("revoked"),
        "{listed}"
    );
    let new_password = password_of(&reset);
    assert_ne!(new_password, "longpassword1");
    let store = Store::open(Path::new(data)).unwrap();
    let (_, hash) = store.user_by_name("dan").unwrap().unwrap();
    assert!(judge_server::accounts::verify_password(
        &new_password,
        &hash
    ));
    let missing = judge(
        &binary,
        &config,
        &["users", "reset-password", "zed", "--data", data],
    );
    assert_eq!(missing.status.code(), Some(1));
}

/// The number in a worker's "judging" line for this submission ("N tests at once", or 1
/// for "tests one at a time").
fn test_jobs_line(output: &str, id: i64) -> Option<usize> {
    let line = output
        .lines()
        .find(|l| l.contains(&format!("submission {id}: judging")))?;
    if line.contains("tests one at a time") {
        return Some(1);
    }
    line.split(", ")
        .find_map(|part| part.strip_suffix(" tests at once)"))
        .and_then(|n| n.parse().ok())
}

#[test]
fn an_idle_worker_runs_a_submissions_tests_at_once_and_a_busy_one_one_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let Ann {
        binary,
        config,
        data,
        password,
    } = ann_in(dir.path());
    let data_arg = data.to_str().unwrap();
    // The server only queues; three submissions wait before any worker runs.
    let server = ServeProcess::start(&binary, &config, &data, 0, &dir.path().join("serve.log"));
    let ann = Browser::log_in(&server.address, "ann", &password);
    let mut ids = Vec::new();
    for name in ["ac.py", "wa_secret.py", "ac.py"] {
        ids.push(submitted(&ann.submit("add", "python3", &submission(name))));
    }
    // One job thread: the first two claims each see others waiting, the last sees none.
    let mut worker = crate::common::process::WorkerProcess::start(
        &binary,
        &config,
        &["--data", data_arg, "--jobs", "1", "--test-jobs", "2"],
        &dir.path().join("worker.log"),
    );
    wait_for("the three verdicts", Duration::from_secs(180), || {
        ids.iter().all(|&id| status_text(&ann, id).0)
    });
    let output = worker.output();
    let seen: Vec<Option<usize>> = ids.iter().map(|&id| test_jobs_line(&output, id)).collect();
    assert_eq!(seen, [Some(1), Some(1), Some(2)], "{output}");
    // Judging the tests at once gives the verdict judging them in order does.
    let verdicts: Vec<String> = ids.iter().map(|&id| status_text(&ann, id).2).collect();
    assert_eq!(verdicts, ["AC", "WA", "AC"], "{output}");
    assert!(worker.terminate(), "{}", worker.output());
}

/// `judge db backup` while `judge serve` judges (and its own `--backup-every`), then the
/// backup restored into a new machine's data folder with `judge db restore` and served:
/// every submission is there, the one that was being judged is judged there, each with
/// one result.
#[test]
fn a_backup_taken_while_serving_restores_on_a_new_machine_and_is_served() {
    let dir = tempfile::tempdir().unwrap();
    let Ann {
        binary,
        config,
        data,
        password,
    } = ann_in(dir.path());
    let data_arg = data.to_str().unwrap();
    let server = ServeProcess::start_with(
        &binary,
        &config,
        &[
            "--listen",
            "127.0.0.1:0",
            "--workers",
            "1",
            "--data",
            data_arg,
            "--backup-every",
            "1s",
            "--keep",
            "2",
        ],
        &dir.path().join("first.log"),
    );
    let ann = Browser::log_in(&server.address, "ann", &password);
    let ids: Vec<i64> = ["ac.py", "wa_secret.py", "slow.py"]
        .iter()
        .map(|name| submitted(&ann.submit("add", "python3", &submission(name))))
        .collect();
    wait_for("the first two verdicts", Duration::from_secs(120), || {
        status_text(&ann, ids[1]).0
    });
    wait_for("the slow one to run", Duration::from_secs(120), || {
        status_text(&ann, ids[2]).1.contains("running test")
    });
    let file = dir.path().join("while-judging.sqlite3");
    let backup = judge(
        &binary,
        &config,
        &["db", "backup", file.to_str().unwrap(), "--data", data_arg],
    );
    let printed = String::from_utf8_lossy(&backup.stdout);
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    assert!(printed.contains("submissions: 3 rows"), "{printed}");
    assert!(printed.contains("results: 2 rows"), "{printed}");
    wait_for("two scheduled backups", Duration::from_secs(30), || {
        std::fs::read_dir(data.join("backups"))
            .map(|entries| entries.count() >= 2)
            .unwrap_or(false)
    });
    drop(server);

    // A new machine: an empty data folder.
    let other = dir.path().join("other");
    let other_arg = other.to_str().unwrap();
    let restore = |extra: &[&str]| {
        let mut args = vec!["db", "restore", file.to_str().unwrap(), "--data", other_arg];
        args.extend_from_slice(extra);
        judge(&binary, &config, &args)
    };
    let restored = restore(&[]);
    assert!(
        restored.status.success(),
        "{}",
        String::from_utf8_lossy(&restored.stderr)
    );
    assert!(String::from_utf8_lossy(&restored.stdout).contains("submissions: 3 rows"));
    let again = restore(&[]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("is not empty"));
    assert!(restore(&["--replace"]).status.success());

    let status = judge(&binary, &config, &["db", "status", "--data", other_arg]);
    let text = String::from_utf8_lossy(&status.stdout);
    assert!(text.contains("submissions: 3 rows"), "{text}");
    assert!(text.contains("queue: 1 queued, 0 being judged"), "{text}");

    let served = ServeProcess::start(&binary, &config, &other, 1, &dir.path().join("second.log"));
    let ann = Browser::log_in(&served.address, "ann", &password);
    wait_for(
        "the slow one judged again",
        Duration::from_secs(120),
        || status_text(&ann, ids[2]).0,
    );
    let verdicts: Vec<String> = ids.iter().map(|id| status_text(&ann, *id).2).collect();
    assert_eq!(verdicts, ["AC", "WA", "AC"]);
    for id in &ids {
        assert_eq!(results_rows(&other, *id), 1, "submission {id}");
    }
}

/// `judge doctor --database URL` adds a row for the store: what it holds, or the
/// database's own refusal with the fix.
#[test]
fn judge_doctor_checks_a_store() {
    let dir = tempfile::tempdir().unwrap();
    let Ann {
        binary,
        config,
        data,
        ..
    } = ann_in(dir.path());
    let store = format!("sqlite:{}", data.join("judge.sqlite3").display());
    let doctor = judge(&binary, &config, &["doctor", "--database", &store]);
    let text = String::from_utf8_lossy(&doctor.stdout);
    let row = text
        .lines()
        .find(|l| l.starts_with("store "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.contains("OK"), "{row}");
    assert!(
        row.contains(&format!(
            "schema version {}, 1 accounts, 0 submissions, 0 results",
            judge_server::store::SCHEMA_VERSION
        )),
        "{row}"
    );
    let missing = judge(
        &binary,
        &config,
        &["doctor", "--database", "sqlite:/nonexistent/judge.sqlite3"],
    );
    assert!(String::from_utf8_lossy(&missing.stdout).contains("no such file"));
    assert_eq!(missing.status.code(), Some(1));

    let Ok(admin) = std::env::var(test_postgres::SERVER_VARIABLE) else {
        test_postgres::unavailable("JUDGE_TEST_POSTGRES is not set");
        return;
    };
    let parsed: postgres::Config = admin.parse().unwrap();
    let port = parsed.get_ports().first().copied().unwrap_or(5432);
    let user = parsed.get_user().unwrap_or("judge_test");
    let wrong = format!("postgres://{user}:wrong-pass@127.0.0.1:{port}/postgres");
    let started = Instant::now();
    let refused = judge(&binary, &config, &["doctor", "--database", &wrong]);
    let text = String::from_utf8_lossy(&refused.stdout);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text.contains("FAIL  database postgres://")
            && text.contains("password authentication failed")
            && text.contains("fix: check the password"),
        "{text}"
    );
    assert!(!text.contains("wrong-pass"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// The systemd units of deploy/systemd/ give the sandbox its cgroups and restart the
/// judge, and their command lines are ones this judge accepts (each flag parsed, then
/// `--help`); `systemd-analyze verify` accepts them where it is installed.
#[test]
fn the_service_units_start_a_command_the_judge_accepts() {
    let binary = judge_binary();
    let folder = crate::common::repository().join("deploy/systemd");
    let scratch = tempfile::tempdir().unwrap();
    for unit in ["judge-serve.service", "judge-worker.service"] {
        let text = std::fs::read_to_string(folder.join(unit)).unwrap();
        for line in ["Delegate=yes", "Restart=always", "KillMode=mixed"] {
            assert!(text.lines().any(|l| l == line), "{unit}: no {line}");
        }
        let exec = text
            .lines()
            .find_map(|l| l.strip_prefix("ExecStart="))
            .unwrap_or_else(|| panic!("{unit}: no ExecStart"));
        let mut words = exec.split_whitespace();
        assert_eq!(words.next(), Some("/usr/local/bin/judge"), "{unit}");
        let args: Vec<&str> = words
            .map(|w| if w == "%H" { "lab-03" } else { w })
            .chain(["--help"])
            .collect();
        let parsed = Command::new(&binary).args(&args).output().unwrap();
        assert!(
            parsed.status.success(),
            "{unit}: {args:?}: {}",
            String::from_utf8_lossy(&parsed.stderr)
        );
        let analyze = std::path::Path::new("/usr/bin/systemd-analyze");
        if analyze.exists() {
            let copy = scratch.path().join(unit);
            std::fs::write(
                &copy,
                text.replace("/usr/local/bin/judge", &binary.display().to_string()),
            )
            .unwrap();
            let verified = Command::new(analyze)
                .arg("verify")
                .arg(&copy)
                .output()
                .unwrap();
            assert!(
                verified.status.success() && verified.stderr.is_empty(),
                "{unit}: {}",
                String::from_utf8_lossy(&verified.stderr)
            );
        }
    }
}
