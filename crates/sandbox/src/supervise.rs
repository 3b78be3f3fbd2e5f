//! The parent's side of a run: watch the program until it ends or breaks a limit.
//!
//! One loop per run, in the calling thread: `ppoll` on each box's pidfd (the program's end)
//! and status pipe, waking every few milliseconds to sample the CPU time of each whole box
//! (from its cgroup, or `/proc/<pid>/stat` without one) and to check the wall clocks and the
//! cancel flag. A run of two boxes (an interactive test), joined by pipes straight from one
//! to the other ([`Link`]), is watched by the same loop, which notes whose output ended
//! while the other still listened, drops what is written to a box that has ended, and
//! stops the first when the second ends with a rejection. Stdout and stderr go to files,
//! not pipes: a write to a file costs the program no wake-up of the judge (a pipe made
//! line-by-line output twice as slow), and RLIMIT_FSIZE, one byte above the output limit,
//! stops a runaway writer at once (SIGXFSZ, or EFBIG for runtimes that ignore the signal);
//! the file's size, counted after the run, is the authority on OLE. An isolated run is
//! over when its program and everything it started are gone, not when its init has
//! finished tearing the box down ([`Watch::retire`]).

use crate::cgroup::BoxCgroup;
use crate::child::{StatusRecord, RECORD_EXITED, RECORD_STARTED};
use crate::error::{Result, SandboxError};
use crate::limits::Limits;
use std::fs::File;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the CPU time is sampled while the program runs.
const CPU_SAMPLE: Duration = Duration::from_millis(10);
/// How often the cancel flag is checked.
const CANCEL_CHECK: Duration = Duration::from_millis(50);

/// Why the supervisor killed the program (or, for output, found it over the limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KillReason {
    /// CPU time ran past the limit.
    CpuTime,
    /// Wall time ran past the limit.
    WallTime,
    /// Stdout grew past the limit.
    Output,
    /// The judge was asked to stop.
    Cancelled,
    /// Another program of the run ended and decided the run (an interactor's rejection).
    Partner,
}

/// What the supervisor watches.
pub(crate) struct Watch<'a> {
    /// The first child (the box's init, or the program without isolation).
    pub pid: libc::pid_t,
    /// A pidfd for it (the caller keeps it open).
    pub pidfd: RawFd,
    /// Whether the child is an init of a pid namespace.
    pub isolated: bool,
    /// The program's stdout file (none when its stdout is a pipe to another box).
    pub stdout: Option<&'a File>,
    /// The program's stderr file.
    pub stderr: &'a mut File,
    /// Read end of the status pipe (the caller keeps it open).
    pub status: RawFd,
    /// The box's cgroup, if any.
    pub cgroup: Option<&'a mut BoxCgroup>,
    /// The limits.
    pub limits: &'a Limits,
    /// CLOCK_MONOTONIC when the run began, in ns: when the box was handed its stdio (or,
    /// without isolation, cloned). The wall clock runs from then.
    pub begun_ns: i64,
    /// Whether the run may be over before its init is gone: once the init has reported the
    /// program's end and nothing is left in the box's cgroup (isolated runs with a cgroup).
    /// The init's own exit, the teardown of the box's namespaces and mounts, then goes on
    /// while the judge carries on; the caller reaps it later.
    pub retire: bool,
}

/// What the supervisor saw.
#[derive(Debug)]
pub(crate) struct Watched {
    pub kill_reason: Option<KillReason>,
    /// The first child's wait status and rusage.
    pub wait_status: i32,
    pub rusage: libc::rusage,
    pub records: Vec<StatusRecord>,
    pub stdout_bytes: u64,
    pub stderr: Vec<u8>,
    pub stderr_truncated: bool,
    /// The program's start: just before its exec, as its init reports it, else when the
    /// run began.
    pub started_ns: i64,
    pub ended_ns: i64,
    /// Its input came from another box (a link) and ended while its program still ran:
    /// it may have ended because of the other's end. (Without it, the other ended after
    /// it, or not by ending its output.)
    pub heard_its_input_end: bool,
    /// The largest CPU time sampled from /proc without a cgroup.
    pub sampled_cpu: Duration,
    /// The run ended with its init still exiting, not reaped (see [`Watch::retire`]).
    pub retired: bool,
}

