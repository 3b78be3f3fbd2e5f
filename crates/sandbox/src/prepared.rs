//! A box's next init, prepared while the current run goes on (Linux only).
//!
//! After a run starts, its box clones the init for a run exactly like it: new pid, ipc and
//! uts namespaces, the slot's network namespace, a private copy of the box root with the
//! run's mounts. That init then waits for stdin, stdout and stderr on its control socket.
//! When the next run asks for the same box (the same program, mounts, limits and
//! descriptors, from the same thread), it costs only handing those over; otherwise the
//! prepared init is killed and a fresh one is started as before. Either way every run has
//! namespaces, a root and a /tmp of its own: a prepared init is used once.
//!
//! Only the thread that cloned an init may use it: the init's parent-death signal comes
//! when that thread ends, which would otherwise kill a run in progress. The same signal
//! means that nothing waits on when the judge is killed.

use crate::child::MountStep;
use crate::error::Result;
use crate::launch::{self, Launched, Prepared, Program};
use crate::rlimits::Rlimit;
use std::path::PathBuf;

/// What a prepared init was built for: everything of a [`Program`] but its stdio.
#[derive(Debug, Clone, PartialEq)]
struct Built {
    netns_fd: libc::c_int,
    template_fd: libc::c_int,
    run_steps: Vec<MountStep>,
    cgroup_fds: Vec<libc::c_int>,
    rlimits: Vec<Rlimit>,
    uid: Option<u32>,
    cpu: Option<usize>,
    workdir: PathBuf,
    executable: PathBuf,
    argv: Vec<String>,
    env: Vec<(String, String)>,
    /// The thread that cloned the init.
    thread: libc::pid_t,
}

impl Built {
    fn of(program: &Program) -> Built {
        Built {
            netns_fd: program.netns_fd,
            template_fd: program.template_fd,
            run_steps: program.run_steps.clone(),
            cgroup_fds: program.cgroup_fds.clone(),
            rlimits: program.rlimits.clone(),
            uid: program.uid,
            cpu: program.cpu,
            workdir: program.workdir.to_path_buf(),
            executable: program.executable.to_path_buf(),
            argv: program.argv.to_vec(),
            env: program.env.to_vec(),
            // SAFETY: gettid has no preconditions.
            thread: unsafe { libc::gettid() },
        }
    }
}

/// A box's prepared next init, if any.
#[derive(Default)]
pub(crate) struct NextInit(Option<(Built, Prepared)>);

/// How a run was started (for tests and benchmarks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// By the init prepared during the previous run.
    Prepared,
    /// By an init cloned for it.
    Fresh,
}

impl NextInit {
    /// Starts an isolated `program`: with the prepared init when it was built for exactly
    /// this, else with a fresh one. With `next_cgroup_fds`, then prepares the init for a
    /// run like this one in the cgroup of those `cgroup.procs` files (a failure to prepare
    /// only means the next run starts fresh).
    pub(crate) fn start(
        &mut self,
        program: Program,
        next_cgroup_fds: Option<Vec<libc::c_int>>,
    ) -> Result<(Launched, Start)> {
        let wanted = Built::of(&program);
        let stdio = program.stdio;
        // One that cannot take the run (it is gone) is dropped here, which reaps it.
        let handed = self
            .0
            .take()
            .filter(|(built, _)| *built == wanted)
            .and_then(|(_, prepared)| launch::go(prepared, stdio).ok());
        let started = match handed {
            Some(launched) => (launched, Start::Prepared),
            None => (launch::launch(program.clone())?, Start::Fresh),
        };
        if let Some(cgroup_fds) = next_cgroup_fds {
            let next = Program {
                cgroup_fds,
                ..program
            };
            let built = Built::of(&next);
            self.0 = launch::prepare(next).ok().map(|prepared| (built, prepared));
        }
        Ok(started)
    }

    /// Kills the prepared init unless it was built for exactly `program`.
    pub(crate) fn discard_unless(&mut self, program: &Program) {
        if self
            .0
            .as_ref()
            .is_some_and(|(built, _)| *built != Built::of(program))
        {
            self.0 = None;
        }
    }

    /// Kills the prepared init, if any.
    pub(crate) fn discard(&mut self) {
        self.0 = None;
    }
}
