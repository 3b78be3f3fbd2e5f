//! A box's fork server (Linux only): a single-threaded copy of the judge, made once for a
//! kind of run, that clones the box's inits for runs of that kind, so that the judge's own
//! memory is not copied for each.
//!
//! A clone copies the page tables of the process it is made from and write-protects every
//! private page of it: the judge's next write to each page is then a copy-on-write fault,
//! on the run's path (docs/benchmarks.md, section 1). The fork server is cloned from the
//! box's preparer once, when the kind of run changes (the program, its mounts, limits and
//! box root: a prepared init's [`Program`] but its cgroup), with the init's plan in its
//! copy of the memory. Then, for each run, it is sent the cgroup files the init's program
//! joins, makes the init's status pipe and control socket, clones the init from its own
//! copy, and sends back the init's pid and the judge's ends. The init is cloned with
//! `CLONE_PARENT`: it is the judge's child, as if the preparer had cloned it, so the judge
//! reaps it, kills it and watches it as before, and its parent-death signal still comes
//! with the preparer's end.
//!
//! Until it is replaced the server keeps the judge's pages of the moment it was made
//! (those the judge writes after are copied once each): a memory cost of at most the
//! judge's own size per box, for the life of one kind of run.
//!
//! A server that fails (killed from outside, say) or does not answer within
//! [`ANSWER_TIMEOUT_S`] seconds (stopped) is killed, and the preparer clones that init
//! itself; the next request makes a new server. One killed between its clone of an init
//! and its answer leaves that init unknown to the judge: the init ends at once (its control
//! socket's other end died with the server) and stays a zombie child of the judge until
//! the judge exits.
//!
//! The server runs only async-signal-safe code (it is a copy of a process with other
//! threads, whose locks it may hold): raw system calls on the plan made before the clone.

use crate::child::{self, ChildPlan};
use crate::error::{Result, SandboxError};
use crate::launch::{self, Prepared, Program};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

/// The lowest descriptor number the server places the init's descriptors at: above any
/// number the kernel gives the few descriptors the server receives and makes, which are
/// the lowest free ones.
const PLACED_FROM: libc::c_int = 64;

/// How long the judge waits for a server's answer before it gives up on the server (and
/// clones that init itself): a clone takes well under a millisecond.
const ANSWER_TIMEOUT_S: libc::time_t = 10;

/// A running fork server, killed and reaped when dropped.
pub(crate) struct ForkServer {
    pid: libc::pid_t,
    socket: OwnedFd,
    /// How many cgroup files each request carries.
    cgroups: usize,
}

impl ForkServer {
    /// Clones a fork server for inits of `program` (whose `cgroup_fds` say how many cgroup
    /// files each request brings; their numbers are the server's to choose).
    pub(crate) fn spawn(mut program: Program) -> Result<ForkServer> {
        let cgroups = program.cgroup_fds.len();
        if !program.isolated || cgroups > child::MAX_FDS {
            return Err(SandboxError::Invalid(
                "a fork server is for isolated boxes of a few cgroups".into(),
            ));
        }
        let (judge_end, server_end) = launch::control_socket()?;
        // A server that hangs (stopped, say) is given up on, not waited for.
        let timeout = libc::timeval {
            tv_sec: ANSWER_TIMEOUT_S,
            tv_usec: 0,
        };
        // SAFETY: setting an option of our own socket from a valid timeval.
        let set = unsafe {
            libc::setsockopt(
                judge_end.as_raw_fd(),
                libc::SOL_SOCKET,
                libc::SO_RCVTIMEO,
                (&timeout as *const libc::timeval).cast(),
                std::mem::size_of::<libc::timeval>() as libc::socklen_t,
            )
        };
        if set != 0 {
            return Err(SandboxError::last_os(
                "setsockopt(SO_RCVTIMEO) on a fork server's socket",
            ));
        }
        let server_fd = server_end.as_raw_fd();
        // The init's descriptors go above every one the server keeps.
        let base = [server_fd, program.netns_fd, program.template_fd]
            .into_iter()
            .max()
            .unwrap_or(0)
            .max(PLACED_FROM - 1)
            + 1;
        program.cgroup_fds = (0..cgroups as libc::c_int).map(|i| base + 2 + i).collect();
        let (pid, error) = launch::with_plan(program, base, base + 1, |plan| {
            // SAFETY: the child only runs async-signal-safe code on the prepared plan.
            let pid = unsafe { child::raw_clone(0) };
            if pid == 0 {
                // SAFETY: we are the fresh child.
                unsafe { serve(plan, server_fd) }
            }
            // (errno read before the plan is freed)
            (pid, (pid < 0).then(std::io::Error::last_os_error))
        })?;
        if let Some(source) = error {
            return Err(SandboxError::Sys {
                call: "clone of a box's fork server",
                source,
            });
        }
        drop(server_end);
        Ok(ForkServer {
            pid,
            socket: judge_end,
            cgroups,
        })
    }

