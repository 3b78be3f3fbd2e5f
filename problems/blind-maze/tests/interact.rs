//! The interactor's own behaviour, through real pipes and without the judge: it fails on
//! a bad test (exit 3, never the program's fault), and it gives every hostile program a
//! verdict without hanging (a flood, silence, a closed output, garbage, an endless line).
//! Each session has a timeout, so nothing hangs. The stored tests, the reference and the
//! kept submissions are `judge verify blind-maze`'s to check, through the sandbox.

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

/// How one session ended.
#[derive(Debug)]
struct Session {
    /// The interactor's exit code (`None`: it had to be killed).
    interactor: Option<i32>,
    /// Its verdict line (stderr).
    verdict: String,
    /// From the start to the interactor's end.
    verdict_s: f64,
    /// Whether the program was killed at the timeout (as the judge's wall limit would).
    killed: bool,
    /// Whether the interactor had not ended within the grace period after the program
    /// (an interactor that waits forever: a bug of the interactor).
    interactor_hung: bool,
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
    Session {
        interactor: if interactor_hung {
            None
        } else {
            exit_code(istatus)
        },
        verdict: read(&interactor_err).trim().to_string(),
        verdict_s,
        killed,
        interactor_hung,
    }
}

fn stored(name: &str, extension: &str) -> PathBuf {
    testdata().join(format!("{name}.{extension}"))
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
