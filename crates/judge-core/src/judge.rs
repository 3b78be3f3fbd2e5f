//! The judging pipeline: compile, run every test, compare, aggregate, emitting events.

use crate::checker::Checker;
use crate::compile::{compile_files, SourceFile};
use crate::compile_cache::CompileCache;
use crate::interactive::Interactor;
use crate::precompiled::PrecompiledHeaders;
use crate::problem_build::Builder;
use crate::run_test::{Judging, TestRunner};
use crate::toolchain::Toolchain;
use crate::tools::{program_cache_dir, ProgramCache};
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::events::{Event, Listener};
use judge_model::language::{Language, LanguageSpec, Languages};
use judge_model::problem::{OutputCheck, Problem, TestCase};
use judge_model::test_plan::{Step, TestPlan};
use judge_model::verdict::{
    aggregate, CompileResult, SandboxInfo, SubmissionResult, TestResult, SCHEMA_VERSION,
};
use judge_model::{JudgeError, Result};
use sandbox::{Sandbox, SandboxConfig, MIB};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The judge: configuration, languages, the sandbox, and built problem binaries.
pub struct Judge {
    /// judge.toml.
    pub config: JudgeConfig,
    /// The language table.
    pub languages: Languages,
    // Shared with the judges made by `with_config` (a server that reloads judge.toml).
    sandbox: Arc<Sandbox>,
    builder: Arc<Builder>,
    compile_cache: Option<Arc<CompileCache>>,
    precompiled: Arc<PrecompiledHeaders>,
    programs: Arc<ProgramCache>,
}

/// One submission to judge: what, in which language, on which problem, how.
#[derive(Debug, Clone)]
pub struct Submission<'a> {
    /// The problem.
    pub problem: &'a Problem,
    /// The source's path or name, for the result (the bytes are what is judged).
    pub source: &'a Path,
    /// The source (a folder submission's entry source).
    pub bytes: &'a [u8],
    /// A folder submission's other sources and headers, by their paths in the folder
    /// (empty for a single file): put beside the source, the sources compiled with it.
    pub others: &'a [SourceFile],
    /// Its language.
    pub language: &'a Language,
    /// How the problem's outputs are judged ([`Judge::judging`]).
    pub judging: &'a Judging,
    /// How to judge, beyond the problem's settings.
    pub options: JudgeOptions,
}

/// How to judge, beyond the problem's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgeOptions {
    /// Scales the CPU limit (`judge verify` runs too-slow submissions at 1.5 x to prove
    /// they are more than just slow).
    pub time_scale: f64,
    /// Scales the wall-clock limit (more than the CPU limit when the CPU limit must be the
    /// one that stops a program even on a loaded machine).
    pub wall_scale: f64,
    /// Stop at the first test that is not accepted (the overall verdict is known then).
    pub stop_at_first_failure: bool,
    /// Subtasks judged lazily, each a set of test indices (DMOJ's short-circuit batches):
    /// a test is skipped when it belongs to at least one of them and each one it belongs
    /// to already holds a failed test. Tests in none of them always run.
    pub lazy_groups: Vec<Vec<usize>>,
    /// Tests run at once, each in a box of its own with a copy of the compiled program
    /// (1: one after another). Interactive problems always run one at a time. The result
    /// is the one judging in order gives: the same tests, the same verdict.
    pub test_jobs: usize,
    /// Judge a problem whose time limit is not decided yet, under its provisional limit:
    /// only for inferring that limit (`judge verify`, `judge import`). Everything else
    /// refuses such a problem ([`JudgeError::UndecidedTimeLimit`]).
    pub provisional_time_limit: bool,
    /// The problem's visualizer and the tests it draws ([`Judge::pictures`]); `None`: no
    /// test gets a picture.
    pub pictures: Option<crate::picture::Pictures>,
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            time_scale: 1.0,
            wall_scale: 1.0,
            stop_at_first_failure: false,
            lazy_groups: Vec::new(),
            test_jobs: 1,
            provisional_time_limit: false,
            pictures: None,
        }
    }
}

