//! The JSON API (`/api/v1`), for `judge submit`, scripts and CI. Every request carries
//! `Authorization: Bearer TOKEN`, a token from `judge users token NAME`; it acts as that
//! user, with the same rules as the pages (a student sees only their own submissions and
//! no secret test data, the frozen scoreboard during a freeze, no problems before the
//! start). No cookies, so no CSRF token. It answers in English whatever the request's
//! Accept-Language (it is for programs). Errors are `{"error": ..., "code": ...,
//! "status": N}`, `code` a stable word (see [`HttpError::code`]).
//!
//! | route | what |
//! | --- | --- |
//! | `POST /api/v1/submissions` | `{"problem", "language", "source"}` (or `"file_name"` instead of `"language"`); `Idempotency-Key` header optional; answers `{"id", ...}` (201, or 200 for a repeated key) |
//! | `GET /api/v1/submissions/{id}` | its state, status line, verdict and per-test results |
//! | `GET /api/v1/scoreboard?contest=ID` | a contest's scoreboard as the user may see it |
//! | `GET /api/v1/problems?contest=ID` | a contest's problems, limits and languages |
//!
//! `contest` (also a field of a new submission) names one of the course's contests; without
//! it the first contest's, as before there were several.

use super::input;
use super::problems::check_contest_started;
use super::scoreboard::board_of;
use super::submissions::submission_json;
use super::submit::{accept, Incoming};
use super::table::{get, post, Routes};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use judge_course::accounts::{token_sha256, TOKEN_PREFIX};
use judge_course::contest::Contest;
use judge_course::export;
use judge_store::{now_ms, User};
use serde::Deserialize;

/// The JSON API (the module's table), for an API token's user ([`ApiUser`]); any other
/// address under `/api/` is a JSON 404.
pub(super) fn routes(options: &ServerOptions) -> Routes {
    Routes::new()
        .route(
            "/api/v1/submissions",
            post(submit).body_limit(input::largest_body(options)),
        )
        .route("/api/v1/submissions/{id}", get(submission))
        .route("/api/v1/scoreboard", get(scoreboard))
        .route("/api/v1/problems", get(problems))
        .route("/api/{*rest}", get(not_found).post(not_found))
}

/// The longest idempotency key accepted.
const MAX_IDEMPOTENCY_KEY: usize = 200;

/// The user of the request's API token (else 401, as JSON).
pub struct ApiUser(pub User);

/// A 401 as JSON, asking for a bearer token (the API's and the workers' endpoints).
pub(super) fn unauthorized(message: &str) -> Response {
    let mut response = HttpError::new(StatusCode::UNAUTHORIZED, message)
        .into_json()
        .into_response();
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}

impl FromRequestParts<AppState> for ApiUser {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Some(value) = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
        else {
            return Err(unauthorized(
                "This API needs Authorization: Bearer TOKEN (a token from `judge users token NAME`).",
            ));
        };
        let token = value
            .strip_prefix("Bearer ")
            .or_else(|| value.strip_prefix("bearer "))
            .unwrap_or("")
            .trim();
        if !token.starts_with(TOKEN_PREFIX) || token.len() > 128 {
            return Err(unauthorized("The token is not one of this server's."));
        }
        let hash = token_sha256(token);
        match state
            .with_store(move |store| store.user_by_token(&hash))
            .await
        {
            Ok(Some(user)) => Ok(ApiUser(user)),
            Ok(None) => Err(unauthorized("The token is unknown or was revoked.")),
            Err(error) => Err(error.into_json().into_response()),
        }
    }
}

/// The body of `POST /api/v1/submissions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSubmissionBody {
    /// The problem's id.
    problem: String,
    /// The language's id (judge.toml's table); or give `file_name`.
    language: Option<String>,
    /// The source file's name, whose extension names the language.
    file_name: Option<String>,
    /// The source text.
    source: String,
    /// The contest's id (default: the first).
    #[serde(default)]
    contest: Option<String>,
}

