//! The box's root filesystem: a small tmpfs with read-only binds of what compilers and
//! runtimes need, the box directory at `/box`, a private size-limited `/tmp`, a `/proc` of
//! the box's own pid namespace and a few device nodes. Nothing else of the host is visible:
//! no testdata, no other boxes, no judge files, no home directories.
//!
//! This module only plans the steps (allocating freely); [`crate::child`] performs them.

use crate::child::MountStep;
use crate::error::{Result, SandboxError};
use crate::spec::Bind;
use std::collections::HashSet;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// Where the box directory appears inside the box.
pub const BOX_DIR: &str = "/box";

/// Where a host path shown read-only at the same place in the box goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// In the box root, built once.
    Root,
    /// Under `/tmp`, which every run mounts afresh (a private tmpfs): attached by each run
    /// on top of its own `/tmp`, after that is mounted.
    OverRunTmp,
}

/// Where a read-only host path goes, or why it cannot be shown: `/tmp` itself would hide
/// the run's private `/tmp`; under `/box` lies the box folder (a mount point made there
/// would be a folder made in the box folder on the host); under `/proc` the box's own
/// process list (where nothing can be made).
pub(crate) fn placement(path: &Path) -> std::result::Result<Placement, String> {
    if path == Path::new("/tmp") {
        return Err(format!(
            "{} cannot be shown in a box: it would hide the run's own /tmp",
            path.display()
        ));
    }
    for (mounted, what) in [
        (BOX_DIR, "the box folder"),
        ("/proc", "the box's own /proc"),
    ] {
        if path.starts_with(mounted) {
            return Err(format!(
                "{} cannot be shown in a box: {mounted} is {what}, mounted by every run; \
                 keep it elsewhere",
                path.display()
            ));
        }
    }
    Ok(if path.starts_with("/tmp") {
        Placement::OverRunTmp
    } else {
        Placement::Root
    })
}

/// The host paths shown read-only in every box unless configured otherwise. Missing ones
/// are skipped; a trailing `*` matches names in a directory (`/etc/java-*`).
pub const DEFAULT_READONLY: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/java-*",
    "/etc/localtime",
];

/// Files and folders a box's private tmpfs may hold. Without a cap, millions of empty
/// files fill kernel memory that no process owns (inodes and dentries), slowly, and the
/// kernel's work freeing them lands after the run; with it, the program gets ENOSPC.
pub const TMP_INODES: u64 = 8192;

/// Device nodes the box gets (bound from the host).
const DEVICES: &[&str] = &["null", "zero", "random", "urandom"];

fn cstring(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| SandboxError::Invalid(format!("path with a NUL byte: {}", path.display())))
}

/// Expands `~` (the judging user's home) and a trailing `*` in configured bind paths;
/// drops paths that do not exist.
pub fn expand_binds(patterns: &[String], home: Option<&Path>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for pattern in patterns {
        let path = match (pattern.strip_prefix("~/"), home) {
            (Some(rest), Some(home)) => home.join(rest),
            (Some(_), None) => continue,
            (None, _) => PathBuf::from(pattern),
        };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        match name.as_deref().and_then(|n| n.strip_suffix('*')) {
            Some(prefix) => {
                let parent = path.parent().unwrap_or(Path::new("/"));
                let mut matches: Vec<PathBuf> = std::fs::read_dir(parent)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
                    .map(|entry| entry.path())
                    .collect();
                matches.sort();
                out.extend(matches);
            }
            None if path.symlink_metadata().is_ok() => out.push(path),
            None => {}
        }
    }
    out
}

/// Plans mount steps: either the box root's template (built once on a staging directory,
/// binds made directly), or one run's additions to its copy of it (paths inside the box,
/// host paths attached as trees cloned beforehand).
pub struct RootPlan {
    staging: PathBuf,
    per_run: bool,
    steps: Vec<MountStep>,
    described: Vec<String>,
    created: HashSet<PathBuf>,
}

