//! The parent's side of a run: watch the program until it ends or breaks a limit.
//!
//! One loop per run, in the calling thread: `ppoll` on the pidfd (the program's end), its
//! stdout and stderr pipes and the status pipe, waking at least every few milliseconds to
//! sample the CPU time of the whole box (from the cgroup, or `/proc/<pid>/stat` without
//! one) and to check the wall clock and the cancel flag. Stdout is copied to its file and
//! counted here, because RLIMIT_FSIZE does not apply to a pipe.

use crate::cgroup::BoxCgroup;
use crate::child::{StatusRecord, RECORD_STARTED};
use crate::error::{Result, SandboxError};
use crate::limits::Limits;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the CPU time is sampled while the program runs.
const CPU_SAMPLE: Duration = Duration::from_millis(10);
/// How often the cancel flag is checked.
const CANCEL_CHECK: Duration = Duration::from_millis(50);

/// Why the supervisor killed the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KillReason {
    /// CPU time ran past the limit.
    CpuTime,
    /// Wall time ran past the limit.
    WallTime,
    /// Stdout ran past the limit.
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
    /// Read end of the program's stdout.
    pub stdout: OwnedFd,
    /// Where stdout goes.
    pub stdout_file: File,
    /// Read end of the program's stderr.
    pub stderr: OwnedFd,
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

/// Reads what is available from a non-blocking pipe; `false` at end of file.
fn read_available(fd: &OwnedFd, buffer: &mut [u8], mut sink: impl FnMut(&[u8])) -> bool {
    loop {
        // SAFETY: reading into a buffer we own.
        let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        match n {
            0 => return false,
            n if n > 0 => sink(&buffer[..n as usize]),
            _ => match std::io::Error::last_os_error().raw_os_error() {
                Some(libc::EINTR) => continue,
                // Nothing more for now, but the pipe is still open.
                Some(libc::EAGAIN) => return true,
                _ => return false,
            },
        }
    }
}

struct Sinks {
    stdout_file: File,
    stdout_bytes: u64,
    output_limit: u64,
    output_exceeded: bool,
    write_error: Option<std::io::Error>,
    stderr: Vec<u8>,
    stderr_keep: usize,
    stderr_truncated: bool,
    status_bytes: Vec<u8>,
}

impl Sinks {
    fn stdout(&mut self, data: &[u8]) {
        let room = self.output_limit.saturating_sub(self.stdout_bytes);
        let keep = &data[..data.len().min(room as usize)];
        if !keep.is_empty() && self.write_error.is_none() {
            if let Err(error) = self.stdout_file.write_all(keep) {
                self.write_error = Some(error);
            }
        }
        self.stdout_bytes += data.len() as u64;
        if self.stdout_bytes > self.output_limit {
            self.output_exceeded = true;
        }
    }

    fn stderr(&mut self, data: &[u8]) {
        let room = self.stderr_keep.saturating_sub(self.stderr.len());
        self.stderr.extend_from_slice(&data[..data.len().min(room)]);
        if data.len() > room {
            self.stderr_truncated = true;
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

/// Watches the run to its end.
pub(crate) fn watch(mut w: Watch) -> Result<Watched> {
    for fd in [&w.stdout, &w.stderr, &w.status] {
        // SAFETY: fcntl on descriptors we own.
        unsafe {
            let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
            libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
    let mut sinks = Sinks {
        stdout_file: w.stdout_file,
        stdout_bytes: 0,
        output_limit: w.limits.output_bytes,
        output_exceeded: false,
        write_error: None,
        stderr: Vec::new(),
        stderr_keep: w.limits.stderr_keep_bytes as usize,
        stderr_truncated: false,
        status_bytes: Vec::new(),
    };
    // The wall clock starts at the clone, and again when the init reports the program's
    // start, so that the box's set-up does not count.
    let mut wall_deadline = w.cloned_ns.saturating_add(nanos(w.limits.wall_time));
    let mut started = false;
    let mut next_cpu_sample = w.cloned_ns + nanos(CPU_SAMPLE) / 2;
    let mut kill_reason = None;
    let mut sampled_cpu = Duration::ZERO;
    let mut open = [true, true, true];
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        let now = monotonic_ns();
        if kill_reason.is_none() {
            if sinks.output_exceeded {
                kill_reason = Some(KillReason::Output);
            } else if w.cancel.load(Ordering::Relaxed) {
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
        let watched = [
            w.pidfd.as_raw_fd(),
            w.stdout.as_raw_fd(),
            w.stderr.as_raw_fd(),
            w.status.as_raw_fd(),
        ];
        let mut fds: Vec<libc::pollfd> = watched
            .iter()
            .enumerate()
            .map(|(index, &fd)| libc::pollfd {
                fd: if index == 0 || open[index - 1] {
                    fd
                } else {
                    -1
                },
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
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
                call: "ppoll on the box's pipes",
                source: error,
            });
        }
        if fds[1].revents != 0 {
            open[0] = read_available(&w.stdout, &mut buffer, |d| sinks.stdout(d));
        }
        if fds[2].revents != 0 {
            open[1] = read_available(&w.stderr, &mut buffer, |d| sinks.stderr(d));
        }
        if fds[3].revents != 0 {
            open[2] = read_available(&w.status, &mut buffer, |d| {
                sinks.status_bytes.extend_from_slice(d)
            });
            if !started {
                if let Some(record) = parse_records(&sinks.status_bytes)
                    .iter()
                    .find(|r| r.kind == RECORD_STARTED)
                {
                    started = true;
                    wall_deadline = record.started_ns.saturating_add(nanos(w.limits.wall_time));
                }
            }
        }
        if sinks.output_exceeded && kill_reason.is_none() {
            kill_reason = Some(KillReason::Output);
            kill_box(w.pid, w.isolated, &w.cgroup);
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
    read_available(&w.stdout, &mut buffer, |d| sinks.stdout(d));
    read_available(&w.stderr, &mut buffer, |d| sinks.stderr(d));
    read_available(&w.status, &mut buffer, |d| {
        sinks.status_bytes.extend_from_slice(d)
    });
    if let Some(error) = sinks.write_error {
        return Err(SandboxError::Sys {
            call: "writing the program's stdout to its file",
            source: error,
        });
    }
    if sinks.output_exceeded && kill_reason.is_none() {
        kill_reason = Some(KillReason::Output);
    }
    let records = parse_records(&sinks.status_bytes);
    let started_ns = records
        .iter()
        .find(|r| r.kind == RECORD_STARTED)
        .map_or(w.cloned_ns, |r| r.started_ns);
    Ok(Watched {
        kill_reason,
        wait_status,
        rusage,
        records,
        stdout_bytes: sinks.stdout_bytes,
        stderr: sinks.stderr,
        stderr_truncated: sinks.stderr_truncated,
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
}
