//! The sandbox: owns what its boxes share (the mode chosen for this machine, the box
//! roots, the seccomp filter, the pool of box slots), hands out boxes, and runs programs in
//! them: one box at a time, or two joined by pipes (an interactive test).

use crate::capped::{Cap, CappedFolder};
use crate::cgroup::{v1::V1Cgroup, v2::V2Cgroup, BoxCgroup};
use crate::config::{choose_mode, Mode, SandboxConfig};
use crate::cpus::InteractiveCpus;
use crate::environment::Environment;
use crate::error::{Result, SandboxError};
use crate::fds::{above_stdio, pipe, StderrFile};
use crate::folders;
use crate::launch::{self, Program};
use crate::measure::{self, Made};
use crate::outcome::{Enforcement, Outcome};
use crate::paths::{self, View, DEFAULT_PATH};
use crate::prepared::{Next, NextInit, Start};
use crate::rlimits::{self, RlimitRole};
use crate::rootfs::{self, RootPlan, BOX_DIR};
use crate::slots::{self, Slot};
use crate::spec::{Bind, RunSpec};
use crate::supervise::{self, Link, Partner, Watch};
use crate::template::Templates;
use seccompiler::BpfProgram;
use std::fs::File;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Runs programs in boxes.
pub struct Sandbox {
    config: SandboxConfig,
    environment: Environment,
    mode: Mode,
    /// Host trees every box sees.
    readonly: Vec<PathBuf>,
    /// The box roots (isolated runs only).
    templates: Option<Templates>,
    seccomp: std::sync::Arc<Vec<BpfProgram>>,
    /// Where this process's command line and environment lie in memory.
    command_line: [(usize, usize); 2],
    lock_dir: PathBuf,
    home: Option<PathBuf>,
    pool: Mutex<Vec<Slot>>,
    /// The CPUs interactive runs are pinned to.
    interactive_cpus: InteractiveCpus,
}