impl RootPlan {
    /// A plan building the template root on `staging` (an empty host directory).
    pub fn new(staging: &Path) -> Result<RootPlan> {
        let mut plan = RootPlan {
            staging: staging.to_path_buf(),
            per_run: false,
            steps: Vec::new(),
            described: Vec::new(),
            created: HashSet::new(),
        };
        plan.push(
            MountStep::Tmpfs {
                path: cstring(staging)?,
                flags: libc::MS_NOSUID | libc::MS_NODEV,
                options: CString::new("size=4m,mode=0755").unwrap_or_default(),
            },
            format!("tmpfs root on {}", staging.display()),
        );
        Ok(plan)
    }

    /// A plan of one run's mounts, made inside its copy of the template.
    pub fn for_run() -> RootPlan {
        RootPlan {
            staging: PathBuf::from("/"),
            per_run: true,
            steps: Vec::new(),
            described: Vec::new(),
            created: HashSet::new(),
        }
    }

    fn push(&mut self, step: MountStep, description: String) {
        self.steps.push(step);
        self.described.push(description);
    }

    fn inside(&self, path: &Path) -> PathBuf {
        let relative: PathBuf = path
            .components()
            .filter(|c| matches!(c, Component::Normal(_)))
            .collect();
        self.staging.join(relative)
    }

    /// Makes sure a directory (and its parents) exists in the root.
    fn directory(&mut self, path: &Path, mode: libc::mode_t) -> Result<()> {
        if path == Path::new("/") || self.created.contains(path) {
            return Ok(());
        }
        if let Some(parent) = path.parent() {
            self.directory(parent, 0o755)?;
        }
        let target = self.inside(path);
        self.push(
            MountStep::Dir {
                path: cstring(&target)?,
                mode,
            },
            format!("directory {}", path.display()),
        );
        self.created.insert(path.to_path_buf());
        Ok(())
    }

    fn mount_point(&mut self, inside: &Path, is_dir: bool) -> Result<CString> {
        if let Some(parent) = inside.parent() {
            self.directory(parent, 0o755)?;
        }
        let target = self.inside(inside);
        if is_dir {
            self.directory(inside, 0o755)?;
        } else {
            self.push(
                MountStep::File {
                    path: cstring(&target)?,
                },
                format!("mount point {}", inside.display()),
            );
        }
        cstring(&target)
    }

    /// Shows a host path inside the box. A symbolic link is recreated as a link.
    pub fn bind(&mut self, bind: &Bind) -> Result<()> {
        let metadata = bind
            .host
            .symlink_metadata()
            .map_err(|e| SandboxError::io("binding into the box", &bind.host, e))?;
        if metadata.file_type().is_symlink() && bind.host == bind.inside && !self.per_run {
            let target = std::fs::read_link(&bind.host)
                .map_err(|e| SandboxError::io("reading the link", &bind.host, e))?;
            if let Some(parent) = bind.inside.parent() {
                self.directory(parent, 0o755)?;
            }
            let path = self.inside(&bind.inside);
            self.push(
                MountStep::Symlink {
                    target: cstring(&target)?,
                    path: cstring(&path)?,
                },
                format!("link {} -> {}", bind.inside.display(), target.display()),
            );
            return Ok(());
        }
        let path = self.mount_point(&bind.inside, bind.host.is_dir())?;
        let mut flags = libc::MS_NOSUID | libc::MS_NODEV;
        if !bind.writable {
            flags |= libc::MS_RDONLY;
        }
        let source = cstring(&bind.host)?;
        let step = if self.per_run {
            MountStep::Attach {
                source,
                path,
                flags,
            }
        } else {
            MountStep::Bind {
                source,
                path,
                flags,
            }
        };
        self.push(
            step,
            format!(
                "bind {} at {} ({})",
                bind.host.display(),
                bind.inside.display(),
                if bind.writable { "rw" } else { "ro" }
            ),
        );
        Ok(())
    }

