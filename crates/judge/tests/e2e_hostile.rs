//! The hostile suite: attacks run through the real `judge` binary. Each asserts the
//! verdict, and the suite ends by checking that nothing escaped or was left behind: no
//! process of a box uid, no cgroup, no temporary directory of ours.
//!
//! Other judges may run on the machine at the same time (CI runs several test binaries at
//! once; developers run judges beside it), so the suite looks only at what its own judges
//! started: they get a private range of box uids, their own lock folder and cgroup group,
//! and their own temporary folder.
//!
//! Full isolation needs root. Without it the suite says it is skipped and why, unless
//! JUDGE_REQUIRE_ROOT=1 (as CI sets it), where a skip is a failure.

mod common;

use serde_json::Value;
use std::collections::BTreeSet;
use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Where the suites' private box ranges are locked.
const RANGES_DIR: &str = "/run/judge-tests";
/// The private ranges' uids start here, far above any judge's default (60000).
const RANGES_FIRST_UID: u32 = 300_000;
/// Boxes (and uids) per range.
const RANGE_BOXES: u32 = 100;

/// A private set of box slots: uids, lock folder, cgroup group and temp folder that no
/// other judge on the machine uses while the lock is held.
struct Boxes {
    _lock: File,
    first_uid: u32,
    lock_dir: PathBuf,
    group: String,
    tmp: tempfile::TempDir,
}

impl Boxes {
    /// Takes the first free range.
    fn take() -> Boxes {
        std::fs::create_dir_all(RANGES_DIR).unwrap();
        for range in 0..64 {
            let path = Path::new(RANGES_DIR).join(format!("range-{range}.lock"));
            let lock = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .unwrap();
            // SAFETY: flock on an open descriptor.
            if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                return Boxes {
                    _lock: lock,
                    first_uid: RANGES_FIRST_UID + range * RANGE_BOXES,
                    lock_dir: Path::new(RANGES_DIR).join(format!("range-{range}")),
                    group: format!("judge-test-{range}"),
                    tmp: tempfile::tempdir().unwrap(),
                };
            }
        }
        panic!("all 64 private box ranges in {RANGES_DIR} are taken");
    }

    /// Puts the range into a judge.toml table.
    fn configure(&self, table: &mut toml::Table) {
        let sandbox = table
            .entry("sandbox")
            .or_insert(toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .unwrap();
        sandbox.insert("first_uid".into(), i64::from(self.first_uid).into());
        sandbox.insert("max_boxes".into(), i64::from(RANGE_BOXES).into());
        sandbox.insert(
            "lock_dir".into(),
            self.lock_dir.display().to_string().into(),
        );
        sandbox.insert("cgroup_group".into(), self.group.clone().into());
    }

    /// A `judge` command with this range's temporary folder.
    fn judge(&self, config: &Path) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        command
            .env("TMPDIR", self.tmp.path())
            .arg("--config")
            .arg(config);
        command
    }

    /// Everything of ours that could be left behind.
    fn leftovers(&self) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        let uids = self.first_uid..self.first_uid + RANGE_BOXES;
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
            let uid = status
                .lines()
                .find_map(|l| l.strip_prefix("Uid:"))
                .and_then(|l| l.split_whitespace().next())
                .and_then(|u| u.parse::<u32>().ok());
            if uid.is_some_and(|u| uids.contains(&u)) {
                found.insert(format!(
                    "process {} (uid {})",
                    entry.file_name().to_string_lossy(),
                    uid.unwrap_or(0)
                ));
            }
        }
        // A box's init runs as the judge's user; a prepared one (waiting for the next test)
        // has this judge's box folder mounted, which names our temporary directory.
        let ours = self
            .tmp
            .path()
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let mounts =
                std::fs::read_to_string(entry.path().join("mountinfo")).unwrap_or_default();
            if mounts.lines().any(|l| l.contains(&format!("/{ours}/"))) {
                found.insert(format!(
                    "process {} (with our box folder mounted)",
                    entry.file_name().to_string_lossy()
                ));
            }
        }
        for hierarchy in ["memory", "pids", "cpuacct", "unified", ""] {
            let group = Path::new("/sys/fs/cgroup")
                .join(hierarchy)
                .join(&self.group);
            if group.exists() {
                found.insert(format!("cgroup {}", group.display()));
            }
        }
        for entry in std::fs::read_dir(self.tmp.path())
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

    /// The box processes alive now.
    fn processes(&self) -> Vec<String> {
        self.leftovers()
            .into_iter()
            .filter(|l| l.starts_with("process"))
            .collect()
    }
}

