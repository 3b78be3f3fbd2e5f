//! `judge doctor`: what this machine offers the sandbox and what makes its timings
//! unreliable, each with the fix; then one real run in a box; with `--database`, whether
//! the server's store answers and what it holds.

use super::common::GlobalOptions;
use judge_model::language::Languages;
use judge_model::text::serde_name;
use judge_server::store::{backup, DatabaseUrl, Store, SCHEMA_VERSION};
use sandbox::doctor::{mechanisms, timing, Check, Status};
use sandbox::{Limits, RunSpec, Sandbox, SandboxConfig, MIB};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Arguments of `judge doctor`.
#[derive(Debug, clap::Args)]
pub struct DoctorArgs {
    /// How many submissions you mean to judge at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print the checks as JSON.
    #[arg(long)]
    pub json: bool,
    /// Check the server's store too: sqlite:PATH or postgres://USER:PASSWORD@HOST/DB
    /// (also JUDGE_DATABASE).
    #[arg(
        long,
        value_name = "URL",
        env = "JUDGE_DATABASE",
        hide_env_values = true
    )]
    pub database: Option<DatabaseUrl>,
}

/// Opens the store as it is (a SQLite file must exist) and says what it holds.
fn store_check(url: &DatabaseUrl) -> Check {
    let name = "store".to_string();
    if let DatabaseUrl::Sqlite(file) = url {
        if !file.is_file() {
            return Check {
                name,
                status: Status::Fail,
                detail: format!("{}: no such file", url.redacted()),
                fix: Some("give the store's file (judge-data/judge.sqlite3 by default)".into()),
            };
        }
    }
    let started = Instant::now();
    let opened = Store::open_as_is(url).and_then(|store| {
        let contents = backup::contents(&store)?;
        Ok((store, contents))
    });
    let (store, contents) = match opened {
        Ok(opened) => opened,
        Err(error) => {
            let text = error.to_string();
            let fix = [
                ("password authentication failed", "check the password in the address (or JUDGE_DATABASE), or set it: runuser -u postgres -- psql -c \"ALTER ROLE judge PASSWORD '...'\""),
                ("Peer authentication failed", "peer authentication admits only the system account of the role's name over the local socket: connect over TCP (host 127.0.0.1) with the role's password, or run as that account (runuser -u postgres -- judge ...)"),
                ("does not exist", "create it: runuser -u postgres -- createdb --owner judge judge (or the role: runuser -u postgres -- createuser --pwprompt judge)"),
                ("no pg_hba.conf entry", "let this machine in: a host line for it in pg_hba.conf (docs/server.md, \"Many machines\"), then systemctl reload postgresql"),
                ("Connection refused", "is PostgreSQL running, and listening on that address? (systemctl status postgresql; listen_addresses in postgresql.conf)"),
                ("TLS", "this judge connects without TLS: drop sslmode=require, and keep the database on the lab's network or reach it through an SSH tunnel"),
            ]
            .iter()
            .find(|(cause, _)| text.contains(cause))
            .map(|(_, fix)| fix.to_string());
            return Check {
                name,
                status: Status::Fail,
                detail: text,
                fix,
            };
        }
    };
    let version = contents.schema_version;
    let (status, fix) = match version.cmp(&SCHEMA_VERSION) {
        std::cmp::Ordering::Equal => (Status::Ok, None),
        std::cmp::Ordering::Less => (
            Status::Warn,
            Some(format!("the next judge serve migrates it to version {SCHEMA_VERSION}, after a backup into its backups folder")),
        ),
        std::cmp::Ordering::Greater => (
            Status::Fail,
            Some(format!("a newer judge wrote it (this one knows version {SCHEMA_VERSION}): use that judge")),
        ),
    };
    Check {
        name,
        status,
        detail: format!(
            "{}: schema version {version}, {} accounts, {} submissions, {} results; answered in {:.0} ms",
            store.describe(),
            contents.rows("users"),
            contents.rows("submissions"),
            contents.rows("results"),
            started.elapsed().as_secs_f64() * 1000.0
        ),
        fix,
    }
}

