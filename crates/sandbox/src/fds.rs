//! File descriptors a run hands to its box: pipes and files kept at 3 or above (so that
//! placing stdio in the child never clobbers one), and the stderr file reused run after
//! run.

use crate::error::{Result, SandboxError};
use std::ffi::CString;
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

/// A C string of `text`, or an error naming `what` when it holds a NUL byte.
pub(crate) fn cstring(text: &[u8], what: &str) -> Result<CString> {
    CString::new(text).map_err(|_| SandboxError::Invalid(format!("{what} contains a NUL byte")))
}

/// A pipe whose ends are close-on-exec and numbered 3 or above: (read end, write end).
pub(crate) fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(SandboxError::last_os("pipe2"));
    }
    // SAFETY: both descriptors are fresh and ours.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(read)?, above_stdio(write)?))
}

/// Moves a descriptor to 3 or above.
pub(crate) fn above_stdio(fd: OwnedFd) -> Result<OwnedFd> {
    if fd.as_raw_fd() > 2 {
        return Ok(fd);
    }
    // SAFETY: duplicating a descriptor we own.
    let moved = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 3) };
    if moved < 0 {
        return Err(SandboxError::last_os("fcntl(F_DUPFD_CLOEXEC)"));
    }
    // SAFETY: `moved` is a fresh descriptor we own.
    Ok(unsafe { OwnedFd::from_raw_fd(moved) })
}

/// Makes a descriptor non-blocking.
pub(crate) fn set_nonblocking(fd: std::os::fd::RawFd) {
    // SAFETY: fcntl on a descriptor the caller owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// A box's stderr: one anonymous file, created on first use, emptied for each run that
/// follows one that wrote to it. It is opened for appending, so that emptying it is one
/// `ftruncate` (the program's writes land at its end, wherever the last run left the
/// offset), and a run after a silent one costs nothing.
#[derive(Default)]
pub(crate) struct StderrFile {
    file: Option<File>,
    /// Whether the last run may have written to it.
    written: bool,
}

impl StderrFile {
    /// The file of the current run, made by [`StderrFile::fresh`].
    pub(crate) fn current(&mut self) -> Result<&mut File> {
        self.file
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("the run's stderr file was not made".into()))
    }

    /// The file, empty.
    pub(crate) fn fresh(&mut self) -> Result<&mut File> {
        if self.file.is_none() {
            let file = tempfile::tempfile().map_err(|e| {
                SandboxError::io("creating the stderr file in", std::env::temp_dir(), e)
            })?;
            let fd = above_stdio(OwnedFd::from(file))?;
            // SAFETY: fcntl on a descriptor we own.
            if unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, libc::O_APPEND) } < 0 {
                return Err(SandboxError::last_os("fcntl(O_APPEND) on the stderr file"));
            }
            self.file = Some(File::from(fd));
            self.written = false;
        }
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("no stderr file".into()))?;
        if std::mem::replace(&mut self.written, true) {
            file.set_len(0).map_err(|e| {
                SandboxError::io("emptying the stderr file in", std::env::temp_dir(), e)
            })?;
        }
        Ok(file)
    }

    /// The run is over and left the file empty: the next run need not empty it.
    pub(crate) fn left_empty(&mut self) {
        self.written = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipe_ends_are_above_stdio_and_close_on_exec() {
        let (read, write) = pipe().unwrap();
        for fd in [&read, &write] {
            assert!(fd.as_raw_fd() > 2);
            // SAFETY: fcntl on a descriptor we own.
            let flags = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFD) };
            assert_ne!(flags & libc::FD_CLOEXEC, 0);
        }
    }

    #[test]
    fn the_stderr_file_is_emptied_for_each_run() {
        let mut stderr = StderrFile::default();
        std::io::Write::write_all(stderr.fresh().unwrap(), b"first run").unwrap();
        let file = stderr.fresh().unwrap();
        assert_eq!(file.metadata().unwrap().len(), 0);
        // Written at its start again, though the offset was past the first run's text.
        std::io::Write::write_all(file, b"second").unwrap();
        let mut text = String::new();
        std::io::Read::read_to_string(
            &mut File::open(format!("/proc/self/fd/{}", file.as_raw_fd())).unwrap(),
            &mut text,
        )
        .unwrap();
        assert_eq!(text, "second");
    }

    #[test]
    fn a_nul_byte_is_named() {
        let error = cstring(b"a\0b", "an argument").unwrap_err().to_string();
        assert!(error.contains("an argument"), "{error}");
    }
}