    /// An init for the next run, whose program joins its cgroup through `cgroup_fds`.
    pub(crate) fn prepare(&self, cgroup_fds: &[libc::c_int]) -> Result<Prepared> {
        if cgroup_fds.len() != self.cgroups {
            return Err(SandboxError::Invalid(format!(
                "a fork server for {} cgroup files was asked for {}",
                self.cgroups,
                cgroup_fds.len()
            )));
        }
        let socket = self.socket.as_raw_fd();
        launch::send_message(
            socket,
            &[0u8],
            cgroup_fds,
            "asking a box's fork server for an init",
        )?;
        let mut answer = [0u8; 8];
        let mut fds = [-1; 2];
        // SAFETY: receiving on our own socket into buffers we own.
        let received =
            unsafe { child::receive_fds(socket, &mut answer, &mut fds, libc::MSG_CMSG_CLOEXEC) };
        let (status, control) = match received {
            Some((8, 2)) => {
                // SAFETY: two fresh descriptors, ours.
                unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
            }
            Some((8, 0)) => {
                let errno = i32::from_ne_bytes([answer[4], answer[5], answer[6], answer[7]]);
                return Err(SandboxError::Sys {
                    call: "a fork server's clone of a box's init",
                    source: std::io::Error::from_raw_os_error(errno),
                });
            }
            _ => {
                for fd in fds.into_iter().filter(|&fd| fd >= 0) {
                    // SAFETY: a descriptor we received and own.
                    unsafe { libc::close(fd) };
                }
                return Err(SandboxError::Invalid(
                    "a box's fork server did not answer in time, ended, or answered out of turn"
                        .into(),
                ));
            }
        };
        let pid = i32::from_ne_bytes([answer[0], answer[1], answer[2], answer[3]]);
        if pid <= 0 {
            return Err(SandboxError::Invalid(format!(
                "a box's fork server answered with pid {pid}"
            )));
        }
        let pidfd = launch::pidfd_of_child(pid)?;
        Ok(Prepared::new(
            pid,
            pidfd,
            crate::fds::above_stdio(status)?,
            crate::fds::above_stdio(control)?,
        ))
    }
}

impl Drop for ForkServer {
    fn drop(&mut self) {
        // SAFETY: killing and reaping our own child, not reaped before.
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
            libc::waitpid(self.pid, std::ptr::null_mut(), 0);
        }
    }
}

/// The server: for each request (a byte and the cgroup files), an init cloned as the
/// judge's child, answered with its pid and the judge's ends of its status pipe and
/// control socket, or with an errno and none. Ends when the judge's end closes.
///
/// # Safety
/// Only in the fresh child of a clone, with the plan made for it.
unsafe fn serve(plan: &ChildPlan, socket: libc::c_int) -> ! {
    // If the preparer ends (or the judge dies), so does the server.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    libc::prctl(libc::PR_SET_NAME, c"box-forkserver".as_ptr(), 0, 0, 0);
    let mut keep = [socket, plan.netns_fd, plan.template_fd];
    keep.sort_unstable();
    child::close_all_except(&keep);
    loop {
        let mut byte = [0u8; 1];
        let mut cgroups = [-1; child::MAX_FDS];
        let Some((_, count)) = child::receive_fds(socket, &mut byte, &mut cgroups, 0) else {
            libc::_exit(0)
        };
        let answer = clone_init(plan, &cgroups[..count]);
        for &fd in &cgroups[..count] {
            libc::close(fd);
        }
        let sent = match answer {
            Ok((pid, status, control)) => {
                let sent = send_answer(socket, pid, 0, &[status, control]);
                libc::close(status);
                libc::close(control);
                sent
            }
            Err(errno) => send_answer(socket, -1, errno, &[]),
        };
        if !sent {
            libc::_exit(0);
        }
    }
}

/// Clones one init of `plan` whose program joins `cgroups`: (its pid, the judge's ends of
/// its status pipe and control socket), or an errno.
unsafe fn clone_init(
    plan: &ChildPlan,
    cgroups: &[libc::c_int],
) -> std::result::Result<(libc::pid_t, libc::c_int, libc::c_int), i32> {
    let errno = child::errno;
    if cgroups.len() != plan.cgroup_fds.len() {
        return Err(libc::EINVAL);
    }
    let mut pipe = [-1; 2];
    if libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
        return Err(errno());
    }
    let [status_read, status_write] = pipe;
    // The supervisor reads what is there and goes back to waiting.
    crate::fds::set_nonblocking(status_read);
    let mut pair = [-1; 2];
    let made = libc::socketpair(
        libc::AF_UNIX,
        libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
        0,
        pair.as_mut_ptr(),
    );
    if made != 0 {
        let error = errno();
        libc::close(status_read);
        libc::close(status_write);
        return Err(error);
    }
    let [judge_end, init_end] = pair;
    // At the numbers the plan says, close-on-exec like every descriptor the init keeps:
    // none of them reaches the program after its exec.
    let mut placed = libc::dup3(status_write, plan.status_fd, libc::O_CLOEXEC) >= 0
        && libc::dup3(init_end, plan.control_fd, libc::O_CLOEXEC) >= 0;
    for (&fd, &at) in cgroups.iter().zip(&plan.cgroup_fds) {
        placed = placed && libc::dup3(fd, at, libc::O_CLOEXEC) >= 0;
    }
    let error = errno();
    libc::close(status_write);
    libc::close(init_end);
    let pid = if placed {
        child::raw_clone(launch::clone_flags(true) | libc::CLONE_PARENT)
    } else {
        -1
    };
    if pid == 0 {
        child::init_main(plan)
    }
    let error = if placed { errno() } else { error };
    libc::close(plan.status_fd);
    libc::close(plan.control_fd);
    for &at in &plan.cgroup_fds {
        libc::close(at);
    }
    if pid < 0 {
        libc::close(status_read);
        libc::close(judge_end);
        return Err(error);
    }
    Ok((pid, status_read, judge_end))
}

/// Sends the answer to one request: the pid and errno as eight bytes, with `fds`.
unsafe fn send_answer(
    socket: libc::c_int,
    pid: libc::pid_t,
    errno: i32,
    fds: &[libc::c_int],
) -> bool {
    let mut payload = [0u8; 8];
    payload[..4].copy_from_slice(&pid.to_ne_bytes());
    payload[4..].copy_from_slice(&errno.to_ne_bytes());
    child::send_fds(socket, &payload, fds)
}
