//! The hostile suite: attacks run through the real `judge` binary. Each asserts the
//! verdict, and the suite ends by checking that nothing escaped or was left behind: no
//! process of a box uid, no cgroup, no temporary directory of ours.
//!
//! Full isolation needs root; without it the suite says it is skipped and why.

mod common;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Box uids start here (judge.toml's sandbox.first_uid default).
const FIRST_BOX_UID: u32 = 60000;

/// Everything of ours that could be left behind.
fn leftovers() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let uid = status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|u| u.parse::<u32>().ok());
        if uid.is_some_and(|u| (FIRST_BOX_UID..FIRST_BOX_UID + 1000).contains(&u)) {
            found.insert(format!(
                "process {} (uid {})",
                entry.file_name().to_string_lossy(),
                uid.unwrap_or(0)
            ));
        }
    }
    for hierarchy in ["memory", "pids", "cpuacct", "unified", ""] {
        let group = Path::new("/sys/fs/cgroup").join(hierarchy).join("judge");
        if group.exists() {
            found.insert(format!("cgroup {}", group.display()));
        }
    }
    for entry in std::fs::read_dir(std::env::temp_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if ["judge-box-", "judge-root-"]
            .iter()
            .any(|p| name.starts_with(p))
        {
            found.insert(format!("temporary directory {name}"));
        }
    }
    found
}

/// Writes an attack's source with its placeholders filled in; returns its path.
fn attack(dir: &Path, name: &str, port: u16) -> String {
    let hostile = common::fixtures().join("hostile");
    let helper = std::fs::read_to_string(hostile.join("sum.h")).unwrap();
    let source = std::fs::read_to_string(hostile.join(name))
        .unwrap()
        .replace("#include \"sum.h\"", &helper)
        .replace("PORT", &port.to_string());
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.display().to_string()
}

