//! Prepared boxes: the init for a box's next run is cloned while the current one goes on.
//! Each run still gets a box of its own, and a prepared init never outlives its box. A
//! run ends while its init still tears its box down: the next one starts in another cgroup.

mod common;

use sandbox::{RunSpec, SandboxBox};
use std::path::Path;

/// Runs `./main` with `argv` extra arguments, stdout into `out`; returns the stdout.
fn run(boxed: &mut SandboxBox, out: &Path, args: &[&str]) -> String {
    let mut spec: RunSpec = common::spec(out, common::limits(1000, 64));
    spec.argv.extend(args.iter().map(|a| a.to_string()));
    let outcome = boxed.run(&spec).unwrap();
    assert!(outcome.success(), "{outcome:?}");
    std::fs::read_to_string(&spec.stdout).unwrap()
}

/// The processes (other than this one) that have `dir` mounted: a box's init has its box
/// folder mounted in its own mount namespace.
fn holding(dir: &Path) -> Vec<String> {
    let wanted = format!(" {} ", dir.display());
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let mounts = std::fs::read_to_string(entry.path().join("mountinfo")).unwrap_or_default();
        if mounts.lines().any(|l| l.contains(&wanted)) {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

// The program says what it finds in /tmp, leaves a file there, and prints its pid and
// its first argument.
const PROGRAM: &str = r#"
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
    printf("%s %d %s\n", access("/tmp/left", F_OK) == 0 ? "dirty" : "clean", getpid(),
           argc > 1 ? argv[1] : "-");
    FILE *f = fopen("/tmp/left", "w");
    if (f) fclose(f);
    return 0;
}
"#;

#[test]
fn each_run_of_a_prepared_box_is_fresh_and_the_box_takes_its_init_along() {
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), PROGRAM);
    let scratch = tempfile::tempdir().unwrap();
    let first = run(&mut boxed, scratch.path(), &[]);
    assert!(!boxed.last_run_was_prepared());
    let mut seen = vec![first];
    for _ in 0..3 {
        seen.push(run(&mut boxed, scratch.path(), &[]));
        assert!(boxed.last_run_was_prepared(), "{seen:?}");
    }
    // Every run saw an empty /tmp of its own and was pid 2 of its own pid namespace.
    assert!(seen.iter().all(|s| s == "clean 2 -\n"), "{seen:?}");
    // Another command line: the prepared init does not fit, a fresh one runs it.
    assert_eq!(
        run(&mut boxed, scratch.path(), &["other"]),
        "clean 2 other\n"
    );
    assert!(!boxed.last_run_was_prepared());
    // Any thread may use the box: its preparer thread, which lives as long as the box,
    // cloned the init, so the end of the thread that ran the last test kills nothing.
    std::thread::scope(|scope| {
        scope.spawn(|| {
            assert_eq!(
                run(&mut boxed, scratch.path(), &["other"]),
                "clean 2 other\n"
            );
            assert!(boxed.last_run_was_prepared());
        });
    });
    assert_eq!(
        run(&mut boxed, scratch.path(), &["other"]),
        "clean 2 other\n"
    );
    assert!(boxed.last_run_was_prepared());
    // An init waits for the next run soon; it goes with the box.
    let dir = boxed.dir().to_path_buf();
    assert_eq!(
        run(&mut boxed, scratch.path(), &["other"]),
        "clean 2 other\n"
    );
    // The box's preparer thread clones it after the run: wait for it (a loaded machine
    // may take a while).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while holding(&dir).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        !holding(&dir).is_empty(),
        "no prepared init holds {}",
        dir.display()
    );
    drop(boxed);
    let left = holding(&dir);
    assert!(
        left.is_empty(),
        "processes left holding the box folder: {left:?}"
    );
}

/// The fork servers of the box whose folder is `dir`: the children named `box-forkserver`
/// of the thread (the box's preparer) whose other child, the box's prepared init, holds
/// `dir` mounted. Waits (up to 20 s) for that init to be there.
fn fork_servers_of(dir: &Path) -> Vec<libc::pid_t> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let inits: Vec<libc::pid_t> = holding(dir).iter().filter_map(|p| p.parse().ok()).collect();
        for task in std::fs::read_dir("/proc/self/task")
            .into_iter()
            .flatten()
            .flatten()
        {
            let children: Vec<libc::pid_t> = std::fs::read_to_string(task.path().join("children"))
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|c| c.parse().ok())
                .collect();
            if children.iter().any(|c| inits.contains(c)) {
                return children
                    .into_iter()
                    .filter(|c| {
                        std::fs::read_to_string(format!("/proc/{c}/comm"))
                            .is_ok_and(|comm| comm.trim() == "box-forkserver")
                    })
                    .collect();
            }
        }
        if std::time::Instant::now() > deadline {
            return Vec::new();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// A box's inits are cloned by its fork server, not by the judge (whose pages each clone
/// would write-protect); a server that dies or hangs is replaced, and no run is lost
/// meanwhile.
#[test]
fn a_box_whose_fork_server_dies_or_hangs_goes_on_with_a_new_one() {
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), PROGRAM);
    let dir = boxed.dir().to_path_buf();
    let scratch = tempfile::tempdir().unwrap();
    for _ in 0..3 {
        assert_eq!(run(&mut boxed, scratch.path(), &[]), "clean 2 -\n");
    }
    assert!(boxed.last_run_was_prepared());
    let killed = fork_servers_of(&dir);
    assert_eq!(killed.len(), 1, "the box's fork servers: {killed:?}");
    // SAFETY: killing a child of this process.
    unsafe { libc::kill(killed[0], libc::SIGKILL) };
    for _ in 0..3 {
        assert_eq!(run(&mut boxed, scratch.path(), &[]), "clean 2 -\n");
        assert!(boxed.last_run_was_prepared());
    }
    let stopped = fork_servers_of(&dir);
    assert!(
        stopped.len() == 1 && stopped != killed,
        "no new fork server after {killed:?} was killed: {stopped:?}"
    );
    // One that does not answer (stopped) is given up on after a while, killed and
    // reaped: a run waits for that, then goes on prepared.
    // SAFETY: stopping a child of this process.
    unsafe { libc::kill(stopped[0], libc::SIGSTOP) };
    for _ in 0..3 {
        assert_eq!(run(&mut boxed, scratch.path(), &[]), "clean 2 -\n");
        assert!(boxed.last_run_was_prepared());
    }
    assert!(
        !Path::new(&format!("/proc/{}", stopped[0])).exists(),
        "the stopped fork server {} is still there",
        stopped[0]
    );
    let now = fork_servers_of(&dir);
    assert!(
        now.len() == 1 && now != stopped,
        "the box's fork servers: {now:?}"
    );
}

