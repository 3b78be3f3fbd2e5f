//! `judge init DIR`: a new course folder that `judge import`, `judge verify`, `judge
//! users` and `judge serve` accept at once: a judge.toml of one empty contest (each key
//! said in a comment; the language table is the built-in one), an empty `problems/`, the
//! server's empty store in `judge-data/`, and a README.md of the next steps.

use super::common::{GlobalOptions, EXIT_JUDGED};
use anyhow::Context;
use judge_server::options::DEFAULT_DATA_DIR;
use judge_server::store::{DatabaseUrl, Store, DATABASE_FILE};
use std::path::{Path, PathBuf};

/// Arguments of `judge init`.
#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// The course folder to make (it may exist, but not hold a judge.toml or README.md).
    pub dir: PathBuf,
    /// The first contest's title (default: the folder's name).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
}

/// The files `judge init` writes, each refused if it is there already.
const WRITTEN: [&str; 2] = ["judge.toml", "README.md"];

/// judge.toml of a new course; `{title}` is the first contest's title as a TOML string.
const JUDGE_TOML: &str = r#"# The course: its contests and their problems (docs/server.md, "Start a course").
# Paths here are relative to this file. There is no [languages] table: the judge's
# built-in one is used (C, C++, Rust, Python 3 and PyPy, Java, Go and more); a
# [languages] table here would replace it (crates/judge-model/src/config/languages.toml
# in the judge's repository is the built-in one, with what each key means).
#
# `judge import PACKAGE` adds a problem to the contest below, as a table at the end of
# this file:
#   [[contest.problems]]
#   id = "hello"      # the problem's folder under problems/
#   points = 100      # what solving it is worth here
# More contests and homework sets are [[contests]] tables (id, title, kind = "homework",
# start, end or deadline, late_until, scoring, and their problems): docs/server.md,
# "Running a course"; `judge import PACKAGE --contest ID` adds a problem to one of them.
# You need not write them by hand: the teacher's page /teacher/contests of `judge serve`
# edits this contest and makes new ones, and writes them here (these comments kept).

[contest]
id = "main"                # its id: the server's /contests/main pages, `--contest main`
title = {title}
scoring = "ioi"            # ioi: points per problem; icpc: problems solved, then penalty
# start = "2027-01-11T08:00:00Z"  # when it opens (RFC 3339); none: when `judge serve` starts
# duration_minutes = 120          # how long it lasts; none: it stays open
# freeze_minutes = 30             # the public scoreboard freezes for the last N minutes
# languages = ["c", "cpp", "python3"]  # the languages allowed; none: every one
problems_dir = "problems"  # where `judge import` puts each problem's folder
testdata_dir = "testdata"  # where native problems keep their stored tests
"#;

/// README.md of a new course.
const README: &str = r#"# {title}

A course for `judge`: `judge.toml` says what its contests are, `problems/` holds one
folder per problem, `judge-data/` is the web server's store (accounts, submissions).
Run these commands in this folder (or any folder below it).

1. Add a problem: a Kattis or Polygon package (a folder or a .zip), or an FPS file:

       judge import PACKAGE

   It is copied into `problems/` and listed in the first contest (`--contest ID`: in
   another; any contest may list any problem of `problems/`). Then check it (its tests,
   its checker, its submissions, its time limit):

       judge verify

2. Add the teacher's account (its password is printed once):

       judge users add teacher --teacher

3. Serve the course (`--listen 0.0.0.0:8080` lets the classroom in; the address is
   printed, Ctrl-C stops it):

       judge serve

4. In a browser, log in as `teacher` at the printed address, then:

   - *Contests*, then *Create and edit contests* (`/teacher/contests`): the first
     contest, `main`, is the one students land on and the one `judge import` fills, so
     make it your first one (title, scoring, start, length, a freeze, which needs the
     length, problems one a line as `ID POINTS`), and add more contests and homework
     sets with *New contest*. A time is a date and time with its offset from UTC beside
     it (`+08:00`; `Z`: UTC), the offset filled in with the one your times already use.
     *Freeze now*, *Unfreeze* and *End now* are there too. judge.toml is rewritten for
     you.
   - *Teacher*, then *Accounts* (`/teacher/accounts`): *Import a class* takes lines of
     `name[,password[,group]]` (an empty password is generated); the passwords are shown
     once, on the page that answers: copy them then. The command line does the same:
     `judge users import class.csv`.