/// `POST /api/v1/submissions`.
async fn submit(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    headers: HeaderMap,
    body: Result<Json<NewSubmissionBody>, JsonRejection>,
) -> Result<Response, HttpError> {
    let body = super::input::json_body(body)?;
    let idempotency_key = match headers.get("idempotency-key") {
        Some(value) => {
            let key = value.to_str().unwrap_or("").trim().to_string();
            if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY {
                return Err(HttpError::bad_request(format!(
                    "Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} visible characters"
                ))
                .into_json());
            }
            Some(key)
        }
        None => None,
    };
    let incoming = Incoming {
        problem: &body.problem,
        language: body.language.as_deref(),
        file_name: body.file_name.as_deref(),
        source: body.source.as_bytes(),
        idempotency_key,
        contest: body.contest.as_deref(),
    };
    let (id, new) = accept(&state, &user, incoming)
        .await
        .map_err(HttpError::into_json)?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let location = format!("/api/v1/submissions/{id}");
    let mut response = (
        status,
        Json(serde_json::json!({ "id": id, "url": location })),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    Ok(response)
}

/// `GET /api/v1/submissions/{id}`.
async fn submission(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, HttpError> {
    Ok(Json(submission_json(&state, &user, &id).await?))
}

/// The contest a read of the API names.
#[derive(Debug, Deserialize)]
pub struct ContestQuery {
    /// The contest's id (default: the first).
    contest: Option<String>,
}

/// The contest of `query` (404 when unknown; 403 for a student before it starts).
fn contest_of(
    state: &AppState,
    user: &User,
    query: Result<Query<ContestQuery>, QueryRejection>,
) -> Result<Contest, HttpError> {
    let query = input::query(query).map_err(HttpError::into_json)?;
    let contest = super::contests::named(state, user, query.contest.as_deref())
        .map_err(HttpError::into_json)?;
    check_contest_started(&contest, user.is_teacher()).map_err(HttpError::into_json)?;
    Ok(contest)
}

/// `GET /api/v1/scoreboard`: frozen for students during a freeze, as on the page.
async fn scoreboard(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    query: Result<Query<ContestQuery>, QueryRejection>,
) -> Result<Json<judge_contest::export::ScoreboardExport>, HttpError> {
    let contest = contest_of(&state, &user, query)?;
    let freeze = contest.frozen_since(now_ms());
    let shown = if user.is_teacher() { None } else { freeze };
    let board = board_of(&state, &contest, shown)
        .await
        .map_err(HttpError::into_json)?;
    Ok(Json(export::scoreboard_export(&contest, &board, now_ms())))
}

/// `GET /api/v1/problems`.
async fn problems(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    query: Result<Query<ContestQuery>, QueryRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let contest = contest_of(&state, &user, query)?;
    let of = contest.clone();
    let problems = state
        .blocking(move |s| {
            Ok(of
                .problems
                .iter()
                .map(|entry| {
                    let loaded = judge_packages::load(&s.judge.config, &entry.id).ok();
                    serde_json::json!({
                        "id": entry.id,
                        "title": loaded.as_ref().map(|p| p.title.clone()),
                        "points": entry.points,
                        // None until a package without a limit has one decided.
                        "time_limit_s": loaded
                            .as_ref()
                            .filter(|p| p.time_rule.is_decided())
                            .map(|p| p.limits.time_s),
                        "time_limit_origin": loaded.as_ref().map(|p| p.time_rule.origin),
                        "memory_limit_mib": loaded.as_ref().map(|p| p.limits.memory_mib),
                        "statement": of.href(&format!("/problems/{}", entry.id)),
                    })
                })
                .collect::<Vec<_>>())
        })
        .await
        .map_err(HttpError::into_json)?;
    let live = state.live_languages().await.map_err(HttpError::into_json)?;
    let languages: Vec<serde_json::Value> = state
        .offered_languages(&contest, live.as_deref())
        .into_iter()
        .map(|l| {
            serde_json::json!({
                "id": l.id,
                "name": l.spec.name,
                "extensions": l.spec.extensions,
            })
        })
        .collect();
    Ok(Json(serde_json::json!({
        "contest": contest.title,
        "contest_id": contest.id,
        "problems": problems,
        "languages": languages,
    })))
}

/// Unknown `/api/...` paths: a JSON 404.
async fn not_found() -> HttpError {
    HttpError::not_found("There is no such API route (see docs/server.md, \"The JSON API\").")
        .into_json()
}
