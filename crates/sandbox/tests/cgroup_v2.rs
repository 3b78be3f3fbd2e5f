//! The cgroup v2 backend on a real kernel: scripts/test-cgroup-v2 runs these in a VM booted
//! with the unified hierarchy only, as root, in a systemd service with Delegate=yes.
//! Elsewhere (a cgroup v1 machine, not root) each says it is skipped and why, unless
//! JUDGE_REQUIRE_CGROUP_V2=1 (set in the VM), which makes a missing v2 backend a failure.

mod common;

use sandbox::{Backend, Enforcement, Environment, Sandbox, SandboxConfig, Termination, MIB};
use std::path::PathBuf;

/// A sandbox that must use cgroup v2, or `None` (skipped) where this machine cannot.
fn v2_sandbox(group: &str) -> Option<Sandbox> {
    let env = Environment::detect();
    let problem = if !env.root {
        Some("not running as root".to_string())
    } else {
        env.cgroup_v2_problem()
    };
    if let Some(problem) = problem {
        assert!(
            std::env::var_os("JUDGE_REQUIRE_CGROUP_V2").is_none(),
            "JUDGE_REQUIRE_CGROUP_V2 is set, but cgroup v2 cannot be used: {problem}"
        );
        eprintln!("skipped: cgroup v2 cannot be used here: {problem}");
        return None;
    }
    let sandbox = Sandbox::new(SandboxConfig {
        backend: Backend::CgroupV2,
        cgroup_group: group.to_string(),
        ..SandboxConfig::default()
    })
    .expect("the cgroup v2 sandbox starts");
    assert_eq!(sandbox.mode().enforcement, Enforcement::CgroupV2);
    Some(sandbox)
}

/// The cgroup (relative to the mount) the program ran in, from its own /proc/self/cgroup.
fn box_cgroup(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .unwrap_or_else(|| panic!("no cgroup line in {stdout:?}"))
        .trim()
        .to_string()
}

const PRINT_CGROUP: &str = "#include <stdio.h>\nint main(){FILE*f=fopen(\"/proc/self/cgroup\",\"r\");char b[512];while(fgets(b,sizeof b,f))fputs(b,stdout);return 0;}";

/// Touches `argv[1]` MiB, page by page, then exits.
const TOUCH: &str = "#include <stdlib.h>\n#include <string.h>\nint main(int c,char**v){long n=c>1?atol(v[1]):0;char*p=malloc(n*1048576+1);for(long i=0;i<n*1048576;i+=4096)p[i]=1;return p[0]==7;}";

#[test]
fn boxes_live_in_the_delegated_cgroup_and_are_removed_with_the_sandbox() {
    let Some(sandbox) = v2_sandbox("judge-test-removal") else {
        return;
    };
    let v2 = sandbox.environment().cgroup_v2.clone().unwrap();
    let (outcome, stdout) = common::run_c(&sandbox, PRINT_CGROUP, common::limits(1000, 64));
    assert!(outcome.success(), "{outcome:?}");
    let cgroup = box_cgroup(&stdout);
    let base = v2.delegation.base.trim_end_matches('/');
    assert!(
        cgroup.starts_with(&format!("{base}/judge-test-removal/box-")),
        "the box ran in {cgroup}, not under the base {base}"
    );
    // The judge itself left the base, which now gives controllers to its children.
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap();
    let own = box_cgroup(&own);
    assert!(
        base.is_empty() || own == format!("{base}/supervisor"),
        "the judge is in {own}"
    );
    // A judge started from here (in the supervisor leaf) finds the same base.
    let again = Environment::detect().cgroup_v2.unwrap().delegation;
    assert_eq!(
        (again.base.as_str(), again.problem),
        (v2.delegation.base.as_str(), None)
    );
    let group = v2.base_dir().join("judge-test-removal");
    assert!(group.is_dir());
    drop(sandbox);
    assert!(!group.exists(), "{} is left behind", group.display());
}

#[test]
fn an_oom_kill_is_memory_limit_with_the_peak_at_the_limit() {
    let Some(sandbox) = v2_sandbox("judge") else {
        return;
    };
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <stdlib.h>\n#include <string.h>\nint main(){for(;;){char*p=malloc(1<<20);if(!p)return 7;memset(p,1,1<<20);}}",
        common::limits(5000, 64),
    );
    assert_eq!(outcome.termination, Termination::MemoryLimit, "{outcome:?}");
    let peak = outcome.peak_memory_bytes;
    assert!(
        (60 * MIB..=64 * MIB).contains(&peak),
        "peak {peak} bytes for a 64 MiB limit"
    );
}

