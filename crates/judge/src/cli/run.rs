//! `judge run`: judge one source file (or a folder of sources) on one problem and print a table (or JSON).

use super::common::{cancel_flag, load_config, GlobalOptions, EXIT_JUDGED, EXIT_REJECTED};
use judge_contest::report::{json::to_json, table::TableReporter, use_colour};
use judge_core::judge::JudgeOptions;
use judge_core::picture::PictureTests;
use judge_core::Judge;
use judge_model::course::{ContestProblem, Scoring};
use judge_model::events::{Listener, Silent};
use judge_model::problem::TimeLimitOrigin;
use judge_model::Verdict;
use std::path::PathBuf;

/// Arguments of `judge run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The problem: its id (its folder under problems/), or the path of a problem folder,
    /// a package folder or a package .zip.
    #[arg(long, short)]
    pub problem: String,
    /// The source file, or a folder of sources (a multi-file submission: README,
    /// "Multi-file submissions").
    pub source: PathBuf,
    /// The language id from judge.toml (default: from the file extension).
    #[arg(long)]
    pub lang: Option<String>,
    /// Print the whole result as JSON (schema: docs/result-schema.md) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Exit with status 3 when the verdict is not AC (status 0 otherwise).
    #[arg(long)]
    pub fail_on_reject: bool,
    /// Stop at the first test that is not accepted (the verdict is known then; the
    /// tests after it are not run).
    #[arg(long)]
    pub first_failure: bool,
    /// Run this many tests at once, each in a box of its own (for idle cores; the
    /// verdict and the tests shown are those of running them in order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub test_jobs: u16,
    /// Draw each test's output with the problem's visualizer (problem.toml's
    /// `[visualizer]`) into this folder, one SVG a test (`sample-1.svg`), and say where.
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<PathBuf>,
}

/// Runs `judge run`.
pub fn execute(cli: &GlobalOptions, args: &RunArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let judge = Judge::new(config, cancel_flag())?;
    // An id of the contest, or a path: a problem folder, a package folder or .zip.
    let opened = if judge_packages::is_path(&judge.config, &args.problem) {
        Some(judge_packages::open(
            &judge.config,
            std::path::Path::new(&args.problem),
            None,
            judge_packages::Trust::SandboxedOnly,
        )?)
    } else {
        None
    };
    let mut problem = match &opened {
        Some(opened) => opened.problem.clone(),
        None => judge_packages::load(&judge.config, &args.problem)?,
    };
    match (problem.time_rule.origin, &opened) {
        (TimeLimitOrigin::Undecided, Some(opened)) => {
            // A package checked in place that gives no limit and has none stored: its rule
            // infers one for this run only (nothing is written into a folder given by
            // path; `judge verify --write-limits PATH` or `judge import` decides it).
            let judging = judge.judging(&problem)?;
            let inference = judge_verify::submissions::infer_time_limit(&judge, &problem, &judging)
                .map_err(|why| anyhow::anyhow!("{}: {why}", args.problem))?;
            eprintln!(
                "note: {} gives no time limit and has none stored; its accepted submissions give {} s ({}), for this run only{}",
                args.problem,
                judge_packages::stored_limit::format_seconds(inference.limit_s),
                inference.rule,
                if opened.unpacked.is_some() {
                    ": `judge import` it to decide it once"
                } else {
                    ": `judge verify --write-limits` on it decides it once"
                }
            );
            problem.limits.time_s = inference.limit_s;
            problem.time_rule.origin = TimeLimitOrigin::Inferred;
        }
        // A problem of the contest is judged only with a decided limit: the same one
        // `judge serve` and `judge contest` use.
        (TimeLimitOrigin::Undecided, None) => {
            return Err(judge_model::JudgeError::UndecidedTimeLimit {
                id: problem.id.clone(),
                dir: problem.dir.clone(),
            }
            .into())
        }
        _ => {}
    }
    // A folder is read when it is judged (its language comes from its files); a file's
    // language is known before the table is drawn.
    let language = if args.source.is_dir() {
        None
    } else {
        let max_kib = judge.config.compile.max_source_kib;
        let source = judge_model::source::read_capped(&args.source, max_kib)?;
        Some(
            judge
                .languages
                .choose(&args.source, &source, args.lang.as_deref())?
                .clone(),
        )
    };
    // Points where the contest gives this problem points (IOI); ICPC has none. A problem
    // outside the contest with groups of its own (a scoring package judged in place)
    // shows its own points.
    let course = judge.config.course();
    let contest = course.first();
    let listed = contest.problem(&problem.id);
    let points = match listed {
        Some(entry) if contest.scoring == Scoring::Ioi => Some(entry.clone()),
        None if problem.group_points() > 0.0 => Some(ContestProblem {
            id: problem.id.clone(),
            points: problem.group_points(),
            groups: Vec::new(),
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        }),
        _ => None,
    }
    .map(|mut entry| {
        entry.groups = problem.groups.clone();
        entry
    });
    // A limit decided from the accepted submissions is said above the table (one the
    // problem's own file gives is that file's), after everything that could refuse the
    // run with its one-line error.
    if !args.json && problem.time_rule.origin == TimeLimitOrigin::Stored {
        println!(
            "time limit: {} s, {}",
            judge_packages::stored_limit::format_seconds(problem.limits.time_s),
            problem.time_rule.origin.describe()
        );
    }
    let mut table = TableReporter::new(std::io::stdout(), use_colour())
        .with_points(points)
        .with_test_names(problem.tests.iter().map(|t| t.name.as_str()));
    let listener: &mut dyn Listener = if args.json { &mut Silent } else { &mut table };
    let options = JudgeOptions {
        stop_at_first_failure: args.first_failure,
        test_jobs: usize::from(args.test_jobs),
        pictures: args
            .pictures
            .as_ref()
            .and_then(|_| judge.pictures(&problem, PictureTests::All)),
        ..JudgeOptions::default()
    };
    if args.pictures.is_some() && problem.visualizer.is_none() {
        eprintln!("note: {} has no visualizer: no pictures", problem.id);
    }
    let result = match &language {
        Some(language) => judge.judge_file(&problem, &args.source, language, options, listener)?,
        None => judge.judge_folder(
            &problem,
            &args.source,
            args.lang.as_deref(),
            options,
            listener,
        )?,
    };
    if args.json {
        println!("{}", to_json(&result));
    }
    if let Some(dir) = &args.pictures {
        // On stderr: stdout is the table or the JSON.
        for line in super::pictures::write(dir, &result)? {
            eprintln!("{line}");
        }
    }
    Ok(if args.fail_on_reject && result.verdict != Verdict::AC {
        EXIT_REJECTED
    } else {
        EXIT_JUDGED
    })
}