impl Sandbox {
    /// Sets the sandbox up on this machine.
    pub fn new(config: SandboxConfig) -> Result<Sandbox> {
        let environment = Environment::detect();
        let mode = choose_mode(&config, &environment)?;
        let seccomp = if environment.seccomp {
            crate::seccomp::build()?
        } else {
            Vec::new()
        };
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let readonly = rootfs::expand_binds(&config.readonly_binds, home.as_deref());
        let templates = if mode.isolated {
            Some(Templates::new(readonly.clone())?)
        } else {
            None
        };
        let lock_dir = config
            .lock_dir
            .clone()
            .unwrap_or_else(|| slots::default_lock_dir(environment.root));
        Ok(Sandbox {
            mode,
            config,
            environment,
            readonly,
            templates,
            seccomp: std::sync::Arc::new(seccomp),
            command_line: launch::command_line_in_memory(),
            interactive_cpus: InteractiveCpus::of_this_process(lock_dir.clone()),
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
        self.expand_paths(patterns)
            .into_iter()
            .map(Bind::readonly)
            .collect()
    }

    /// Expands bind patterns (`~`, trailing `*`) into host paths; missing paths are left
    /// out. For [`RunSpec::root_binds`].
    pub fn expand_paths(&self, patterns: &[String]) -> Vec<PathBuf> {
        rootfs::expand_binds(patterns, self.home.as_deref())
    }

    /// Whether a host folder given to runs as a read-only path (`RunSpec::root_binds`) is
    /// seen inside the boxes: anywhere but `/tmp` itself and under `/box` or `/proc`, which
    /// every isolated run mounts afresh (such a path is refused; a path under `/tmp` is
    /// attached by each run over its own `/tmp`; without isolation every host path is
    /// seen).
    pub fn sees(&self, path: &Path) -> bool {
        !self.mode.isolated || rootfs::placement(path).is_ok()
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

    /// Takes a free box: a slot (id, uid, cgroup, network namespace), a fresh, empty box
    /// directory, and a scratch directory beside it for the caller's files (outputs,
    /// checker files).
    pub fn acquire(&self) -> Result<SandboxBox<'_>> {
        let pooled = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut slot = match pooled {
            Some(slot) => slot,
            None => slots::acquire(&self.lock_dir, self.config.first_uid, self.config.max_boxes)?,
        };
        if slot.capped.is_none() {
            let cap = Cap {
                bytes: self.config.capped_bytes,
                files: self.config.capped_files,
            };
            slot.capped = Some(CappedFolder::make(
                &self.lock_dir,
                slot.id,
                self.environment.root,
                cap,
            )?);
        }
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
            std::os::unix::fs::chown(&dir, Some(slot.uid), Some(slot.uid))
                .and_then(|()| {
                    std::fs::set_permissions(
                        &dir,
                        std::os::unix::fs::PermissionsExt::from_mode(0o755),
                    )
                })
                .map_err(|e| {
                    SandboxError::io("handing the box directory to the box user", &dir, e)
                })?;
        }
        Ok(SandboxBox {
            sandbox: self,
            slot: Some(slot),
            _root: root,
            _folder_lock: folder_lock,
            dir,
            scratch,
            stderr: StderrFile::default(),
            devnull: None,
            derived: None,
            capped_used: false,
            next: NextInit::default(),
            last_start: None,
            retiring: Vec::new(),
        })
    }

    /// The slot's cgroup `turn` (0 or 1).
    fn make_cgroup(&self, slot: &Slot, turn: usize) -> Result<Option<BoxCgroup>> {
        let name = match turn {
            0 => format!("box-{}", slot.id),
            _ => format!("box-{}-{turn}", slot.id),
        };
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
        for mut slot in slots {
            if let Some(capped) = slot.capped.take() {
                capped.remove();
            }
            for cgroup in slot.cgroups.into_iter().flatten() {
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
    stderr: StderrFile,
    /// /dev/null, the stdin of runs without one, opened once.
    devnull: Option<OwnedFd>,
    /// The last run's command and mounts, reused by runs of the same spec.
    derived: Option<Derived>,
    /// A run was given something in the capped folder since it was last emptied.
    capped_used: bool,
    /// The init prepared for a run like the last one.
    next: NextInit,
    /// How the last run started.
    last_start: Option<Start>,
    /// Inits of runs that are over, still exiting (see `supervise::Watch::retire`), each
    /// with the turn of the slot's cgroup its run used.
    retiring: Vec<(launch::Launched, usize)>,
}

impl Drop for SandboxBox<'_> {
    fn drop(&mut self) {
        // The prepared init holds the slot's namespaces: it goes first, and the inits
        // still exiting end before the slot (and its cgroups) can be taken again.
        self.next.discard();
        for (init, _) in self.retiring.drain(..) {
            init.reap();
        }
        // What the box's runs left for the judge goes with the box (and its memory
        // charge with it).
        if let Some(capped) = self.slot.as_ref().and_then(|slot| slot.capped.as_ref()) {
            let _ = capped.empty();
        }
        if let Some(slot) = self.slot.take() {
            self.sandbox
                .pool
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(slot);
        }
    }
}

/// The open files a program joins a cgroup through, as the child gets them.
fn join_fds(cgroup: &Option<BoxCgroup>) -> Vec<libc::c_int> {
    cgroup
        .as_ref()
        .map(|c| c.join_files().iter().map(AsRawFd::as_raw_fd).collect())
        .unwrap_or_default()
}

/// How an interactive run went: each program's outcome, and which ended first (a verdict
/// may depend on it: a rejection that came first stands; a limit the program hit first
/// does).
#[derive(Debug, Clone, PartialEq)]
pub struct Interaction {
    /// The first program's (the submission's).
    pub program: Outcome,
    /// The second program's (the interactor's).
    pub partner: Outcome,
    /// Whether the second ended before the first: the first's output did not end while
    /// the second's program still ran to hear it. By cause, not by clock: a first program
    /// that fails on hearing that the second stopped talking fails after the second, even
    /// when its end reaches the judge first.
    pub partner_ended_first: bool,
}

/// Where a box's stdin comes from and its stdout goes.
enum Stdio {
    /// The spec's files (`stdin`, or /dev/null, and `stdout`).
    Files,
    /// Pipe ends to another box: (stdin, stdout).
    Pipes(OwnedFd, OwnedFd),
}

/// A box started, and what reading its outcome needs.
struct Started {
    launched: launch::Launched,
    stdout: Option<File>,
    step_names: std::sync::Arc<Vec<String>>,
    command: String,
}

/// What a run is derived from: its spec but the stdio and the limits the cgroup and
/// rlimits take per run (only the size of /tmp is in the mount plan).
#[derive(Debug, Clone, PartialEq)]
struct SpecKey {
    argv: Vec<String>,
    env: Vec<(String, String)>,
    box_writable: bool,
    root_binds: Vec<PathBuf>,
    binds: Vec<Bind>,
    file_bytes: u64,
}

impl SpecKey {
    fn of(spec: &RunSpec) -> SpecKey {
        SpecKey {
            argv: spec.argv.clone(),
            env: spec.env.clone(),
            box_writable: spec.box_writable,
            root_binds: spec.root_binds.clone(),
            binds: spec.binds.clone(),
            file_bytes: spec.limits.file_bytes,
        }
    }
}

/// A run's command, environment and mounts, as derived from its spec (see
/// `SandboxBox::derived`).
struct Derived {
    spec: SpecKey,
    command: String,
    inside_dir: PathBuf,
    env: Vec<(String, String)>,
    argv: Vec<String>,
    executable: PathBuf,
    template: Option<std::sync::Arc<OwnedFd>>,
    run_steps: Vec<crate::child::MountStep>,
    step_names: std::sync::Arc<Vec<String>>,
}

impl Derived {
    /// Whether it was derived from a spec like `spec` (without allocating).
    fn made_for(&self, spec: &RunSpec) -> bool {
        let key = &self.spec;
        key.argv == spec.argv
            && key.env == spec.env
            && key.box_writable == spec.box_writable
            && key.root_binds == spec.root_binds
            && key.binds == spec.binds
            && key.file_bytes == spec.limits.file_bytes
    }
}

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

    /// A folder the box's runs may be given to write to (as a [`Bind`] of something in
    /// it), which the judge reads after the run: a Kattis validator's feedback folder, an
    /// interactor's folder. As root it is a tmpfs of its own, capped
    /// (`SandboxConfig::capped_bytes`, `capped_files`): a run writing past the cap gets
    /// ENOSPC, and nothing reaches the host's disk. It is the box slot's, and emptied when
    /// a run of the box starts that is given nothing in it, and when the box is given
    /// back: give what is in it only to this box's runs. Its folders are the caller's to
    /// make (and to let the box user write).
    pub fn capped_dir(&self) -> &Path {
        self.slot
            .as_ref()
            .and_then(|slot| slot.capped.as_ref())
            .map_or(self.scratch.as_path(), |capped| capped.path())
    }

    /// The box id.
    pub fn id(&self) -> u32 {
        self.slot.as_ref().map_or(0, |s| s.id)
    }

    /// Whether the last run started with the init prepared while the run before it went on
    /// (see the `prepared` module); false without isolation.
    pub fn last_run_was_prepared(&self) -> bool {
        self.last_start == Some(Start::Prepared)
    }

    /// Waits until nothing of the box's past runs is left: reaps the inits still tearing
    /// down their runs' boxes (see `supervise::Watch::retire`), after the box's preparer
    /// has finished its last work. A benchmark calls it at the end of a block of runs, so
    /// that the block pays for its own teardown and preparing; the init prepared for the
    /// next run stays.
    pub fn settle(&mut self) {
        self.next.collect();
        for (init, _) in self.retiring.drain(..) {
            init.reap();
        }
    }

    /// Runs one program in the box and measures it.
    pub fn run(&mut self, spec: &RunSpec) -> Result<Outcome> {
        let sandbox = self.sandbox;
        let started = self.start(spec, Stdio::Files, None)?;
        let cancel = &sandbox.config.cancel;
        let watched = {
            let mut watch = self.watch(&started, spec)?;
            watch.retire = watch.isolated;
            supervise::watch(vec![watch], cancel, Vec::new(), None)?
        };
        if watched[0].stderr.is_empty() && !watched[0].stderr_truncated {
            self.stderr.left_empty();
        }
        let outcome = self.outcome(&started, spec, &watched[0]);
        if watched[0].retired {
            let turn = self.slot.as_ref().map_or(0, |slot| slot.turn);
            self.retiring.push((started.launched, turn));
        }
        outcome
    }

    /// Runs two programs at once, each in its own box, talking to each other through two
    /// pipes straight from one box to the other: what the first (`self`, the submission)
    /// writes is the second's (`partner`, an interactor's) stdin, and what the second
    /// writes is the first's stdin. What the first writes there is not counted against its
    /// output limit (it is not kept: the second reads it as it comes, and a full pipe
    /// holds the writer back). A program whose reader is gone does not get a broken
    /// pipe: what it still writes is dropped. The specs' own stdin and stdout are not
    /// used. Each box keeps its own limits and measurement; both run on one CPU (they take
    /// turns). When the second ends and `accepted` does not take its program's wait
    /// status, the first is stopped (`Termination::Stopped`) instead of running on to its
    /// limits.
    pub fn run_interactive(
        &mut self,
        spec: &RunSpec,
        partner: &mut SandboxBox<'_>,
        partner_spec: &RunSpec,
        accepted: &dyn Fn(i32) -> bool,
    ) -> Result<Interaction> {
        let sandbox = self.sandbox;
        // (read end, write end) of each pipe, straight from one box to the other; the
        // judge holds a read end of each (see `supervise::Link`).
        let (second_reads, first_writes) = pipe()?;
        let (first_reads, second_writes) = pipe()?;
        // The first's output tells whether the second heard its end (the verdict's order).
        let links = vec![
            Link::new(&second_reads, 0, 1)?.telling(&first_writes)?,
            Link::new(&first_reads, 1, 0)?,
        ];
        let claim = sandbox.interactive_cpus.claim(self.id());
        let cpu = Some(claim.cpu);
        let first = self.start(spec, Stdio::Pipes(first_reads, first_writes), cpu)?;
        let second =
            match partner.start(partner_spec, Stdio::Pipes(second_reads, second_writes), cpu) {
                Ok(second) => second,
                Err(error) => {
                    // The first is running already: stop it and wait for it.
                    let cancel = std::sync::atomic::AtomicBool::new(true);
                    if let Ok(watch) = self.watch(&first, spec) {
                        let _ = supervise::watch(vec![watch], &cancel, Vec::new(), None);
                    }
                    return Err(error);
                }
            };
        let watched = {
            let watches = vec![
                self.watch(&first, spec)?,
                partner.watch(&second, partner_spec)?,
            ];
            let partner_rule = Partner { index: 1, accepted };
            supervise::watch(watches, &sandbox.config.cancel, links, Some(partner_rule))?
        };
        Ok(Interaction {
            program: self.outcome(&first, spec, &watched[0])?,
            partner: partner.outcome(&second, partner_spec, &watched[1])?,
            partner_ended_first: !watched[1].heard_its_input_end,
        })
    }

    /// What a run of `spec` is made of, but its stdio: derived for the first run of a spec
    /// and reused while the box runs the same spec again (the tests of one program), so
    /// that the command's lookup and the mount plan are not redone on every run's path.
    fn derived(&mut self, spec: &RunSpec) -> Result<&Derived> {
        let fresh = !self.derived.as_ref().is_some_and(|d| d.made_for(spec));
        if fresh {
            self.derived = Some(self.derive(spec)?);
        }
        self.derived
            .as_ref()
            .ok_or_else(|| SandboxError::Invalid("no run plan".into()))
    }

    fn derive(&self, spec: &RunSpec) -> Result<Derived> {
        let sandbox = self.sandbox;
        let isolated = sandbox.mode.isolated;
        let command = spec
            .argv
            .first()
            .ok_or_else(|| SandboxError::Invalid("empty command".into()))?
            .clone();
        let view = View::new(spec, &sandbox.readonly, isolated, &self.dir);
        let home = if isolated {
            "/tmp".to_string()
        } else {
            self.dir.display().to_string()
        };
        let env = paths::environment(spec, &home);
        let path_var = env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map_or(DEFAULT_PATH, |(_, v)| v.as_str());
        let argv = view.argv(&spec.argv);
        let executable = view.executable(&argv[0], path_var)?;
        let (template, over_tmp) = match &sandbox.templates {
            Some(templates) => {
                let (template, over_tmp) = templates.for_extras(&spec.root_binds)?;
                (Some(template), over_tmp)
            }
            None => (None, Vec::new()),
        };
        let (run_steps, step_names) = if isolated {
            self.run_plan(spec, &over_tmp)?
        } else {
            (Vec::new(), Vec::new())
        };
        Ok(Derived {
            spec: SpecKey::of(spec),
            command,
            inside_dir: view.inside_dir(),
            env,
            argv,
            executable,
            template,
            run_steps,
            step_names: std::sync::Arc::new(step_names),
        })
    }

    /// Prepares the box for `spec` and starts it.
    fn start(&mut self, spec: &RunSpec, stdio: Stdio, cpu: Option<usize>) -> Result<Started> {
        let sandbox = self.sandbox;
        let isolated = sandbox.mode.isolated;
        self.derived(spec)?;
        let Some(derived) = self.derived.take() else {
            return Err(SandboxError::Invalid("no run plan".into()));
        };
        let started = self.start_derived(spec, &derived, stdio, cpu, isolated);
        self.derived = Some(derived);
        started
    }

    fn start_derived(
        &mut self,
        spec: &RunSpec,
        derived: &Derived,
        stdio: Stdio,
        cpu: Option<usize>,
        isolated: bool,
    ) -> Result<Started> {
        let sandbox = self.sandbox;
        // The preparer's last work (it reaps inits of past runs) is over before the slot's
        // cgroups are touched.
        self.next.collect();
        self.empty_capped_unless_given(spec)?;
        let Derived {
            command,
            inside_dir,
            env,
            argv,
            executable,
            template,
            run_steps,
            step_names,
            ..
        } = derived;
        let slot = self
            .slot
            .as_mut()
            .ok_or_else(|| SandboxError::Invalid("box already released".into()))?;
        // Isolated runs take the slot's two cgroups in turn: the init of the run before
        // may still be exiting, and its cgroup is the other one. An init of a run that used
        // this one is reaped first.
        if isolated {
            slot.turn = (slot.turn + 1) % slots::CGROUPS;
        }
        let turn = slot.turn;
        for (init, _) in self.retiring.extract_if(.., |(_, used)| *used == turn) {
            init.reap();
        }
        let cgroups_wanted: Vec<usize> = if isolated {
            (0..slots::CGROUPS).collect()
        } else {
            vec![turn]
        };
        for index in cgroups_wanted {
            if slot.cgroups[index].is_none() {
                slot.cgroups[index] = sandbox.make_cgroup(slot, index)?;
            }
        }
        if isolated && slot.netns.is_none() {
            slot.netns = Some(crate::netns::empty()?);
        }
        // Tests of one program run one after another in a box: prepare the next one's init
        // while this one runs. (Not for interactive runs, whose boxes share a CPU.)
        let prepare_next = isolated && matches!(stdio, Stdio::Files) && cpu.is_none();
        let (stdin, stdout_fd, stdout_file) = match stdio {
            Stdio::Files => {
                let stdin = match &spec.stdin {
                    Some(path) => Some(above_stdio(OwnedFd::from(
                        File::open(path).map_err(|e| SandboxError::io("opening stdin", path, e))?,
                    ))?),
                    // /dev/null, opened once per box.
                    None => None,
                };
                let stdout = File::create(&spec.stdout)
                    .map_err(|e| SandboxError::io("creating the stdout file", &spec.stdout, e))?;
                let stdout = File::from(above_stdio(OwnedFd::from(stdout))?);
                (stdin, None, Some(stdout))
            }
            Stdio::Pipes(stdin, stdout) => (Some(stdin), Some(stdout), None),
        };
        if stdin.is_none() && self.devnull.is_none() {
            let null =
                File::open("/dev/null").map_err(|e| SandboxError::io("opening", "/dev/null", e))?;
            self.devnull = Some(above_stdio(OwnedFd::from(null))?);
        }
        let stdin_raw = match (&stdin, &self.devnull) {
            (Some(fd), _) | (None, Some(fd)) => fd.as_raw_fd(),
            (None, None) => -1,
        };
        let stdout_raw = stdout_fd
            .as_ref()
            .map(AsRawFd::as_raw_fd)
            .or(stdout_file.as_ref().map(AsRawFd::as_raw_fd))
            .unwrap_or(-1);
        let stderr = self.stderr.fresh()?.as_raw_fd();
        let own_uid = sandbox.environment.root;
        let mut program = Program {
            isolated,
            netns_fd: slot.netns.as_ref().map_or(-1, AsRawFd::as_raw_fd),
            template_fd: template.as_ref().map_or(-1, |fd| fd.as_raw_fd()),
            run_steps: run_steps.clone(),
            scrub: sandbox.command_line,
            cgroup_fds: join_fds(&slot.cgroups[turn]),
            stdio: [stdin_raw, stdout_raw, stderr],
            rlimits: rlimits::plan(
                &spec.limits,
                RlimitRole {
                    memory_by_rlimit: slot.cgroups[turn].is_none(),
                    own_uid,
                },
            ),
            uid: own_uid.then_some(slot.uid),
            seccomp: sandbox.seccomp.clone(),
            cpu,
            workdir: inside_dir,
            executable,
            argv,
            env,
        };
        // A prepared init built for another run goes before the cgroup is reset: its
        // program waits in it.
        self.next.discard_unless(&program);
        if let Some(cgroup) = slot.cgroups[turn].as_mut() {
            cgroup.prepare(&spec.limits)?;
            // (A cgroup made anew for the run has files of its own.)
            program.cgroup_fds = join_fds(&slot.cgroups[turn]);
        }
        let launched = if isolated {
            // The next run takes the next cgroup, readied before its program joins it;
            // the preparer first reaps the inits of past runs that used it.
            let next = (turn + 1) % slots::CGROUPS;
            let next = if prepare_next {
                if let Some(cgroup) = slot.cgroups[next].as_mut() {
                    cgroup.renew()?;
                }
                Some(Next {
                    cgroup_fds: join_fds(&slot.cgroups[next]),
                    reap: self
                        .retiring
                        .extract_if(.., |(_, used)| *used == next)
                        .map(|(init, _)| init)
                        .collect(),
                })
            } else {
                None
            };
            let (launched, start) = self.next.start(program, template.clone(), next)?;
            self.last_start = Some(start);
            launched
        } else {
            self.last_start = None;
            launch::launch(program)?
        };
        // The box has its copies; ours would keep its pipes open after it ends.
        drop((stdin, stdout_fd));
        Ok(Started {
            launched,
            stdout: stdout_file,
            step_names: step_names.clone(),
            command: command.clone(),
        })
    }

    /// What earlier runs wrote in the capped folder is charged to their cgroups, which
    /// this run may use: emptied (uncharged) before its cgroup is reset, unless the run is
    /// given something in it (a checker given the interactor's TOUT).
    fn empty_capped_unless_given(&mut self, spec: &RunSpec) -> Result<()> {
        let Some(capped) = self.slot.as_ref().and_then(|slot| slot.capped.as_ref()) else {
            return Ok(());
        };
        let given = spec
            .binds
            .iter()
            .any(|bind| bind.host.starts_with(capped.path()));
        if given {
            self.capped_used = true;
        } else if std::mem::take(&mut self.capped_used) {
            capped.empty()?;
        }
        Ok(())
    }

    /// What the supervisor watches for a started run.
    fn watch<'w>(&'w mut self, started: &'w Started, spec: &'w RunSpec) -> Result<Watch<'w>> {
        let launched = &started.launched;
        Ok(Watch {
            pid: launched.pid,
            pidfd: launched.pidfd.as_raw_fd(),
            isolated: self.sandbox.mode.isolated,
            stdout: started.stdout.as_ref(),
            stderr: self.stderr.current()?,
            status: launched.status.as_raw_fd(),
            cgroup: self.slot.as_mut().and_then(Slot::cgroup),
            limits: &spec.limits,
            begun_ns: launched.begun_ns,
            retire: false,
        })
    }

