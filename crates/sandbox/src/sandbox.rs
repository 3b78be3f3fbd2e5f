//! The sandbox: chooses the mechanisms this machine allows, owns the shared pieces (the
//! network namespace, the seccomp filters, the pool of box slots), and runs programs.

use crate::cgroup::{v1::V1Cgroup, v2::V2Cgroup, BoxCgroup};
use crate::child::{self, ChildPlan, StatusRecord, RECORD_EXITED, RECORD_SETUP_FAILED};
use crate::classify::{classify, Observed};
use crate::environment::Environment;
use crate::error::{Result, SandboxError};
use crate::folders;
use crate::outcome::{Enforcement, Outcome};
use crate::rlimits::{self, RlimitRole};
use crate::rootfs::{self, RootPlan, BOX_DIR};
use crate::slots::{self, Slot};
use crate::spec::{Bind, RunSpec};
use crate::supervise::{self, monotonic_ns, KillReason, Watch};
use seccompiler::BpfProgram;
use std::collections::BTreeMap;
use std::ffi::CString;
use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How much isolation to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// Full isolation when running as root, none otherwise.
    Auto,
    /// Namespaces, a minimal root, an unprivileged uid, seccomp: an error if impossible.
    Full,
    /// The program runs in the judge's view of the machine (rlimits and seccomp only).
    Off,
}

/// Which mechanism to enforce limits with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// cgroup v2 if usable, else v1, else rlimits only.
    Auto,
    /// cgroup v2, or an error.
    CgroupV2,
    /// cgroup v1, or an error.
    CgroupV1,
    /// Resource limits only (degraded).
    RlimitOnly,
}

/// How the sandbox is set up.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Isolation wanted.
    pub isolation: Isolation,
    /// Limit enforcement wanted.
    pub backend: Backend,
    /// Host paths shown read-only in every box (`~` and a trailing `*` are expanded).
    pub readonly_binds: Vec<String>,
    /// The uid (and gid) of box 0; box N runs as `first_uid + N`.
    pub first_uid: u32,
    /// How many boxes may exist at once on the machine.
    pub max_boxes: u32,
    /// Where box locks live (default: `/run/judge` for root).
    pub lock_dir: Option<PathBuf>,
    /// The cgroup group name under which box cgroups are made.
    pub cgroup_group: String,
    /// Set to stop every run promptly (the judge's SIGINT/SIGTERM handler sets it).
    pub cancel: Arc<AtomicBool>,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            isolation: Isolation::Auto,
            backend: Backend::Auto,
            readonly_binds: rootfs::DEFAULT_READONLY
                .iter()
                .map(|s| s.to_string())
                .collect(),
            first_uid: 60000,
            max_boxes: 1000,
            lock_dir: None,
            cgroup_group: "judge".to_string(),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// The mechanisms in force, and what is missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mode {
    /// Who enforces the limits.
    pub enforcement: Enforcement,
    /// Whether runs are isolated.
    pub isolated: bool,
    /// Protections that are off, each a sentence; empty when nothing is degraded.
    pub degraded: Vec<String>,
}

/// Runs programs in boxes.
pub struct Sandbox {
    config: SandboxConfig,
    environment: Environment,
    mode: Mode,
    readonly: Vec<PathBuf>,
    /// The box root every run enters a copy of (isolated runs only).
    template: Option<Arc<OwnedFd>>,
    /// Box roots with a language's extra paths added, built on first use, by path set.
    toolchain_templates: Mutex<BTreeMap<Vec<PathBuf>, Arc<OwnedFd>>>,
    seccomp: Vec<BpfProgram>,
    /// Where this process's command line and environment lie in memory.
    command_line: [(usize, usize); 2],
    lock_dir: PathBuf,
    home: Option<PathBuf>,
    pool: Mutex<Vec<Slot>>,
}