/// Runs one trivial program in a box, as the judge would.
fn trial(config: SandboxConfig) -> Check {
    let started = Instant::now();
    let result = Sandbox::new(config).and_then(|sandbox| {
        let mode = sandbox.mode().clone();
        let mut boxed = sandbox.acquire()?;
        let scratch = tempfile::tempdir()
            .map_err(|e| sandbox::SandboxError::io("creating", std::env::temp_dir(), e))?;
        let outcome = boxed.run(&RunSpec {
            argv: vec!["true".into()],
            env: vec![],
            stdin: None,
            stdout: scratch.path().join("out"),
            box_writable: false,
            root_binds: vec![],
            binds: vec![],
            limits: Limits::for_test(Duration::from_secs(1), 64 * MIB),
        })?;
        Ok((mode, outcome))
    });
    match result {
        Ok((mode, outcome)) if outcome.success() => Check {
            name: "sandbox trial".into(),
            status: if mode.degraded.is_empty() {
                Status::Ok
            } else {
                Status::Warn
            },
            detail: format!(
                "ran `true` in a box ({}, {}) in {:.0} ms, set-up included",
                serde_name(&mode.enforcement),
                if mode.isolated {
                    "isolated"
                } else {
                    "not isolated"
                },
                started.elapsed().as_secs_f64() * 1000.0
            ),
            fix: (!mode.degraded.is_empty()).then(|| mode.degraded.join("; ")),
        },
        Ok((_, outcome)) => Check {
            name: "sandbox trial".into(),
            status: Status::Fail,
            detail: format!("`true` did not succeed in a box: {outcome:?}"),
            fix: Some("report this as a bug, with the output of judge doctor --json".into()),
        },
        Err(error) => Check {
            name: "sandbox trial".into(),
            status: Status::Fail,
            detail: format!("the sandbox failed: {error}"),
            fix: Some("see the checks above".into()),
        },
    }
}

/// Which of judge.toml's languages this machine can run: a language whose compiler or
/// runtime is not installed is refused at submit time and left out of the web form, so
/// it is a warning, not a failure.
fn languages_check(languages: &Languages) -> Check {
    // As Languages::check_available looks: `~` is the judging user's home.
    let all = languages.all();
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let missing: Vec<String> = all
        .iter()
        .filter_map(|language| {
            let missing = language.missing_program(home.as_deref())?;
            Some(format!("{} ({})", language.id, missing.program))
        })
        .collect();
    let ready = all.len() - missing.len();
    if missing.is_empty() {
        return Check {
            name: "languages".into(),
            status: Status::Ok,
            detail: format!("all {} of judge.toml's languages can run here", all.len()),
            fix: None,
        };
    }
    Check {
        name: "languages".into(),
        status: Status::Warn,
        detail: format!(
            "{ready} of judge.toml's {} languages can run here; not installed: {}",
            all.len(),
            missing.join(", ")
        ),
        fix: Some(
            "scripts/setup-languages installs them from Debian's packages (Debian 12 has no Python 2); until then each is refused at submit time and left out of the web form".into(),
        ),
    }
}

/// Runs `judge doctor`.
pub fn execute(cli: &GlobalOptions, args: &DoctorArgs) -> anyhow::Result<u8> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.unwrap_or(cores);
    let cancel = Arc::new(AtomicBool::new(false));
    // judge.toml's [sandbox] settings when there is one; the defaults on a bare machine.
    let (config, languages) = match super::common::load_config(cli.config.as_ref()) {
        Ok(judge) => (
            judge.sandbox_config(cancel),
            Some(languages_check(&judge.languages)),
        ),
        Err(_) if cli.config.is_none() => (SandboxConfig::default(), None),
        Err(error) => return Err(error),
    };
    let environment = sandbox::Environment::detect();
    let mut checks = mechanisms(&environment);
    checks.extend(timing(jobs));
    checks.push(trial(config));
    checks.extend(languages);
    if let Some(url) = &args.database {
        checks.push(store_check(url));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&checks)?);
    } else {
        let width = checks.iter().map(|c| c.name.len()).max().unwrap_or(0);
        for check in &checks {
            let status = serde_name(&check.status).to_uppercase();
            println!("{:<width$}  {status:<4}  {}", check.name, check.detail);
            if let Some(fix) = &check.fix {
                println!("{:<width$}        fix: {fix}", "");
            }
        }
        println!(
            "\nseccomp denies: {}",
            sandbox::seccomp::denied_names().join(", ")
        );
    }
    Ok(if checks.iter().any(|c| c.status == Status::Fail) {
        1
    } else {
        0
    })
}
