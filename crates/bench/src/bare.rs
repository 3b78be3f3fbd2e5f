//! The baseline every overhead figure is a ratio to: a bare fork + exec + wait4 of a
//! program, with no limits, no measurement beyond wait4's rusage, no isolation.

use anyhow::{bail, Context, Result};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// A program ready to be forked and executed.
pub struct BareProgram {
    path: CString,
}

impl BareProgram {
    /// The executable at `path`.
    pub fn new(path: &Path) -> Result<BareProgram> {
        Ok(BareProgram {
            path: CString::new(path.as_os_str().as_bytes()).context("a path with a NUL byte")?,
        })
    }

    /// fork, execv in the child, wait4 in the parent; an error unless it exited with 0.
    pub fn run_once(&self) -> Result<()> {
        let argv = [self.path.as_ptr(), std::ptr::null()];
        // SAFETY: after fork the child calls only execv and _exit (async-signal-safe), on
        // pointers prepared before the fork.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: see above.
            unsafe {
                libc::execv(self.path.as_ptr(), argv.as_ptr());
                libc::_exit(127);
            }
        }
        if pid < 0 {
            bail!("fork: {}", std::io::Error::last_os_error());
        }
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value; wait4 fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waiting for our own child with valid out-pointers.
        let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if waited != pid {
            bail!("wait4: {}", std::io::Error::last_os_error());
        }
        if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
            bail!("the bare program ended with wait status {status}");
        }
        Ok(())
    }
}