fn choose_enforcement(
    config: &SandboxConfig,
    env: &Environment,
) -> Result<(Enforcement, Vec<String>)> {
    let v2_ok = env.root && env.cgroup_v2.as_ref().is_some_and(|v2| v2.usable());
    let v1_ok = env.root && env.cgroup_v1.as_ref().is_some_and(|v1| v1.usable());
    let rlimit_note = |why: &str| {
        format!(
            "{why}: limits are enforced by rlimits only (memory by RLIMIT_DATA and measured as \
             the largest process's peak RSS; CPU time per process, sampled from /proc for the \
             main process; no limit on the number of processes unless running as root)"
        )
    };
    match config.backend {
        Backend::CgroupV2 if v2_ok => Ok((Enforcement::CgroupV2, vec![])),
        Backend::CgroupV2 => Err(SandboxError::Unsupported(format!(
            "cgroup v2 was asked for, but {}",
            match env.cgroup_v2_problem() {
                Some(problem) if env.root => problem,
                _ => "the judge is not root".to_string(),
            }
        ))),
        Backend::CgroupV1 if v1_ok => Ok((Enforcement::CgroupV1, vec![])),
        Backend::CgroupV1 => Err(SandboxError::Unsupported(
            "cgroup v1 was asked for, but this machine has no memory and cpuacct v1 hierarchies \
             (or the judge is not root)"
                .into(),
        )),
        Backend::RlimitOnly => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note("rlimit-only mode was asked for")],
        )),
        Backend::Auto if v2_ok => Ok((Enforcement::CgroupV2, vec![])),
        Backend::Auto if v1_ok => Ok((Enforcement::CgroupV1, vec![])),
        Backend::Auto if !env.root => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note("not running as root")],
        )),
        Backend::Auto => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note(&format!(
                "no usable cgroup hierarchy ({})",
                env.cgroup_v2_problem().unwrap_or_default()
            ))],
        )),
    }
}

impl Sandbox {
    /// Sets the sandbox up on this machine.
    pub fn new(config: SandboxConfig) -> Result<Sandbox> {
        let environment = Environment::detect();
        let (enforcement, mut degraded) = choose_enforcement(&config, &environment)?;
        let can_isolate = environment.root && environment.namespaces;
        let isolated =
            match config.isolation {
                Isolation::Full if !can_isolate => return Err(SandboxError::Unsupported(
                    "full isolation needs root and namespaces (user, pid, mount, net, ipc, uts)"
                        .into(),
                )),
                Isolation::Full => true,
                Isolation::Auto => can_isolate,
                Isolation::Off => false,
            };
        if !isolated {
            degraded.push(
                "no isolation: programs see the judge's files and network and run as the judge's \
                 user (namespaces and a separate uid need root)"
                    .to_string(),
            );
        }
        let seccomp = if environment.seccomp {
            crate::seccomp::build()?
        } else {
            degraded
                .push("no seccomp on this kernel: dangerous system calls are not filtered".into());
            Vec::new()
        };
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let readonly = rootfs::expand_binds(&config.readonly_binds, home.as_deref());
        let template = if isolated {
            Some(Arc::new(build_template(&readonly)?))
        } else {
            None
        };
        let lock_dir = config
            .lock_dir
            .clone()
            .unwrap_or_else(|| slots::default_lock_dir(environment.root));
        Ok(Sandbox {
            mode: Mode {
                enforcement,
                isolated,
                degraded,
            },
            config,
            environment,
            readonly,
            template,
            toolchain_templates: Mutex::new(BTreeMap::new()),
            seccomp,
            command_line: command_line_in_memory(),
            lock_dir,
            home,
            pool: Mutex::new(Vec::new()),
        })
    }

    /// The mechanisms in force.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// What the machine offers.
    pub fn environment(&self) -> &Environment {
        &self.environment
    }

    /// Expands bind patterns (`~`, trailing `*`) into read-only binds; missing paths are
    /// left out.
    pub fn readonly_binds(&self, patterns: &[String]) -> Vec<Bind> {
        rootfs::expand_binds(patterns, self.home.as_deref())
            .into_iter()
            .map(Bind::readonly)
            .collect()
    }

