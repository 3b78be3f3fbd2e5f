//! Where things are, inside the box and on the host: a run's view of the file system, the
//! command it starts, and its arguments. With isolation the box sees a few read-only host
//! trees and the run's binds at their inside paths; without isolation there are no binds,
//! so arguments naming a bind's inside path are rewritten to its host path and the same
//! spec works in both modes.

use crate::error::Result;
use crate::rootfs::{self, BOX_DIR};
use crate::spec::{Bind, RunSpec};
use std::path::{Path, PathBuf};

/// The `PATH` a box gets unless the run sets its own.
pub const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// What one run sees.
pub(crate) struct View<'a> {
    isolated: bool,
    /// Host trees visible in the box at the same path.
    visible_roots: Vec<PathBuf>,
    binds: &'a [Bind],
    /// The box folder on the host.
    box_dir: &'a Path,
}

impl<'a> View<'a> {
    /// The view of `spec` in a box whose folder is `box_dir`, given the read-only trees
    /// every box sees.
    pub(crate) fn new(
        spec: &'a RunSpec,
        readonly: &[PathBuf],
        isolated: bool,
        box_dir: &'a Path,
    ) -> View<'a> {
        let mut visible_roots = readonly.to_vec();
        visible_roots.extend(spec.root_binds.iter().cloned());
        visible_roots.extend(spec.binds.iter().map(|b| b.inside.clone()));
        View {
            isolated,
            visible_roots,
            binds: &spec.binds,
            box_dir,
        }
    }

    /// Whether a path (as the program sees it) exists for the program.
    fn visible(&self, path: &Path) -> bool {
        !self.isolated || self.visible_roots.iter().any(|root| path.starts_with(root))
    }

    /// The host path behind a path inside the box, if the box can see it.
    fn host_of(&self, inside: &Path) -> Option<PathBuf> {
        let bound = self.binds.iter().find_map(|b| {
            let rest = inside.strip_prefix(&b.inside).ok()?;
            Some(if rest.as_os_str().is_empty() {
                b.host.clone()
            } else {
                b.host.join(rest)
            })
        });
        bound.or_else(|| self.visible(inside).then(|| inside.to_path_buf()))
    }

    /// The box folder as the program sees it.
    pub(crate) fn inside_dir(&self) -> PathBuf {
        if self.isolated {
            PathBuf::from(BOX_DIR)
        } else {
            self.box_dir.to_path_buf()
        }
    }

    /// The arguments as the program gets them.
    pub(crate) fn argv(&self, argv: &[String]) -> Vec<String> {
        if self.isolated {
            argv.to_vec()
        } else {
            argv.iter().map(|a| host_path_of(a, self.binds)).collect()
        }
    }

    /// The executable `argv[0]` names, as the program sees it (checked to exist).
    pub(crate) fn executable(&self, argv0: &str, path_var: &str) -> Result<PathBuf> {
        rootfs::resolve_command(
            argv0,
            self.box_dir,
            &self.inside_dir(),
            path_var,
            &|p| self.visible(p),
            &|p| self.host_of(p),
        )
    }
}

/// The host path for an argument naming a bind's inside path (or the argument unchanged).
pub(crate) fn host_path_of(argument: &str, binds: &[Bind]) -> String {
    binds
        .iter()
        .find_map(|b| {
            Path::new(argument)
                .strip_prefix(&b.inside)
                .ok()
                .map(|rest| match rest.as_os_str().is_empty() {
                    true => b.host.display().to_string(),
                    false => b.host.join(rest).display().to_string(),
                })
        })
        .unwrap_or_else(|| argument.to_string())
}

/// The environment a run gets: the box's minimal one, overridden by the spec's.
pub(crate) fn environment(spec: &RunSpec, home: &str) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = vec![
        ("PATH".into(), DEFAULT_PATH.into()),
        ("HOME".into(), home.to_string()),
        ("TMPDIR".into(), home.to_string()),
        ("LANG".into(), "C.UTF-8".into()),
    ];
    for (key, value) in &spec.env {
        env.retain(|(k, _)| k != key);
        env.push((key.clone(), value.clone()));
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use std::time::Duration;

    fn spec(binds: Vec<Bind>) -> RunSpec {
        RunSpec {
            argv: vec!["/judge/check".into(), "/judge/input".into(), "x".into()],
            env: vec![("PATH".into(), "/opt/bin".into())],
            stdin: None,
            stdout: PathBuf::from("/tmp/out"),
            box_writable: false,
            root_binds: vec![PathBuf::from("/opt/toolchain")],
            binds,
            limits: Limits::for_test(Duration::from_secs(1), 1 << 20),
        }
    }

    fn bind(host: &str, inside: &str) -> Bind {
        Bind {
            host: host.into(),
            inside: inside.into(),
            writable: false,
        }
    }

    #[test]
    fn without_isolation_bind_paths_become_host_paths() {
        let binds = vec![
            bind("/host/checker", "/judge/check"),
            bind("/data/t1", "/judge"),
        ];
        assert_eq!(host_path_of("/judge/check", &binds), "/host/checker");
        assert_eq!(host_path_of("/judge/input", &binds), "/data/t1/input");
        assert_eq!(host_path_of("plain", &binds), "plain");
        let spec = spec(binds);
        let host = View::new(&spec, &[], false, Path::new("/tmp/box"));
        assert_eq!(host.argv(&spec.argv)[0], "/host/checker");
        assert_eq!(host.inside_dir(), Path::new("/tmp/box"));
        let boxed = View::new(&spec, &[], true, Path::new("/tmp/box"));
        assert_eq!(boxed.argv(&spec.argv), spec.argv);
        assert_eq!(boxed.inside_dir(), Path::new(BOX_DIR));
    }

    #[test]
    fn the_box_sees_its_roots_and_binds_only() {
        let spec = spec(vec![bind("/host/checker", "/judge/check")]);
        let view = View::new(&spec, &[PathBuf::from("/usr")], true, Path::new("/tmp/box"));
        assert!(view.visible(Path::new("/usr/bin/gcc")));
        assert!(view.visible(Path::new("/opt/toolchain/bin/rustc")));
        assert!(!view.visible(Path::new("/etc/shadow")));
        assert_eq!(
            view.host_of(Path::new("/judge/check")),
            Some(PathBuf::from("/host/checker"))
        );
        assert_eq!(view.host_of(Path::new("/root/.bashrc")), None);
    }

    #[test]
    fn the_spec_overrides_the_minimal_environment() {
        let env = environment(&spec(vec![]), "/tmp");
        assert!(env.contains(&("PATH".into(), "/opt/bin".into())));
        assert!(env.contains(&("HOME".into(), "/tmp".into())));
        assert_eq!(env.iter().filter(|(k, _)| k == "PATH").count(), 1);
    }
}
