//! Reading and writing cgroup files and folders: the one way both hierarchies do it.

use crate::error::{Result, SandboxError};
use std::fs::File;
use std::path::Path;
use std::time::Duration;

/// A control file kept open from run to run, so that reading or writing it costs one
/// system call (`pread`, `pwrite` at offset 0) and no path lookup.
#[derive(Debug)]
pub(crate) struct ControlFile {
    path: std::path::PathBuf,
    file: File,
    buffer: String,
}

impl ControlFile {
    /// Opens a control file, for writing too when `writable`.
    pub(crate) fn open(path: std::path::PathBuf, writable: bool) -> Result<ControlFile> {
        let file = File::options()
            .read(true)
            .write(writable)
            .open(&path)
            .map_err(|e| SandboxError::io("opening the cgroup file", &path, e))?;
        Ok(ControlFile {
            path,
            file,
            buffer: String::new(),
        })
    }

    /// The whole file, read again from its start.
    pub(crate) fn read(&mut self) -> Result<&str> {
        reread(&self.file, &self.path, &mut self.buffer)?;
        Ok(&self.buffer)
    }

    /// The file as one integer.
    pub(crate) fn read_u64(&mut self) -> Result<u64> {
        reread(&self.file, &self.path, &mut self.buffer)?;
        let text = self.buffer.trim();
        text.parse().map_err(|_| {
            SandboxError::io(
                "parsing the cgroup file",
                &self.path,
                std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{text:?}")),
            )
        })
    }

    /// Stores a value.
    pub(crate) fn write(&mut self, value: &str) -> Result<()> {
        use std::os::unix::fs::FileExt;
        self.file
            .write_all_at(value.as_bytes(), 0)
            .map_err(|e| SandboxError::io("writing the cgroup file", &self.path, e))
    }
}

/// Writes a value to a cgroup control file.
pub(crate) fn write_value(path: &Path, value: &str) -> Result<()> {
    std::fs::write(path, value).map_err(|e| SandboxError::io("writing the cgroup file", path, e))
}

/// Reads a control file as text.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| SandboxError::io("reading the cgroup file", path, e))
}

/// Reads a control file holding one integer.
pub(crate) fn read_u64(path: &Path) -> Result<u64> {
    let text = read_text(path)?;
    text.trim().parse().map_err(|_| {
        SandboxError::io(
            "parsing the cgroup file",
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{text:?}")),
        )
    })
}

/// Reads an already open control file from its start (cheaper than opening it again):
/// one `pread` when the file fits the buffer, as cgroup files do (the kernel makes their
/// text afresh for a read at offset 0). The read goes to the stack first and only its
/// text is kept: a run's path reads several control files, and a page-sized buffer of
/// each, written on every run, cost a copy-on-write fault each (the judge's pages are
/// shared with the init a box's preparer clones from it).
pub(crate) fn reread(file: &File, path: &Path, buffer: &mut String) -> Result<()> {
    use std::os::unix::fs::FileExt;
    let mut small = [0u8; 512];
    let n = file
        .read_at(&mut small, 0)
        .map_err(|e| SandboxError::io("reading the cgroup file", path, e))?;
    if n < small.len() {
        let text = std::str::from_utf8(&small[..n]).map_err(|_| {
            SandboxError::io(
                "reading the cgroup file",
                path,
                std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8"),
            )
        })?;
        buffer.clear();
        buffer.push_str(text);
        return Ok(());
    }
    let mut bytes = std::mem::take(buffer).into_bytes();
    bytes.clear();
    bytes.resize(bytes.capacity().max(4096), 0);
    let mut filled = 0;
    loop {
        let n = file
            .read_at(&mut bytes[filled..], filled as u64)
            .map_err(|e| SandboxError::io("reading the cgroup file", path, e))?;
        filled += n;
        if n == 0 || filled < bytes.len() {
            break;
        }
        bytes.resize(bytes.len() * 2, 0);
    }
    bytes.truncate(filled);
    *buffer = String::from_utf8(bytes).map_err(|_| {
        SandboxError::io(
            "reading the cgroup file",
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8"),
        )
    })?;
    Ok(())
}

/// Finds `key value` in a flat-keyed file such as `memory.events` or `cpu.stat`.
pub(crate) fn keyed_value(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok()).flatten()
    })
}

/// Opens a cgroup's `file` (`cgroup.procs` or `tasks`) for writing.
pub(crate) fn open_for_joining(dir: &Path, file: &str) -> Result<File> {
    let path = dir.join(file);
    File::options()
        .write(true)
        .open(&path)
        .map_err(|e| SandboxError::io("opening", path, e))
}

/// Creates a cgroup directory (and its parents); an existing one is reused.
pub(crate) fn create_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| SandboxError::io("creating the cgroup", dir, e))
}

/// The pids listed in a `cgroup.procs` file.
pub(crate) fn list_pids(dir: &Path) -> Vec<i32> {
    std::fs::read_to_string(dir.join("cgroup.procs"))
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.trim().parse().ok())
        .collect()
}

/// Kills the listed tasks until the cgroup is empty, for at most about a second.
pub(crate) fn kill_listed(dir: &Path) {
    for _ in 0..200 {
        let pids = list_pids(dir);
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: kill has no memory-safety preconditions.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Removes a cgroup directory, retrying while its last tasks finish exiting.
pub(crate) fn remove_dir(dir: &Path) {
    for _ in 0..100 {
        match std::fs::remove_dir(dir) {
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                kill_listed(dir);
                std::thread::sleep(Duration::from_millis(10));
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_keyed_values() {
        let text = "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n";
        assert_eq!(keyed_value(text, "usage_usec"), Some(1500));
        assert_eq!(keyed_value(text, "system_usec"), Some(500));
        assert_eq!(keyed_value(text, "missing"), None);
        assert_eq!(keyed_value("oom 0\noom_kill 2\n", "oom_kill"), Some(2));
    }
}
