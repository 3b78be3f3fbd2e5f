//! A box's next init, prepared while the current run goes on (Linux only).
//!
//! After a run starts, its box has the init for a run exactly like it made: new pid, ipc
//! and uts namespaces, the slot's network namespace, a private copy of the box root with
//! the run's mounts, and the program started in it up to its exec, waiting for its stdin,
//! stdout and stderr on a control socket. When the next run asks for the same box (the
//! same program, mounts, limits and cgroup), it costs only handing those over; otherwise
//! the prepared init is killed and a fresh one is started as before. Either way every run
//! has namespaces, a root and a /tmp of its own: a prepared init is used once.
//!
//! The preparing is not the run's: a thread of the box's own (its *preparer*) does it,
//! while the run's thread watches the run, so that the two cores share it. The preparer
//! first reaps the inits of past runs that used the cgroup the next program will join
//! (their teardown must be over before that cgroup's next run is measured), then clones
//! the init. An init's parent-death signal comes when the thread that cloned it ends: the
//! preparer lives as long as the box, so any thread may use the box; if the judge dies,
//! every box dies with it.

use crate::child::MountStep;
use crate::error::{Result, SandboxError};
use crate::fork_server::ForkServer;
use crate::launch::{self, Launched, Prepared, Program};
use crate::rlimits::Rlimit;
use seccompiler::BpfProgram;
use std::os::fd::OwnedFd;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

/// What a prepared init is built for: everything of a [`Program`] but its stdio, owned,
/// so that the preparer can build it.
#[derive(Clone)]
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
    /// Not compared: the same for every run of a sandbox.
    scrub: [(usize, usize); 2],
    seccomp: Arc<Vec<BpfProgram>>,
    /// Keeps the box root's namespace open until the init has entered it.
    _template: Option<Arc<OwnedFd>>,
}

impl PartialEq for Built {
    fn eq(&self, other: &Built) -> bool {
        self.netns_fd == other.netns_fd
            && self.template_fd == other.template_fd
            && self.run_steps == other.run_steps
            && self.cgroup_fds == other.cgroup_fds
            && self.rlimits == other.rlimits
            && self.uid == other.uid
            && self.cpu == other.cpu
            && self.workdir == other.workdir
            && self.executable == other.executable
            && self.argv == other.argv
            && self.env == other.env
    }
}

impl Built {
    /// Whether `program` is what this was built for.
    fn fits(&self, program: &Program) -> bool {
        self.netns_fd == program.netns_fd
            && self.template_fd == program.template_fd
            && self.run_steps == program.run_steps
            && self.cgroup_fds == program.cgroup_fds
            && self.rlimits == program.rlimits
            && self.uid == program.uid
            && self.cpu == program.cpu
            && self.workdir == program.workdir
            && self.executable == program.executable
            && self.argv == program.argv
            && self.env == program.env
    }

    fn of(program: &Program, template: Option<Arc<OwnedFd>>) -> Built {
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
            scrub: program.scrub,
            seccomp: program.seccomp.clone(),
            _template: template,
        }
    }

    /// Whether an init for `other` is cloned from the same plan as one for this: all but
    /// the cgroup files the program joins (their number aside) are the same, and so is the
    /// box root (the same one, not only the same descriptor number: this holds it open).
    fn same_kind(&self, other: &Built) -> bool {
        let same_root = match (&self._template, &other._template) {
            (Some(mine), Some(theirs)) => Arc::ptr_eq(mine, theirs),
            (None, None) => true,
            _ => false,
        };
        same_root
            && self.cgroup_fds.len() == other.cgroup_fds.len()
            && Built {
                cgroup_fds: other.cgroup_fds.clone(),
                ..self.clone()
            } == *other
    }

    /// The program to clone.
    fn program(&self) -> Program<'_> {
        Program {
            isolated: true,
            netns_fd: self.netns_fd,
            template_fd: self.template_fd,
            run_steps: self.run_steps.clone(),
            scrub: self.scrub,
            cgroup_fds: self.cgroup_fds.clone(),
            stdio: [-1; 3],
            rlimits: self.rlimits.clone(),
            uid: self.uid,
            seccomp: self.seccomp.clone(),
            cpu: self.cpu,
            workdir: &self.workdir,
            executable: &self.executable,
            argv: &self.argv,
            env: &self.env,
        }
    }
}

/// Work for the preparer: reap these inits, then prepare an init for this.
struct Request {
    reap: Vec<Launched>,
    built: Built,
}

/// The preparer's answer: the init, or none when it could not be made (the next run then
/// starts a fresh one, which reports why).
type Answer = (Built, Option<Prepared>);