impl JudgeOptions {
    /// The plan of a submission's `count` tests under these options.
    pub fn plan(&self, count: usize) -> TestPlan<'_> {
        TestPlan::new(count, &self.lazy_groups, self.stop_at_first_failure)
    }

    /// Refuses a problem whose time limit is not decided, unless these options are the
    /// inference's own ([`JudgeOptions::provisional_time_limit`]).
    pub fn check_decided(&self, problem: &Problem) -> Result<()> {
        if problem.time_rule.is_decided() || self.provisional_time_limit {
            Ok(())
        } else {
            Err(JudgeError::UndecidedTimeLimit {
                id: problem.id.clone(),
                dir: problem.dir.clone(),
            })
        }
    }

    /// The limits with the time scale applied.
    pub fn scale(&self, mut limits: sandbox::Limits) -> sandbox::Limits {
        limits.cpu_time = limits.cpu_time.mul_f64(self.time_scale);
        limits.wall_time = limits.wall_time.mul_f64(self.wall_scale);
        limits
    }
}

/// The language of prebuilt executables: `./main`, no compiling, native limits.
pub fn native_language() -> Language {
    Language {
        id: "native".to_string(),
        spec: LanguageSpec {
            name: "prebuilt executable".to_string(),
            extensions: vec![],
            source: "main".to_string(),
            compile: None,
            run: vec!["./main".to_string()],
            time_multiplier: 1.0,
            binds: vec![],
            env: Default::default(),
            memory_errors: vec!["memory allocation of".to_string()],
            alternative_for: None,
            shebang_only: false,
            precompiled_headers: vec![],
            compile_all_sources: false,
            headers: vec![],
            entry_markers: vec![],
            kattis_extensions: vec![],
            source_order: Default::default(),
            how_to_get: None,
        },
    }
}

impl Judge {
    /// Sets the judge up from judge.toml. `cancel` is set by the SIGINT/SIGTERM handler.
    pub fn new(config: JudgeConfig, cancel: Arc<AtomicBool>) -> Result<Judge> {
        Judge::with_sandbox_config(config, |c| c, cancel)
    }

    /// Like [`Judge::new`], with a last change to the sandbox's configuration (for
    /// command-line overrides such as `--isolation off`).
    pub fn with_sandbox_config(
        config: JudgeConfig,
        adjust: impl FnOnce(SandboxConfig) -> SandboxConfig,
        cancel: Arc<AtomicBool>,
    ) -> Result<Judge> {
        let sandbox_config = config.sandbox_config(cancel);
        let sandbox_config = adjust(sandbox_config);
        let sandbox = Sandbox::new(sandbox_config)
            .map_err(|e| JudgeError::sandbox("starting the sandbox", e))?;
        let precompiled_dir =
            PathBuf::from(sandbox.expand_home(&config.compile.precompiled_header_dir));
        let seen = sandbox.sees(&precompiled_dir);
        let precompiled = PrecompiledHeaders::new(precompiled_dir, seen);
        Ok(Judge {
            languages: config.languages.clone(),
            config,
            sandbox: Arc::new(sandbox),
            builder: Arc::default(),
            compile_cache: None,
            precompiled: Arc::new(precompiled),
            programs: Arc::new(ProgramCache::new(program_cache_dir())),
        })
    }

    /// Compiles each distinct source once, keeping the results in `cache`.
    pub fn with_compile_cache(mut self, cache: CompileCache) -> Judge {
        self.compile_cache = Some(Arc::new(cache));
        self
    }

    /// This judge with judge.toml read again (`config`; its sandbox settings are not
    /// read again): the same sandbox, caches and built problems, so that a server that
    /// adds a problem while it runs neither starts a second sandbox nor builds again.
    pub fn with_config(&self, config: JudgeConfig) -> Judge {
        Judge {
            languages: config.languages.clone(),
            config,
            sandbox: self.sandbox.clone(),
            builder: self.builder.clone(),
            compile_cache: self.compile_cache.clone(),
            precompiled: self.precompiled.clone(),
            programs: self.programs.clone(),
        }
    }

    /// The precompiled headers compiles use.
    pub fn precompiled_headers(&self) -> &PrecompiledHeaders {
        &self.precompiled
    }

    /// The sandbox.
    pub fn sandbox(&self) -> &Sandbox {
        &self.sandbox
    }

    /// The problem builder (cargo builds of problem crates, once each).
    pub fn builder(&self) -> &Builder {
        &self.builder
    }