    /// Expands bind patterns (`~`, trailing `*`) into host paths; missing paths are left
    /// out. For [`RunSpec::root_binds`].
    pub fn expand_paths(&self, patterns: &[String]) -> Vec<PathBuf> {
        rootfs::expand_binds(patterns, self.home.as_deref())
    }

    /// The box root for a run with these extra read-only paths: the common one, or one
    /// with the paths added, built once per distinct set (a language's toolchain is seen
    /// only by that language's runs).
    fn template_for(&self, extra: &[PathBuf]) -> Result<Option<Arc<OwnedFd>>> {
        let Some(common) = &self.template else {
            return Ok(None);
        };
        let mut extra: Vec<PathBuf> = extra
            .iter()
            .filter(|p| !self.readonly.iter().any(|r| p.starts_with(r)))
            .cloned()
            .collect();
        extra.sort();
        extra.dedup();
        if extra.is_empty() {
            return Ok(Some(common.clone()));
        }
        let mut templates = self
            .toolchain_templates
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(template) = templates.get(&extra) {
            return Ok(Some(template.clone()));
        }
        let mut paths = self.readonly.clone();
        paths.extend(extra.iter().cloned());
        let template = Arc::new(build_template(&paths)?);
        templates.insert(extra, template.clone());
        Ok(Some(template))
    }

    /// Expands `~` in an environment value (for language settings such as RUSTUP_HOME).
    pub fn expand_home(&self, value: &str) -> String {
        match &self.home {
            Some(home) => value
                .split(':')
                .map(|part| match part.strip_prefix("~/") {
                    Some(rest) => home.join(rest).to_string_lossy().into_owned(),
                    None if part == "~" => home.to_string_lossy().into_owned(),
                    None => part.to_string(),
                })
                .collect::<Vec<_>>()
                .join(":"),
            None => value.to_string(),
        }
    }

    /// Takes a free box: a slot (id, uid, cgroup), a fresh, empty box directory, and a
    /// scratch directory beside it for the caller's files (outputs, checker files).
    pub fn acquire(&self) -> Result<SandboxBox<'_>> {
        let pooled = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let slot = match pooled {
            Some(slot) => slot,
            None => slots::acquire(&self.lock_dir, self.config.first_uid, self.config.max_boxes)?,
        };
        // Folders left by judges that were killed (of any slot, by whoever ran them, if no
        // live judge holds them).
        folders::remove_stale(&std::env::temp_dir());
        let (root, folder_lock) = folders::create(&std::env::temp_dir(), slot.id)?;
        let dir = root.path().join("box");
        let scratch = root.path().join("scratch");
        for path in [&dir, &scratch] {
            std::fs::create_dir(path).map_err(|e| SandboxError::io("creating", path, e))?;
        }
        // The box user writes here when compiling (root drops to it, isolated or not).
        if self.environment.root {
            let path = CString::new(dir.as_os_str().as_bytes())
                .map_err(|_| SandboxError::Invalid("box path with a NUL byte".into()))?;
            // SAFETY: chown/chmod on a path we just created.
            unsafe {
                if libc::chown(path.as_ptr(), slot.uid, slot.uid) != 0
                    || libc::chmod(path.as_ptr(), 0o755) != 0
                {
                    return Err(SandboxError::io(
                        "handing the box directory to the box user",
                        &dir,
                        std::io::Error::last_os_error(),
                    ));
                }
            }
        }
        Ok(SandboxBox {
            sandbox: self,
            slot: Some(slot),
            _root: root,
            _folder_lock: folder_lock,
            dir,
            scratch,
            stderr: None,
        })
    }

    fn make_cgroup(&self, slot: &Slot) -> Result<Option<BoxCgroup>> {
        let name = format!("box-{}", slot.id);
        let group = &self.config.cgroup_group;
        Ok(match self.mode.enforcement {
            Enforcement::CgroupV2 => {
                let v2 = self.environment.cgroup_v2.as_ref();
                let base = v2.map(|v| v.base_dir().to_path_buf()).unwrap_or_default();
                Some(BoxCgroup::V2(Box::new(V2Cgroup::create(
                    &base, group, &name,
                )?)))
            }
            Enforcement::CgroupV1 => {
                let v1 = self.environment.cgroup_v1.clone().unwrap_or_default();
                Some(BoxCgroup::V1(Box::new(V1Cgroup::create(
                    &v1, group, &name,
                )?)))
            }
            Enforcement::RlimitOnly => None,
        })
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut *self.pool.lock().unwrap_or_else(|e| e.into_inner()));
        for slot in slots {
            if let Some(cgroup) = slot.cgroup {
                cgroup.remove();
            }
        }
    }
}