/// CLOCK_MONOTONIC in nanoseconds.
pub(crate) fn monotonic_ns() -> i64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
    time.tv_sec * 1_000_000_000 + time.tv_nsec
}

fn nanos(duration: Duration) -> i64 {
    i64::try_from(duration.as_nanos()).unwrap_or(i64::MAX)
}

/// CPU time of a process (all its threads) from `/proc/<pid>/stat`.
fn proc_cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may contain spaces and parentheses: fields start after the last ')'.
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_nanos(
        (utime + stime) * 1_000_000_000 / ticks,
    ))
}

/// Reads what is available from the non-blocking status pipe; `false` at end of file.
fn read_status(fd: RawFd, into: &mut Vec<u8>) -> bool {
    let mut buffer = [0u8; 512];
    loop {
        // SAFETY: reading into a buffer we own.
        let n = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        match n {
            0 => return false,
            n if n > 0 => into.extend_from_slice(&buffer[..n as usize]),
            _ => match std::io::Error::last_os_error().raw_os_error() {
                Some(libc::EINTR) => continue,
                // Nothing more for now, but the pipe is still open.
                Some(libc::EAGAIN) => return true,
                _ => return false,
            },
        }
    }
}

fn kill_box(pid: libc::pid_t, isolated: bool, cgroup: &Option<&mut BoxCgroup>) {
    // SAFETY: kill has no memory-safety preconditions.
    unsafe {
        if isolated {
            // The init's death takes the whole pid namespace with it.
            libc::kill(pid, libc::SIGKILL);
        } else {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
    if let Some(cgroup) = cgroup {
        if !isolated {
            cgroup.kill_all();
        }
    }
}

/// The first `keep` bytes of a file and whether there was more (read from offset 0, so
/// one `pread` for an empty file). The buffer starts small and doubles as it fills: a
/// run's path writes as few fresh pages as it can, since each page the judge writes
/// after a box's init was cloned from it is a copy-on-write fault (a 64 KiB buffer
/// zeroed for an empty stderr was 16 of them per run).
fn read_head(file: &File, keep: u64) -> (Vec<u8>, bool) {
    use std::os::unix::fs::FileExt;
    let wanted = usize::try_from(keep.saturating_add(1)).unwrap_or(usize::MAX);
    let mut head = vec![0u8; wanted.min(512)];
    let mut filled = 0;
    while filled < wanted {
        if filled == head.len() {
            head.resize(wanted.min(head.len() * 2), 0);
        }
        match file.read_at(&mut head[filled..], filled as u64) {
            Ok(0) | Err(_) => break,
            Ok(n) => filled += n,
        }
    }
    head.truncate(filled);
    let more = filled as u64 > keep;
    head.truncate(usize::try_from(keep).unwrap_or(usize::MAX).min(filled));
    (head, more)
}

/// A pipe from one box of a run straight to another: an interactive test's two programs
/// talk without the judge taking a turn in each exchange, which would double the context
/// switches of a round trip. The judge holds ends of its own:
/// - a read end, so that the pipe never breaks under its writer: once the reader's box has
///   ended, the judge reads and drops what the writer still writes, so that the writer
///   never dies of a broken pipe it did not cause (an interactor whose submission ended
///   still gives its verdict);
/// - for a link that tells whose end came first ([`Link::telling`]), a write end, so that
///   the reader hears the end of the writer's output only when the judge lets it: when
///   the writer's program has ended, the judge first notes whether the reader's program
///   still ran to hear it (cause, not clock: a reader that could not yet have heard cannot
///   have ended because of it), then closes its end and the reader gets end of file.
///   The writer's output therefore ends, for the reader, when the writer's program ends.
///
/// While both run, the judge does not poll the link at all.
pub(crate) struct Link {
    /// The judge's read end: an open file of its own (non-blocking, which the reader's
    /// end is not), see [`Link::new`].
    read: OwnedFd,
    /// The judge's write end, for a telling link.
    write: Option<OwnedFd>,
    /// The pipe's inode, to find it among the reader's descriptors.
    inode: u64,
    /// The index of the box that writes into the pipe.
    pub writer: usize,
    /// The index of the box that reads it.
    pub reader: usize,
}

impl Link {
    /// A link through the pipe whose read end is `read_end`, from box `writer` to the
    /// stdin of box `reader`. The judge's end is the pipe opened anew through /proc: a
    /// separate open file, so that making it non-blocking leaves the reader's blocking.
    pub fn new(read_end: &OwnedFd, writer: usize, reader: usize) -> Result<Link> {
        let path = PathBuf::from(format!("/proc/self/fd/{}", read_end.as_raw_fd()));
        let read = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
            .open(&path)
            .map_err(|e| SandboxError::io("opening the judge's end of a pipe", &path, e))?;
        let inode = read
            .metadata()
            .map_err(|e| SandboxError::io("reading a pipe's inode", &path, e))?
            .ino();
        Ok(Link {
            read: crate::fds::above_stdio(OwnedFd::from(read))?,
            write: None,
            inode,
            writer,
            reader,
        })
    }

    /// The same link, telling whether the reader heard the end of the writer's output
    /// (see [`Watched::heard_its_input_end`]); `write_end` is the writer's end of the
    /// pipe, of which the judge keeps a copy.
    pub fn telling(mut self, write_end: &OwnedFd) -> Result<Link> {
        let copy = write_end.try_clone().map_err(|e| SandboxError::Sys {
            call: "dup of a pipe's write end",
            source: e,
        })?;
        self.write = Some(crate::fds::above_stdio(copy)?);
        Ok(self)
    }
}

/// A link while the run goes on.
struct LinkState {
    /// The judge's read end; `None` once nothing more can come.
    read: Option<OwnedFd>,
    /// The judge's write end, until the writer's program has ended.
    write: Option<OwnedFd>,
    inode: u64,
    writer: usize,
    reader: usize,
    /// The reader box has ended: what the writer still writes is read and dropped.
    reader_gone: bool,
    /// The writer's program ended while the reader's still ran with the pipe open.
    heard_the_end: bool,
}

impl LinkState {
    fn new(link: Link) -> LinkState {
        LinkState {
            read: Some(link.read),
            write: link.write,
            inode: link.inode,
            writer: link.writer,
            reader: link.reader,
            reader_gone: false,
            heard_the_end: false,
        }
    }

    /// The descriptor to wait on: data to drop, once the reader is gone.
    fn pollfd(&self) -> libc::pollfd {
        let fd = match &self.read {
            Some(read) if self.reader_gone => read.as_raw_fd(),
            _ => -1,
        };
        libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        }
    }

    /// Reads and drops what is waiting.
    fn drain(&mut self) {
        let Some(read) = self.read.as_ref().map(AsRawFd::as_raw_fd) else {
            return;
        };
        let mut dropped = [0u8; 1 << 14];
        loop {
            // SAFETY: reading into a buffer we own.
            let n = unsafe { libc::read(read, dropped.as_mut_ptr().cast(), dropped.len()) };
            if n > 0 {
                continue;
            }
            match std::io::Error::last_os_error().raw_os_error() {
                _ if n == 0 => self.read = None,
                Some(libc::EINTR) => continue,
                Some(libc::EAGAIN) => {}
                _ => self.read = None,
            }
            return;
        }
    }

    /// The writer's program has ended: whether the reader's still runs to hear it is
    /// noted before the judge's write end goes, which gives the reader end of file.
    fn writer_ended(&mut self, reader: &Watching<'_>) {
        if self.write.is_none() {
            return;
        }
        self.heard_the_end = !reader.program_ended()
            && hears(
                reader.watch.pid,
                reader.watch.isolated,
                reader.program_started(),
                self.inode,
            );
        self.write = None;
    }
}

/// Whether a box's program still runs with the pipe `inode` open: started, neither ended
/// nor exiting, and one of its descriptors the pipe. `pid` is the box's first child: its
/// init when `isolated` (the program is the init's child), else the program. An exiting
/// program closes its output before its input (the kernel releases its files last
/// first) and can be preempted in between by the reader of its output: its input is then
/// still open though it will never read again, so the task's own state decides. Without
/// /proc's children lists (a kernel without CONFIG_PROC_CHILDREN) an isolated program
/// counts as running; when its descriptors cannot be read, as holding the pipe.
fn hears(pid: libc::pid_t, isolated: bool, started: bool, inode: u64) -> bool {
    const PF_EXITING: u64 = 0x4;
    let program = if isolated {
        match std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) {
            Ok(children) => match children.split_whitespace().next() {
                Some(child) => child.to_string(),
                // No program yet, or none any more: `started` (what the init has
                // reported, read just before) tells which. One not started yet has not
                // ended, and will hear the end however late the scheduler starts it (a
                // submission that exits at once may be gone before its interactor's init
                // has started it).
                None => return !started,
            },
            // Gone, or alive on a kernel without the lists.
            Err(_) => return std::path::Path::new(&format!("/proc/{pid}")).exists(),
        }
    } else {
        pid.to_string()
    };
    // Before its exec the program is a copy of the judge waiting for its stdio on the
    // control socket, without the pipe yet: it has not ended, and will hear the end.
    if isolated && runs_the_judge(&program) {
        return true;
    }
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{program}/stat")) else {
        return false;
    };
    // After the command's closing parenthesis: state, ppid, pgrp, session, tty_nr,
    // tpgid, flags.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let flags = fields
        .get(6)
        .and_then(|f| f.parse::<u64>().ok())
        .unwrap_or(0);
    let running = matches!(fields.first(), Some(state) if !matches!(*state, "Z" | "X" | "x"))
        && flags & PF_EXITING == 0;
    running && holds_pipe(&program, inode)
}

