//! cgroup v2: one directory in the unified hierarchy, `<mount>/<group>/<name>`.
//!
//! - memory: `memory.max`, `memory.swap.max = 0`, `memory.oom.group = 1` (an OOM kill takes
//!   the whole box); peak from `memory.peak`, reset before each run by writing to the open
//!   file (Linux 6.12+; on older kernels the cgroup is recreated instead); OOM kills from
//!   the `oom_kill` counter of `memory.events`.
//! - cpu: `usage_usec` of `cpu.stat` (not resettable: the value at `prepare` is subtracted).
//! - pids: `pids.max`.
//! - killing: `cgroup.kill` (Linux 5.14+), else list and kill.
//!
//! The box cgroups live in `<base>/<group>/box-<id>`, where the base is the part of the
//! tree given to the judge ([`super::delegation`]): the judge's own cgroup when a service
//! manager delegated it, the hierarchy's root otherwise. The base and the group give the
//! three controllers to their children; the judge's own process is never in either
//! (cgroup v2's no-internal-processes rule).

use super::files::{keyed_value, kill_listed, open_for_joining, remove_dir, reread};
use super::files::{write_value, ControlFile};
use super::usage::Usage;
use crate::error::{Result, SandboxError};
use crate::limits::Limits;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A box's directory in the unified hierarchy.
#[derive(Debug)]
pub struct V2Cgroup {
    base: PathBuf,
    group: String,
    name: String,
    dir: PathBuf,
    procs: Vec<File>,
    cpu_stat: File,
    peak: Option<File>,
    cpu_usec_before: u64,
    oom_kills_before: u64,
    buffer: String,
    /// Made anew by [`V2Cgroup::renew`] and not used by a run since.
    renewed: bool,
    /// `memory.events` and `cgroup.events`, kept open (read on every run's path).
    events: ControlFile,
    populated: ControlFile,
    /// The limits written last (a cgroup made anew has none): written again only when
    /// a run asks for others.
    memory_max: Option<u64>,
    pids_max: Option<u32>,
}

impl V2Cgroup {
    /// Creates (or reuses) `<base>/<group>/<name>` with the controllers it needs; the base
    /// is made ready first (once per process).
    pub fn create(base: &Path, group: &str, name: &str) -> Result<V2Cgroup> {
        super::delegation::make_ready(base)?;
        let parent = base.join(group);
        let dir = parent.join(name);
        // Another judge removes the group when its last box goes: create the box, which
        // keeps the group, then give the group's controllers to it.
        let mut attempt = 0;
        loop {
            match std::fs::create_dir_all(&dir) {
                Ok(()) => break,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && attempt < 10 => {
                    attempt += 1;
                }
                Err(e) => return Err(SandboxError::io("creating the cgroup", &dir, e)),
            }
        }
        super::delegation::enable(&parent).map_err(|e| {
            SandboxError::io(
                "enabling the memory, pids and cpu controllers in",
                parent.join("cgroup.subtree_control"),
                e,
            )
        })?;
        kill_listed(&dir);
        let stat_path = dir.join("cpu.stat");
        let cpu_stat =
            File::open(&stat_path).map_err(|e| SandboxError::io("opening", &stat_path, e))?;
        let events = ControlFile::open(dir.join("memory.events"), false)?;
        let populated = ControlFile::open(dir.join("cgroup.events"), false)?;
        Ok(V2Cgroup {
            procs: vec![open_for_joining(&dir, "cgroup.procs")?],
            base: base.to_path_buf(),
            group: group.to_string(),
            name: name.to_string(),
            dir,
            cpu_stat,
            peak: None,
            cpu_usec_before: 0,
            oom_kills_before: 0,
            buffer: String::new(),
            renewed: false,
            events,
            populated,
            memory_max: None,
            pids_max: None,
        })
    }

    /// The open `cgroup.procs` file (v2's `cgroup.threads` only moves threads within one
    /// threaded domain).
    pub fn join_files(&self) -> &[File] {
        &self.procs
    }

    fn events_oom_kills(&mut self) -> Result<u64> {
        Ok(keyed_value(self.events.read()?, "oom_kill").unwrap_or(0))
    }

    fn cpu_usec(&mut self) -> Result<u64> {
        let path = self.dir.join("cpu.stat");
        reread(&self.cpu_stat, &path, &mut self.buffer)?;
        Ok(keyed_value(&self.buffer, "usage_usec").unwrap_or(0))
    }

    /// Opens `memory.peak` and resets it by a write through that handle; `None` when the
    /// kernel cannot reset it (before 6.12) or has no `memory.peak` (before 5.19).
    fn reset_peak(&self) -> Option<File> {
        let path = self.dir.join("memory.peak");
        let mut file = File::options().read(true).write(true).open(path).ok()?;
        file.write_all(b"reset\n").ok()?;
        Some(file)
    }

    /// Readies the cgroup for its next run before any process joins it: where the kernel
    /// cannot reset the peak, a fresh cgroup (which starts at zero) replaces it. The
    /// cgroup must be empty.
    pub fn renew(&mut self) -> Result<()> {
        // The peak of the last run's `prepare`, open only where the kernel resets it.
        if self.peak.is_none() {
            remove_dir(&self.dir);
            *self = V2Cgroup::create(&self.base, &self.group, &self.name)?;
            self.renewed = true;
        }
        Ok(())
    }

