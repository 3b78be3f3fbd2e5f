//! Test data from a problem's recipe: run the generator with each `[[tests]]` entry's
//! arguments for the input, and the reference solution on it for the answer.

use judge_core::judge::Judge;
use judge_core::run_interacting;
use judge_core::{ReadyProgram, TOOL_TIMEOUT};
use judge_model::problem::{Problem, TestRecipe};
use judge_model::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// A problem's tools, ready to run.
#[derive(Debug, Clone)]
pub struct ProblemTools {
    /// The problem's folder.
    pub dir: PathBuf,
    /// The reference solution.
    pub reference: Option<ReadyProgram>,
    /// The generator.
    pub generator: Option<ReadyProgram>,
    /// The interactor of an interactive problem (testlib protocol): the reference talks to
    /// it, and a test's answer is the interactor's TOUT (given an empty answer file).
    pub interactor: Option<ReadyProgram>,
}

/// Makes a problem's generator and reference ready (building its crate, compiling
/// sources).
pub fn tools(judge: &Judge, problem: &Problem) -> Result<ProblemTools> {
    Ok(ProblemTools {
        dir: problem.dir.clone(),
        reference: problem
            .reference
            .as_ref()
            .map(|p| judge.prepare(p))
            .transpose()?,
        generator: problem
            .generator
            .as_ref()
            .map(|p| judge.prepare(p))
            .transpose()?,
        interactor: match &problem.output {
            judge_model::problem::OutputCheck::Interactive { program, .. } => {
                Some(judge.prepare(program)?)
            }
            _ => None,
        },
    })
}

/// One test made from the recipe, in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeTest {
    /// `sample/1`, `secret/03-max`.
    pub name: String,
    /// The generator's output.
    pub input: Vec<u8>,
    /// The reference's output on it.
    pub answer: Vec<u8>,
}

/// Runs the generator for one recipe entry.
pub fn generate(judge: &Judge, tools: &ProblemTools, recipe: &TestRecipe) -> Result<Vec<u8>> {
    let generator = tools.generator.as_ref().ok_or_else(|| {
        JudgeError::file(
            "problem",
            tools.dir.join("problem.toml"),
            "has a [[tests]] recipe but no [generator]",
        )
    })?;
    run_generator(judge, generator, &recipe.name, &recipe.args)
}

/// Runs a generator with `args` for test `name`: what it prints is the input.
pub fn run_generator(
    judge: &Judge,
    generator: &ReadyProgram,
    name: &str,
    args: &[String],
) -> Result<Vec<u8>> {
    let out = judge.run_program(generator, args, b"", &[])?;
    if !out.success() {
        return Err(JudgeError::file(
            "generator",
            generator.name(),
            format!("failed on {name} (args {args:?}): {}", failure(&out)),
        ));
    }
    Ok(out.stdout)
}

/// Runs the reference on an input.
pub fn reference_answer(
    judge: &Judge,
    tools: &ProblemTools,
    name: &str,
    input: &[u8],
) -> Result<Vec<u8>> {
    let reference = tools.reference.as_ref().ok_or_else(|| {
        JudgeError::file(
            "problem",
            &tools.dir,
            "has no reference solution to make answers with (a crate's main binary, or reference = \"FILE\" in problem.toml)",
        )
    })?;
    if let Some(interactor) = &tools.interactor {
        return interactive_answer(reference, interactor, name, input);
    }
    let out = judge.run_program(reference, &[], input, &[])?;
    if !out.success() {
        return Err(JudgeError::file(
            "reference solution",
            reference.name(),
            format!("failed on {name}: {}", failure(&out)),
        ));
    }
    Ok(out.stdout)
}

/// The interactor's TOUT after a session with the reference (Polygon's convention: the
/// interactor gets an empty answer file, and what it writes becomes the test's answer).
fn interactive_answer(
    reference: &ReadyProgram,
    interactor: &ReadyProgram,
    name: &str,
    input: &[u8],
) -> Result<Vec<u8>> {
    // The session runs on the host: both are the teacher's cargo-built binaries.
    let (
        ReadyProgram::Host {
            binary: reference, ..
        },
        ReadyProgram::Host {
            binary: interactor, ..
        },
    ) = (reference, interactor)
    else {
        return Err(JudgeError::file(
            "interactive problem",
            name,
            "making answers from a session needs a cargo-built reference and interactor",
        ));
    };
    let scratch = tempfile::tempdir()
        .map_err(|e| JudgeError::file("scratch folder in", std::env::temp_dir(), e))?;
    let (input_file, answer_file, tout) = (
        scratch.path().join("input"),
        scratch.path().join("answer"),
        scratch.path().join("tout"),
    );
    for (path, bytes) in [(&input_file, input), (&answer_file, &b""[..])] {
        std::fs::write(path, bytes).map_err(|e| JudgeError::file("scratch file", path, e))?;
    }
    let args: Vec<String> = [&input_file, &tout, &answer_file]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let (program, partner) = run_interacting(reference, &[], interactor, &args, TOOL_TIMEOUT)?;
    if !partner.success() {
        return Err(JudgeError::file(
            "interactor",
            interactor,
            format!(
                "did not accept the reference on {name}: {}",
                failure(&partner)
            ),
        ));
    }
    if !program.success() {
        return Err(JudgeError::file(
            "reference solution",
            reference,
            format!("failed on {name}: {}", failure(&program)),
        ));
    }
    std::fs::read(&tout).map_err(|e| JudgeError::file("interactor's TOUT", &tout, e))
}