/// A box's preparer thread.
struct Preparer {
    requests: Option<Sender<Request>>,
    answers: Receiver<Answer>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Preparer {
    fn spawn() -> Result<Preparer> {
        let (requests, work) = channel::<Request>();
        let (answer, answers) = channel::<Answer>();
        let thread = std::thread::Builder::new()
            .name("box-preparer".into())
            .spawn(move || {
                // Dropped (killed and reaped) before the thread ends.
                let mut server = None;
                for Request { reap, built } in work {
                    for init in reap {
                        init.reap();
                    }
                    let prepared = prepare(&mut server, &built);
                    if answer.send((built, prepared)).is_err() {
                        // The box is gone; what was prepared dies here (dropping it kills
                        // and reaps it).
                        return;
                    }
                }
            })
            .map_err(|e| SandboxError::Sys {
                call: "spawning a box's preparer thread",
                source: e,
            })?;
        Ok(Preparer {
            requests: Some(requests),
            answers,
            thread: Some(thread),
        })
    }
}

/// An init for `built`, cloned by the fork server for its kind of run (made anew when the
/// kind changed, or when the last one failed), else by the preparer itself.
fn prepare(server: &mut Option<(Built, ForkServer)>, built: &Built) -> Option<Prepared> {
    if !server
        .as_ref()
        .is_some_and(|(kind, _)| kind.same_kind(built))
    {
        // The old one goes first: it holds the last kind's box root.
        *server = None;
        *server = ForkServer::spawn(built.program())
            .ok()
            .map(|made| (built.clone(), made));
    }
    if let Some((_, made)) = server.as_ref() {
        match made.prepare(&built.cgroup_fds) {
            Ok(prepared) => return Some(prepared),
            Err(_) => *server = None,
        }
    }
    launch::prepare(built.program()).ok()
}

impl Drop for Preparer {
    fn drop(&mut self) {
        // Its end makes it return; every init it cloned is reaped by then (see
        // `NextInit::discard`), or dies with it.
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A box's prepared next init, if any, and its preparer.
#[derive(Default)]
pub(crate) struct NextInit {
    ready: Option<(Built, Prepared)>,
    preparer: Option<Preparer>,
    /// A request is out: its answer comes before anything else is done with the box.
    pending: bool,
}

/// How a run was started (for tests and benchmarks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// By the init prepared during the previous run.
    Prepared,
    /// By an init cloned for it.
    Fresh,
}

/// The next run's init: what its program joins and which inits go first.
pub(crate) struct Next {
    /// The `tasks` or `cgroup.procs` files of the cgroup its program joins.
    pub cgroup_fds: Vec<libc::c_int>,
    /// Inits of past runs that used that cgroup, to be reaped before.
    pub reap: Vec<Launched>,
}

impl NextInit {
    /// Waits for the preparer's answer to the last request, if one is out: once this
    /// returns, the inits it was to reap are gone.
    pub(crate) fn collect(&mut self) {
        if !std::mem::take(&mut self.pending) {
            return;
        }
        let answer = self.preparer.as_ref().and_then(|p| p.answers.recv().ok());
        if let Some((built, Some(prepared))) = answer {
            self.ready = Some((built, prepared));
        }
    }

    /// Starts an isolated `program`: with the prepared init when it was built for exactly
    /// this, else with a fresh one. With `next`, then asks the preparer for an init for a
    /// run like this one in the cgroup of `next.cgroup_fds` (a failure to prepare only
    /// means that the next run starts fresh). `template` is the box root `program` enters.
    pub(crate) fn start(
        &mut self,
        program: Program,
        template: Option<Arc<OwnedFd>>,
        next: Option<Next>,
    ) -> Result<(Launched, Start)> {
        self.collect();
        let stdio = program.stdio;
        // One that cannot take the run (it is gone) is dropped here, which reaps it.
        let handed = self
            .ready
            .take()
            .filter(|(built, _)| built.fits(&program))
            .and_then(|(_, prepared)| launch::go(prepared, stdio).ok());
        let started = match handed {
            Some(launched) => (launched, Start::Prepared),
            None => (launch::launch(program.clone())?, Start::Fresh),
        };
        if let Some(Next { cgroup_fds, reap }) = next {
            let mut built = Built::of(&program, template);
            built.cgroup_fds = cgroup_fds;
            if self.preparer.is_none() {
                self.preparer = Preparer::spawn().ok();
            }
            let requests = self.preparer.as_ref().and_then(|p| p.requests.as_ref());
            match requests {
                Some(requests) => match requests.send(Request { reap, built }) {
                    Ok(()) => self.pending = true,
                    // The preparer is gone: the inits to reap are reaped here.
                    Err(unsent) => unsent.0.reap.into_iter().for_each(Launched::reap),
                },
                // No preparer thread could be made: no prepared init, and the inits go
                // here.
                None => reap.into_iter().for_each(Launched::reap),
            }
        }
        Ok(started)
    }

    /// Kills the prepared init unless it was built for exactly `program`.
    pub(crate) fn discard_unless(&mut self, program: &Program) {
        self.collect();
        if self
            .ready
            .as_ref()
            .is_some_and(|(built, _)| !built.fits(program))
        {
            self.ready = None;
        }
    }

    /// Kills the prepared init, if any.
    pub(crate) fn discard(&mut self) {
        self.collect();
        self.ready = None;
    }
}