// `fill N`: writes N MiB to /tmp and exits; `take N`: allocates and touches N MiB.
const MEMORY: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    long mib = atol(argv[2]);
    if (strcmp(argv[1], "fill") == 0) {
        FILE *f = fopen("/tmp/fill", "w");
        static char block[1 << 20];
        memset(block, 7, sizeof block);
        for (long i = 0; i < mib; i++) fwrite(block, 1, sizeof block, f);
        return fclose(f) != 0;
    }
    char *p = malloc(mib << 20);
    for (long i = 0; i < mib << 20; i += 4096) p[i] = 1;
    printf("took %ld\n", mib);
    return 0;
}
"#;

/// A run ends before its init has torn the box down (its /tmp freed), and the next run
/// starts meanwhile: in a cgroup of its own, so what the last run left charged is
/// neither counted against its limit nor in its peak.
#[test]
fn a_full_tmp_left_by_one_run_is_not_charged_to_the_next() {
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), MEMORY);
    let scratch = tempfile::tempdir().unwrap();
    let mut spec: RunSpec = common::spec(scratch.path(), common::limits(2000, 64));
    spec.limits.file_bytes = 48 * sandbox::MIB;
    for round in 0..4 {
        for (mode, mib) in [("fill", "40"), ("take", "40")] {
            spec.argv = vec!["./main".into(), mode.into(), mib.into()];
            let outcome = boxed.run(&spec).unwrap();
            assert!(outcome.success(), "round {round}, {mode}: {outcome:?}");
            if mode == "take" {
                // Counted with the last run's 40 MiB it would be over 80 MiB (beyond the
                // limit); with them subtracted, near nothing. (What was charged when the
                // run began is subtracted from its peak: a few pages of it may be freed
                // during the run, so the peak may read a little under 40 MiB.)
                let peak = outcome.peak_memory_bytes;
                assert!(
                    (32 * sandbox::MIB..56 * sandbox::MIB).contains(&peak),
                    "round {round}: a peak of {peak} bytes for 40 MiB taken"
                );
            }
        }
    }
}

// Starts a child that writes to stdout for as long as it lives, then exits at once.
const LEFT_WRITING: &str = r#"
#include <stdio.h>
#include <unistd.h>
int main(void) {
    printf("parent\n");
    fflush(stdout);
    if (fork() == 0) {
        for (;;) { write(1, "child\n", 6); usleep(100); }
    }
    usleep(20000);
    return 0;
}
"#;

/// A run whose program left a process behind ends only when that process is gone: the
/// output the judge reads is final.
#[test]
fn a_run_ends_only_when_what_its_program_started_is_gone() {
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), LEFT_WRITING);
    let scratch = tempfile::tempdir().unwrap();
    let spec: RunSpec = common::spec(scratch.path(), common::limits(2000, 64));
    for round in 0..5 {
        let outcome = boxed.run(&spec).unwrap();
        assert!(outcome.success(), "round {round}: {outcome:?}");
        let size = std::fs::metadata(&spec.stdout).unwrap().len();
        assert_eq!(outcome.stdout_bytes, size, "round {round}");
        std::thread::sleep(std::time::Duration::from_millis(50));
        let later = std::fs::metadata(&spec.stdout).unwrap().len();
        assert_eq!(
            size, later,
            "round {round}: stdout grew after the run ended"
        );
    }
}

/// The run's stdin, stdout and stderr reach the program even when it may open no more
/// files (the open-files limit is set once it has them).
#[test]
fn a_program_allowed_no_more_open_files_still_gets_its_stdio() {
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(
        boxed.dir(),
        "#include <stdio.h>\n#include <fcntl.h>\nint main(void){int a=open(\"/box/main\",O_RDONLY);int b=open(\"/box/main\",O_RDONLY);printf(\"%d %d\\n\",a,b);return 0;}",
    );
    let scratch = tempfile::tempdir().unwrap();
    let mut spec: RunSpec = common::spec(scratch.path(), common::limits(1000, 64));
    // 0-2 and one more (the dynamic loader opens the C library on it, then closes it).
    spec.limits.open_files = 4;
    for _ in 0..3 {
        let outcome = boxed.run(&spec).unwrap();
        assert!(outcome.success(), "{outcome:?}");
        assert_eq!(std::fs::read_to_string(&spec.stdout).unwrap(), "3 -1\n");
    }
}