fn run(config: &Path, problem: &str, source: &str) -> Value {
    let output = common::judge(config, &["run", "--problem", problem, "--json", source]);
    assert!(
        output.status.success(),
        "judge run failed on {source}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn first_failure(result: &Value) -> Value {
    result["tests"]
        .as_array()
        .and_then(|tests| tests.iter().find(|t| t["verdict"] != "AC"))
        .cloned()
        .unwrap_or(Value::Null)
}

#[test]
fn hostile_submissions_are_contained_and_nothing_is_left_behind() {
    if sandbox::Environment::detect().root {
        hostile_suite();
    } else {
        eprintln!("skipped: full isolation (namespaces, box uids, cgroups) needs root");
    }
}

fn hostile_suite() {
    let before = leftovers();
    let fixture = common::fixture_with(|table| {
        // Compile bombs should not take the default 30 s each.
        let compile = table
            .entry("compile")
            .or_insert(toml::Value::Table(toml::Table::new()));
        let compile = compile.as_table_mut().unwrap();
        compile.insert("cpu_time_s".into(), 8.0.into());
        compile.insert("wall_time_s".into(), 12.0.into());
        compile.insert("memory_mib".into(), 512.into());
    });
    let config = fixture.config.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let sources = tempfile::tempdir().unwrap();
    let source = |name: &str| attack(sources.path(), name, port);
    let free_before = free_disk_bytes(&std::env::temp_dir());
    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut expect = |name: &str,
                      problem: &str,
                      verdicts: &[&str],
                      check: &dyn Fn(&Value) -> Result<(), String>| {
        let result = run(&config, problem, &source(name));
        let verdict = result["verdict"].as_str().unwrap_or_default().to_string();
        let first = first_failure(&result);
        let said = match first["message"].as_str() {
            Some(message) => message.to_string(),
            None => result["compile"]["message"]
                .as_str()
                .unwrap_or_default()
                .lines()
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        report.push(format!("{name}: {verdict} {said}"));
        if !verdicts.contains(&verdict.as_str()) {
            failures.push(format!(
                "{name}: expected one of {verdicts:?}, got {verdict}: {first}"
            ));
        } else if let Err(why) = check(&result) {
            failures.push(format!("{name}: {why}"));
        }
    };
    let nothing = |_: &Value| Ok(());
    expect("fork_bomb.c", "sum-once", &["TLE"], &nothing);
    expect("sleep_forever.c", "sum-once", &["TLE"], &|r| {
        (first_failure(r)["time_limit"] == "wall")
            .then_some(())
            .ok_or("not a wall-clock TLE".into())
    });
    expect("threads_busy.c", "sum-once", &["TLE"], &|r| {
        let test = first_failure(r);
        let cpu = test["cpu_time_s"].as_f64().unwrap_or(0.0);
        if test["time_limit"] != "cpu" {
            return Err(format!("not a CPU TLE: {test}"));
        }
        // The limit is 0.5 s; sampling every 10 ms on two cores stops it well before 0.65.
        (cpu < 0.65)
            .then_some(())
            .ok_or(format!("stopped late, at {cpu} s of CPU"))
    });
    expect("find_answers.c", "sum-once", &["AC"], &nothing);
    expect("connect_localhost.c", "sum-once", &["AC"], &nothing);
    expect("write_10g.c", "sum-once", &["AC", "OLE"], &nothing);
    expect("kill_everyone.c", "sum", &["AC"], &|r| {
        (r["passed"] == 2)
            .then_some(())
            .ok_or("the second test did not run".into())
    });
    expect("daemon.c", "sum", &["AC"], &nothing);
    expect("close_stdout_spin.c", "sum-once", &["TLE"], &nothing);
    expect("read_shadow.c", "sum-once", &["AC"], &nothing);
    expect("setuid.c", "sum-once", &["AC"], &nothing);
    expect("include_random.cpp", "sum-once", &["CE"], &|r| {
        let message = r["compile"]["message"].as_str().unwrap_or_default();
        message
            .contains("limit")
            .then_some(())
            .ok_or(format!("no limit named: {message}"))
    });
    expect("template_bomb.cpp", "sum-once", &["CE"], &nothing);
    drop(listener);

    // SIGKILL mid-run: the judge cannot clean up, but its box dies with it (the box's init
    // has a parent-death signal); the next judge to take the slot removes its folders.
    let child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&config)
        .args(["run", "--problem", "sum", &source("sleep_forever.c")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let boxed_before_kill = leftovers()
        .iter()
        .filter(|l| l.starts_with("process"))
        .count();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
    let mut child = child;
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let boxed_after_kill: Vec<String> = leftovers()
        .into_iter()
        .filter(|l| l.starts_with("process"))
        .collect();
    if boxed_before_kill == 0 || !boxed_after_kill.is_empty() {
        failures.push(format!(
            "SIGKILL: {boxed_before_kill} box processes before, still running after: {boxed_after_kill:?}"
        ));
    }
    report.push(format!(
        "SIGKILL mid-run: {boxed_before_kill} box process(es) before, none after"
    ));

    // Two judges at once share nothing: both get their verdicts.
    let started = Instant::now();
    let spawn = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--config")
            .arg(&config)
            .args(["run", "--problem", "sum", "--json", &source(name)])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let first = spawn("kill_everyone.c");
    let second = spawn("daemon.c");
    for child in [first, second] {
        let output = child.wait_with_output().unwrap();
        let result: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
        if result["verdict"] != "AC" {
            failures.push(format!(
                "concurrent judges: {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    report.push(format!(
        "two judges at once: both AC in {:.1} s",
        started.elapsed().as_secs_f64()
    ));

    // SIGTERM mid-run: the judge kills its program, cleans up and says so.
    let sleeper = fixture.dir.path().join("sleeper.c");
    std::fs::write(
        &sleeper,
        "#include <unistd.h>\nint main(void){for(;;)pause();}\n",
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&config)
        .args(["run", "--problem", "sum"])
        .arg(&sleeper)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let stopped_at = Instant::now();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let output = child.wait_with_output().unwrap();
    let message = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(130) || !message.contains("interrupted") {
        failures.push(format!(
            "SIGTERM: status {:?}, stderr {message}",
            output.status.code()
        ));
    }
    report.push(format!(
        "SIGTERM mid-run: exit {:?} after {:.2} s: {}",
        output.status.code(),
        stopped_at.elapsed().as_secs_f64(),
        message.trim()
    ));

    let free_after = free_disk_bytes(&std::env::temp_dir());
    if free_before.saturating_sub(free_after) > 512 << 20 {
        failures.push(format!(
            "the disk lost {} MiB",
            (free_before - free_after) >> 20
        ));
    }
    let after = leftovers();
    let new: Vec<&String> = after.difference(&before).collect();
    if !new.is_empty() {
        failures.push(format!("left behind: {new:?}"));
    }
    println!("hostile suite:\n  {}", report.join("\n  "));
    assert!(
        failures.is_empty(),
        "\n{}\n(report: {report:#?})",
        failures.join("\n")
    );
}

fn free_disk_bytes(path: &Path) -> u64 {
    let path =
        std::ffi::CString::new(PathBuf::from(path).into_os_string().into_encoded_bytes()).unwrap();
    // SAFETY: statvfs fills the struct.
    unsafe {
        let mut stats: libc::statvfs = std::mem::zeroed();
        libc::statvfs(path.as_ptr(), &mut stats);
        stats.f_bavail * stats.f_frsize
    }
}