    /// The outcome of a finished run.
    fn outcome(
        &mut self,
        started: &Started,
        spec: &RunSpec,
        watched: &supervise::Watched,
    ) -> Result<Outcome> {
        let usage = match self.slot.as_mut().and_then(Slot::cgroup) {
            Some(cgroup) => Some(cgroup.usage()?),
            None => None,
        };
        let made = Made {
            isolated: self.sandbox.mode.isolated,
            enforcement: self.sandbox.mode.enforcement,
            limits: &spec.limits,
            step_names: &started.step_names,
            command: &started.command,
        };
        measure::outcome(&made, watched, usage)
    }

    /// The run's mounts in its copy of the box root: the box directory, the extra binds,
    /// a fresh /tmp, what is shown read-only under /tmp (`over_tmp`, and binds whose
    /// place is under /tmp: on top of the fresh /tmp, or it would hide them) and /proc.
    fn run_plan(
        &self,
        spec: &RunSpec,
        over_tmp: &[PathBuf],
    ) -> Result<(Vec<crate::child::MountStep>, Vec<String>)> {
        let mut plan = RootPlan::for_run();
        let mut binds: Vec<Bind> = spec.binds.clone();
        binds.push(Bind {
            host: self.dir().to_path_buf(),
            inside: PathBuf::from(BOX_DIR),
            writable: spec.box_writable,
        });
        binds.extend(over_tmp.iter().cloned().map(Bind::readonly));
        if binds.len() > crate::child::MAX_ATTACHED {
            return Err(SandboxError::Invalid(format!(
                "{} binds in one run; at most {} are possible",
                binds.len(),
                crate::child::MAX_ATTACHED
            )));
        }
        // Parents before children; what lies under /tmp after the run's /tmp.
        binds.sort_by(|a, b| a.inside.cmp(&b.inside));
        let (in_tmp, elsewhere): (Vec<Bind>, Vec<Bind>) = binds
            .into_iter()
            .partition(|bind| bind.inside.starts_with("/tmp"));
        for bind in &elsewhere {
            plan.bind(bind)?;
        }
        plan.tmpfs(Path::new("/tmp"), spec.limits.file_bytes, "1777")?;
        for bind in &in_tmp {
            plan.bind(bind)?;
        }
        plan.proc()?;
        Ok(plan.finish())
    }
}