    /// How a problem's outputs are judged (making its checker ready if it has one).
    pub fn judging(&self, problem: &Problem) -> Result<Judging> {
        match &problem.output {
            OutputCheck::Compare(mode) => Ok(Judging::BuiltIn(*mode)),
            OutputCheck::Checker { program, protocol } => Ok(Judging::Checker(Checker {
                command: self.prepare(program)?.boxed(),
                protocol: *protocol,
            })),
            OutputCheck::Interactive {
                program,
                protocol,
                checker,
            } => Ok(Judging::Interactive(Interactor {
                command: self.prepare(program)?.boxed(),
                protocol: *protocol,
                checker: checker
                    .as_ref()
                    .map(|checker| -> Result<Checker> {
                        Ok(Checker {
                            command: self.prepare(checker)?.boxed(),
                            protocol: judge_model::compare::CheckerProtocol::Testlib,
                        })
                    })
                    .transpose()?,
            })),
        }
    }

    /// The problem's visualizer made ready to draw `tests`, for [`JudgeOptions::pictures`]:
    /// `None` when it has none or no test is to be drawn. A visualizer that cannot be made
    /// ready gives every picture a note saying why; it never fails the judging.
    pub fn pictures(
        &self,
        problem: &Problem,
        tests: crate::picture::PictureTests,
    ) -> Option<crate::picture::Pictures> {
        use crate::picture::{PictureTests, Pictures, Visualizer};
        let program = problem.visualizer.as_ref()?;
        if tests == PictureTests::None {
            return None;
        }
        let visualizer = match self.prepare(program) {
            Ok(ready) => Visualizer::Ready(ready.boxed()),
            Err(error) => Visualizer::Unavailable(format!(
                "the visualizer {} is not ready: {error}",
                program.name
            )),
        };
        Some(Pictures { visualizer, tests })
    }

    /// The files a problem puts beside a submission in `language` (Kattis `include/`).
    pub fn include_files(problem: &Problem, language: &Language) -> Result<Vec<SourceFile>> {
        let Some(dir) = problem
            .include
            .get(&language.id)
            .or_else(|| problem.include.get("*"))
        else {
            return Ok(Vec::new());
        };
        let mut files = Vec::new();
        for entry in
            std::fs::read_dir(dir).map_err(|e| JudgeError::file("include folder", dir, e))?
        {
            let path = entry
                .map_err(|e| JudgeError::file("include folder", dir, e))?
                .path();
            if path.is_file() {
                files.push(SourceFile {
                    name: path
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned(),
                    bytes: std::fs::read(&path)
                        .map_err(|e| JudgeError::file("include file", &path, e))?,
                });
            }
        }
        files.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(files)
    }

    /// The program cache.
    pub fn program_cache(&self) -> &ProgramCache {
        &self.programs
    }

    /// The sandbox's mode, for results.
    pub fn sandbox_info(&self) -> SandboxInfo {
        let mode = self.sandbox.mode();
        SandboxInfo {
            enforcement: mode.enforcement,
            isolated: mode.isolated,
            degraded: mode.degraded.clone(),
        }
    }

    /// Judges one source file on a problem.
    pub fn judge_file(
        &self,
        problem: &Problem,
        source: &Path,
        language: &Language,
        options: JudgeOptions,
        listener: &mut dyn Listener,
    ) -> Result<SubmissionResult> {
        let bytes = judge_model::source::read_capped(source, self.config.compile.max_source_kib)?;
        let judging = self.judging(problem)?;
        let submission = Submission {
            problem,
            source,
            bytes: &bytes,
            others: &[],
            language,
            judging: &judging,
            options,
        };
        self.judge(&submission, listener)
    }

    /// Judges a folder submission ([`crate::read_source_folder`]): in `lang` when given, else
    /// in the language its sources name; its entry compiled and run as a single file is,
    /// its other sources and headers beside it.
    pub fn judge_folder(
        &self,
        problem: &Problem,
        folder: &Path,
        lang: Option<&str>,
        options: JudgeOptions,
        listener: &mut dyn Listener,
    ) -> Result<SubmissionResult> {
        let read = crate::source_folder::read(
            folder,
            &self.languages,
            lang,
            &[problem.id.as_str()],
            self.config.compile.max_source_kib,
        )?;
        let judging = self.judging(problem)?;
        let submission = Submission {
            problem,
            source: folder,
            bytes: &read.entry_bytes,
            others: &read.others,
            language: &read.language,
            judging: &judging,
            options,
        };
        self.judge(&submission, listener)
    }