/// Whether process `pid` still runs the judge's own executable (a box's program before
/// its exec).
fn runs_the_judge(pid: &str) -> bool {
    match (
        std::fs::read_link(format!("/proc/{pid}/exe")),
        std::fs::read_link("/proc/self/exe"),
    ) {
        (Ok(program), Ok(judge)) => program == judge,
        _ => false,
    }
}

/// Whether one of a process's descriptors is the pipe `inode` (true when they cannot be
/// read).
fn holds_pipe(pid: &str, inode: u64) -> bool {
    let Ok(entries) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return true;
    };
    let wanted = format!("pipe:[{inode}]");
    entries.flatten().any(|entry| {
        std::fs::read_link(entry.path()).is_ok_and(|target| target.as_os_str() == wanted.as_str())
    })
}

/// A program whose end may stop the others: when it ends without its exit status being
/// one that `accepted` takes, the other boxes still running are killed (an interactor that
/// rejected the submission decides the test; the submission need not run on).
pub(crate) struct Partner<'a> {
    /// The box's index.
    pub index: usize,
    /// Whether its program's wait status lets the others go on.
    pub accepted: &'a dyn Fn(i32) -> bool,
}

/// One box while the run goes on.
struct Watching<'a> {
    watch: Watch<'a>,
    wall_deadline: i64,
    next_cpu_sample: i64,
    kill_reason: Option<KillReason>,
    sampled_cpu: Duration,
    status_open: bool,
    status_bytes: Vec<u8>,
    /// (wait status, rusage, when) once reaped.
    ended: Option<(i32, libc::rusage, i64)>,
    /// Ended without being reaped (see [`Watch::retire`]).
    retired: bool,
}

