//! The reference and every kept submission against the real interactor, through real
//! pipes: the interactor's stdout is the program's stdin and the program's stdout the
//! interactor's stdin, as the judge will join them (without its sandbox). Each session
//! has a timeout, so nothing hangs.
//!
//! Also the stored tests against the recipe: the generator rebuilds every `.in`, the
//! validator accepts it, and the reference's session through the interactor (given an
//! empty answer file) writes every `.ans` as its TOUT, byte for byte. Until `judge
//! testdata build` knows interactive problems, `BLIND_MAZE_BUILD_TESTS=1 cargo test
//! --release -p blind-maze --test interact the_recipe` writes the files instead. Once
//! `judge verify` judges interactive problems, it is the one gate for the stored tests
//! and the kept submissions, and these checks of the recipe and the submissions go.
//!
//! The compile and run commands and the time multipliers are judge.toml's, the limits
//! problem.toml's. Per-session CPU times are printed (`--nocapture`), never asserted:
//! `judge verify` owns the time-limit rules.

use std::collections::BTreeSet;
use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn repository() -> PathBuf {
    crate_dir().join("../..")
}

fn testdata() -> PathBuf {
    repository().join("testdata/blind-maze")
}

fn read_toml(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What problem.toml says.
struct Problem {
    tests: Vec<(String, Vec<String>)>,
    wall_time_s: f64,
    memory_mib: u64,
}

fn problem() -> Problem {
    let toml = read_toml(&crate_dir().join("problem.toml"));
    let strings = |value: &toml::Value| -> Vec<String> {
        value
            .as_array()
            .expect("an array")
            .iter()
            .map(|v| v.as_str().expect("a string").to_string())
            .collect()
    };
    let tests = toml["tests"]
        .as_array()
        .expect("[[tests]]")
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), strings(&t["args"])))
        .collect();
    let limits = &toml["limits"];
    assert_eq!(
        toml["interactor"]["program"].as_str(),
        Some("blind-maze-interactor")
    );
    Problem {
        tests,
        wall_time_s: limits["wall_time_s"].as_float().expect("wall_time_s"),
        memory_mib: limits["memory_mib"].as_integer().expect("memory_mib") as u64,
    }
}

/// A kept submission, compiled with judge.toml's command for its language.
struct Built {
    dir: tempfile::TempDir,
    run: Vec<String>,
    multiplier: f64,
}

