//! Runs one command in a box, for trying the sandbox by hand:
//!
//! ```text
//! cargo run -p sandbox --example box-run -- [--writable] [--copy FILE]... [--bind PATH]...
//!     [--env KEY=VALUE]... -- COMMAND ARGS...
//! ```
//!
//! Files given with `--copy` are copied into the box directory first. Prints the outcome
//! as JSON and the program's stdout.

use sandbox::{Limits, RunSpec, Sandbox, SandboxConfig, MIB};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let split = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let (options, command) = args.split_at(split);
    let command = command.get(1..).unwrap_or_default().to_vec();
    if command.is_empty() {
        eprintln!("usage: box-run [--writable] [--copy FILE]... -- COMMAND ARGS...");
        std::process::exit(2);
    }
    let sandbox = Sandbox::new(SandboxConfig::default()).expect("sandbox");
    eprintln!("mode: {:?}", sandbox.mode());
    let mut boxed = sandbox.acquire().expect("box");
    let mut writable = false;
    let mut binds = Vec::new();
    let mut env = Vec::new();
    let mut iter = options.iter();
    while let Some(option) = iter.next() {
        match option.as_str() {
            "--writable" => writable = true,
            "--copy" => {
                let file = iter.next().expect("--copy FILE");
                let name = std::path::Path::new(file).file_name().expect("a file name");
                std::fs::copy(file, boxed.dir().join(name)).expect("copy into the box");
            }
            "--bind" => {
                binds.extend(sandbox.readonly_binds(&[iter.next().expect("--bind PATH").clone()]))
            }
            "--env" => {
                let pair = iter.next().expect("--env KEY=VALUE");
                let (key, value) = pair.split_once('=').expect("KEY=VALUE");
                env.push((key.to_string(), sandbox.expand_home(value)));
            }
            other => panic!("unknown option {other}"),
        }
    }
    let scratch = tempfile::tempdir().expect("scratch dir");
    let mut limits = Limits::for_test(Duration::from_secs(10), 1024 * MIB);
    limits.processes = 128;
    let spec = RunSpec {
        argv: command,
        env,
        stdin: None,
        stdout: scratch.path().join("stdout"),
        box_writable: writable,
        root_binds: vec![],
        binds,
        limits,
    };
    match boxed.run(&spec) {
        Ok(outcome) => {
            println!("{}", serde_json::to_string_pretty(&outcome).expect("json"));
            print!(
                "{}",
                std::fs::read_to_string(&spec.stdout).unwrap_or_default()
            );
        }
        Err(error) => {
            eprintln!("error: {error}");
            std::process::exit(1);
        }
    }
}