    /// Sets the limits and resets the counters. The program of the run may have joined
    /// already, if the cgroup was renewed for it.
    pub fn prepare(&mut self, limits: &Limits) -> Result<()> {
        self.peak = self.reset_peak();
        if self.peak.is_none() && !std::mem::take(&mut self.renewed) {
            // No resettable peak on this kernel: a fresh cgroup starts at zero.
            remove_dir(&self.dir);
            *self = V2Cgroup::create(&self.base, &self.group, &self.name)?;
        }
        if self.memory_max != Some(limits.memory_bytes) {
            write_value(
                &self.dir.join("memory.max"),
                &limits.memory_bytes.to_string(),
            )?;
            if self.memory_max.is_none() {
                // Once per cgroup: no swap, and an OOM kill takes the whole box.
                let swap = self.dir.join("memory.swap.max");
                if swap.exists() {
                    write_value(&swap, "0")?;
                }
                write_value(&self.dir.join("memory.oom.group"), "1")?;
            }
            self.memory_max = Some(limits.memory_bytes);
        }
        if self.pids_max != Some(limits.processes) {
            write_value(&self.dir.join("pids.max"), &limits.processes.to_string())?;
            self.pids_max = Some(limits.processes);
        }
        self.cpu_usec_before = self.cpu_usec()?;
        self.oom_kills_before = self.events_oom_kills()?;
        Ok(())
    }

    /// CPU time since `prepare`.
    pub fn cpu_time(&mut self) -> Result<Duration> {
        let now = self.cpu_usec()?;
        Ok(Duration::from_micros(
            now.saturating_sub(self.cpu_usec_before),
        ))
    }

    /// What the run used.
    pub fn usage(&mut self) -> Result<Usage> {
        let peak_memory_bytes = match &mut self.peak {
            Some(file) => {
                let path = self.dir.join("memory.peak");
                reread(file, &path, &mut self.buffer)?;
                self.buffer.trim().parse().unwrap_or(0)
            }
            None => super::files::read_u64(&self.dir.join("memory.peak"))
                .or_else(|_| super::files::read_u64(&self.dir.join("memory.current")))?,
        };
        Ok(Usage {
            cpu_time: self.cpu_time()?,
            peak_memory_bytes,
            oom_killed: self.events_oom_kills()? > self.oom_kills_before,
        })
    }

    /// Whether no process is left in the cgroup (`populated 0` in `cgroup.events`).
    pub fn is_empty(&mut self) -> Result<bool> {
        Ok(keyed_value(self.populated.read()?, "populated") == Some(0))
    }

    /// Kills every task: `cgroup.kill` where the kernel has it, else list and kill.
    pub fn kill_all(&self) {
        let _ = write_value(&self.dir.join("cgroup.kill"), "1");
        kill_listed(&self.dir);
    }

    /// Removes the directory; the group too when it is left empty.
    pub fn remove(self) {
        let dir = self.dir.clone();
        drop(self);
        remove_dir(&dir);
        if let Some(parent) = dir.parent() {
            let _ = std::fs::remove_dir(parent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory laid out like a v2 hierarchy, with the files the backend reads.
    fn fake_hierarchy() -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("cgroup.subtree_control"), "").unwrap();
        let group = root.path().join("judge-test");
        let dir = group.join("box-0");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(group.join("cgroup.subtree_control"), "").unwrap();
        for (file, text) in [
            ("cgroup.procs", ""),
            ("cgroup.events", "populated 0\nfrozen 0\n"),
            (
                "cpu.stat",
                "usage_usec 5000\nuser_usec 4000\nsystem_usec 1000\n",
            ),
            ("memory.events", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n"),
            ("memory.peak", "1048576\n"),
            ("memory.max", "max\n"),
            ("memory.swap.max", "max\n"),
            ("memory.oom.group", "0\n"),
            ("pids.max", "max\n"),
        ] {
            std::fs::write(dir.join(file), text).unwrap();
        }
        root
    }

    #[test]
    fn prepare_writes_limits_and_takes_baselines() {
        let root = fake_hierarchy();
        let mut cgroup = V2Cgroup::create(root.path(), "judge-test", "box-0").unwrap();
        let limits = Limits::for_test(Duration::from_secs(1), 256 << 20);
        cgroup.prepare(&limits).unwrap();
        let dir = root.path().join("judge-test/box-0");
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
        assert_eq!(read("memory.max"), "268435456");
        assert_eq!(read("memory.swap.max"), "0");
        assert_eq!(read("memory.oom.group"), "1");
        assert_eq!(read("pids.max"), "64");
        assert_eq!(
            std::fs::read_to_string(root.path().join("cgroup.subtree_control")).unwrap(),
            "+memory +pids +cpu"
        );
        // Counters are relative to prepare: the fake kernel's later values show the deltas.
        std::fs::write(dir.join("cpu.stat"), "usage_usec 255000\n").unwrap();
        std::fs::write(dir.join("memory.events"), "oom_kill 2\n").unwrap();
        let usage = cgroup.usage().unwrap();
        assert_eq!(usage.cpu_time, Duration::from_millis(250));
        assert!(usage.oom_killed);
    }

    #[test]
    fn usage_without_an_oom_kill_is_not_memory_limited() {
        let root = fake_hierarchy();
        let mut cgroup = V2Cgroup::create(root.path(), "judge-test", "box-0").unwrap();
        cgroup
            .prepare(&Limits::for_test(Duration::from_secs(1), 64 << 20))
            .unwrap();
        let usage = cgroup.usage().unwrap();
        assert!(!usage.oom_killed);
        assert_eq!(usage.cpu_time, Duration::ZERO);
    }
}
