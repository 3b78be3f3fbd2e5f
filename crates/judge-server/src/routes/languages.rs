//! `GET /languages?contest=ID`: a contest's languages (none: the first's) with their exact
//! commands, from the judge's language table (the one source of truth), and each one's
//! version, asked once.

use super::frame;
use super::input;
use super::table::{get, Routes};
use crate::auth::LoggedIn;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::Html;
use judge_views::views::languages::{self as view, LanguageRow};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The languages page.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /languages` | logged in | each language's compile and run commands, version, time multiplier |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new().route("/languages", get(page))
}

/// Each program's version line, asked once per process (`--version` on the host).
fn version_of(program: &str) -> Option<String> {
    static VERSIONS: OnceLock<Mutex<HashMap<String, Option<String>>>> = OnceLock::new();
    let versions = VERSIONS.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(known) = versions.lock().ok()?.get(program) {
        return known.clone();
    }
    let version = std::process::Command::new(program)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| {
            // Some tools print it on stderr (older javac); the first line names it.
            let text = if o.stdout.is_empty() {
                o.stderr
            } else {
                o.stdout
            };
            String::from_utf8_lossy(&text)
                .lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .map(|l| l.chars().take(120).collect())
        });
    versions
        .lock()
        .ok()?
        .insert(program.to_string(), version.clone());
    version
}

/// The contest whose languages are shown.
#[derive(Debug, serde::Deserialize)]
pub struct LanguagesQuery {
    /// The contest's id (default: the first).
    contest: Option<String>,
}

/// `GET /languages`.
async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<LanguagesQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let contest = super::contests::named(&state, &session.user, query.contest.as_deref())?;
    let of = contest.clone();
    let rows = state
        .blocking(move |_| {
            Ok(of
                .languages
                .iter()
                .map(|language| {
                    let spec = &language.spec;
                    // The compiler, else the interpreter; a program in the box (./main)
                    // has no version to ask.
                    let program = spec
                        .compile
                        .as_ref()
                        .and_then(|c| c.first())
                        .or(spec.run.first())
                        .filter(|p| !p.starts_with('.') && !p.contains('{'));
                    LanguageRow {
                        id: language.id.clone(),
                        name: spec.name.clone(),
                        extensions: spec.extensions.clone(),
                        source: spec.source.clone(),
                        compile: spec.compile.clone(),
                        run: spec.run.clone(),
                        time_multiplier: spec.time_multiplier,
                        version: program.and_then(|p| version_of(p)),
                    }
                })
                .collect::<Vec<_>>())
        })
        .await?;
    let chrome = frame::contest_page(&state, &contest, &session, "submit").await?;
    Ok(Html(view::languages(&chrome, &rows).into_string()))
}