impl Watching<'_> {
    fn kill(&mut self, reason: KillReason) {
        if self.kill_reason.is_none() && self.ended.is_none() {
            self.kill_reason = Some(reason);
            kill_box(self.watch.pid, self.watch.isolated, &self.watch.cgroup);
        }
    }

    /// The limits' checks due at `now`.
    fn check(&mut self, now: i64) -> Result<()> {
        if self.kill_reason.is_some() || self.ended.is_some() {
            return Ok(());
        }
        if now >= self.wall_deadline {
            self.kill(KillReason::WallTime);
        } else if now >= self.next_cpu_sample {
            let cpu = match self.watch.cgroup.as_mut() {
                Some(cgroup) => cgroup.cpu_time()?,
                None => proc_cpu_time(self.watch.pid).unwrap_or(self.sampled_cpu),
            };
            self.sampled_cpu = self.sampled_cpu.max(cpu);
            if cpu > self.watch.limits.cpu_time {
                self.kill(KillReason::CpuTime);
            }
            self.next_cpu_sample = now + nanos(CPU_SAMPLE);
        }
        Ok(())
    }

    /// Nanoseconds until its next check.
    fn next_check(&self, now: i64) -> i64 {
        if self.ended.is_some() {
            return i64::MAX;
        }
        if self.kill_reason.is_some() {
            return nanos(CANCEL_CHECK);
        }
        (self.wall_deadline - now).min(self.next_cpu_sample - now)
    }

    fn read_status(&mut self) {
        self.status_open = read_status(self.watch.status, &mut self.status_bytes);
    }

    /// Ends the run without reaping the init, if it may (see [`Watch::retire`]): the init
    /// reported the program's end, the supervisor killed nothing, and the cgroup is empty
    /// (whatever the program started is gone too; an init only leaves it behind when it
    /// exits, so otherwise the run waits for that). The wall time ends here.
    fn retire(&mut self) {
        if !self.watch.retire || self.ended.is_some() || self.kill_reason.is_some() {
            return;
        }
        if !parse_records(&self.status_bytes)
            .iter()
            .any(|r| r.kind == RECORD_EXITED)
        {
            return;
        }
        let empty = self
            .watch
            .cgroup
            .as_mut()
            .is_some_and(|cgroup| cgroup.is_empty().unwrap_or(false));
        if empty {
            // SAFETY: rusage is plain old data (an isolated run's comes from its init).
            self.ended = Some((0, unsafe { std::mem::zeroed() }, monotonic_ns()));
            self.retired = true;
        }
    }

    /// Reaps the first child after its pidfd said it ended.
    fn reap(&mut self) -> Result<()> {
        let mut wait_status = 0;
        // SAFETY: rusage is plain old data; wait4 fills it.
        let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: reaping our own child, with valid out-pointers.
        if unsafe { libc::wait4(self.watch.pid, &mut wait_status, 0, &mut rusage) } < 0 {
            return Err(SandboxError::last_os("wait4 on the box"));
        }
        self.ended = Some((wait_status, rusage, monotonic_ns()));
        if !self.watch.isolated {
            // Whatever the program left in its process group (or cgroup) goes with it.
            kill_box(self.watch.pid, false, &self.watch.cgroup);
        }
        self.read_status();
        Ok(())
    }

    /// Whether the box's program has ended: its init reported its end, or the box is over.
    /// Whether the init reported the program's start (boxes of an interactive pair only).
    fn program_started(&self) -> bool {
        parse_records(&self.status_bytes)
            .iter()
            .any(|r| r.kind == RECORD_STARTED)
    }

    fn program_ended(&self) -> bool {
        self.ended.is_some()
            || parse_records(&self.status_bytes)
                .iter()
                .any(|r| r.kind == RECORD_EXITED)
    }

    /// The program's own wait status, from its init's report (isolated) or from wait4.
    fn program_status(&self) -> Option<i32> {
        if self.watch.isolated {
            parse_records(&self.status_bytes)
                .iter()
                .find(|r| r.kind == RECORD_EXITED)
                .map(|r| r.detail)
        } else {
            self.ended.map(|(status, _, _)| status)
        }
    }

    fn finish(self) -> Watched {
        let (wait_status, rusage, ended_ns) = self.ended.unwrap_or_else(|| {
            // SAFETY: rusage is plain old data.
            (0, unsafe { std::mem::zeroed() }, monotonic_ns())
        });
        let mut kill_reason = self.kill_reason;
        let limits = self.watch.limits;
        let stdout_bytes = self
            .watch
            .stdout
            .map_or(0, |file| file.metadata().map_or(0, |m| m.len()));
        if stdout_bytes > limits.output_bytes {
            if let Some(file) = self.watch.stdout {
                // RLIMIT_FSIZE let one byte past the limit through, to tell "over" from
                // "exactly at".
                let _ = file.set_len(limits.output_bytes);
            }
            if kill_reason != Some(KillReason::Cancelled) {
                kill_reason = Some(KillReason::Output);
            }
        }
        let (stderr, stderr_truncated) = read_head(self.watch.stderr, limits.stderr_keep_bytes);
        let records = parse_records(&self.status_bytes);
        let started_ns = records
            .iter()
            .find(|r| r.kind == RECORD_EXITED && r.started_ns > 0)
            .map_or(self.watch.begun_ns, |r| r.started_ns);
        Watched {
            kill_reason,
            wait_status,
            rusage,
            records,
            stdout_bytes,
            stderr,
            stderr_truncated,
            started_ns,
            ended_ns,
            heard_its_input_end: false,
            sampled_cpu: self.sampled_cpu,
            retired: self.retired,
        }
    }
}