    /// A private tmpfs of `size_bytes` at `inside`.
    pub fn tmpfs(&mut self, inside: &Path, size_bytes: u64, mode: &str) -> Result<()> {
        let path = self.mount_point(inside, true)?;
        self.push(
            MountStep::Tmpfs {
                path,
                flags: libc::MS_NOSUID | libc::MS_NODEV,
                options: CString::new(format!(
                    "size={size_bytes},nr_inodes={TMP_INODES},mode={mode}"
                ))
                .unwrap_or_default(),
            },
            format!(
                "tmpfs {} ({size_bytes} bytes, {TMP_INODES} inodes)",
                inside.display()
            ),
        );
        Ok(())
    }

    /// `/proc` for the run's pid namespace.
    pub fn proc(&mut self) -> Result<()> {
        let proc_path = self.mount_point(Path::new("/proc"), true)?;
        self.push(
            MountStep::Proc { path: proc_path },
            "proc at /proc".to_string(),
        );
        Ok(())
    }

    /// Empty directories where each run mounts its own things.
    pub fn mount_points(&mut self, directories: &[&str]) -> Result<()> {
        for directory in directories {
            self.directory(Path::new(directory), 0o755)?;
        }
        Ok(())
    }

    /// `/dev` with a few device nodes bound from the host.
    pub fn devices(&mut self) -> Result<()> {
        self.directory(Path::new("/dev"), 0o755)?;
        for device in DEVICES {
            let host = Path::new("/dev").join(device);
            let path = self.mount_point(&host, false)?;
            self.push(
                MountStep::Bind {
                    source: cstring(&host)?,
                    path,
                    flags: libc::MS_NOSUID | libc::MS_NOEXEC,
                },
                format!("device {}", host.display()),
            );
        }
        for (name, target) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            let path = self.inside(&Path::new("/dev").join(name));
            self.push(
                MountStep::Symlink {
                    target: CString::new(target).unwrap_or_default(),
                    path: cstring(&path)?,
                },
                format!("link /dev/{name}"),
            );
        }
        Ok(())
    }

    /// The steps, and a description of each (for error messages).
    pub(crate) fn finish(self) -> (Vec<MountStep>, Vec<String>) {
        (self.steps, self.described)
    }
}

