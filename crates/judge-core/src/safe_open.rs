//! Opening files that someone else made, as the judge (often root) may: never through a
//! symbolic link, never outside the folder they were made in, only regular files, never
//! waiting (a FIFO), never more than a cap. Two kinds of such files:
//!
//! - a class's submissions ([`read`]): students' git repositories and zip files keep links;
//!   a link to `/etc/shadow` or to the tests' answers must be refused, with a reason, and
//!   never read; nor a hard link to another user's file;
//! - what a problem's tool leaves in the folder its box could write ([`ToolFolder`]): a
//!   Kattis output validator's `judgemessage.txt` and score files, an interactor's TOUT.
//!   A package from the internet is as hostile as a submission: its checker may make
//!   `judgemessage.txt` a link to `/proc/self/environ` or a FIFO.
//!
//! Linux only: openat2 (5.6 or later; the sandbox itself needs 5.9).

use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// A file of the class, read whole.
#[derive(Debug)]
pub struct ClassFile {
    /// Its bytes.
    pub content: Vec<u8>,
    /// Its modification time (Unix seconds).
    pub modified: i64,
}

/// Why a file of the class is not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

/// What kind of thing a file type is, in words.
fn kind(file_type: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_dir() {
        "a folder"
    } else if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_block_device() || file_type.is_char_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

/// Which symbolic links an open below a folder follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// None: a link anywhere on the way is refused (a class's files, a tool's output).
    Refused,
    /// Those that resolve inside the folder, relative ones only (the kernel refuses an
    /// absolute link and one that climbs out: a folder submission's files).
    Inside,
}

/// Opens `relative` (no `..`, no absolute path) below the folder `root` without following
/// any symbolic link on the way (or, with [`Links::Inside`], only links that stay below
/// `root`), without waiting (a FIFO) and without adopting a terminal.
fn open_beneath(root: &File, relative: &Path, links: Links) -> std::io::Result<File> {
    let name = std::ffi::CString::new(relative.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL))?;
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOCTTY: nor adopt a tty.
    let mut flags = libc::O_RDONLY | libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC;
    let mut resolve = libc::RESOLVE_BENEATH | libc::RESOLVE_NO_MAGICLINKS;
    if links == Links::Refused {
        flags |= libc::O_NOFOLLOW;
        resolve |= libc::RESOLVE_NO_SYMLINKS;
    }
    // struct open_how of linux/openat2.h (libc's is non-exhaustive).
    #[repr(C)]
    struct OpenHow {
        flags: u64,
        mode: u64,
        resolve: u64,
    }
    let how = OpenHow {
        flags: flags as u64,
        mode: 0,
        resolve,
    };
    // SAFETY: openat2 with a valid path and a fully initialised open_how of its size.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat2,
            root.as_raw_fd(),
            name.as_ptr(),
            &how as *const OpenHow,
            std::mem::size_of::<OpenHow>(),
        )
    } as libc::c_int;
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor we own.
    Ok(unsafe { File::from_raw_fd(fd) })
}

/// Reads the class file at `relative` below `root`, or says why not. `owner` is the uid
/// of the student's folder: a hard link to a file of someone else is refused. A file of
/// more than `max_bytes` is refused after reading at most `max_bytes + 1` (it may grow
/// while it is read).
pub fn read(
    root: &File,
    relative: &Path,
    owner: u32,
    max_bytes: u64,
) -> Result<ClassFile, Refused> {
    read_with(root, relative, owner, max_bytes, Links::Refused)
}

/// Like [`read`], following the symbolic links `links` allows. With [`Links::Inside`], a
/// link that leaves `root` (absolute, or climbing out with `..`), a dangling one and a
/// loop of links are refused, each in its own words.
pub fn read_with(
    root: &File,
    relative: &Path,
    owner: u32,
    max_bytes: u64,
    links: Links,
) -> Result<ClassFile, Refused> {
    let file = match open_beneath(root, relative, links) {
        Ok(file) => file,
        Err(error)
            if links == Links::Refused
                && matches!(error.raw_os_error(), Some(libc::ELOOP | libc::EXDEV)) =>
        {
            return Err(Refused(
                "a symbolic link, or inside a linked folder (links are not followed: submit \
                 the file itself)"
                    .to_string(),
            ))
        }
        Err(error) if links == Links::Inside => return Err(link_refused(error)),
        Err(error) => return Err(open_refused(error)),
    };
    let metadata = file
        .metadata()
        .map_err(|e| Refused(format!("cannot be read: {e}")))?;
    if !metadata.file_type().is_file() {
        return Err(Refused(format!(
            "{} (only regular files are judged)",
            kind(metadata.file_type())
        )));
    }
    if metadata.nlink() > 1 && metadata.uid() != owner {
        return Err(Refused(format!(
            "a hard link to a file owned by another user (uid {}, the student's folder is uid \
             {owner}): submit a copy",
            metadata.uid()
        )));
    }
    let too_large =
        |bytes: u64| Refused(judge_model::text::source_too_large(bytes, max_bytes / 1024));
    if metadata.len() > max_bytes {
        return Err(too_large(metadata.len()));
    }
    let mut content = Vec::with_capacity(metadata.len() as usize);
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut content)
        .map_err(|e| Refused(format!("cannot be read: {e}")))?;
    if content.len() as u64 > max_bytes {
        return Err(too_large(content.len() as u64));
    }
    Ok(ClassFile {
        content,
        modified: metadata.mtime(),
    })
}

