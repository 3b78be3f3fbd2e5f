//! Control groups: the box's memory limit, process limit and CPU accounting.
//!
//! Two cgroups per box slot, created when the slot is first used and reused run after run
//! (creating and removing cgroups per run is slow; isolated runs take the two in turn, see
//! `slots::Slot::cgroups`); removed when the sandbox is dropped. Two backends, one file each: [`v2`] (unified hierarchy) and [`v1`] (separate
//! memory, cpuacct and pids hierarchies); [`delegation`] finds the part of the unified
//! tree the judge may manage.

pub mod delegation;
mod files;
mod usage;
pub mod v1;
pub mod v2;

pub use usage::Usage;

use crate::error::Result;
use crate::limits::Limits;
use std::fs::File;
use std::time::Duration;

/// A box's cgroup, in whichever hierarchy the machine has.
#[derive(Debug)]
pub enum BoxCgroup {
    /// cgroup v1: one directory per controller hierarchy.
    V1(Box<v1::V1Cgroup>),
    /// cgroup v2: one directory in the unified hierarchy.
    V2(Box<v2::V2Cgroup>),
}

impl BoxCgroup {
    /// Sets the limits and resets the counters for the next run. The cgroup must be empty.
    pub fn prepare(&mut self, limits: &Limits) -> Result<()> {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.prepare(limits),
            BoxCgroup::V2(cgroup) => cgroup.prepare(limits),
        }
    }

    /// Readies the cgroup for its next run before that run's program joins it (a program
    /// waits in it for its run: see `prepared.rs`). The cgroup must be empty.
    pub fn renew(&mut self) -> Result<()> {
        match self {
            BoxCgroup::V1(_) => Ok(()),
            BoxCgroup::V2(cgroup) => cgroup.renew(),
        }
    }

    /// The open files the program joins the cgroup through, by writing `0` to each while
    /// it is a single thread: `tasks` in each v1 hierarchy, `cgroup.procs` on v2.
    pub fn join_files(&self) -> &[File] {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.join_files(),
            BoxCgroup::V2(cgroup) => cgroup.join_files(),
        }
    }

    /// CPU time used since `prepare`, read cheaply (called every few milliseconds).
    pub fn cpu_time(&mut self) -> Result<Duration> {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.cpu_time(),
            BoxCgroup::V2(cgroup) => cgroup.cpu_time(),
        }
    }

    /// What the run used since `prepare`.
    pub fn usage(&mut self) -> Result<Usage> {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.usage(),
            BoxCgroup::V2(cgroup) => cgroup.usage(),
        }
    }

    /// Whether no process is in the cgroup (any more).
    pub fn is_empty(&mut self) -> Result<bool> {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.is_empty(),
            BoxCgroup::V2(cgroup) => cgroup.is_empty(),
        }
    }

    /// Kills every task in the cgroup and waits (briefly) until it is empty.
    pub fn kill_all(&self) {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.kill_all(),
            BoxCgroup::V2(cgroup) => cgroup.kill_all(),
        }
    }

    /// Removes the cgroup's directories (after killing anything left in them).
    pub fn remove(self) {
        match self {
            BoxCgroup::V1(cgroup) => cgroup.remove(),
            BoxCgroup::V2(cgroup) => cgroup.remove(),
        }
    }
}
