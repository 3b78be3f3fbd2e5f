//! The parent's side of a run: watch the program until it ends or breaks a limit.
//!
//! One loop per run, in the calling thread: `ppoll` on the pidfd (the program's end) and
//! the status pipe, waking every few milliseconds to sample the CPU time of the whole box
//! (from the cgroup, or `/proc/<pid>/stat` without one) and to check the wall clock and the
//! cancel flag. Stdout and stderr go to files, not pipes: a write to a file costs the
//! program no wake-up of the judge (a pipe made line-by-line output twice as slow), and
//! RLIMIT_FSIZE, one byte above the output limit, stops a runaway writer at once (SIGXFSZ,
//! or EFBIG for runtimes that ignore the signal); the file's size, counted after the run,
//! is the authority on OLE.

use crate::cgroup::BoxCgroup;
use crate::child::{StatusRecord, RECORD_STARTED};
use crate::error::{Result, SandboxError};
use crate::limits::Limits;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::fd::{AsRawFd, OwnedFd};
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
}

/// What the supervisor watches.
pub(crate) struct Watch<'a> {
    /// The first child (the box's init, or the program without isolation).
    pub pid: libc::pid_t,
    /// A pidfd for it.
    pub pidfd: OwnedFd,
    /// Whether the child is an init of a pid namespace.
    pub isolated: bool,
    /// The program's stdout file.
    pub stdout: File,
    /// The program's stderr file.
    pub stderr: &'a mut File,
    /// Read end of the status pipe.
    pub status: OwnedFd,
    /// The box's cgroup, if any.
    pub cgroup: Option<&'a mut BoxCgroup>,
    /// The limits.
    pub limits: &'a Limits,
    /// Set by the judge's SIGINT/SIGTERM handler.
    pub cancel: &'a AtomicBool,
    /// CLOCK_MONOTONIC at clone, in ns.
    pub cloned_ns: i64,
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
    /// The program's start (from the STARTED record, else the clone).
    pub started_ns: i64,
    pub ended_ns: i64,
    /// The largest CPU time sampled from /proc without a cgroup.
    pub sampled_cpu: Duration,
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
fn read_status(fd: &OwnedFd, into: &mut Vec<u8>) -> bool {
    let mut buffer = [0u8; 512];
    loop {
        // SAFETY: reading into a buffer we own.
        let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
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

/// The first `keep` bytes of a file and whether there was more.
fn read_head(file: &mut File, keep: u64) -> (Vec<u8>, bool) {
    let length = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut head = Vec::new();
    let _ = file.seek(SeekFrom::Start(0));
    let _ = file.take(keep).read_to_end(&mut head);
    (head, length > keep)
}

/// Watches the run to its end.
pub(crate) fn watch(mut w: Watch) -> Result<Watched> {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(w.status.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(
            w.status.as_raw_fd(),
            libc::F_SETFL,
            flags | libc::O_NONBLOCK,
        );
    }
    // The wall clock starts at the clone, and again when the init reports the program's
    // start, so that the box's set-up does not count.
    let mut wall_deadline = w.cloned_ns.saturating_add(nanos(w.limits.wall_time));
    let mut started = false;
    let mut next_cpu_sample = w.cloned_ns + nanos(CPU_SAMPLE) / 2;
    let mut kill_reason = None;
    let mut sampled_cpu = Duration::ZERO;
    let mut status_open = true;
    let mut status_bytes = Vec::new();
    loop {
        let now = monotonic_ns();
        if kill_reason.is_none() {
            if w.cancel.load(Ordering::Relaxed) {
                kill_reason = Some(KillReason::Cancelled);
            } else if now >= wall_deadline {
                kill_reason = Some(KillReason::WallTime);
            } else if now >= next_cpu_sample {
                let cpu = match w.cgroup.as_mut() {
                    Some(cgroup) => cgroup.cpu_time()?,
                    None => proc_cpu_time(w.pid).unwrap_or(sampled_cpu),
                };
                sampled_cpu = sampled_cpu.max(cpu);
                if cpu > w.limits.cpu_time {
                    kill_reason = Some(KillReason::CpuTime);
                }
                next_cpu_sample = now + nanos(CPU_SAMPLE);
            }
            if kill_reason.is_some() {
                kill_box(w.pid, w.isolated, &w.cgroup);
            }
        }
        let wait_ns = if kill_reason.is_some() {
            nanos(CANCEL_CHECK)
        } else {
            (wall_deadline - now)
                .min(next_cpu_sample - now)
                .min(nanos(CANCEL_CHECK))
                .max(0)
        };
        let timeout = libc::timespec {
            tv_sec: wait_ns / 1_000_000_000,
            tv_nsec: wait_ns % 1_000_000_000,
        };
        let mut fds = [
            libc::pollfd {
                fd: w.pidfd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: if status_open {
                    w.status.as_raw_fd()
                } else {
                    -1
                },
                events: libc::POLLIN,
                revents: 0,
            },
        ];
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
            kill_box(w.pid, w.isolated, &w.cgroup);
            return Err(SandboxError::Sys {
                call: "ppoll on the box",
                source: error,
            });
        }
        if fds[1].revents != 0 {
            status_open = read_status(&w.status, &mut status_bytes);
            if !started {
                if let Some(record) = parse_records(&status_bytes)
                    .iter()
                    .find(|r| r.kind == RECORD_STARTED)
                {
                    started = true;
                    wall_deadline = record.started_ns.saturating_add(nanos(w.limits.wall_time));
                }
            }
        }
        if fds[0].revents != 0 {
            break;
        }
    }
    let ended_ns = monotonic_ns();
    let mut wait_status = 0;
    // SAFETY: rusage is plain old data; wait4 fills it.
    let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: reaping our own child, with valid out-pointers.
    if unsafe { libc::wait4(w.pid, &mut wait_status, 0, &mut rusage) } < 0 {
        return Err(SandboxError::last_os("wait4 on the box"));
    }
    if !w.isolated {
        // Whatever the program left in its process group (or cgroup) goes with it.
        kill_box(w.pid, false, &w.cgroup);
    }
    read_status(&w.status, &mut status_bytes);
    let stdout_bytes = w.stdout.metadata().map(|m| m.len()).unwrap_or(0);
    if stdout_bytes > w.limits.output_bytes {
        // RLIMIT_FSIZE let one byte past the limit through, to tell "over" from "exactly".
        let _ = w.stdout.set_len(w.limits.output_bytes);
        if kill_reason != Some(KillReason::Cancelled) {
            kill_reason = Some(KillReason::Output);
        }
    }
    let (stderr, stderr_truncated) = read_head(w.stderr, w.limits.stderr_keep_bytes);
    let records = parse_records(&status_bytes);
    let started_ns = records
        .iter()
        .find(|r| r.kind == RECORD_STARTED)
        .map_or(w.cloned_ns, |r| r.started_ns);
    Ok(Watched {
        kill_reason,
        wait_status,
        rusage,
        records,
        stdout_bytes,
        stderr,
        stderr_truncated,
        started_ns,
        ended_ns,
        sampled_cpu,
    })
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
        assert_eq!(read_head(&mut file, 4), (b"0123".to_vec(), true));
        assert_eq!(read_head(&mut file, 10), (b"0123456789".to_vec(), false));
    }
}
