//! The style sheet and the script (compiled into the binary: no files to deploy), and a
//! liveness check.

use super::table::{get, Routes};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use judge_model::Verdict;
use std::sync::LazyLock;

/// The style sheets, the scripts, and the liveness check.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /static/*`, `GET /healthz` | anyone | style, script, liveness |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/static/{file}", get(file))
        .route("/healthz", get(health))
}

const STYLE: &str = include_str!("../../assets/style.css");

/// The stylesheet with each verdict's badge colour (the one place colours are is
/// `Verdict::colour`).
static STYLE_WITH_VERDICTS: LazyLock<String> =
    LazyLock::new(|| format!("{STYLE}{}", Verdict::css_rules("v-", "background")));
const SCRIPT: &str = include_str!("../../assets/app.js");
const CONTESTS_SCRIPT: &str = include_str!("../../assets/contests.js");
const COPY_SCRIPT: &str = include_str!("../../assets/copy.js");

/// `GET /static/{file}`.
async fn file(Path(file): Path<String>) -> Result<Response, HttpError> {
    let (body, content_type) = match file.as_str() {
        "style.css" => (STYLE_WITH_VERDICTS.as_str(), "text/css; charset=utf-8"),
        "scoreboard.css" => (
            judge_contest::export::html::SCOREBOARD_STYLE,
            "text/css; charset=utf-8",
        ),
        "app.js" => (SCRIPT, "text/javascript; charset=utf-8"),
        "contests.js" => (CONTESTS_SCRIPT, "text/javascript; charset=utf-8"),
        "copy.js" => (COPY_SCRIPT, "text/javascript; charset=utf-8"),
        "similarity.css" => (similarity::report::html::STYLE, "text/css; charset=utf-8"),
        "similarity.js" => (
            similarity::report::html::SCRIPT,
            "text/javascript; charset=utf-8",
        ),
        _ => {
            return Err(HttpError::not_found(
                crate::http_error::ErrorTexts::current().no_such_page(),
            ))
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response())
}

/// `GET /healthz`: the server answers, and how full its queue is.
async fn health(State(state): State<AppState>) -> Result<Json<serde_json::Value>, HttpError> {
    let (queued, judging) = state
        .with_store(|store| store.queue_counts())
        .await
        .map_err(HttpError::into_json)?;
    Ok(Json(serde_json::json!({
        "ok": true,
        "queued": queued,
        "judging": judging,
        "workers": state.options.workers,
    })))
}
