//! Box roots: built once each, in a mount namespace of their own kept open by a file
//! descriptor, and entered (as a private copy) by every run. One common root, plus one per
//! distinct set of extra toolchain paths (a language's), built on first use.

use crate::child::{self, StatusRecord};
use crate::error::{Result, SandboxError};
use crate::fds::{cstring, pipe};
use crate::launch::setup_error;
use crate::rootfs::{self, Placement, RootPlan, BOX_DIR};
use crate::spec::Bind;
use crate::supervise;
use std::collections::BTreeMap;
use std::fs::File;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The box roots of one sandbox.
pub(crate) struct Templates {
    /// What every box sees, in its root.
    readonly: Vec<PathBuf>,
    /// What every box sees under `/tmp`: attached by each run.
    over_tmp: Vec<PathBuf>,
    /// The root with only those.
    common: Arc<OwnedFd>,
    /// Roots with extra paths, by the (sorted) extra paths.
    with_extras: Mutex<BTreeMap<Vec<PathBuf>, Arc<OwnedFd>>>,
}

impl Templates {
    /// Builds the common root.
    pub(crate) fn new(readonly: Vec<PathBuf>) -> Result<Templates> {
        let mut in_root = Vec::new();
        let mut over_tmp = Vec::new();
        for path in readonly {
            match rootfs::placement(&path).map_err(SandboxError::Invalid)? {
                Placement::Root => in_root.push(path),
                Placement::OverRunTmp => over_tmp.push(path),
            }
        }
        let readonly = in_root;
        let common = Arc::new(build_template(&readonly)?);
        Ok(Templates {
            over_tmp,
            readonly,
            common,
            with_extras: Mutex::new(BTreeMap::new()),
        })
    }

    /// The root for a run with these extra read-only paths (built once per distinct set),
    /// and those of them (and of every box's) that each run attaches over its own `/tmp`
    /// instead (see [`rootfs::Placement`]).
    pub(crate) fn for_extras(&self, extra: &[PathBuf]) -> Result<(Arc<OwnedFd>, Vec<PathBuf>)> {
        let mut extra: Vec<PathBuf> = extra
            .iter()
            .filter(|p| !self.readonly.iter().any(|r| p.starts_with(r)))
            .cloned()
            .collect();
        extra.sort();
        extra.dedup();
        let mut over_tmp = self.over_tmp.clone();
        let mut in_root = Vec::new();
        for path in extra {
            match rootfs::placement(&path).map_err(SandboxError::Invalid)? {
                Placement::Root => in_root.push(path),
                Placement::OverRunTmp => over_tmp.push(path),
            }
        }
        if in_root.is_empty() {
            return Ok((self.common.clone(), over_tmp));
        }
        let mut built = self.with_extras.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(template) = built.get(&in_root) {
            return Ok((template.clone(), over_tmp));
        }
        let mut paths = self.readonly.clone();
        paths.extend(in_root.iter().cloned());
        let template = Arc::new(build_template(&paths)?);
        built.insert(in_root, template.clone());
        Ok((template, over_tmp))
    }
}

/// Builds the box root once, in a mount namespace of its own, and returns a handle to it.
/// Every run enters a private copy of it (see `child::init_main`): per run that costs a
/// handful of mounts instead of building the whole root again.
fn build_template(readonly: &[PathBuf]) -> Result<OwnedFd> {
    // Only a mount point while the root is built: the root lives on in its namespace.
    let staging = tempfile::Builder::new()
        .prefix("judge-root-")
        .tempdir()
        .map_err(|e| {
            SandboxError::io(
                "creating the box root's mount point in",
                std::env::temp_dir(),
                e,
            )
        })?;
    let staging = staging.path();
    let mut plan = RootPlan::new(staging)?;
    let mut binds: Vec<Bind> = readonly.iter().cloned().map(Bind::readonly).collect();
    binds.sort_by(|a, b| a.inside.cmp(&b.inside));
    for bind in &binds {
        plan.bind(bind)?;
    }
    plan.mount_points(&[BOX_DIR, "/tmp", "/proc"])?;
    plan.devices()?;
    let (steps, step_names) = plan.finish();
    let staging_c = cstring(staging.as_os_str().as_bytes(), "the staging path")?;
    let (status_read, status_write) = pipe()?;
    let (wait_read, wait_write) = pipe()?;
    // SAFETY: the child only runs async-signal-safe code on the prepared steps.
    let pid = unsafe { child::raw_clone(libc::CLONE_NEWNS) };
    if pid == 0 {
        // SAFETY: we are the fresh child, in a new mount namespace.
        unsafe {
            child::template_main(
                &staging_c,
                &steps,
                status_write.as_raw_fd(),
                wait_read.as_raw_fd(),
            )
        }
    }
    if pid < 0 {
        return Err(SandboxError::last_os("clone of the box root builder"));
    }
    drop((status_write, wait_read));
    let mut record = [0u8; std::mem::size_of::<StatusRecord>()];
    let read = std::io::Read::read_exact(&mut File::from(status_read), &mut record);
    let result = match (read, supervise::parse_records(&record).first()) {
        (Ok(()), Some(r)) if r.kind == child::RECORD_READY => {
            let path = format!("/proc/{pid}/ns/mnt");
            File::open(&path)
                .map(OwnedFd::from)
                .map_err(|e| SandboxError::io("opening the box root's namespace", path, e))
        }
        (Ok(()), Some(failure)) => Err(setup_error(failure, &step_names, "")),
        _ => Err(SandboxError::Setup {
            stage: "building the box root",
            source: std::io::Error::other("the builder ended without a report"),
        }),
    };
    drop(wait_write);
    // SAFETY: reaping our own child.
    unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
    result
}