fn failure(out: &judge_core::ToolOutput) -> String {
    if out.timed_out {
        format!("no answer within {} s", TOOL_TIMEOUT.as_secs())
    } else {
        format!("exit {:?}: {}", out.code, out.first_error_line())
    }
}

/// Makes every test of the recipe, in memory (generators run in parallel).
pub fn make_all(
    judge: &Judge,
    tools: &ProblemTools,
    recipe: &[TestRecipe],
    jobs: usize,
) -> Result<Vec<MadeTest>> {
    judge_core::parallel_map(recipe, jobs, |_, entry| {
        let input = generate(judge, tools, entry)?;
        let answer = reference_answer(judge, tools, &entry.name, &input)?;
        Ok(MadeTest {
            name: entry.name.clone(),
            input,
            answer,
        })
    })
    .into_iter()
    .collect()
}

/// What `judge testdata build` did.
#[derive(Debug, Clone, Default)]
pub struct BuildReport {
    /// Tests written.
    pub written: Vec<String>,
    /// Files removed because no recipe entry makes them.
    pub removed: Vec<PathBuf>,
}

/// Everything under a problem's test folder that no recipe entry makes: in `sample/` and
/// `secret/`, any file or folder but a listed test's `.in` and `.ans`; beside them, any
/// file or folder at all.
pub fn strays(testdata_dir: &Path, recipe: &[TestRecipe]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(testdata_dir)
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        let group_folder = (name == "sample" || name == "secret") && entry.path().is_dir();
        if !group_folder {
            out.push(entry.path());
        }
    }
    for group in ["sample", "secret"] {
        for entry in std::fs::read_dir(testdata_dir.join(group))
            .into_iter()
            .flatten()
            .flatten()
        {
            let file = entry.file_name().to_string_lossy().into_owned();
            let stem = file
                .strip_suffix(".in")
                .or_else(|| file.strip_suffix(".ans"));
            let named = entry.path().is_file()
                && stem
                    .is_some_and(|stem| recipe.iter().any(|t| t.name == format!("{group}/{stem}")));
            if !named {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    out
}

/// Rebuilds `testdata/<id>/` from the recipe: writes every test, removes files the recipe
/// does not make.
pub fn build(judge: &Judge, id: &str, jobs: usize) -> Result<BuildReport> {
    let config = &judge.config;
    let dir = config.problem_dir(id);
    let toml = crate::native::ProblemToml::load(&dir.join("problem.toml"))?;
    if toml.tests.is_empty() {
        return Err(JudgeError::file(
            "problem",
            dir.join("problem.toml"),
            "has no [[tests]] recipe to build from",
        ));
    }
    let programs = |name: &Option<crate::native::ProgramToml>| {
        name.as_ref()
            .map(|p| crate::native::program(config, &dir, &p.program))
    };
    let reference = match &toml.reference {
        Some(name) => Some(crate::native::program(config, &dir, name)),
        None => Some(judge_model::Program {
            name: id.to_string(),
            kind: judge_model::ProgramKind::CrateBinary {
                crate_dir: dir.clone(),
                bin: id.to_string(),
            },
        }),
    };
    let tools = ProblemTools {
        dir: dir.clone(),
        reference: reference.map(|p| judge.prepare(&p)).transpose()?,
        generator: programs(&toml.generator)
            .map(|p| judge.prepare(&p))
            .transpose()?,
        interactor: toml
            .interactor
            .as_ref()
            .map(|i| judge.prepare(&crate::native::program(config, &dir, &i.program)))
            .transpose()?,
    };
    let recipe = toml.test_recipes();
    let made = make_all(judge, &tools, &recipe, jobs)?;
    let testdata = config.testdata_dir(id);
    let mut report = BuildReport::default();
    for test in &made {
        if let Some(folder) = testdata.join(&test.name).parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| JudgeError::file("test folder", folder, e))?;
        }
        for (extension, bytes) in [("in", &test.input), ("ans", &test.answer)] {
            let path = testdata.join(format!("{}.{extension}", test.name));
            std::fs::write(&path, bytes).map_err(|e| JudgeError::file("test file", &path, e))?;
        }
        report.written.push(test.name.clone());
    }
    for stray in strays(&testdata, &recipe) {
        // A folder may hold anything: it is left for a person to look at and remove.
        if stray.is_dir() {
            return Err(JudgeError::file(
                "stray folder",
                &stray,
                "no recipe entry makes it; remove it by hand",
            ));
        }
        std::fs::remove_file(&stray).map_err(|e| JudgeError::file("stray test file", &stray, e))?;
        report.removed.push(stray);
    }
    Ok(report)
}
