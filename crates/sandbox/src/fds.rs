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

/// A box's stderr: one anonymous file, created on first use, emptied for each run.
#[derive(Default)]
pub(crate) struct StderrFile(Option<File>);

impl StderrFile {
    /// The file of the current run, made by [`StderrFile::fresh`].
    pub(crate) fn current(&mut self) -> Result<&mut File> {
        self.0
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("the run's stderr file was not made".into()))
    }

    /// The file, empty and at its start.
    pub(crate) fn fresh(&mut self) -> Result<&mut File> {
        if self.0.is_none() {
            let file = tempfile::tempfile().map_err(|e| {
                SandboxError::io("creating the stderr file in", std::env::temp_dir(), e)
            })?;
            self.0 = Some(File::from(above_stdio(OwnedFd::from(file))?));
        }
        let file = self
            .0
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("no stderr file".into()))?;
        file.set_len(0)
            .and_then(|()| std::io::Seek::seek(file, std::io::SeekFrom::Start(0)).map(|_| ()))
            .map_err(|e| {
                SandboxError::io("emptying the stderr file in", std::env::temp_dir(), e)
            })?;
        Ok(file)
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
    }

    #[test]
    fn a_nul_byte_is_named() {
        let error = cstring(b"a\0b", "an argument").unwrap_err().to_string();
        assert!(error.contains("an argument"), "{error}");
    }
}
