//! Round trips through an interactive run: a program in one box answers N questions from
//! a program in another box, through two pipes from one box to the other; prints queries
//! per second and the CPU each side used per query.
//!
//! ```text
//! cargo run --release -p sandbox --example round_trips -- [N]
//! ```

use sandbox::{Limits, RunSpec, Sandbox, SandboxConfig, MIB};
use std::process::Command;
use std::time::{Duration, Instant};

const ASKER: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int rounds = atoi(argv[1]);
    for (int i = 0; i < rounds; i++) {
        printf("%d\n", i); fflush(stdout);
        int got; if (scanf("%d", &got) != 1 || got != i + 1) return 1;
    }
    return 0;
}
"#;

const ANSWERER: &str = r#"
#include <stdio.h>
int main(void) {
    int x;
    while (scanf("%d", &x) == 1) { printf("%d\n", x + 1); fflush(stdout); }
    return 0;
}
"#;

fn compile(dir: &std::path::Path, source: &str) {
    let file = dir.join("main.c");
    std::fs::write(&file, source).expect("write");
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(dir.join("main"))
        .arg(&file)
        .status()
        .expect("gcc");
    assert!(status.success());
}

fn main() {
    let rounds: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let sandbox = Sandbox::new(SandboxConfig::default()).expect("sandbox");
    eprintln!("mode: {:?}", sandbox.mode());
    let mut first = sandbox.acquire().expect("box");
    let mut second = sandbox.acquire().expect("box");
    compile(first.dir(), ANSWERER);
    compile(second.dir(), ASKER);
    let scratch = tempfile::tempdir().expect("scratch");
    let mut limits = Limits::for_test(Duration::from_secs(60), 64 * MIB);
    limits.wall_time = Duration::from_secs(120);
    let spec = |argv: Vec<String>| RunSpec {
        argv,
        env: vec![],
        stdin: None,
        stdout: scratch.path().join("stdout"),
        box_writable: false,
        root_binds: vec![],
        binds: vec![],
        limits: limits.clone(),
    };
    let started = Instant::now();
    let sandbox::Interaction {
        program: answerer,
        partner: asker,
        ..
    } = first
        .run_interactive(
            &spec(vec!["./main".into()]),
            &mut second,
            &spec(vec!["./main".into(), rounds.to_string()]),
            &|status| libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        )
        .expect("run");
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(asker.exit_code, Some(0), "{asker:?}");
    println!(
        "{rounds} round trips in {seconds:.2} s: {:.0} per second; CPU per round trip: answerer {:.2} us, asker {:.2} us",
        rounds as f64 / seconds,
        answerer.cpu_time.as_secs_f64() * 1e6 / rounds as f64,
        asker.cpu_time.as_secs_f64() * 1e6 / rounds as f64,
    );
}
