//! Prepared boxes: the init for a box's next run is cloned while the current one goes on.
//! Each run still gets a box of its own, and a prepared init never outlives its box.

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
    // Only the thread that prepared an init uses it (its end would kill the init).
    std::thread::scope(|scope| {
        scope.spawn(|| {
            assert_eq!(
                run(&mut boxed, scratch.path(), &["other"]),
                "clean 2 other\n"
            );
            assert!(!boxed.last_run_was_prepared());
        });
    });
    // An init waits for the next run now; it goes with the box.
    let dir = boxed.dir().to_path_buf();
    assert_eq!(
        run(&mut boxed, scratch.path(), &["other"]),
        "clean 2 other\n"
    );
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