    /// Judges a submission: compiles it (through the compile cache, when there is one),
    /// runs the tests, aggregates.
    pub fn judge(
        &self,
        submission: &Submission<'_>,
        listener: &mut dyn Listener,
    ) -> Result<SubmissionResult> {
        let Submission {
            problem,
            source,
            bytes,
            others,
            language,
            judging,
            options,
        } = submission;
        let (bytes, language) = self.admit(problem, source, bytes, language)?;
        let language = &language;
        let settings = &self.config.compile;
        let precompiled = Some(&*self.precompiled);
        let include = beside(others, Judge::include_files(problem, language)?);
        self.judge_program(
            problem,
            source,
            language,
            judging,
            options,
            listener,
            |boxed, toolchain, scratch| match &self.compile_cache {
                Some(cache) => {
                    let dir = boxed.dir().to_path_buf();
                    let key = crate::compile_cache::key_of_files(language, bytes, &include);
                    cache.get_or_compile(&key, &dir, || {
                        compile_files(
                            boxed,
                            toolchain,
                            bytes,
                            &include,
                            settings,
                            precompiled,
                            scratch,
                        )
                    })
                }
                None => compile_files(
                    boxed,
                    toolchain,
                    bytes,
                    &include,
                    settings,
                    precompiled,
                    scratch,
                ),
            },
        )
    }