/// Where `argv[0]` lives, as the program sees it, and whether it exists. A relative name
/// with a slash is in the box directory; an absolute one is checked on the host through
/// `host_of` (which maps a path inside the box to the host); a bare name is searched in
/// `path_var`'s directories, which must be visible in the box (`visible` says which are).
pub fn resolve_command(
    command: &str,
    box_host_dir: &Path,
    box_inside_dir: &Path,
    path_var: &str,
    visible: &dyn Fn(&Path) -> bool,
    host_of: &dyn Fn(&Path) -> Option<PathBuf>,
) -> Result<PathBuf> {
    if command.contains('/') {
        let relative = command.trim_start_matches("./");
        let absolute = Path::new(relative).is_absolute();
        let host = if absolute {
            host_of(Path::new(relative))
        } else {
            Some(box_host_dir.join(relative))
        };
        if !host.is_some_and(|h| h.exists()) {
            return Err(SandboxError::CommandNotFound {
                command: command.to_string(),
                searched: if absolute {
                    relative.to_string()
                } else {
                    "the box directory".to_string()
                },
            });
        }
        return Ok(if absolute {
            PathBuf::from(relative)
        } else {
            box_inside_dir.join(relative)
        });
    }
    for dir in path_var.split(':').filter(|d| !d.is_empty()) {
        let candidate = Path::new(dir).join(command);
        if visible(&candidate) && is_executable(&candidate) {
            return Ok(candidate);
        }
    }
    Err(SandboxError::CommandNotFound {
        command: command.to_string(),
        searched: format!("PATH={path_var}"),
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_tmp_go_over_the_runs_tmp_and_box_and_proc_are_refused() {
        for (path, wanted) in [
            ("/usr/bin", Ok(Placement::Root)),
            ("/tmpfiles", Ok(Placement::Root)),
            ("/opt/box", Ok(Placement::Root)),
            ("/tmp/work/venv", Ok(Placement::OverRunTmp)),
        ] {
            assert_eq!(placement(Path::new(path)), wanted, "{path}");
        }
        for refused in ["/tmp", "/box/x", "/box", "/proc/1"] {
            let error = placement(Path::new(refused)).unwrap_err();
            assert!(error.contains(refused), "{error}");
        }
    }

    #[test]
    fn plans_parents_before_children_and_links_as_links() {
        let staging = Path::new("/tmp/stage");
        let mut plan = RootPlan::new(staging).unwrap();
        plan.bind(&Bind::readonly("/usr")).unwrap();
        plan.mount_points(&["/box", "/tmp", "/proc"]).unwrap();
        plan.devices().unwrap();
        let (steps, described) = plan.finish();
        assert_eq!(steps.len(), described.len());
        assert!(described[0].starts_with("tmpfs root"));
        let usr_dir = described
            .iter()
            .position(|d| d == "directory /usr")
            .unwrap();
        let usr_bind = described
            .iter()
            .position(|d| d.starts_with("bind /usr"))
            .unwrap();
        assert!(usr_dir < usr_bind);
        assert!(described.iter().any(|d| d == "device /dev/null"));
        assert!(described.iter().any(|d| d == "link /dev/fd"));
        assert!(described.iter().any(|d| d == "directory /box"));
    }

    #[test]
    fn a_run_attaches_host_trees_inside_the_box() {
        let mut plan = RootPlan::for_run();
        plan.bind(&Bind {
            host: PathBuf::from("/etc/hostname"),
            inside: PathBuf::from("/judge/input"),
            writable: false,
        })
        .unwrap();
        plan.tmpfs(Path::new("/tmp"), 1 << 20, "1777").unwrap();
        plan.proc().unwrap();
        let (steps, described) = plan.finish();
        assert!(
            described.contains(&"directory /judge".to_string()),
            "{described:?}"
        );
        assert!(steps.iter().any(|s| matches!(s, MountStep::Attach { .. })));
        assert!(!steps.iter().any(|s| matches!(s, MountStep::Bind { .. })));
    }

    #[test]
    fn expands_home_and_globs_and_skips_missing_paths() {
        let home = tempfile::tempdir().unwrap();
        std::fs::create_dir(home.path().join("tool")).unwrap();
        std::fs::create_dir(home.path().join("java-17")).unwrap();
        std::fs::create_dir(home.path().join("java-21")).unwrap();
        let glob = format!("{}/java-*", home.path().display());
        let paths = expand_binds(
            &["~/tool".to_string(), "~/missing".to_string(), glob],
            Some(home.path()),
        );
        assert_eq!(
            paths,
            vec![
                home.path().join("tool"),
                home.path().join("java-17"),
                home.path().join("java-21")
            ]
        );
    }

    #[test]
    fn resolves_commands_in_the_box_and_on_the_path() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("main"), "").unwrap();
        let inside = Path::new("/box");
        let all = |_: &Path| true;
        let same = |p: &Path| Some(p.to_path_buf());
        let resolve = |command, path_var, visible: &dyn Fn(&Path) -> bool| {
            resolve_command(command, dir.path(), inside, path_var, visible, &same)
        };
        assert_eq!(resolve("./main", "", &all).unwrap(), Path::new("/box/main"));
        assert!(matches!(
            resolve("./missing", "", &all),
            Err(SandboxError::CommandNotFound { .. })
        ));
        assert_eq!(
            resolve("sh", "/nonexistent:/bin", &all).unwrap(),
            Path::new("/bin/sh")
        );
        let none = |_: &Path| false;
        assert!(resolve("sh", "/bin", &none).is_err());
        let main = dir.path().join("main");
        let bound = |p: &Path| (p == Path::new("/judge/check")).then(|| main.clone());
        assert_eq!(
            resolve_command("/judge/check", dir.path(), inside, "", &all, &bound).unwrap(),
            Path::new("/judge/check")
        );
        assert!(resolve_command("/judge/other", dir.path(), inside, "", &all, &bound).is_err());
    }
}