/// Watches one run (or the boxes of one run, joined by `links`) to its end.
pub(crate) fn watch(
    watches: Vec<Watch<'_>>,
    cancel: &AtomicBool,
    links: Vec<Link>,
    partner: Option<Partner<'_>>,
) -> Result<Vec<Watched>> {
    let mut boxes: Vec<Watching> = watches
        .into_iter()
        .map(|watch| {
            // The wall clock starts when the run begins: a prepared box has done its set-up
            // by then (a fresh one does it within the first millisecond). The program's
            // start is not reported as it happens: that would wake the judge once more.
            let wall_deadline = watch.begun_ns.saturating_add(nanos(watch.limits.wall_time));
            let next_cpu_sample = watch.begun_ns + nanos(CPU_SAMPLE) / 2;
            Watching {
                watch,
                wall_deadline,
                next_cpu_sample,
                kill_reason: None,
                sampled_cpu: Duration::ZERO,
                status_open: true,
                status_bytes: Vec::new(),
                ended: None,
                retired: false,
            }
        })
        .collect();
    let mut links: Vec<LinkState> = links.into_iter().map(LinkState::new).collect();
    while boxes.iter().any(|b| b.ended.is_none()) {
        let now = monotonic_ns();
        let cancelled = cancel.load(Ordering::Relaxed);
        for watching in &mut boxes {
            if cancelled {
                watching.kill(KillReason::Cancelled);
            }
            watching.check(now)?;
        }
        let wait_ns = boxes
            .iter()
            .map(|b| b.next_check(now))
            .fold(nanos(CANCEL_CHECK), i64::min)
            .max(0);
        let timeout = libc::timespec {
            tv_sec: wait_ns / 1_000_000_000,
            tv_nsec: wait_ns % 1_000_000_000,
        };
        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(boxes.len() * 2 + 1);
        for watching in &boxes {
            let alive = watching.ended.is_none();
            fds.push(libc::pollfd {
                fd: if alive { watching.watch.pidfd } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            });
            fds.push(libc::pollfd {
                fd: if watching.status_open && alive {
                    watching.watch.status
                } else {
                    -1
                },
                events: libc::POLLIN,
                revents: 0,
            });
        }
        let first_link_fd = fds.len();
        fds.extend(links.iter().map(LinkState::pollfd));
        // SAFETY: `fds` and `timeout` are valid for the call.
        let ready = unsafe {
            libc::ppoll(
                fds.as_mut_ptr(),
                fds.len() as libc::nfds_t,
                &timeout,
                std::ptr::null(),
            )
        };
        if ready < 0 {
            let error = std::io::Error::last_os_error();
            if error.raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            for watching in &mut boxes {
                watching.kill(KillReason::Cancelled);
            }
            return Err(SandboxError::Sys {
                call: "ppoll on the box",
                source: error,
            });
        }
        for (state, fd) in links.iter_mut().zip(&fds[first_link_fd..]) {
            if fd.revents != 0 {
                state.drain();
            }
        }
        for index in 0..boxes.len() {
            let was_running = boxes[index].ended.is_none();
            if fds[2 * index + 1].revents != 0 {
                boxes[index].read_status();
                boxes[index].retire();
            }
            if boxes[index].ended.is_none() && fds[2 * index].revents != 0 {
                boxes[index].reap()?;
            }
            if !was_running || boxes[index].ended.is_none() {
                continue;
            }
            // What is still written to a box that has ended is dropped.
            for state in links.iter_mut().filter(|l| l.reader == index) {
                state.reader_gone = true;
                state.drain();
            }
            let decided = partner.as_ref().is_some_and(|p| {
                p.index == index
                    && !boxes[index]
                        .program_status()
                        .is_some_and(|status| (p.accepted)(status))
            });
            if decided {
                for (other, watching) in boxes.iter_mut().enumerate() {
                    if other != index {
                        watching.kill(KillReason::Partner);
                    }
                }
            }
        }
        // A writer whose program has ended: its reader hears the end now, after the judge
        // has noted whether it was still there to hear it.
        for state in &mut links {
            if state.write.is_some() && boxes[state.writer].program_ended() {
                // What the reader's init has reported by now (its program's end) is read
                // first, so that the order does not depend on which of the two status
                // pipes this poll round saw.
                let reader = &mut boxes[state.reader];
                if reader.status_open && reader.ended.is_none() {
                    reader.read_status();
                    reader.retire();
                }
                state.writer_ended(&boxes[state.reader]);
            }
        }
    }
    Ok(boxes
        .into_iter()
        .enumerate()
        .map(|(index, watching)| {
            let mut watched = watching.finish();
            watched.heard_its_input_end =
                links.iter().any(|l| l.reader == index && l.heard_the_end);
            watched
        })
        .collect())
}

