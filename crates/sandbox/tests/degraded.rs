//! The rlimit-only mode without isolation, forced (it is what a judge not running as root
//! gets): it runs, says what is off, and still enforces each limit it can.

mod common;

use sandbox::{Backend, Enforcement, Isolation, Sandbox, SandboxConfig, Termination};
use std::time::Duration;

fn degraded() -> Sandbox {
    Sandbox::new(SandboxConfig {
        isolation: Isolation::Off,
        backend: Backend::RlimitOnly,
        ..SandboxConfig::default()
    })
    .expect("the degraded sandbox starts")
}

#[test]
fn the_mode_says_what_is_off() {
    let sandbox = degraded();
    let mode = sandbox.mode();
    assert_eq!(mode.enforcement, Enforcement::RlimitOnly);
    assert!(!mode.isolated);
    assert!(
        mode.degraded.iter().any(|d| d.contains("rlimit")),
        "{:?}",
        mode.degraded
    );
    assert!(
        mode.degraded.iter().any(|d| d.contains("no isolation")),
        "{:?}",
        mode.degraded
    );
}

/// Limits for a loop that must end by its CPU time: the wall-clock limit is far off, so that
/// on a loaded machine (where the loop gets a fraction of a core) the CPU limit still decides.
fn cpu_bound(cpu_ms: u64) -> sandbox::Limits {
    let mut limits = common::limits(cpu_ms, 64);
    limits.wall_time = Duration::from_secs(60);
    limits
}

#[test]
fn limits_still_hold_without_cgroups_or_namespaces() {
    let sandbox = degraded();
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\nint main(){printf(\"hi\\n\");return 0;}",
        common::limits(1000, 64),
    );
    assert!(outcome.success(), "{outcome:?}");
    assert_eq!(stdout, "hi\n");
    assert_eq!(outcome.enforcement, Enforcement::RlimitOnly);
    assert!(!outcome.isolated);

    let (outcome, _) = common::run_c(
        &sandbox,
        "int main(){volatile unsigned long x=0;for(;;)x++;}",
        cpu_bound(300),
    );
    assert_eq!(
        outcome.termination,
        Termination::CpuTimeLimit,
        "{outcome:?}"
    );
    // Threads of one process are sampled together from /proc.
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <pthread.h>\nvoid*s(void*a){volatile unsigned long x=0;for(;;)x++;return a;}\nint main(){pthread_t t;pthread_create(&t,0,s,0);s(0);}",
        cpu_bound(300),
    );
    assert_eq!(
        outcome.termination,
        Termination::CpuTimeLimit,
        "{outcome:?}"
    );
    assert!(outcome.cpu_time < Duration::from_millis(500), "{outcome:?}");

    let mut limits = common::limits(200, 64);
    limits.wall_time = Duration::from_millis(400);
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

    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <stdlib.h>\n#include <string.h>\nint main(){for(;;){char*p=malloc(1<<20);if(!p)return 7;memset(p,1,1<<20);}}",
        common::limits(5000, 64),
    );
    assert_eq!(outcome.termination, Termination::MemoryLimit, "{outcome:?}");

    let mut limits = common::limits(5000, 64);
    limits.output_bytes = 1 << 20;
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\nint main(){for(;;)putchar('x');}",
        limits,
    );
    assert_eq!(outcome.termination, Termination::OutputLimit, "{outcome:?}");
    assert_eq!(stdout.len(), 1 << 20);
}

#[test]
fn kill_minus_one_cannot_reach_the_judge_even_without_namespaces() {
    let sandbox = degraded();
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <signal.h>\n#include <stdio.h>\n#include <errno.h>\nint main(){int r=kill(-1,SIGKILL);printf(\"%d %d\\n\",r,errno);return 0;}",
        common::limits(1000, 64),
    );
    assert!(outcome.success(), "{outcome:?}");
    assert_eq!(stdout.trim(), format!("-1 {}", libc::EPERM));
}