/// Why an open that follows links inside the folder failed, in words.
fn link_refused(error: std::io::Error) -> Refused {
    match error.raw_os_error() {
        Some(libc::EXDEV) => Refused(
            "a symbolic link that leaves the folder (only links to files inside it are followed)"
                .to_string(),
        ),
        Some(libc::ENOENT) => Refused("a dangling symbolic link (its target is missing)".into()),
        Some(libc::ELOOP) => Refused("a loop of symbolic links".to_string()),
        _ => open_refused(error),
    }
}

/// Why an open below a folder failed, in words: a link is named as one.
fn open_refused(error: std::io::Error) -> Refused {
    if matches!(error.raw_os_error(), Some(libc::ELOOP | libc::EXDEV)) {
        Refused("a symbolic link (not followed)".to_string())
    } else {
        Refused(format!("cannot be opened: {error}"))
    }
}

/// A folder a box could write, opened once after the box ended (the folder itself through
/// no link), from which the judge reads single files as data.
#[derive(Debug)]
pub struct ToolFolder {
    dir: File,
}

/// A file read up to a cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capped {
    /// Its first bytes, at most the cap.
    pub bytes: Vec<u8>,
    /// Whether the file held more than the cap.
    pub truncated: bool,
}

impl Capped {
    /// The bytes as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

impl ToolFolder {
    /// Opens the folder at `path` (its last component must not be a link).
    pub fn open(path: &Path) -> std::io::Result<ToolFolder> {
        use std::os::unix::fs::OpenOptionsExt;
        let dir = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(path)?;
        Ok(ToolFolder { dir })
    }

    /// The file `name` (one plain name) of the folder, if there is one: at most
    /// `max_bytes` of it, only a regular file, never through a link, never waiting for a
    /// writer. `Ok(None)`: no such file.
    pub fn read(&self, name: &str, max_bytes: u64) -> Result<Option<Capped>, Refused> {
        let file = match self.open_file(name)? {
            Some(file) => file,
            None => return Ok(None),
        };
        let mut bytes = Vec::new();
        (&file)
            .take(max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| Refused(format!("cannot be read: {e}")))?;
        let truncated = bytes.len() as u64 > max_bytes;
        bytes.truncate(max_bytes as usize);
        Ok(Some(Capped { bytes, truncated }))
    }

    /// Whether `name` is a regular file of the folder (`Ok(false)`: there is none), so
    /// that its path may be handed to another box.
    pub fn is_regular_file(&self, name: &str) -> Result<bool, Refused> {
        Ok(self.open_file(name)?.is_some())
    }

    /// Opens `name` as [`ToolFolder::read`] does, checked to be a regular file.
    fn open_file(&self, name: &str) -> Result<Option<File>, Refused> {
        if name.is_empty() || name.contains('/') || name == "." || name == ".." {
            return Err(Refused(format!("{name:?} is not a plain file name")));
        }
        let file = match open_beneath(&self.dir, Path::new(name), Links::Refused) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(open_refused(error)),
        };
        let metadata = file
            .metadata()
            .map_err(|e| Refused(format!("cannot be read: {e}")))?;
        if !metadata.file_type().is_file() {
            return Err(Refused(format!(
                "{} (only a regular file is read)",
                kind(metadata.file_type())
            )));
        }
        Ok(Some(file))
    }
}