More: docs/server.md in the judge's repository ("Start a course", "Editing the course in
the browser or the API", backups, PostgreSQL).
"#;

/// Runs `judge init`.
pub fn execute(_cli: &GlobalOptions, args: &InitArgs) -> anyhow::Result<u8> {
    let dir = &args.dir;
    // Everything checked before anything is written.
    for name in WRITTEN {
        let file = dir.join(name);
        if file.symlink_metadata().is_ok() {
            anyhow::bail!(
                "{} is there already: {} holds a course (or other files); nothing was written",
                file.display(),
                dir.display()
            );
        }
    }
    if dir.symlink_metadata().is_ok() && !dir.is_dir() {
        anyhow::bail!("{}: not a folder; nothing was written", dir.display());
    }
    let data = dir.join(DEFAULT_DATA_DIR);
    if data.symlink_metadata().is_ok() {
        anyhow::bail!(
            "{} is there already (a store of another course?); nothing was written",
            data.display()
        );
    }
    let title = match &args.title {
        Some(title) => title.trim().to_string(),
        None => folder_name(dir)?,
    };
    if title.is_empty() || title.chars().any(char::is_control) {
        anyhow::bail!("--title {title:?}: a title is one line of text");
    }
    let mut made = Made::default();
    if let Err(error) = make(dir, &title, &data, &mut made) {
        made.undo();
        return Err(error.context("nothing was kept"));
    }
    println!(
        "made the course {title:?} in {}: judge.toml, problems/, {DEFAULT_DATA_DIR}/ (the store), README.md",
        dir.display()
    );
    println!(
        "next: cd {} && judge import PACKAGE (its README.md says the steps after)",
        dir.display()
    );
    Ok(EXIT_JUDGED)
}

/// What `judge init` made so far, undone when a later step fails.
#[derive(Default)]
struct Made {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
}

impl Made {
    fn undo(&self) {
        for file in self.files.iter().rev() {
            let _ = std::fs::remove_file(file);
        }
        // Only the folders this run made, innermost first (the course folder last).
        for folder in self.folders.iter().rev() {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
}

/// Makes the folders, the README, the store and judge.toml (last: a folder that holds
/// one is a course), recording each in `made`.
fn make(dir: &Path, title: &str, data: &Path, made: &mut Made) -> anyhow::Result<()> {
    if !dir.exists() {
        std::fs::create_dir_all(dir).with_context(|| format!("making {}", dir.display()))?;
        made.folders.push(dir.to_path_buf());
    }
    let problems = dir.join("problems");
    if !problems.exists() {
        std::fs::create_dir(&problems).with_context(|| format!("making {}", problems.display()))?;
        made.folders.push(problems);
    }
    let readme = dir.join("README.md");
    write_new(&readme, &README.replace("{title}", title))?;
    made.files.push(readme);
    // The store now, so that accounts can be added before the first `judge serve`.
    std::fs::create_dir(data).with_context(|| format!("making {}", data.display()))?;
    made.folders.push(data.to_path_buf());
    let url = DatabaseUrl::sqlite(data.join(DATABASE_FILE));
    Store::connect(&url).with_context(|| format!("making the store {url}"))?;
    let config = dir.join("judge.toml");
    let toml_title = toml::Value::String(title.to_string()).to_string();
    write_new(&config, &JUDGE_TOML.replace("{title}", &toml_title))?;
    made.files.push(config.clone());
    // What was written is what every command reads: checked now, not at the first use.
    judge_model::config::judge_toml::JudgeConfig::load(&config)?;
    Ok(())
}

/// The course folder's own name, for its title.
fn folder_name(dir: &Path) -> anyhow::Result<String> {
    let absolute =
        std::path::absolute(dir).with_context(|| format!("the folder {}", dir.display()))?;
    absolute
        .components()
        .next_back()
        .and_then(|last| match last {
            std::path::Component::Normal(name) => Some(name.to_string_lossy().into_owned()),
            _ => None,
        })
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{}: no folder name to take the title from; give --title",
                dir.display()
            )
        })
}

/// Writes a file that must not exist yet.
fn write_new(file: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut handle = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .with_context(|| format!("writing {}", file.display()))?;
    handle
        .write_all(text.as_bytes())
        .with_context(|| format!("writing {}", file.display()))
}
