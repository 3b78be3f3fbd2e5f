//! Network namespaces: each box slot gets an empty one of its own (created once per slot
//! and reused run after run), so that nothing bound inside one box, an abstract unix
//! socket included, can be reached from another box running at the same time.

use crate::error::{Result, SandboxError};
use std::os::fd::{FromRawFd, OwnedFd};

/// Creates a network namespace with nothing in it (only a loopback device, down) and
/// returns a handle to it. Creating one costs about a millisecond, and the kernel tears
/// one down lazily, so it is done once per slot, never per run.
pub(crate) fn empty() -> Result<OwnedFd> {
    std::thread::spawn(|| {
        // unshare in a thread moves only that thread; the namespace lives on through the fd.
        // SAFETY: unshare and open have no memory-safety preconditions.
        unsafe {
            if libc::unshare(libc::CLONE_NEWNET) != 0 {
                return Err(SandboxError::last_os("unshare(CLONE_NEWNET)"));
            }
            let fd = libc::open(
                c"/proc/thread-self/ns/net".as_ptr(),
                libc::O_RDONLY | libc::O_CLOEXEC,
            );
            if fd < 0 {
                return Err(SandboxError::last_os("opening /proc/thread-self/ns/net"));
            }
            Ok(OwnedFd::from_raw_fd(fd))
        }
    })
    .join()
    .map_err(|_| SandboxError::Unsupported("the network namespace thread panicked".into()))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    fn inode(fd: &OwnedFd) -> u64 {
        std::fs::metadata(format!("/proc/self/fd/{}", fd.as_raw_fd()))
            .map(|m| std::os::unix::fs::MetadataExt::ino(&m))
            .unwrap()
    }

    #[test]
    fn each_call_makes_a_namespace_of_its_own() {
        // SAFETY: geteuid cannot fail.
        if unsafe { libc::geteuid() } != 0 {
            assert!(empty().is_err(), "only root may create network namespaces");
            return;
        }
        let (a, b) = (empty().unwrap(), empty().unwrap());
        assert_ne!(inode(&a), inode(&b));
    }
}