/// What kind of thing a folder entry is, when it is neither a folder nor a regular file
/// (for entries that are refused before any open).
pub fn refused_kind(file_type: std::fs::FileType) -> Option<Refused> {
    (!file_type.is_dir() && !file_type.is_file()).then(|| {
        Refused(if file_type.is_symlink() {
            "a symbolic link (links are not followed: submit the file itself)".to_string()
        } else {
            format!("{} (only regular files are judged)", kind(file_type))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn root(dir: &Path) -> File {
        File::open(dir).unwrap()
    }

    #[test]
    fn regular_files_are_read_and_links_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let secret = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(secret.path(), "root:hash\n").unwrap();
        std::fs::create_dir(dir.path().join("alice")).unwrap();
        std::fs::write(dir.path().join("alice/sum.c"), "int main(){}").unwrap();
        symlink(secret.path(), dir.path().join("alice/maze.c")).unwrap();
        symlink(dir.path().join("alice"), dir.path().join("mallory")).unwrap();
        let me = unsafe { libc::geteuid() };
        let root = root(dir.path());
        assert_eq!(
            read(&root, Path::new("alice/sum.c"), me, 1024)
                .unwrap()
                .content,
            b"int main(){}"
        );
        for linked in ["alice/maze.c", "mallory/sum.c"] {
            let refused = read(&root, Path::new(linked), me, 1024).unwrap_err();
            assert!(refused.0.contains("symbolic link"), "{linked}: {refused:?}");
        }
        let escape = read(&root, Path::new("../etc/passwd"), me, 1024).unwrap_err();
        assert!(!escape.0.is_empty());
    }

    #[test]
    fn a_file_over_the_cap_is_refused_and_read_no_further() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("fits.c"), vec![b' '; 2048]).unwrap();
        std::fs::write(dir.path().join("big.c"), vec![b'/'; 2049]).unwrap();
        let root = root(dir.path());
        let me = unsafe { libc::geteuid() };
        assert_eq!(
            read(&root, Path::new("fits.c"), me, 2048)
                .unwrap()
                .content
                .len(),
            2048
        );
        let refused = read(&root, Path::new("big.c"), me, 2048).unwrap_err();
        assert!(
            refused
                .0
                .contains("more than the largest source judge.toml allows (2 KiB"),
            "{refused:?}"
        );
    }

    #[test]
    fn fifos_are_refused_without_waiting_and_foreign_hard_links_too() {
        let dir = tempfile::tempdir().unwrap();
        let fifo =
            std::ffi::CString::new(dir.path().join("pipe.c").as_os_str().as_bytes()).unwrap();
        // SAFETY: mkfifo with a valid path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let root = root(dir.path());
        let me = unsafe { libc::geteuid() };
        let refused = read(&root, Path::new("pipe.c"), me, 1024).unwrap_err();
        assert!(refused.0.contains("FIFO"), "{refused:?}");
        std::fs::write(dir.path().join("mine.c"), "x").unwrap();
        std::fs::hard_link(dir.path().join("mine.c"), dir.path().join("link.c")).unwrap();
        assert!(
            read(&root, Path::new("link.c"), me, 1024).is_ok(),
            "my own hard link is fine"
        );
        let refused = read(&root, Path::new("link.c"), me + 1, 1024).unwrap_err();
        assert!(refused.0.contains("hard link"), "{refused:?}");
    }

    #[test]
    fn what_a_tool_left_is_read_capped_and_never_through_a_link_or_a_fifo() {
        let dir = tempfile::tempdir().unwrap();
        let secret = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(secret.path(), "DATABASE_PASSWORD=hunter2").unwrap();
        symlink(secret.path(), dir.path().join("judgemessage.txt")).unwrap();
        symlink("/proc/self/environ", dir.path().join("environ.txt")).unwrap();
        std::fs::write(dir.path().join("long.txt"), "x".repeat(100)).unwrap();
        let fifo =
            std::ffi::CString::new(dir.path().join("fifo.txt").as_os_str().as_bytes()).unwrap();
        // SAFETY: mkfifo with a valid path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o666) }, 0);
        std::fs::create_dir(dir.path().join("folder.txt")).unwrap();
        let folder = ToolFolder::open(dir.path()).unwrap();
        for linked in ["judgemessage.txt", "environ.txt"] {
            let refused = folder.read(linked, 1024).unwrap_err();
            assert_eq!(refused.0, "a symbolic link (not followed)", "{linked}");
        }
        // A FIFO without a writer would block an open() for ever: refused at once.
        assert!(folder
            .read("fifo.txt", 1024)
            .unwrap_err()
            .0
            .contains("a FIFO"));
        assert!(folder
            .read("folder.txt", 1024)
            .unwrap_err()
            .0
            .contains("a folder"));
        assert_eq!(folder.read("missing.txt", 1024), Ok(None));
        let long = folder.read("long.txt", 10).unwrap().unwrap();
        assert_eq!((long.bytes.len(), long.truncated), (10, true));
        assert!(folder.read("../etc/passwd", 10).is_err());
        assert!(folder.is_regular_file("long.txt").unwrap());
        assert!(!folder.is_regular_file("missing.txt").unwrap());
        assert!(folder.is_regular_file("environ.txt").is_err());
    }

    #[test]
    fn a_tool_folder_that_is_a_link_is_not_opened() {
        let dir = tempfile::tempdir().unwrap();
        symlink("/etc", dir.path().join("feedback")).unwrap();
        assert!(ToolFolder::open(&dir.path().join("feedback")).is_err());
    }
}