/// One box, held exclusively: its directory persists between runs (a compile, then the
/// tests), its slot returns to the pool when it is dropped.
pub struct SandboxBox<'a> {
    sandbox: &'a Sandbox,
    slot: Option<Slot>,
    /// Holds `box/` and `scratch/`; removed when the box is dropped.
    _root: tempfile::TempDir,
    /// Held while the folder lives: tells every other judge's cleanup that it is in use.
    _folder_lock: File,
    dir: PathBuf,
    scratch: PathBuf,
    /// The programs' stderr, one anonymous file reused run after run.
    stderr: Option<File>,
}

impl Drop for SandboxBox<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            self.sandbox
                .pool
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(slot);
        }
    }
}

fn cstring(text: &[u8], what: &str) -> Result<CString> {
    CString::new(text).map_err(|_| SandboxError::Invalid(format!("{what} contains a NUL byte")))
}

/// A pipe whose ends are close-on-exec and numbered 3 or above.
fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(SandboxError::last_os("pipe2"));
    }
    // SAFETY: both descriptors are fresh and ours.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(read)?, above_stdio(write)?))
}

/// Moves a descriptor to 3 or above, so that placing stdio in the child never clobbers it.
fn above_stdio(fd: OwnedFd) -> Result<OwnedFd> {
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

const DEFAULT_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

impl SandboxBox<'_> {
    /// The box directory on the host (it is `/box` inside).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A folder for the caller's files about this box's runs (outputs, checker files): not
    /// visible inside the box, removed with it.
    pub fn scratch_dir(&self) -> &Path {
        &self.scratch
    }

    /// The stderr file in `slot`, created on first use, emptied for the next run.
    fn stderr_file(slot: &mut Option<File>) -> Result<&mut File> {
        if slot.is_none() {
            let file = tempfile::tempfile().map_err(|e| {
                SandboxError::io("creating the stderr file in", std::env::temp_dir(), e)
            })?;
            *slot = Some(File::from(above_stdio(OwnedFd::from(file))?));
        }
        let file = slot
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("no stderr file".into()))?;
        file.set_len(0)
            .and_then(|()| std::io::Seek::seek(file, std::io::SeekFrom::Start(0)).map(|_| ()))
            .map_err(|e| {
                SandboxError::io("emptying the stderr file in", std::env::temp_dir(), e)
            })?;
        Ok(file)
    }

    /// The box id.
    pub fn id(&self) -> u32 {
        self.slot.as_ref().map_or(0, |s| s.id)
    }

    fn environment(&self, spec: &RunSpec) -> Vec<(String, String)> {
        let home = if self.sandbox.mode.isolated {
            "/tmp".to_string()
        } else {
            self.dir().display().to_string()
        };
        let mut env: Vec<(String, String)> = vec![
            ("PATH".into(), DEFAULT_PATH.into()),
            ("HOME".into(), home.clone()),
            ("TMPDIR".into(), home),
            ("LANG".into(), "C.UTF-8".into()),
        ];
        for (key, value) in &spec.env {
            env.retain(|(k, _)| k != key);
            env.push((key.clone(), value.clone()));
        }
        env
    }

    /// The run's mounts in its copy of the box root: the box directory, the extra binds,
    /// a fresh /tmp and /proc.
    fn run_plan(&self, spec: &RunSpec) -> Result<(Vec<child::MountStep>, Vec<String>)> {
        let mut plan = RootPlan::for_run();
        let mut binds: Vec<Bind> = spec.binds.clone();
        binds.push(Bind {
            host: self.dir().to_path_buf(),
            inside: PathBuf::from(BOX_DIR),
            writable: spec.box_writable,
        });
        if binds.len() > child::MAX_ATTACHED {
            return Err(SandboxError::Invalid(format!(
                "{} binds in one run; at most {} are possible",
                binds.len(),
                child::MAX_ATTACHED
            )));
        }
        // Parents before children.
        binds.sort_by(|a, b| a.inside.cmp(&b.inside));
        for bind in &binds {
            plan.bind(bind)?;
        }
        plan.tmpfs(Path::new("/tmp"), spec.limits.file_bytes, "1777")?;
        plan.proc()?;
        Ok(plan.finish())
    }

    /// Runs one program in the box and measures it.
    pub fn run(&mut self, spec: &RunSpec) -> Result<Outcome> {
        let sandbox = self.sandbox;
        let isolated = sandbox.mode.isolated;
        let command = spec
            .argv
            .first()
            .ok_or_else(|| SandboxError::Invalid("empty command".into()))?;
        let env = self.environment(spec);
        let path_var = env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map_or(DEFAULT_PATH, |(_, v)| v.as_str());
        let mut visible_roots: Vec<PathBuf> = sandbox.readonly.clone();
        visible_roots.extend(spec.root_binds.iter().cloned());
        visible_roots.extend(spec.binds.iter().map(|b| b.inside.clone()));
        let visible =
            |path: &Path| !isolated || visible_roots.iter().any(|root| path.starts_with(root));
        let inside_dir = if isolated {
            PathBuf::from(BOX_DIR)
        } else {
            self.dir().to_path_buf()
        };
        // Without isolation there are no binds: arguments naming a bind's inside path are
        // rewritten to its host path, so the same spec works in both modes.
        let argv: Vec<String> = if isolated {
            spec.argv.clone()
        } else {
            spec.argv
                .iter()
                .map(|arg| host_path_of(arg, &spec.binds))
                .collect()
        };
        let host_of = |inside: &Path| -> Option<PathBuf> {
            let bound = spec.binds.iter().find_map(|b| {
                let rest = inside.strip_prefix(&b.inside).ok()?;
                Some(if rest.as_os_str().is_empty() {
                    b.host.clone()
                } else {
                    b.host.join(rest)
                })
            });
            bound.or_else(|| visible(inside).then(|| inside.to_path_buf()))
        };
        let executable = rootfs::resolve_command(
            &argv[0],
            self.dir(),
            &inside_dir,
            path_var,
            &visible,
            &host_of,
        )?;

        let template = sandbox.template_for(&spec.root_binds)?;
        let (run_steps, step_names) = if isolated {
            self.run_plan(spec)?
        } else {
            (Vec::new(), Vec::new())
        };
        let slot = self
            .slot
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("box already released".into()))?;
        if slot.cgroup.is_none() {
            slot.cgroup = sandbox.make_cgroup(slot)?;
        }
        if isolated && slot.netns.is_none() {
            slot.netns = Some(crate::netns::empty()?);
        }
        if let Some(cgroup) = slot.cgroup.as_mut() {
            cgroup.prepare(&spec.limits)?;
        }

        let stdin = match &spec.stdin {
            Some(path) => {
                File::open(path).map_err(|e| SandboxError::io("opening stdin", path, e))?
            }
            None => {
                File::open("/dev/null").map_err(|e| SandboxError::io("opening", "/dev/null", e))?
            }
        };
        let stdin = above_stdio(OwnedFd::from(stdin))?;
        let stdout_file = File::create(&spec.stdout)
            .map_err(|e| SandboxError::io("creating the stdout file", &spec.stdout, e))?;
        let stdout_file = File::from(above_stdio(OwnedFd::from(stdout_file))?);
        let stderr_file = Self::stderr_file(&mut self.stderr)?;
        let (status_read, status_write) = pipe()?;

        let argv: Vec<CString> = argv
            .iter()
            .map(|a| cstring(a.as_bytes(), "an argument"))
            .collect::<Result<_>>()?;
        let envp: Vec<CString> = env
            .iter()
            .map(|(k, v)| cstring(format!("{k}={v}").as_bytes(), "an environment variable"))
            .collect::<Result<_>>()?;
        let pointers = |strings: &[CString]| {
            let mut p: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
            p.push(std::ptr::null());
            p
        };
        let own_uid = sandbox.environment.root;
        let role = RlimitRole {
            memory_by_rlimit: slot.cgroup.is_none(),
            own_uid,
        };
        let cgroup_fds: Vec<libc::c_int> = slot
            .cgroup
            .as_ref()
            .map(|c| c.procs_files().iter().map(|f| f.as_raw_fd()).collect())
            .unwrap_or_default();
        let map = format!("{0} {0} 1\n", slot.uid);
        let plan = ChildPlan {
            isolate: isolated,
            netns_fd: slot.netns.as_ref().map_or(-1, |fd| fd.as_raw_fd()),
            template_fd: template.as_ref().map_or(-1, |fd| fd.as_raw_fd()),
            run_steps,
            hostname: CString::from(c"box"),
            scrub: sandbox.command_line,
            cgroup_fds,
            stdio: [
                stdin.as_raw_fd(),
                stdout_file.as_raw_fd(),
                stderr_file.as_raw_fd(),
            ],
            status_fd: status_write.as_raw_fd(),
            rlimits: rlimits::plan(&spec.limits, role),
            drop_to: own_uid.then_some((slot.uid, slot.uid)),
            user_namespace: isolated,
            uid_map: cstring(map.as_bytes(), "uid map")?,
            gid_map: cstring(map.as_bytes(), "gid map")?,
            seccomp: &sandbox.seccomp,
            workdir: cstring(inside_dir.as_os_str().as_bytes(), "the box path")?,
            executable: cstring(executable.as_os_str().as_bytes(), "the command")?,
            argv: pointers(&argv),
            envp: pointers(&envp),
        };
        let flags = if isolated {
            // No CLONE_NEWNS: the init enters (a copy of) the prepared box root instead of
            // copying the host's mount table and taking it apart.
            libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS
        } else {
            0
        };
        let cloned_ns = monotonic_ns();
        // SAFETY: the child only runs async-signal-safe code on the prepared plan.
        let pid = unsafe { child::raw_clone(flags) };
        if pid == 0 {
            // SAFETY: we are the fresh child.
            unsafe {
                if isolated {
                    child::init_main(&plan)
                } else {
                    child::program_main(&plan)
                }
            }
        }
        if pid < 0 {
            return Err(SandboxError::last_os("clone of the box"));
        }
        drop((stdin, status_write));
        // SAFETY: pidfd_open on our own unreaped child.
        let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
        if pidfd < 0 {
            let error = SandboxError::last_os("pidfd_open (Linux 5.3 or later is needed)");
            // SAFETY: killing and reaping our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
            return Err(error);
        }
        let watched = supervise::watch(Watch {
            pid,
            // SAFETY: a fresh descriptor we own.
            pidfd: unsafe { OwnedFd::from_raw_fd(pidfd) },
            isolated,
            stdout: stdout_file,
            stderr: stderr_file,
            status: status_read,
            cgroup: slot.cgroup.as_mut(),
            limits: &spec.limits,
            cancel: &sandbox.config.cancel,
            cloned_ns,
        })?;
        if watched.kill_reason == Some(KillReason::Cancelled) {
            return Err(SandboxError::Cancelled);
        }
        if let Some(failure) = watched
            .records
            .iter()
            .find(|r| r.kind == RECORD_SETUP_FAILED)
        {
            return Err(setup_error(failure, &step_names, command));
        }
        let usage = match slot.cgroup.as_mut() {
            Some(cgroup) => Some(cgroup.usage()?),
            None => None,
        };
        // The program's own status: from its init's report, or from wait4 without isolation.
        let (wait_status, user_us, system_us, maxrss_kib) = if isolated {
            match watched.records.iter().find(|r| r.kind == RECORD_EXITED) {
                Some(r) => (Some(r.detail), r.user_us, r.system_us, r.maxrss_kib),
                None if watched.kill_reason.is_some() => (None, 0, 0, 0),
                // An OOM kill in the box's cgroup is the program's doing, whatever it hit.
                None if usage.is_some_and(|u| u.oom_killed) => (None, 0, 0, 0),
                None => {
                    return Err(SandboxError::Setup {
                        stage: "watching the program (the box's init ended without a report)",
                        source: std::io::Error::other(format!(
                            "init wait status {}",
                            watched.wait_status
                        )),
                    })
                }
            }
        } else {
            let r = &watched.rusage;
            (
                Some(watched.wait_status),
                r.ru_utime.tv_sec * 1_000_000 + r.ru_utime.tv_usec,
                r.ru_stime.tv_sec * 1_000_000 + r.ru_stime.tv_usec,
                r.ru_maxrss,
            )
        };
        let rusage_cpu = Duration::from_micros((user_us + system_us).max(0) as u64);
        let cpu_time = match usage {
            Some(u) => u.cpu_time,
            None => rusage_cpu.max(watched.sampled_cpu),
        };
        let peak_memory_bytes = match usage {
            Some(u) => u.peak_memory_bytes,
            None => maxrss_kib.max(0) as u64 * 1024,
        };
        let (termination, exit_code, signal) = classify(&Observed {
            kill_reason: watched.kill_reason,
            wait_status,
            cpu_time,
            cpu_limit: spec.limits.cpu_time,
            oom_killed: usage.is_some_and(|u| u.oom_killed),
            // Without cgroups an allocation fails at the limit, and the resident peak is
            // what was touched before: within 10 % of the limit counts as reaching it.
            rss_at_limit: usage.is_none() && peak_memory_bytes >= spec.limits.memory_bytes / 10 * 9,
        });
        Ok(Outcome {
            termination,
            exit_code,
            signal,
            cpu_time,
            wall_time: Duration::from_nanos((watched.ended_ns - watched.started_ns).max(0) as u64),
            peak_memory_bytes,
            stdout_bytes: watched.stdout_bytes,
            stderr: String::from_utf8_lossy(&watched.stderr).into_owned(),
            stderr_truncated: watched.stderr_truncated,
            enforcement: sandbox.mode.enforcement,
            isolated,
        })
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