fn build(submission: &str, memory_mib: u64) -> Built {
    let path = crate_dir().join("submissions").join(submission);
    let extension = path.extension().unwrap().to_str().unwrap().to_string();
    let judge = read_toml(&repository().join("judge.toml"));
    let language = judge["languages"]
        .as_table()
        .unwrap()
        .values()
        .find(|l| {
            l["extensions"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e.as_str() == Some(&extension))
        })
        .unwrap_or_else(|| panic!("no language for {submission}"));
    let words = |key: &str| -> Vec<String> {
        language.get(key).map_or(Vec::new(), |v| {
            v.as_array()
                .unwrap()
                .iter()
                .map(|w| {
                    w.as_str()
                        .unwrap()
                        .replace("{memory_mib}", &memory_mib.to_string())
                })
                .collect()
        })
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(&path, dir.path().join(language["source"].as_str().unwrap())).unwrap();
    let compile = words("compile");
    if let Some((program, args)) = compile.split_first() {
        let out = Command::new(program)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{submission} does not compile: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Built {
        dir,
        run: words("run"),
        multiplier: language["time_multiplier"].as_float().unwrap(),
    }
}

/// How one session ended.
#[derive(Debug)]
struct Session {
    /// The interactor's exit code (`None`: it had to be killed).
    interactor: Option<i32>,
    /// Its verdict line (stderr).
    verdict: String,
    /// What it wrote to TOUT.
    tout: String,
    /// The program's exit code, or `None` when a signal ended it.
    program: Option<i32>,
    /// The program's CPU time, user + system.
    cpu_s: f64,
    /// From the start to the end of both.
    wall_s: f64,
    /// From the start to the interactor's end.
    verdict_s: f64,
    /// Whether the program was killed at the timeout (as the judge's wall limit would).
    killed: bool,
    /// Whether the interactor had not ended within the grace period after the program
    /// (an interactor that waits forever: a bug of the interactor).
    interactor_hung: bool,
}

impl Session {
    fn accepted(&self) -> bool {
        !self.killed && self.interactor == Some(0) && self.program == Some(0)
    }
}

/// Reaps `pid` if it ended (or waits for it when `block`): its wait status and CPU time.
fn reap(pid: u32, block: bool) -> Option<(i32, f64)> {
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    // SAFETY: wait4 on our own child's pid with valid out-pointers.
    let reaped = unsafe { libc::wait4(pid as i32, &mut status, flags, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    (reaped == pid as i32).then(|| (status, seconds(usage.ru_utime) + seconds(usage.ru_stime)))
}

fn exit_code(status: i32) -> Option<i32> {
    libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status))
}

/// How long the one may take to end by itself after the other ended: the program after
/// the interactor's verdict, the interactor after the program's end.
const GRACE: Duration = Duration::from_secs(5);

/// Kills our unreaped child `pid` and reaps it.
fn kill(pid: u32) -> Option<(i32, f64)> {
    // SAFETY: the pid is our own child's, not yet reaped, so not reused.
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
    reap(pid, true)
}

/// One session of `run` (in `cwd`) with the interactor on `input`, with `answer` as its
/// answer file. As the judge does, the program is killed at `timeout` (or `GRACE` after
/// the interactor's verdict) and the interactor is then left to report.
// Both children are reaped by `reap` (wait4, which also gives the CPU time), not by
// `Child::wait`.
#[allow(clippy::zombie_processes)]
fn play(
    run: &[String],
    cwd: &Path,
    input: &Path,
    answer: &Path,
    timeout: Duration,
    stack_bytes: u64,
) -> Session {
    let scratch = tempfile::tempdir().unwrap();
    let tout = scratch.path().join("tout");
    let interactor_err = scratch.path().join("interactor.err");
    let program_err = scratch.path().join("program.err");
    let start = Instant::now();
    let mut interactor = Command::new(env!("CARGO_BIN_EXE_blind-maze-interactor"))
        .arg(input)
        .arg(&tout)
        .arg(answer)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(File::create(&interactor_err).unwrap())
        .spawn()
        .unwrap();
    let replies = interactor.stdout.take().unwrap();
    let moves = interactor.stdin.take().unwrap();
    let program = {
        let mut command = Command::new(&run[0]);
        command
            .args(&run[1..])
            .current_dir(cwd)
            .stdin(Stdio::from(replies))
            .stdout(Stdio::from(moves))
            .stderr(File::create(&program_err).unwrap());
        // SAFETY: setrlimit is async-signal-safe; the judge gives programs a stack as
        // large as their memory limit, and the recursive C++ search needs it.
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: stack_bytes,
                    rlim_max: stack_bytes,
                };
                libc::setrlimit(libc::RLIMIT_STACK, &limit);
                Ok(())
            });
        }
        command.spawn().unwrap()
        // The command, and with it this process's copies of both pipe ends, is dropped
        // here: only the two programs hold them.
    };
    let (ipid, ppid) = (interactor.id(), program.id());
    let (mut interactor_done, mut program_done) = (None, None);
    let mut program_deadline = start + timeout;
    let mut interactor_deadline = None;
    let (mut killed, mut interactor_hung) = (false, false);
    let mut verdict_s = 0.0;
    while interactor_done.is_none() || program_done.is_none() {
        let now = Instant::now();
        if interactor_done.is_none() {
            interactor_done = reap(ipid, false);
            if interactor_done.is_some() {
                verdict_s = start.elapsed().as_secs_f64();
                program_deadline = program_deadline.min(now + GRACE);
            }
        }
        if program_done.is_none() {
            program_done = reap(ppid, false);
            if program_done.is_none() && now > program_deadline {
                killed = true;
                program_done = kill(ppid);
            }
            if program_done.is_some() {
                interactor_deadline = Some(now + GRACE);
            }
        }
        if interactor_done.is_none() && interactor_deadline.is_some_and(|d| now > d) {
            interactor_hung = true;
            interactor_done = kill(ipid);
            verdict_s = start.elapsed().as_secs_f64();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    let (istatus, _) = interactor_done.unwrap();
    let (pstatus, cpu_s) = program_done.unwrap();
    Session {
        interactor: if interactor_hung {
            None
        } else {
            exit_code(istatus)
        },
        verdict: read(&interactor_err).trim().to_string(),
        tout: read(&tout),
        program: exit_code(pstatus),
        cpu_s,
        wall_s: start.elapsed().as_secs_f64(),
        verdict_s,
        killed,
        interactor_hung,
    }
}

fn stored(name: &str, extension: &str) -> PathBuf {
    testdata().join(format!("{name}.{extension}"))
}

/// Runs `submission` on the stored tests in order, stopping at the first one not
/// accepted (all of them when `all`); the sessions by test name.
fn judge(submission: &str, all: bool) -> Vec<(String, Session)> {
    let problem = problem();
    let built = build(submission, problem.memory_mib);
    let wall = Duration::from_secs_f64(problem.wall_time_s * built.multiplier);
    let mut sessions = Vec::new();
    let mut slowest = (String::new(), 0.0, 0.0);
    for (name, _) in &problem.tests {
        // Generous (the harness is no timer), except for the one that must not finish
        // within its wall limit.
        let timeout = if submission.starts_with("time_limit_exceeded/") {
            wall
        } else {
            4 * wall
        };
        let session = play(
            &built.run,
            built.dir.path(),
            &stored(name, "in"),
            &stored(name, "ans"),
            timeout,
            problem.memory_mib << 20,
        );
        if session.cpu_s > slowest.1 {
            slowest = (name.clone(), session.cpu_s, session.wall_s);
        }
        let stop = !all && !session.accepted();
        sessions.push((name.clone(), session));
        if stop {
            break;
        }
    }
    eprintln!(
        "{submission}: {} tests; most CPU on {}: {:.3} s CPU, {:.3} s wall",
        sessions.len(),
        slowest.0,
        slowest.1,
        slowest.2
    );
    sessions
}

fn assert_accepted(submission: &str) {
    let sessions = judge(submission, true);
    assert_eq!(sessions.len(), problem().tests.len());
    for (name, session) in &sessions {
        assert!(session.accepted(), "{submission} on {name}: {session:?}");
        assert!(session.verdict.starts_with("ok: "), "{name}: {session:?}");
    }
}

/// The first test `submission` fails, and how.
fn first_failure(submission: &str) -> (String, Session) {
    judge(submission, false)
        .pop()
        .filter(|(_, session)| !session.accepted())
        .unwrap_or_else(|| panic!("{submission} passes every test"))
}

#[test]
fn the_recipe_rebuilds_every_stored_test() {
    let build = std::env::var_os("BLIND_MAZE_BUILD_TESTS").is_some();
    let problem = problem();
    let empty = tempfile::NamedTempFile::new().unwrap();
    let reference = [env!("CARGO_BIN_EXE_blind-maze").to_string()];
    for (name, args) in &problem.tests {
        let generated = Command::new(env!("CARGO_BIN_EXE_blind-maze-gen"))
            .args(args)
            .output()
            .unwrap();
        assert!(generated.status.success(), "{name}: the generator fails");
        let input = stored(name, "in");
        if build {
            std::fs::create_dir_all(input.parent().unwrap()).unwrap();
            std::fs::write(&input, &generated.stdout).unwrap();
        }
        let on_disk = std::fs::read(&input).unwrap_or_else(|e| panic!("{name}.in: {e}"));
        assert!(
            on_disk == generated.stdout,
            "{name}.in differs from what the generator makes with {args:?}"
        );
        let validated = Command::new(env!("CARGO_BIN_EXE_blind-maze-validate"))
            .arg(&input)
            .output()
            .unwrap();
        assert!(
            validated.status.success(),
            "{name}.in is invalid: {}",
            String::from_utf8_lossy(&validated.stderr)
        );
        let session = play(
            &reference,
            &crate_dir(),
            &input,
            empty.path(),
            Duration::from_secs(120),
            problem.memory_mib << 20,
        );
        assert!(session.accepted(), "the reference on {name}: {session:?}");
        eprintln!(
            "reference on {name}: {} ({:.3} s CPU, {:.3} s wall)",
            session.verdict, session.cpu_s, session.wall_s
        );
        let answer = stored(name, "ans");
        if build {
            std::fs::write(&answer, &session.tout).unwrap();
        }
        let on_disk = std::fs::read_to_string(&answer).unwrap_or_default();
        assert_eq!(
            on_disk, session.tout,
            "{name}.ans differs from the TOUT of the reference's session"
        );
    }
    let listed: BTreeSet<PathBuf> = problem
        .tests
        .iter()
        .flat_map(|(name, _)| [stored(name, "in"), stored(name, "ans")])
        .collect();
    for group in ["sample", "secret"] {
        for file in std::fs::read_dir(testdata().join(group)).unwrap() {
            let path = file.unwrap().path();
            assert!(
                listed.contains(&path),
                "{} is made by no recipe entry",
                path.display()
            );
        }
    }
}

#[test]
fn the_interactor_fails_on_a_bad_test_not_the_program() {
    let reference = [env!("CARGO_BIN_EXE_blind-maze").to_string()];
    let play_on = |input: &Path, answer: &Path| {
        play(
            &reference,
            &crate_dir(),
            input,
            answer,
            Duration::from_secs(10),
            256 << 20,
        )
    };
    // The answer of an unreachable maze for a reachable one.
    let session = play_on(&stored("sample/1", "in"), &stored("sample/2", "ans"));
    assert_eq!(session.interactor, Some(3), "{session:?}");
    assert!(
        session.verdict.starts_with("FAIL: the answer file says"),
        "{session:?}"
    );
    let broken = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(broken.path(), "2 2\nS-\n--\n").unwrap();
    let session = play_on(broken.path(), &stored("sample/1", "ans"));
    assert_eq!(session.interactor, Some(3), "{session:?}");
    assert_eq!(
        session.verdict,
        "FAIL: bad test input: the maze needs exactly one S and one E"
    );
}

#[test]
fn accepted_c() {
    assert_accepted("accepted/dfs.c");
}

#[test]
fn accepted_cpp() {
    assert_accepted("accepted/dfs.cpp");
}

#[test]
fn accepted_rust() {
    assert_accepted("accepted/dfs.rs");
}

#[test]
fn accepted_python() {
    assert_accepted("accepted/dfs.py");
}

#[test]
fn accepted_java() {
    assert_accepted("accepted/Main.java");
}

#[test]
fn the_random_walk_runs_over_the_budget() {
    let (name, session) = first_failure("wrong_answer/random_walk.c");
    assert_eq!(name, "sample/2");
    assert_eq!(session.interactor, Some(1), "{session:?}");
    assert_eq!(
        session.verdict,
        "wrong answer: more than the budget of 18 moves (3 x 2 x 3) without reaching the exit"
    );
    // Not only where the exit is unreachable: a 500-cell corridor with the exit at its end.
    let problem = problem();
    let built = build("wrong_answer/random_walk.c", problem.memory_mib);
    let session = play(
        &built.run,
        built.dir.path(),
        &stored("secret/05-row", "in"),
        &stored("secret/05-row", "ans"),
        Duration::from_secs(60),
        problem.memory_mib << 20,
    );
    assert_eq!(
        session.verdict,
        "wrong answer: more than the budget of 1500 moves (3 x 1 x 500) without reaching the exit"
    );
}

#[test]
fn the_search_without_bounds_checks_leaves_the_maze() {
    let (name, session) = first_failure("wrong_answer/no_bounds_check.c");
    assert_eq!(name, "sample/1");
    assert_eq!(session.interactor, Some(1), "{session:?}");
    assert_eq!(
        session.verdict,
        "wrong answer: move 1: U from (0, 0) leaves the 3 x 4 maze"
    );
}

#[test]
fn reading_after_the_exit_crashes_after_acceptance() {
    let (name, session) = first_failure("run_time_error/read_after_exit.py");
    assert_eq!(name, "sample/1");
    assert_eq!(session.interactor, Some(0), "{session:?}");
    assert_eq!(
        session.verdict,
        "ok: reached the exit after 6 moves (budget 36)"
    );
    assert_eq!(session.program, Some(1), "{session:?}");
    assert!(!session.killed);
}

#[test]
fn never_flushing_deadlocks_past_the_wall_limit() {
    let (name, session) = first_failure("time_limit_exceeded/no_flush.cpp");
    assert_eq!(name, "sample/1");
    assert!(session.killed, "{session:?}");
    // Waiting, not working: it used almost none of its CPU time, and its first move
    // never left its buffer.
    assert!(session.cpu_s < 0.5, "{session:?}");
    assert_eq!(session.interactor, Some(1), "{session:?}");
    assert_eq!(
        session.verdict,
        "wrong answer: the program's output ended after 0 moves without reaching the exit or printing -1"
    );
}

/// A session of the shell command `script` on the maze `maze`, killed after 2 s.
fn hostile(maze: &str, script: &str) -> Session {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::write(&input, maze).unwrap();
    let empty = dir.path().join("ans");
    std::fs::write(&empty, "").unwrap();
    let run = ["sh".to_string(), "-c".to_string(), script.to_string()];
    let session = play(
        &run,
        dir.path(),
        &input,
        &empty,
        Duration::from_secs(2),
        8 << 20,
    );
    assert!(!session.interactor_hung, "{script}: {session:?}");
    session
}

#[test]
fn hostile_programs_get_a_verdict_and_never_hang_the_interactor() {
    // 200 x 200, with a wall right of S: R is a legal move forever, and the budget
    // (120 000) is larger than the pipe holds.
    let mut maze = "200 200\nS#".to_string() + &"-".repeat(198) + "\n";
    for r in 1..200 {
        let row = if r == 199 {
            "-".repeat(199) + "E"
        } else {
            "-".repeat(200)
        };
        maze += &row;
        maze.push('\n');
    }
    // Flooding moves without ever reading: both pipes fill, the program is killed, and
    // the interactor, blocked writing, sees the broken pipe.
    let flood = hostile(&maze, "exec yes R");
    assert!(flood.killed, "{flood:?}");
    assert_eq!(flood.interactor, Some(1), "{flood:?}");
    assert!(
        flood
            .verdict
            .starts_with("wrong answer: the program stopped reading after "),
        "{flood:?}"
    );
    // Never writing: the interactor waits in its read until the program is killed.
    let silent = hostile(&maze, "exec sleep 60");
    assert!(silent.killed);
    assert_eq!(
        silent.verdict,
        "wrong answer: the program's output ended after 0 moves without reaching the exit or printing -1"
    );
    // Closing its output at once: judged at once, while the program still runs.
    let closed = hostile(&maze, "exec 1>&-; sleep 60");
    assert_eq!(closed.interactor, Some(1));
    assert!(closed.killed && closed.verdict_s < 1.5, "{closed:?}");
    // Garbage, and one endless line: presentation errors after a bounded read.
    let garbage = hostile(&maze, "head -c 10000000 /dev/urandom");
    assert_eq!(garbage.interactor, Some(2), "{garbage:?}");
    assert!(garbage.verdict.starts_with("presentation error: query 1: "));
    let endless = hostile(&maze, "yes U | tr -d '\\n'");
    assert_eq!(endless.interactor, Some(2), "{endless:?}");
    assert_eq!(
        endless.verdict,
        "presentation error: query 1: expected a token of at most 2 characters, found \"UUU\"..."
    );
}

#[test]
fn every_kept_submission_is_tested_here() {
    let tested: BTreeSet<&str> = [
        "accepted/dfs.c",
        "accepted/dfs.cpp",
        "accepted/dfs.rs",
        "accepted/dfs.py",
        "accepted/Main.java",
        "wrong_answer/random_walk.c",
        "wrong_answer/no_bounds_check.c",
        "run_time_error/read_after_exit.py",
        "time_limit_exceeded/no_flush.cpp",
    ]
    .into_iter()
    .collect();
    let mut kept = BTreeSet::new();
    for folder in std::fs::read_dir(crate_dir().join("submissions")).unwrap() {
        let folder = folder.unwrap();
        for file in std::fs::read_dir(folder.path()).unwrap() {
            let file = file.unwrap();
            kept.insert(format!(
                "{}/{}",
                folder.file_name().to_string_lossy(),
                file.file_name().to_string_lossy()
            ));
        }
    }
    let kept: BTreeSet<&str> = kept.iter().map(String::as_str).collect();
    assert_eq!(kept, tested);
}
