//! cgroup v1: the memory, cpuacct and pids hierarchies, one directory in each.
//!
//! - memory: `memory.limit_in_bytes` (and `memory.memsw.limit_in_bytes` when swap accounting
//!   is on, so swap cannot extend it), peak from `memory.max_usage_in_bytes` (reset before
//!   each run) minus what was still charged when the run began, OOM kills from the
//!   `oom_kill` counter of `memory.oom_control`.
//! - cpuacct: `cpuacct.usage`, nanoseconds of user + system time of every task, reset to 0.
//! - pids: `pids.max`.
//!
//! A program joins through each hierarchy's `tasks` file, not `cgroup.procs`: it is one
//! thread when it joins, so the two move the same, but a write to `cgroup.procs` takes
//! the kernel's global `cgroup_threadgroup_rwsem` for writing, and the first such write
//! after a few quiet milliseconds waits for a whole RCU grace period (measured on Linux
//! 6.18: 7.5-20 ms after 100 ms without a migration, against 7-20 us right after
//! another). Moving only the calling thread skips that lock (Linux 6.1 and later; on
//! older kernels the two cost the same): about 30 us, quiet or not.

use super::files::{create_dir, keyed_value, kill_listed, open_for_joining, read_u64, remove_dir};
use super::files::{write_value, ControlFile};
use super::usage::Usage;
use crate::environment::CgroupV1;
use crate::error::{Result, SandboxError};
use crate::limits::Limits;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A box's directories in the v1 hierarchies.
#[derive(Debug)]
pub struct V1Cgroup {
    memory: PathBuf,
    cpuacct: PathBuf,
    pids: Option<PathBuf>,
    procs: Vec<File>,
    usage: ControlFile,
    max_usage: ControlFile,
    oom_control: ControlFile,
    cpu_usage: ControlFile,
    pids_max: Option<ControlFile>,
    memory_limit_bytes: Option<u64>,
    processes: Option<u32>,
    baseline_bytes: u64,
    oom_kills_before: u64,
}

impl V1Cgroup {
    /// Creates (or reuses) `<hierarchy>/<group>/<name>` in each hierarchy.
    pub fn create(mounts: &CgroupV1, group: &str, name: &str) -> Result<V1Cgroup> {
        let missing = |what| SandboxError::Unsupported(format!("cgroup v1: no {what} hierarchy"));
        let memory = mounts.memory.as_ref().ok_or_else(|| missing("memory"))?;
        let cpuacct = mounts.cpuacct.as_ref().ok_or_else(|| missing("cpuacct"))?;
        let memory = memory.join(group).join(name);
        let cpuacct = cpuacct.join(group).join(name);
        let pids = mounts.pids.as_ref().map(|p| p.join(group).join(name));
        let mut procs = Vec::new();
        for dir in [Some(&memory), Some(&cpuacct), pids.as_ref()]
            .into_iter()
            .flatten()
        {
            create_dir(dir)?;
            // A cgroup left behind by a judge that was killed may still hold tasks.
            kill_listed(dir);
            procs.push(open_for_joining(dir, "tasks")?);
        }
        Ok(V1Cgroup {
            usage: ControlFile::open(memory.join("memory.usage_in_bytes"), false)?,
            max_usage: ControlFile::open(memory.join("memory.max_usage_in_bytes"), true)?,
            oom_control: ControlFile::open(memory.join("memory.oom_control"), false)?,
            cpu_usage: ControlFile::open(cpuacct.join("cpuacct.usage"), true)?,
            pids_max: match &pids {
                Some(dir) => Some(ControlFile::open(dir.join("pids.max"), true)?),
                None => None,
            },
            memory,
            cpuacct,
            pids,
            procs,
            memory_limit_bytes: None,
            processes: None,
            baseline_bytes: 0,
            oom_kills_before: 0,
        })
    }

    /// The open `tasks` files of every hierarchy (see the module's comment).
    pub fn join_files(&self) -> &[File] {
        &self.procs
    }

    fn oom_kills(&mut self) -> Result<u64> {
        Ok(keyed_value(self.oom_control.read()?, "oom_kill").unwrap_or(0))
    }

    fn set_memory_limit(&mut self, bytes: u64) -> Result<()> {
        if self.memory_limit_bytes == Some(bytes) {
            return Ok(());
        }
        let limit = self.memory.join("memory.limit_in_bytes");
        let memsw = self.memory.join("memory.memsw.limit_in_bytes");
        let value = bytes.to_string();
        // memsw must never be below the memory limit: raise it first, lower it last.
        let raising = bytes > read_u64(&limit)?;
        if memsw.exists() && raising {
            write_value(&memsw, &value)?;
            write_value(&limit, &value)?;
        } else {
            write_value(&limit, &value)?;
            if memsw.exists() {
                write_value(&memsw, &value)?;
            }
        }
        self.memory_limit_bytes = Some(bytes);
        Ok(())
    }

    /// Sets the limits and resets the counters.
    pub fn prepare(&mut self, limits: &Limits) -> Result<()> {
        // What earlier runs left charged (kernel objects freed lazily, some page cache) is
        // not this run's: it is subtracted from the peak. (memory.force_empty would drop
        // little of it and cost milliseconds per run.)
        self.baseline_bytes = self.usage.read_u64()?;
        self.set_memory_limit(limits.memory_bytes)?;
        self.max_usage.write("0")?;
        self.oom_kills_before = self.oom_kills()?;
        self.cpu_usage.write("0")?;
        if let Some(pids_max) = self.pids_max.as_mut() {
            if self.processes != Some(limits.processes) {
                pids_max.write(&limits.processes.to_string())?;
                self.processes = Some(limits.processes);
            }
        }
        Ok(())
    }

    /// CPU time since `prepare`.
    pub fn cpu_time(&mut self) -> Result<Duration> {
        Ok(Duration::from_nanos(self.cpu_usage.read_u64()?))
    }

    /// What the run used.
    pub fn usage(&mut self) -> Result<Usage> {
        Ok(Usage {
            cpu_time: self.cpu_time()?,
            peak_memory_bytes: self
                .max_usage
                .read_u64()?
                .saturating_sub(self.baseline_bytes),
            oom_killed: self.oom_kills()? > self.oom_kills_before,
        })
    }

    /// Whether no task is left (the memory hierarchy's list; every task joins all three).
    pub fn is_empty(&mut self) -> Result<bool> {
        // Opened afresh each time: v1 keeps the list of an open cgroup.procs (or tasks)
        // cached for that file for a second, so a kept-open file read again from its
        // start may show the list of an earlier read (empty, while a process the program
        // left behind still runs).
        let path = self.memory.join("cgroup.procs");
        let procs = std::fs::read_to_string(&path)
            .map_err(|e| SandboxError::io("reading the cgroup file", &path, e))?;
        Ok(procs.trim().is_empty())
    }

    fn dirs(&self) -> impl Iterator<Item = &Path> {
        [Some(&self.memory), Some(&self.cpuacct), self.pids.as_ref()]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path)
    }

    /// Kills every task (v1 has no `cgroup.kill`: list and kill until empty).
    pub fn kill_all(&self) {
        for dir in self.dirs() {
            kill_listed(dir);
        }
    }

    /// Removes the directories; the parent group too when it is left empty.
    pub fn remove(self) {
        let dirs: Vec<PathBuf> = self.dirs().map(Path::to_path_buf).collect();
        drop(self);
        for dir in &dirs {
            remove_dir(dir);
            if let Some(parent) = dir.parent() {
                let _ = std::fs::remove_dir(parent);
            }
        }
    }
}