/// The memory ranges of this process's arguments and environment, from
/// `/proc/self/stat` (fields 48-51); zeros where they cannot be read.
fn command_line_in_memory() -> [(usize, usize); 2] {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields are counted from 1; those after the command name's ')' start at field 3.
    let fields: Vec<usize> = text
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .map(|f| f.parse().unwrap_or(0))
                .collect()
        })
        .unwrap_or_default();
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    [(field(48), field(49)), (field(50), field(51))]
}

/// The host path for an argument naming a bind's inside path (or the argument unchanged).
fn host_path_of(argument: &str, binds: &[Bind]) -> String {
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

fn setup_error(record: &StatusRecord, step_names: &[String], command: &str) -> SandboxError {
    let source = std::io::Error::from_raw_os_error(record.errno);
    if record.stage == child::STAGE_EXEC {
        return SandboxError::Setup {
            stage: "executing the program",
            source: std::io::Error::new(source.kind(), format!("{command}: {source}")),
        };
    }
    if record.stage == child::STAGE_MOUNT {
        let step = step_names
            .get(record.detail as usize)
            .map_or("an unknown step", String::as_str);
        return SandboxError::Setup {
            stage: "building the box's root",
            source: std::io::Error::new(source.kind(), format!("{step}: {source}")),
        };
    }
    SandboxError::Setup {
        stage: child::STAGES
            .get(record.stage as usize)
            .copied()
            .unwrap_or("an unknown step"),
        source,
    }
}