    /// What every submitted source goes through before it is compiled: its language
    /// allowed (by the contest, and the problem's profile of it where the problem lists
    /// its languages), its size under the cap, a UTF-8 byte-order mark dropped, the
    /// language fitted to it (a Java file named after its class).
    fn admit<'b>(
        &self,
        problem: &Problem,
        source: &Path,
        bytes: &'b [u8],
        language: &Language,
    ) -> Result<(&'b [u8], Language)> {
        let language =
            self.languages
                .for_problem(&problem.id, problem.languages.as_deref(), language)?;
        self.languages.check_allowed(language)?;
        self.languages.check_available(language)?;
        let cap = self.config.compile.max_source_kib;
        judge_model::source::check_size(source, bytes.len() as u64, cap)?;
        let bytes = judge_model::source::without_bom(bytes);
        Ok((bytes, language.for_source(bytes)))
    }

    /// Judges a prebuilt executable (a problem's reference solution) as `./main`, with the
    /// problem's native limits.
    pub fn judge_executable(
        &self,
        problem: &Problem,
        executable: &Path,
        judging: &Judging,
        options: &JudgeOptions,
        listener: &mut dyn Listener,
    ) -> Result<SubmissionResult> {
        let language = native_language();
        self.judge_program(
            problem,
            executable,
            &language,
            judging,
            options,
            listener,
            |boxed, _, _| copy_executable(boxed, executable),
        )
    }

    /// Puts a program in a box (`prepare`: compile, or copy), runs the tests, aggregates.
    #[allow(clippy::too_many_arguments)]
    fn judge_program(
        &self,
        problem: &Problem,
        source: &Path,
        language: &Language,
        judging: &Judging,
        options: &JudgeOptions,
        listener: &mut dyn Listener,
        prepare: impl FnOnce(&mut sandbox::SandboxBox<'_>, &Toolchain, &Path) -> Result<CompileResult>,
    ) -> Result<SubmissionResult> {
        options.check_decided(problem)?;
        listener.on_event(&Event::Started {
            problem: &problem.id,
            language,
            source,
            tests: problem.tests.len(),
        });
        let mut program = self.box_program(problem, language, judging, options, prepare)?;
        listener.on_event(&Event::Compiled(&program.compiled));
        let mut tests: Vec<TestResult> = Vec::new();
        if program.compiled.success {
            let jobs = match program.partner {
                Some(_) => 1,
                None => options.test_jobs.clamp(1, problem.tests.len().max(1)),
            };
            if jobs > 1 {
                tests = self.run_tests_at_once(&mut program, problem, options, jobs, listener)?;
            } else {
                let mut plan = options.plan(problem.tests.len());
                while let Some(step) = plan.next_step() {
                    let index = match step {
                        Step::Run(index) => index,
                        Step::Skip(index, why) => {
                            listener.on_event(&Event::TestSkipped { index, why });
                            continue;
                        }
                    };
                    let test = &problem.tests[index];
                    listener.on_event(&Event::TestStarted { index, test });
                    let result = program.run(test)?;
                    listener.on_event(&Event::TestFinished {
                        index,
                        result: &result,
                    });
                    plan.record(index, result.verdict == judge_model::verdict::Verdict::AC);
                    tests.push(result);
                }
            }
        }
        let aggregated = aggregate(program.compiled.success, &tests, problem.tests.len());
        let result = SubmissionResult {
            schema_version: SCHEMA_VERSION,
            problem: problem.id.clone(),
            language: language.id.clone(),
            source: source.display().to_string(),
            compile: program.compiled,
            max_cpu_time_s: tests.iter().map(|t| t.cpu_time_s).fold(0.0, f64::max),
            max_peak_memory_bytes: tests.iter().map(|t| t.peak_memory_bytes).max().unwrap_or(0),
            tests,
            verdict: aggregated.verdict,
            first_failure: aggregated.first_failure,
            tests_passed: aggregated.tests_passed,
            tests_total: problem.tests.len(),
            fraction_passed: aggregated.fraction_passed,
            sandbox: self.sandbox_info(),
        };
        listener.on_event(&Event::Finished(&result));
        Ok(result)
    }

    /// Runs the tests on `jobs` boxes at once (`program`'s and copies of it), each worker
    /// taking the next test of a shared [`TestPlan`] (which knows the failures recorded so
    /// far, so it skips no test that judging in order runs); a second plan replays the
    /// results in order as they come and keeps exactly what judging in order would have
    /// kept. `TestStarted` is sent as a test is handed out, `TestFinished` in test order
    /// as soon as every test before it is decided.
    fn run_tests_at_once<'j>(
        &'j self,
        program: &mut BoxedProgram<'j>,
        problem: &Problem,
        options: &JudgeOptions,
        jobs: usize,
        listener: &mut dyn Listener,
    ) -> Result<Vec<TestResult>> {
        let mut programs = Vec::with_capacity(jobs - 1);
        for _ in 1..jobs {
            programs.push(program.twin(&self.sandbox)?);
        }
        let count = problem.tests.len();
        let handing_out = std::sync::Mutex::new(options.plan(count));
        enum Message {
            Started(usize),
            // Boxed: a result (with its picture) is far larger than the other message.
            Finished(usize, Box<Result<TestResult>>),
        }
        let (sender, receiver) = std::sync::mpsc::channel::<Message>();
        let mut results: Vec<Option<TestResult>> = (0..count).map(|_| None).collect();
        let mut order = options.plan(count);
        let mut waiting: Option<Step> = None;
        let mut kept = Vec::new();
        let mut first_error = None;
        std::thread::scope(|scope| {
            for worker in std::iter::once(program).chain(programs.iter_mut()) {
                let sender = sender.clone();
                let handing_out = &handing_out;
                let tests = &problem.tests;
                scope.spawn(move || {
                    loop {
                        // The plan is locked for this statement only, not for the run.
                        let next = lock_plan(handing_out).next_to_run();
                        let Some(index) = next else { break };
                        if sender.send(Message::Started(index)).is_err() {
                            break;
                        }
                        let result = worker.run(&tests[index]);
                        let passed =
                            matches!(&result, Ok(r) if r.verdict == judge_model::verdict::Verdict::AC);
                        lock_plan(handing_out).record(index, passed);
                        let stop = result.is_err();
                        if sender
                            .send(Message::Finished(index, Box::new(result)))
                            .is_err()
                            || stop
                        {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            for message in receiver {
                match message {
                    Message::Started(index) => listener.on_event(&Event::TestStarted {
                        index,
                        test: &problem.tests[index],
                    }),
                    Message::Finished(index, finished) => match *finished {
                        Ok(result) => results[index] = Some(result),
                        Err(error) => {
                            first_error.get_or_insert(error);
                            // No more tests are handed out; the running ones finish.
                            lock_plan(&handing_out).stop();
                        }
                    },
                }
                if first_error.is_none() {
                    replay(&mut order, &mut waiting, &mut results, &mut kept, listener);
                }
            }
        });
        if let Some(error) = first_error {
            return Err(error);
        }
        if let Some(step) = waiting {
            // Every test judging in order runs was handed out and ran.
            return Err(JudgeError::Build {
                what: problem.id.clone(),
                message: format!("the parallel run left {step:?} without a result"),
            });
        }
        Ok(kept)
    }

    /// Compiles a source into a box of its own, to run on one test after another.
    pub fn box_source<'j>(&'j self, submission: &Submission<'j>) -> Result<BoxedProgram<'j>> {
        let Submission {
            problem,
            source,
            bytes,
            others,
            language,
            judging,
            options,
        } = submission;
        options.check_decided(problem)?;
        let (bytes, language) = self.admit(problem, source, bytes, language)?;
        let settings = &self.config.compile;
        // Its other files and the problem's include files beside it, as when it is judged.
        let include = beside(others, Judge::include_files(problem, &language)?);
        self.box_program(
            problem,
            &language,
            judging,
            options,
            |boxed, toolchain, scratch| {
                compile_files(
                    boxed,
                    toolchain,
                    bytes,
                    &include,
                    settings,
                    Some(&*self.precompiled),
                    scratch,
                )
            },
        )
    }

    /// Copies a prebuilt executable (a problem's reference) into a box of its own as
    /// `./main`, with the problem's native limits, to run on one test after another.
    pub fn box_executable<'j>(
        &'j self,
        problem: &Problem,
        executable: &Path,
        judging: &'j Judging,
        options: &JudgeOptions,
    ) -> Result<BoxedProgram<'j>> {
        self.box_program(
            problem,
            &native_language(),
            judging,
            options,
            |boxed, _, _| copy_executable(boxed, executable),
        )
    }

    /// Takes a box (and the interactor's, when compiling succeeded and the problem is
    /// interactive) and puts the program in it (`prepare`: compile, or copy).
    fn box_program<'j>(
        &'j self,
        problem: &Problem,
        language: &Language,
        judging: &'j Judging,
        options: &JudgeOptions,
        prepare: impl FnOnce(&mut sandbox::SandboxBox<'_>, &Toolchain, &Path) -> Result<CompileResult>,
    ) -> Result<BoxedProgram<'j>> {
        let toolchain = Toolchain::new(language, &self.sandbox);
        let mut boxed = self
            .sandbox
            .acquire()
            .map_err(|e| JudgeError::sandbox("taking a box", e))?;
        let scratch = boxed.scratch_dir().to_path_buf();
        let compiled = prepare(&mut boxed, &toolchain, &scratch)?;
        let limits = options.scale(problem.limits_for(language));
        // An interactive problem's interactor gets a box of its own, for every test.
        let partner = match compiled.success && judging.needs_partner_box() {
            true => Some(
                self.sandbox
                    .acquire()
                    .map_err(|e| JudgeError::sandbox("taking the interactor's box", e))?,
            ),
            false => None,
        };
        Ok(BoxedProgram {
            command: language.run_command(limits.memory_bytes / MIB),
            boxed,
            partner,
            toolchain,
            limits,
            judging,
            pictures: options.pictures.clone(),
            scratch,
            compiled,
        })
    }
}

/// The files put beside a source: a folder submission's own (`others`), then the
/// problem's include files, which win over a submitted file of the same name (as Kattis
/// copies them last).
fn beside(others: &[SourceFile], include: Vec<SourceFile>) -> Vec<SourceFile> {
    let mut files: Vec<SourceFile> = others
        .iter()
        .filter(|f| !include.iter().any(|i| i.name == f.name))
        .cloned()
        .collect();
    files.extend(include);
    files
}

/// Copies a prebuilt executable into a box as `./main`: its "compilation".
fn copy_executable(
    boxed: &mut sandbox::SandboxBox<'_>,
    executable: &Path,
) -> Result<CompileResult> {
    let target = boxed.dir().join("main");
    std::fs::copy(executable, &target)
        .map_err(|e| JudgeError::file("executable", executable, e))?;
    Ok(CompileResult {
        success: true,
        message: "prebuilt executable".to_string(),
        cpu_time_s: 0.0,
        wall_time_s: 0.0,
        cached: false,
    })
}

/// A program in a box of its own, compiled (or copied) once, run on one test after
/// another: `judge run`'s tests, `judge stress`'s rounds. The boxes are given back when it
/// is dropped.
pub struct BoxedProgram<'j> {
    boxed: sandbox::SandboxBox<'j>,
    partner: Option<sandbox::SandboxBox<'j>>,
    toolchain: Toolchain,
    command: Vec<String>,
    limits: sandbox::Limits,
    judging: &'j Judging,
    pictures: Option<crate::picture::Pictures>,
    scratch: PathBuf,
    /// How compiling (or copying) went; tests run only when it succeeded.
    pub compiled: CompileResult,
}

