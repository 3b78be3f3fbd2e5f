//! `judge grades`: the course's gradebook from the web server's store, as grades.csv
//! (student, each contest's points, the total), JSON, or the CSV Moodle's or Canvas'
//! grade import takes (judge-contest's `export::grades`). Works while the server runs.

use super::common::{load_config, GlobalOptions, EXIT_JUDGED};
use super::database::{self, DatabaseArgs};
use anyhow::Context;
use judge_contest::export::grades::{gradebook_csv, lms_csv, Identifier, Lms};
use judge_server::store::now_ms;
use std::path::PathBuf;

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
    let store = database::open(&args.store, Some(&config))?;
    let book = judge_server::grades::from_store(&config, &store, now_ms())?;
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
