//! Each limit, enforced on real programs, with whatever backend this machine offers.

mod common;

use sandbox::{Limits, Termination};
use std::time::Duration;

#[test]
fn a_normal_program_exits_with_its_output() {
    let sandbox = common::sandbox();
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\nint main(){printf(\"hello\\n\");return 3;}",
        common::limits(1000, 64),
    );
    assert_eq!(outcome.termination, Termination::Exited, "{outcome:?}");
    assert_eq!(outcome.exit_code, Some(3));
    assert_eq!(stdout, "hello\n");
    assert_eq!(outcome.stdout_bytes, 6);
    assert!(outcome.wall_time < Duration::from_secs(1));
}

#[test]
fn a_busy_loop_is_stopped_at_the_cpu_limit() {
    let sandbox = common::sandbox();
    let (outcome, _) = common::run_c(
        &sandbox,
        "int main(){volatile unsigned long x=0;for(;;)x++;}",
        // A wall limit far above the CPU limit: on a loaded machine (CI beside other
        // judges) the default 2 x CPU + 1 s came first, at 0.13 s of CPU.
        Limits {
            wall_time: Duration::from_secs(20),
            ..common::limits(300, 64)
        },
    );
    assert_eq!(
        outcome.termination,
        Termination::CpuTimeLimit,
        "{outcome:?}"
    );
    assert!(outcome.cpu_time >= Duration::from_millis(300));
    assert!(outcome.cpu_time < Duration::from_millis(450), "{outcome:?}");
}

#[test]
fn a_sleeping_program_is_stopped_by_the_wall_clock() {
    let sandbox = common::sandbox();
    let mut limits = common::limits(200, 64);
    limits.wall_time = Duration::from_millis(500);
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <unistd.h>\nint main(){sleep(100);}",
        limits,
    );
    assert_eq!(
        outcome.termination,
        Termination::WallTimeLimit,
        "{outcome:?}"
    );
    assert!(outcome.wall_time >= Duration::from_millis(500));
    assert!(
        outcome.wall_time < Duration::from_millis(900),
        "{outcome:?}"
    );
}

#[test]
fn too_much_memory_is_memory_limit_not_a_segfault() {
    let sandbox = common::sandbox();
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <stdlib.h>\n#include <string.h>\nint main(){for(;;){char*p=malloc(1<<20);if(!p)return 7;memset(p,1,1<<20);}}",
        common::limits(5000, 64),
    );
    assert_eq!(outcome.termination, Termination::MemoryLimit, "{outcome:?}");
}

#[test]
fn too_much_output_is_output_limit() {
    let sandbox = common::sandbox();
    let mut limits = common::limits(5000, 64);
    limits.output_bytes = 1 << 20;
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\nint main(){for(;;)putchar('x');}",
        limits,
    );
    assert_eq!(outcome.termination, Termination::OutputLimit, "{outcome:?}");
    assert_eq!(stdout.len(), 1 << 20, "the file keeps exactly the limit");
}

#[test]
fn a_segfault_is_reported_with_its_signal() {
    let sandbox = common::sandbox();
    let (outcome, _) = common::run_c(
        &sandbox,
        "int main(){volatile int*p=0;*p=1;return 0;}",
        common::limits(1000, 64),
    );
    assert_eq!(outcome.termination, Termination::Signaled, "{outcome:?}");
    assert_eq!(outcome.signal_name().as_deref(), Some("SIGSEGV"));
}

#[test]
fn abort_is_sigabrt_not_a_pid_one_oddity() {
    let sandbox = common::sandbox();
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <stdlib.h>\nint main(){abort();}",
        common::limits(1000, 64),
    );
    assert_eq!(
        outcome.signal_name().as_deref(),
        Some("SIGABRT"),
        "{outcome:?}"
    );
}