/// A runner, the box and the interactor's box, borrowed apart so that all three can be used.
type Parts<'a, 'j> = (
    TestRunner<'a>,
    &'a mut sandbox::SandboxBox<'j>,
    Option<&'a mut sandbox::SandboxBox<'j>>,
);

impl<'j> BoxedProgram<'j> {
    fn parts(&mut self) -> Parts<'_, 'j> {
        let runner = TestRunner {
            toolchain: &self.toolchain,
            command: self.command.clone(),
            limits: self.limits.clone(),
            judging: self.judging,
            pictures: self.pictures.as_ref(),
            scratch: &self.scratch,
        };
        (runner, &mut self.boxed, self.partner.as_mut())
    }

    /// The same program in another box (its folder copied), for running tests at once.
    /// Not for interactive problems (no interactor's box is taken).
    fn twin(&self, sandbox: &'j Sandbox) -> Result<BoxedProgram<'j>> {
        let boxed = sandbox
            .acquire()
            .map_err(|e| JudgeError::sandbox("taking a box for a parallel test", e))?;
        crate::compile_cache::copy_files(self.boxed.dir(), boxed.dir())
            .map_err(|e| JudgeError::file("a copy of the compiled program", boxed.dir(), e))?;
        Ok(BoxedProgram {
            scratch: boxed.scratch_dir().to_path_buf(),
            boxed,
            partner: None,
            toolchain: self.toolchain.clone(),
            command: self.command.clone(),
            limits: self.limits.clone(),
            judging: self.judging,
            pictures: self.pictures.clone(),
            compiled: self.compiled.clone(),
        })
    }

    /// Runs one test and judges its output (the problem's comparison, checker or
    /// interactor).
    pub fn run(&mut self, test: &TestCase) -> Result<TestResult> {
        let (runner, boxed, partner) = self.parts();
        runner.run(boxed, partner, test)
    }

    /// Runs one test without judging its output: the result is AC when the program ended
    /// well (its output is then [`BoxedProgram::read_output`]), else the failure's verdict. An
    /// interactive test is always judged: the interactor is the other end of its input.
    pub fn run_unjudged(&mut self, test: &TestCase) -> Result<TestResult> {
        let (runner, boxed, partner) = self.parts();
        match partner {
            Some(partner) => runner.run(boxed, Some(partner), test),
            None => runner.run_unjudged(boxed, test),
        }
    }

    /// Runs the program on an input of someone's own (a student's self-test: `stdin`),
    /// unjudged, with the same command and limits as on a test; what it wrote is then
    /// [`BoxedProgram::read_output`]. The input counts as a sample test: with pictures of the
    /// samples asked for ([`JudgeOptions::pictures`]), the result has the output's picture
    /// (the visualizer gets an empty answer). Not for interactive problems (there is no
    /// input file to give: the interactor is the other end).
    pub fn run_on_input(&mut self, stdin: &[u8]) -> Result<crate::run_test::Ran> {
        let input = self.scratch.join("own.in");
        let answer = self.scratch.join("own.ans");
        std::fs::write(&input, stdin).map_err(|e| JudgeError::file("input", &input, e))?;
        std::fs::write(&answer, b"").map_err(|e| JudgeError::file("answer", &answer, e))?;
        let test = TestCase::plain(
            "own input".into(),
            judge_model::problem::TestGroup::Sample,
            input,
            answer,
        );
        let output = self.scratch.join("output");
        let (runner, boxed, _) = self.parts();
        let mut ran = runner.run_keeping_stderr(boxed, &test)?;
        // Drawn whatever the verdict, as on a test.
        ran.result.picture = runner.picture(boxed, &test, &output)?;
        Ok(ran)
    }

    /// Judges an output file as the problem judges a program's output on `test` (a
    /// checker runs in this program's box).
    pub fn judge_output(&mut self, test: &TestCase, output: &Path) -> Result<TestResult> {
        let (runner, boxed, _) = self.parts();
        runner.judge_output(boxed, test, output)
    }

    /// What the last run wrote, at most its output limit: its output, or for an
    /// interactive test the interactor's TOUT (read as any file a tool left: never through
    /// a link, never from a FIFO). Nothing written: empty.
    pub fn read_output(&self) -> Result<Vec<u8>> {
        let max_bytes = self.limits.output_bytes;
        if let Judging::Interactive(_) = self.judging {
            let folder = self
                .partner
                .as_ref()
                .map_or(self.scratch.as_path(), |partner| partner.capped_dir());
            return crate::interactive::read_tout(folder, max_bytes);
        }
        let path = self.scratch.join("output");
        let mut bytes = Vec::new();
        match std::fs::File::open(&path) {
            Ok(file) => file
                .take(max_bytes)
                .read_to_end(&mut bytes)
                .map_err(|e| JudgeError::file("program output", &path, e))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
            Err(e) => return Err(JudgeError::file("program output", &path, e)),
        };
        Ok(bytes)
    }
}

/// The shared plan of a parallel run. A worker that panicked cannot leave it
/// inconsistent (each change is one call): take it anyway.
fn lock_plan<'m, 'p>(
    plan: &'m std::sync::Mutex<TestPlan<'p>>,
) -> std::sync::MutexGuard<'m, TestPlan<'p>> {
    plan.lock().unwrap_or_else(|p| p.into_inner())
}

/// Keeps, in test order, the results that judging in order keeps, as far as the results
/// in hand allow: each kept result is announced (`TestFinished`) and recorded in `order`,
/// each test `order` skips announced as skipped; the first test still without a result
/// waits in `waiting`.
fn replay(
    order: &mut TestPlan<'_>,
    waiting: &mut Option<Step>,
    results: &mut [Option<TestResult>],
    kept: &mut Vec<TestResult>,
    listener: &mut dyn Listener,
) {
    while let Some(step) = waiting.take().or_else(|| order.next_step()) {
        match step {
            Step::Skip(index, why) => listener.on_event(&Event::TestSkipped { index, why }),
            Step::Run(index) => match results[index].take() {
                Some(result) => {
                    listener.on_event(&Event::TestFinished {
                        index,
                        result: &result,
                    });
                    order.record(index, result.verdict == judge_model::verdict::Verdict::AC);
                    kept.push(result);
                }
                None => {
                    *waiting = Some(step);
                    return;
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::test_plan::Skip;
    use judge_model::verdict::Verdict;

    fn result(verdict: Verdict) -> TestResult {
        TestResult {
            name: String::new(),
            sample: false,
            verdict,
            time_limit: None,
            cpu_time_s: 0.0,
            wall_time_s: 0.0,
            peak_memory_bytes: 0,
            exit_code: None,
            signal: None,
            message: String::new(),
            diff: None,
            score: None,
            stderr: None,
            picture: None,
        }
    }

    /// Which tests were announced finished or skipped, in order.
    #[derive(Default)]
    struct Seen(Vec<String>);

    impl Listener for Seen {
        fn on_event(&mut self, event: &Event<'_>) {
            match event {
                Event::TestFinished { index, .. } => self.0.push(format!("finished {index}")),
                Event::TestSkipped { index, why } => {
                    self.0.push(format!("skipped {index} ({why:?})"))
                }
                _ => {}
            }
        }
    }

    #[test]
    fn results_that_arrive_out_of_order_are_announced_in_order_as_soon_as_they_can_be() {
        // Tests 0..5, one subtask {0, 1, 2}; results arrive 2, 0, 1 (which fails), 4, 3.
        let groups = vec![vec![0, 1, 2]];
        let mut order = TestPlan::new(5, &groups, false);
        let (mut waiting, mut kept, mut seen) = (None, Vec::new(), Seen::default());
        let mut results: Vec<Option<TestResult>> = (0..5).map(|_| None).collect();
        let mut arrive = |index: usize, verdict, seen: &mut Seen| {
            results[index] = Some(result(verdict));
            replay(&mut order, &mut waiting, &mut results, &mut kept, seen);
            seen.0.len()
        };
        assert_eq!(arrive(2, Verdict::AC, &mut seen), 0, "test 0 is not in yet");
        assert_eq!(arrive(0, Verdict::AC, &mut seen), 1, "test 0 at once");
        // Test 1 fails: test 2, which ran already, is dropped as judging in order would.
        assert_eq!(arrive(1, Verdict::WA, &mut seen), 3);
        assert_eq!(arrive(4, Verdict::AC, &mut seen), 3, "test 3 is not in yet");
        assert_eq!(arrive(3, Verdict::AC, &mut seen), 5);
        assert_eq!(
            seen.0,
            [
                "finished 0",
                "finished 1",
                format!("skipped 2 ({:?})", Skip::SubtasksFailed).as_str(),
                "finished 3",
                "finished 4"
            ]
        );
        assert_eq!(kept.len(), 4);
        assert!(waiting.is_none());
    }
}
