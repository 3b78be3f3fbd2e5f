//! Runs a trivial program N times through the sandbox and N times by a bare
//! fork + exec + wait4 loop, in alternating blocks of 100 runs, and prints runs per second
//! for both:
//!
//! ```text
//! cargo run --release -p sandbox --example throughput -- [N]
//! ```

use sandbox::{Limits, RunSpec, Sandbox, SandboxConfig, MIB};
use std::process::Command;
use std::time::{Duration, Instant};

/// Runs of one loop in a row.
const BLOCK: usize = 100;

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let mut config = SandboxConfig::default();
    // THROUGHPUT_MODE=plain measures the same loop without isolation, =rlimit without cgroups.
    match std::env::var("THROUGHPUT_MODE").as_deref() {
        Ok("plain") => config.isolation = sandbox::Isolation::Off,
        Ok("rlimit") => {
            config.isolation = sandbox::Isolation::Off;
            config.backend = sandbox::Backend::RlimitOnly;
        }
        _ => {}
    }
    let sandbox = Sandbox::new(config).expect("sandbox");
    eprintln!("mode: {:?}", sandbox.mode());
    let mut boxed = sandbox.acquire().expect("box");
    let source = boxed.dir().join("true.c");
    std::fs::write(&source, "int main(void){return 0;}\n").expect("write");
    let exe = boxed.dir().join("main");
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("gcc");
    assert!(status.success());
    let scratch = tempfile::tempdir().expect("scratch");
    let spec = RunSpec {
        argv: vec!["./main".into()],
        env: vec![],
        stdin: None,
        stdout: scratch.path().join("out"),
        box_writable: false,
        root_binds: vec![],
        binds: vec![],
        limits: Limits::for_test(Duration::from_secs(1), 64 * MIB),
    };
    // In blocks of 100 runs, one loop's then the other's: both see the same load on a
    // shared machine, and each pays for the work the kernel defers after its own runs
    // (as `bench overhead` measures).
    let bare_run = || {
        // SAFETY: the child only execs or exits.
        unsafe {
            let pid = libc::fork();
            if pid == 0 {
                let path =
                    std::ffi::CString::new(exe.as_os_str().as_encoded_bytes()).unwrap_or_default();
                let argv = [path.as_ptr(), std::ptr::null()];
                libc::execv(path.as_ptr(), argv.as_ptr());
                libc::_exit(127);
            }
            let mut status = 0;
            let mut usage: libc::rusage = std::mem::zeroed();
            libc::wait4(pid, &mut status, 0, &mut usage);
        }
    };
    let (mut sandboxed, mut bare) = (Duration::ZERO, Duration::ZERO);
    let (mut done, mut prepared) = (0, 0);
    while done < runs {
        let block = BLOCK.min(runs - done);
        let started = Instant::now();
        for _ in 0..block {
            let outcome = boxed.run(&spec).expect("run");
            assert!(outcome.success(), "{outcome:?}");
            prepared += usize::from(boxed.last_run_was_prepared());
        }
        // The block pays for the teardown of its last boxes too.
        boxed.settle();
        sandboxed += started.elapsed();
        let started = Instant::now();
        for _ in 0..block {
            bare_run();
        }
        bare += started.elapsed();
        done += block;
    }
    let sandboxed = runs as f64 / sandboxed.as_secs_f64();
    let bare = runs as f64 / bare.as_secs_f64();
    println!(
        "sandbox: {sandboxed:.0} runs/s   bare fork+exec+wait4: {bare:.0} runs/s   ratio {:.2}   \
         ({prepared} of {runs} runs started by a prepared box)",
        sandboxed / bare
    );
}