#[test]
fn a_child_killed_by_the_oom_killer_makes_the_run_memory_limit() {
    let Some(sandbox) = v2_sandbox("judge") else {
        return;
    };
    // Like g++ whose cc1plus is killed: the parent survives the child and exits 1.
    let (outcome, _) = common::run_c(
        &sandbox,
        "#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <sys/wait.h>\nint main(){if(fork()==0){for(;;){char*p=malloc(1<<20);if(!p)_exit(7);memset(p,1,1<<20);}}int s;wait(&s);return 1;}",
        common::limits(5000, 64),
    );
    assert_eq!(outcome.termination, Termination::MemoryLimit, "{outcome:?}");
}

#[test]
fn peak_memory_and_cpu_time_are_each_runs_own() {
    let Some(sandbox) = v2_sandbox("judge") else {
        return;
    };
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), TOUCH);
    let scratch = tempfile::tempdir().unwrap();
    let run = |boxed: &mut sandbox::SandboxBox, mib: &str| {
        let mut spec = common::spec(scratch.path(), common::limits(5000, 256));
        spec.argv.push(mib.into());
        let outcome = boxed.run(&spec).unwrap();
        assert!(outcome.success(), "{outcome:?}");
        outcome
    };
    let big = run(&mut boxed, "100");
    let small = run(&mut boxed, "1");
    assert!(
        big.peak_memory_bytes >= 100 * MIB,
        "100 MiB touched, peak {}",
        big.peak_memory_bytes
    );
    assert!(
        small.peak_memory_bytes < 20 * MIB,
        "1 MiB touched after 100 MiB in the same box, peak {}",
        small.peak_memory_bytes
    );
    assert!(small.cpu_time < big.cpu_time, "{small:?} after {big:?}");
}

#[test]
fn pids_max_stops_a_fork_loop() {
    let Some(sandbox) = v2_sandbox("judge") else {
        return;
    };
    let mut limits = common::limits(2000, 64);
    limits.processes = 8;
    let (outcome, stdout) = common::run_c(
        &sandbox,
        "#include <stdio.h>\n#include <unistd.h>\nint main(){int n=0;while(n<100){pid_t p=fork();if(p<0)break;if(p==0){pause();_exit(0);}n++;}printf(\"%d\\n\",n);return 0;}",
        limits,
    );
    assert!(outcome.success(), "{outcome:?}");
    let forked: u32 = stdout.trim().parse().unwrap();
    assert!(forked < 8, "{forked} processes forked under a limit of 8");
}

#[test]
fn the_box_cgroup_holds_the_limits_of_the_run() {
    let Some(sandbox) = v2_sandbox("judge-test-limits") else {
        return;
    };
    let v2 = sandbox.environment().cgroup_v2.clone().unwrap();
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(
        boxed.dir(),
        "#include <stdio.h>\nint main(){char b[256];FILE*f=fopen(\"/proc/self/cgroup\",\"r\");fgets(b,sizeof b,f);fputs(b,stdout);return 0;}",
    );
    let scratch = tempfile::tempdir().unwrap();
    let mut limits = common::limits(1000, 48);
    limits.processes = 12;
    let spec = common::spec(scratch.path(), limits);
    let outcome = boxed.run(&spec).unwrap();
    assert!(outcome.success(), "{outcome:?}");
    let cgroup = box_cgroup(&std::fs::read_to_string(&spec.stdout).unwrap());
    let dir: PathBuf = v2.mount.join(cgroup.trim_start_matches('/'));
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
    assert_eq!(read("memory.max").trim(), (48 * MIB).to_string());
    assert_eq!(read("pids.max").trim(), "12");
    assert_eq!(read("memory.oom.group").trim(), "1");
    if dir.join("memory.swap.max").exists() {
        assert_eq!(read("memory.swap.max").trim(), "0");
    }
    assert_eq!(
        read("cgroup.procs").trim(),
        "",
        "the box is empty after the run"
    );
}
