//! `judge grades`: the course's gradebook from the web server's store (or from `judge
//! contest` results folders), as grades.csv (student, each contest's points, the total),
//! JSON, or the CSV Moodle's or Canvas' grade import takes (judge-contest's
//! `export::grades`). Works while the server runs.

use super::common::{load_config, GlobalOptions, EXIT_JUDGED};
use super::database::{self, DatabaseArgs};
use anyhow::Context;
use judge_contest::export::grades::{gradebook_csv, lms_csv, Identifier, Lms};
use judge_contest::gradebook::Gradebook;
use judge_contest::gradebook_of_runs;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::course::{ContestSpec, Course};
use judge_server::store::now_ms;
use std::path::{Path, PathBuf};

/// Arguments of `judge grades`.
#[derive(Debug, clap::Args)]
pub struct GradesArgs {
    /// The store.
    #[command(flatten)]
    pub store: DatabaseArgs,
    /// Where to write (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// csv (student, one column per contest, total), json, moodle or canvas.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: GradesFormat,
    /// moodle and canvas: the class list (a CSV with a `name` column) that names each
    /// student to the LMS by --id-column (default: by log-in name).
    #[arg(long, value_name = "CSV", requires = "id_column")]
    pub class_list: Option<PathBuf>,
    /// The class list's column that identifies a student to the LMS (`email`, or an id
    /// column such as `student id`).
    #[arg(long, value_name = "COLUMN", requires = "class_list")]
    pub id_column: Option<String>,
    /// Only this group's students (a class or section: `judge users group`).
    #[arg(long, value_name = "GROUP", conflicts_with = "results")]
    pub group: Option<String>,
    /// Grade `judge contest` results folders instead of the store: CONTEST=FOLDER (the
    /// folder given to `judge contest --contest CONTEST --out`), once per contest;
    /// FOLDER alone is the course's first contest.
    #[arg(long, value_name = "CONTEST=FOLDER")]
    pub results: Vec<String>,
}

/// The shapes `judge grades` writes.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum GradesFormat {
    /// grades.csv: student, one column per contest (its id), total.
    Csv,
    /// The whole gradebook: columns, each cell's problems, late attempts, totals.
    Json,
    /// Moodle's CSV grade import.
    Moodle,
    /// Canvas' gradebook import.
    Canvas,
}

/// Runs `judge grades`.
pub fn execute(cli: &GlobalOptions, args: &GradesArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let book = if args.results.is_empty() {
        let store = database::open(&args.store, Some(&config))?;
        judge_server::grades::from_store(&config, &store, now_ms(), args.group.as_deref())?
    } else {
        of_runs(&config, &args.results)?
    };
    let identifier = match (&args.class_list, &args.id_column) {
        (Some(file), Some(column)) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("the class list {}", file.display()))?;
            Identifier::from_class_list(&text, column)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
        }
        _ => Identifier::Name,
    };
    let text = match args.format {
        GradesFormat::Csv => gradebook_csv(&book),
        GradesFormat::Json => serde_json::to_string_pretty(&book)? + "\n",
        GradesFormat::Moodle => {
            lms_csv(&book, Lms::Moodle, &identifier).map_err(anyhow::Error::msg)?
        }
        GradesFormat::Canvas => {
            lms_csv(&book, Lms::Canvas, &identifier).map_err(anyhow::Error::msg)?
        }
    };
    match &args.out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
            eprintln!(
                "grades of {} students over {} contests: {}",
                book.rows.len(),
                book.columns.len(),
                path.display()
            );
        }
        None => print!("{text}"),
    }
    Ok(EXIT_JUDGED)
}

/// The gradebook of `judge contest` results folders, each `CONTEST=FOLDER` or `FOLDER`
/// (the first contest), in the order given.
fn of_runs(config: &JudgeConfig, given: &[String]) -> anyhow::Result<Gradebook> {
    let course = config.course();
    let mut contests = Vec::new();
    let mut runs = Vec::new();
    for one in given {
        let (id, folder) = match one.split_once('=') {
            Some((id, folder)) => (Some(id), folder),
            None => (None, one.as_str()),
        };
        let contest = course.chosen(id)?;
        if contests.iter().any(|c: &ContestSpec| c.id == contest.id) {
            anyhow::bail!("--results names contest {} twice", contest.id);
        }
        let log = Path::new(folder).join("results.jsonl");
        if !log.is_file() {
            anyhow::bail!(
                "{}: no results.jsonl (the folder `judge contest --out` writes)",
                Path::new(folder).display()
            );
        }
        runs.push(judge_contest::read_log(&log)?.into_values().collect());
        contests.push(judge_contest::with_groups_of(config, contest.clone()));
    }
    Ok(gradebook_of_runs(&Course { contests }, &runs))
}