#[test]
fn deep_recursion_gets_a_stack_as_large_as_the_memory_limit() {
    let sandbox = common::sandbox();
    // About 100 MiB of stack frames.
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\nint f(int n){volatile char pad[1000];pad[0]=n;return n==0?0:1+f(n-1)+pad[0]*0;}\nint main(){printf(\"%d\\n\",f(100000));}",
        common::limits(2000, 256),
    );
    assert!(outcome.success(), "{outcome:?}");
    assert_eq!(stdout.trim(), "100000");
}

#[test]
fn stdin_comes_from_the_given_file_and_stderr_is_kept() {
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(
        boxed.dir(),
        "#include <stdio.h>\nint main(){int a,b;scanf(\"%d %d\",&a,&b);printf(\"%d\\n\",a+b);fprintf(stderr,\"note\");}",
    );
    let scratch = tempfile::tempdir().unwrap();
    let input = scratch.path().join("in");
    std::fs::write(&input, "2 40\n").unwrap();
    let mut spec = common::spec(scratch.path(), common::limits(1000, 64));
    spec.stdin = Some(input);
    let outcome = boxed.run(&spec).unwrap();
    assert!(outcome.success(), "{outcome:?}");
    assert_eq!(std::fs::read_to_string(&spec.stdout).unwrap(), "42\n");
    assert_eq!(outcome.stderr, "note");
}

#[test]
fn a_missing_command_is_a_clear_error() {
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let error = boxed
        .run(&common::spec(scratch.path(), common::limits(1000, 64)))
        .unwrap_err();
    assert!(error.to_string().contains("./main"), "{error}");
}

#[test]
fn a_toolchain_path_under_tmp_is_seen_in_the_box_over_its_own_tmp() {
    // A checkout under /tmp (its tools under target/): every run mounts a /tmp of its
    // own, and the folder is attached on top of it, read-only, prepared runs too.
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    let tools = tempfile::tempdir_in("/tmp").unwrap();
    let tool = tools.path().join("bin").join("tool");
    std::fs::create_dir(tools.path().join("bin")).unwrap();
    std::fs::write(
        &tool,
        "#!/bin/sh\n\
         echo \"tool in $(dirname \"$0\")\"\n\
         touch \"$(dirname \"$0\")/left\" 2>/dev/null && echo wrote-the-tools-folder\n\
         test -e /tmp/mine && echo saw-an-earlier-run\n\
         echo own > /tmp/mine && cat /tmp/mine\n",
    )
    .unwrap();
    std::fs::set_permissions(&tool, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    std::fs::set_permissions(
        tools.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let mut spec = common::spec(scratch.path(), common::limits(2000, 64));
    spec.argv = vec![tool.display().to_string()];
    spec.root_binds = vec![tools.path().to_path_buf()];
    for run in 0..3 {
        let outcome = boxed.run(&spec).unwrap();
        assert!(outcome.success(), "run {run}: {outcome:?}");
        let stdout = std::fs::read_to_string(&spec.stdout).unwrap();
        assert_eq!(
            stdout,
            format!("tool in {}\nown\n", tools.path().join("bin").display()),
            "run {run}"
        );
    }
    assert!(boxed.last_run_was_prepared());
    assert!(!tools.path().join("bin/left").exists());
}

#[test]
fn a_toolchain_path_under_box_or_proc_or_tmp_itself_is_a_clear_error() {
    // /box is the box folder and /proc the box's own: nothing of the host can be shown
    // there; the host's /tmp would hide the run's own.
    require_isolation!();
    let sandbox = common::sandbox();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), "int main(void){return 0;}");
    let scratch = tempfile::tempdir().unwrap();
    for refused in ["/box/tools", "/proc/sys", "/tmp"] {
        let mut spec = common::spec(scratch.path(), common::limits(1000, 64));
        spec.root_binds = vec![refused.into()];
        let error = boxed.run(&spec).unwrap_err().to_string();
        assert!(error.contains(refused), "{error}");
    }
    assert!(!sandbox.sees(std::path::Path::new("/proc/sys")));
    assert!(sandbox.sees(std::path::Path::new("/tmp/checkout/target/venv")));
}
