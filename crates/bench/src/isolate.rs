//! ioi/isolate as a third column of the overhead benchmark: the same trivial program run
//! by the `isolate` command, either a whole box cycle per run (`--init`, copy the
//! program in, `--run`, `--cleanup`: what a judge built on isolate does per test) or only
//! `--run` in a box set up once.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How to call isolate.
#[derive(Debug, Clone)]
pub struct Isolate {
    /// The `isolate` executable.
    pub binary: PathBuf,
    /// The box id to use (keep it away from other users of isolate on the machine).
    pub box_id: u32,
    /// Whether to pass `--cg` (control groups: memory limit of the whole box, CPU time of
    /// every process).
    pub cgroups: bool,
}

impl Isolate {
    fn command(&self) -> Command {
        let mut command = Command::new(&self.binary);
        command.arg(format!("--box-id={}", self.box_id));
        if self.cgroups {
            command.arg("--cg");
        }
        command
    }

    fn checked(mut command: Command, what: &str) -> Result<String> {
        let output = command
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("running isolate {what}"))?;
        if !output.status.success() {
            bail!(
                "isolate {what} failed ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
    }

    /// `isolate --init`: the box's folder (the program's working directory is its `box`).
    pub fn init(&self) -> Result<PathBuf> {
        let mut command = self.command();
        command.arg("--init");
        Ok(PathBuf::from(Self::checked(command, "--init")?).join("box"))
    }

    /// `isolate --run -- ./main` with a 1 s CPU limit and 64 MiB of memory (the limits of
    /// the sandbox loops), stdout and stderr to files in the box.
    pub fn run(&self) -> Result<()> {
        let mut command = self.command();
        command.args(["--time=1", "--wall-time=3", "--stdout=out", "--stderr=err"]);
        if self.cgroups {
            command.arg("--cg-mem=65536");
        } else {
            command.arg("--mem=65536");
        }
        command.args(["--run", "--", "./main"]);
        Self::checked(command, "--run").map(|_| ())
    }

    /// `isolate --cleanup`.
    pub fn cleanup(&self) -> Result<()> {
        let mut command = self.command();
        command.arg("--cleanup");
        Self::checked(command, "--cleanup").map(|_| ())
    }

    /// One whole cycle: init, copy `program` in as `main`, run, cleanup.
    pub fn cycle(&self, program: &Path) -> Result<()> {
        let dir = self.init()?;
        std::fs::copy(program, dir.join("main")).context("copying the program into the box")?;
        let run = self.run();
        self.cleanup()?;
        run
    }

    /// `isolate --version`'s first line.
    pub fn version(&self) -> Result<String> {
        let mut command = Command::new(&self.binary);
        command.arg("--version");
        let text = Self::checked(command, "--version")?;
        Ok(text.lines().next().unwrap_or_default().to_string())
    }
}