/// Splits the status pipe's bytes into records.
pub(crate) fn parse_records(bytes: &[u8]) -> Vec<StatusRecord> {
    let size = std::mem::size_of::<StatusRecord>();
    bytes
        .chunks_exact(size)
        .map(|chunk| {
            // SAFETY: StatusRecord is plain old data; read_unaligned copies `size` bytes.
            unsafe { std::ptr::read_unaligned(chunk.as_ptr().cast::<StatusRecord>()) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_through_bytes() {
        let record = StatusRecord {
            kind: crate::child::RECORD_EXITED,
            detail: 9,
            user_us: 1234,
            ..StatusRecord::default()
        };
        let size = std::mem::size_of::<StatusRecord>();
        // SAFETY: viewing a plain-old-data struct as bytes.
        let bytes = unsafe {
            std::slice::from_raw_parts((&record as *const StatusRecord).cast::<u8>(), size)
        };
        let mut two = bytes.to_vec();
        two.extend_from_slice(bytes);
        two.push(0); // a torn tail is ignored
        assert_eq!(parse_records(&two), vec![record, record]);
    }

    #[test]
    fn reads_cpu_time_of_this_process() {
        // SAFETY: getpid cannot fail.
        let pid = unsafe { libc::getpid() };
        assert!(proc_cpu_time(pid).is_some());
    }

    #[test]
    fn reads_the_head_of_a_file() {
        let mut file = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut file, b"0123456789").unwrap();
        assert_eq!(read_head(&file, 4), (b"0123".to_vec(), true));
        assert_eq!(read_head(&file, 10), (b"0123456789".to_vec(), false));
    }
}