/// Writes an attack's source with its placeholders filled in; returns its path.
fn attack(dir: &Path, name: &str, port: u16) -> String {
    let hostile = common::fixtures().join("hostile");
    let helper = std::fs::read_to_string(hostile.join("sum.h")).unwrap();
    let rustup = std::env::var("HOME").unwrap_or_default() + "/.rustup";
    let source = std::fs::read_to_string(hostile.join(name))
        .unwrap()
        .replace("#include \"sum.h\"", &helper)
        .replace("PORT", &port.to_string())
        .replace("RUSTUP_DIR", &rustup);
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.display().to_string()
}

fn parse(output: &Output, what: &str) -> Value {
    assert!(
        output.status.success(),
        "judge failed on {what}: {}",
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
    } else if std::env::var_os("JUDGE_REQUIRE_ROOT").is_some_and(|v| v == "1") {
        panic!("JUDGE_REQUIRE_ROOT=1, but the hostile suite needs root (full isolation)");
    } else {
        eprintln!("skipped: full isolation (namespaces, box uids, cgroups) needs root");
    }
}

fn hostile_suite() {
    let boxes = Boxes::take();
    let before = boxes.leftovers();
    let fixture = common::fixture_with(|table| {
        // Compile bombs should not take the default 30 s each.
        let compile = table
            .entry("compile")
            .or_insert(toml::Value::Table(toml::Table::new()));
        let compile = compile.as_table_mut().unwrap();
        compile.insert("cpu_time_s".into(), 8.0.into());
        compile.insert("wall_time_s".into(), 12.0.into());
        compile.insert("memory_mib".into(), 512.into());
        boxes.configure(table);
    });
    let config = fixture.config.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let sources = tempfile::tempdir().unwrap();
    let source = |name: &str| attack(sources.path(), name, port);
    let free_before = free_disk_bytes(boxes.tmp.path());
    let mut report = Vec::new();
    let mut failures = Vec::new();
    let mut expect = |name: &str,
                      problem: &str,
                      verdicts: &[&str],
                      check: &dyn Fn(&Value) -> Result<(), String>| {
        let output = boxes
            .judge(&config)
            .args(["run", "--problem", problem, "--json", &source(name)])
            .output()
            .unwrap();
        let result = parse(&output, name);
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
    // 128 spinning processes hold 80-130 MiB of page tables, stacks and copied pages, so the
    // fork bomb meets either the 0.5 s CPU limit or the 128 MiB memory limit first (measured:
    // peaks of 79-117 MiB here, 127 MiB on the CI machine). Both are its own limits.
    expect("fork_bomb.c", "sum-once", &["TLE", "MLE"], &nothing);
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
    // Kernel memory that no process owns: the OOM killer takes the program, never the
    // box's init, and an OOM kill is MLE (it was a free JE).
    expect("socket_buffers.c", "sum-tight", &["MLE", "AC"], &nothing);
    expect("inode_storm.c", "sum-once", &["TLE"], &|r| {
        let test = first_failure(r);
        let cpu = test["cpu_time_s"].as_f64().unwrap_or(0.0);
        // /tmp holds a bounded number of files, so the churn mostly waits on the kernel
        // (a wall-clock TLE); whichever clock stops it, the CPU time stays within 10 % of
        // the 0.5 s limit.
        (cpu <= 0.55)
            .then_some(())
            .ok_or(format!("not stopped within 10 % of the CPU limit: {test}"))
    });
    expect("families.c", "sum-once", &["AC"], &nothing);
    expect("host_view.c", "sum-once", &["AC"], &nothing);
    // The runtimes that start threads and processes of their own (Go's scheduler, libuv,
    // Mono): a fork bomb in each ends at its own limits (CPU, memory, or the runtime
    // dying when it cannot make a thread), and memory outside the runtime's heap (Go's
    // goroutines, Node's Buffers, C#'s unmanaged blocks) is MLE. Nothing is left behind
    // (checked at the end). Without the toolchain (scripts/setup-languages) a language is
    // skipped with the reason, or fails under JUDGE_REQUIRE_LANGUAGES=1.
    let mut missing_languages = Vec::new();
    for (language, extension) in [("go", "go"), ("javascript", "js"), ("csharp", "cs")] {
        if let Some(reason) = common::missing_language(language) {
            missing_languages.push(reason);
            continue;
        }
        expect(
            &format!("fork_bomb.{extension}"),
            "sum-once",
            &["TLE", "MLE", "RE"],
            &nothing,
        );
        expect(&format!("memory_hog.{extension}"), "sum", &["MLE"], &|r| {
            let peak = first_failure(r)["peak_memory_bytes"].as_u64().unwrap_or(0);
            (peak <= 129 << 20)
                .then_some(())
                .ok_or(format!("peak {peak} bytes over the 128 MiB limit"))
        });
    }
    drop(listener);
    for reason in missing_languages {
        if common::languages_required() {
            failures.push(format!("JUDGE_REQUIRE_LANGUAGES=1: {reason}"));
        } else {
            report.push(format!("skipped: {reason}"));
        }
    }

    // Two boxes of one judge at once (judge contest --jobs 2) share no channel.
    let class = tempfile::tempdir().unwrap();
    for student in ["alice", "bob"] {
        let folder = class.path().join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::copy(source("channels.c"), folder.join("sum.c")).unwrap();
    }
    let out = tempfile::tempdir().unwrap();
    let output = boxes
        .judge(&config)
        .arg("contest")
        .arg(class.path())
        .arg("--out")
        .arg(out.path())
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    let results: Value =
        serde_json::from_slice(&std::fs::read(out.path().join("results.json")).unwrap_or_default())
            .unwrap_or(Value::Null);
    let verdicts: Vec<String> = results["attempts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| format!("{}: {}", a["id"], a["verdict"]))
        .collect();
    report.push(format!("channels between two boxes at once: {verdicts:?}"));
    if !output.status.success()
        || verdicts.len() != 2
        || verdicts.iter().any(|v| !v.ends_with("\"AC\""))
    {
        failures.push(format!(
            "channels: {verdicts:?} {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }

    // A class folder with links (students' git repositories and zips keep them), a FIFO
    // and a hard link to another user's file: each refused with a reason, none read.
    let secret_text = "TOP-SECRET-0600-LINE";
    let secret = boxes.tmp.path().join("secret.txt");
    std::fs::write(&secret, format!("{secret_text}\n")).unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let foreign = boxes.tmp.path().join("foreign.c");
    std::fs::write(&foreign, format!("/* {secret_text} */\n")).unwrap();
    std::os::unix::fs::chown(&foreign, Some(65534), Some(65534)).unwrap();
    let linked = tempfile::tempdir().unwrap();
    std::fs::copy(source("read_shadow.c"), linked.path().join("sum.c")).unwrap();
    let answer = common::fixtures().join("testdata/sum/secret/1.ans");
    let links = tempfile::tempdir().unwrap();
    let student = |name: &str| {
        let folder = links.path().join(name);
        std::fs::create_dir_all(&folder).unwrap();
        folder
    };
    std::os::unix::fs::symlink("/etc/shadow", student("alice").join("sum.c")).unwrap();
    std::os::unix::fs::symlink(&secret, student("bob").join("sum.c")).unwrap();
    std::os::unix::fs::symlink(&answer, student("eve").join("sum.py")).unwrap();
    let fifo = std::ffi::CString::new(
        student("carol")
            .join("sum.c")
            .into_os_string()
            .into_encoded_bytes(),
    )
    .unwrap();
    // SAFETY: mkfifo with a valid path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    std::fs::hard_link(&foreign, student("dave").join("sum.c")).unwrap();
    std::os::unix::fs::symlink(linked.path(), links.path().join("frank")).unwrap();
    std::fs::copy(source("read_shadow.c"), student("grace").join("sum.c")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let output = boxes
        .judge(&config)
        .arg("contest")
        .arg(links.path())
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    let results: Value =
        serde_json::from_slice(&std::fs::read(out.path().join("results.json")).unwrap_or_default())
            .unwrap_or(Value::Null);
    let outcome = |id: &str| {
        results["attempts"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["id"] == id)
            .map(|a| format!("{} {}", a["status"], a["reason"]))
            .unwrap_or_else(|| "missing".into())
    };
    let mut seen = Vec::new();
    for (id, reason) in [
        ("alice/sum.c", "symbolic link"),
        ("bob/sum.c", "symbolic link"),
        ("eve/sum.py", "symbolic link"),
        ("carol/sum.c", "FIFO"),
        ("dave/sum.c", "hard link"),
        ("frank", "symbolic link"),
    ] {
        let said = outcome(id);
        if !(said.starts_with("\"rejected\"") && said.contains(reason)) {
            failures.push(format!("{id}: expected rejected ({reason}), got {said}"));
        }
        seen.push(format!("{id}: {said}"));
    }
    let grace = results["attempts"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["id"] == "grace/sum.c")
        .map(|a| a["verdict"].clone());
    if grace != Some(Value::from("AC")) || !output.status.success() {
        failures.push(format!(
            "the honest student beside the links: {grace:?} {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let shadow_head = std::fs::read_to_string("/etc/shadow")
        .unwrap_or_default()
        .lines()
        .next()
        .unwrap_or("root:")
        .to_string();
    for file in walk(out.path()) {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap_or_default()).into_owned();
        for leaked in [secret_text, shadow_head.as_str()] {
            if text.contains(leaked) {
                failures.push(format!("{} holds {leaked:?}", file.display()));
            }
        }
    }
    report.push(format!("links in a class folder: {seen:?}"));

    // A judge with another lock folder (another user's judge, another test suite) reuses
    // the same slot numbers: its cleanup must leave this judge's live boxes alone.
    let other = Boxes {
        tmp: tempfile::TempDir::new_in(boxes.tmp.path().parent().unwrap()).unwrap(),
        ..Boxes::take()
    };
    let other_fixture = common::fixture_with(|table| other.configure(table));
    let slow = boxes
        .judge(&config)
        .args(["run", "--problem", "sum", "--json", &source("slow_sum.c")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let quick = other
        .judge(&other_fixture.config)
        .env("TMPDIR", boxes.tmp.path())
        .args([
            "run",
            "--problem",
            "sum",
            "--json",
            &source("read_shadow.c"),
        ])
        .output()
        .unwrap();
    let slow = slow.wait_with_output().unwrap();
    let verdicts = [
        parse(&slow, "slow_sum.c")["verdict"].clone(),
        parse(&quick, "read_shadow.c")["verdict"].clone(),
    ];
    report.push(format!(
        "a second judge's cleanup beside a live box: {verdicts:?}"
    ));
    if verdicts != [Value::from("AC"), Value::from("AC")] {
        failures.push(format!("cleanup across judges: {verdicts:?}"));
    }
    let other_leftovers = other.leftovers();
    if !other_leftovers.is_empty() {
        failures.push(format!("the second judge left {other_leftovers:?}"));
    }

    // SIGKILL mid-run: the judge cannot clean up, but its box dies with it (the box's init
    // has a parent-death signal); the next judge to take the slot removes its folders.
    let child = boxes
        .judge(&config)
        .args(["run", "--problem", "sum", &source("sleep_forever.c")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let boxed_before_kill = boxes.processes().len();
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
    let mut child = child;
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let boxed_after_kill = boxes.processes();
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
        boxes
            .judge(&config)
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
    let child = boxes
        .judge(&config)
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

    let free_after = free_disk_bytes(boxes.tmp.path());
    if free_before.saturating_sub(free_after) > 512 << 20 {
        failures.push(format!(
            "the disk lost {} MiB",
            (free_before - free_after) >> 20
        ));
    }
    let after = boxes.leftovers();
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

/// Every file below `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => files.extend(walk(&entry.path())),
            Ok(kind) if kind.is_file() => files.push(entry.path()),
            _ => {}
        }
    }
    files
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
