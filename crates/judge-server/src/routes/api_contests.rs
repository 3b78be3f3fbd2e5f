//! The course's contests in the JSON API, for a teacher's token (a student's gets 403):
//! a course set up by a script or CI. Each change goes through [`crate::course_edit`]
//! (judge.toml rewritten, comments kept, the server reloaded at once).
//!
//! | route | what |
//! | --- | --- |
//! | `GET /api/v1/contests` | every contest: its definition, `version`, window in force, phase, whether its board is frozen |
//! | `POST /api/v1/contests` | a new contest (`id`, `title`, `start`, ...): 201 with it |
//! | `GET /api/v1/contests/{id}` | one contest (its version also as the `ETag` header) |
//! | `PATCH /api/v1/contests/{id}` | change fields (left out: kept, `null`: cleared), and `"frozen": true/false` (freeze now, or the board public again), `"end_now": true`, `"published": true/false`; needs the version (`If-Match` or `"version"`): 409 with the current one if it moved |
//! | `DELETE /api/v1/contests/{id}` | remove a contest without submissions (not the first); needs the version |
//! | `GET /api/v1/problems/{id}` | a problem's limits (`time_limit_s`, `memory_mib`, `time_limit_origin`) and their `version` |
//! | `PATCH /api/v1/problems/{id}` | `time_limit_s`, `memory_mib` (written in problem.toml, or a package's stored limit); needs the version |
//!
//! Bad input is 400 (a body that is not JSON) or 422 (a value refused, with why), and
//! changes nothing.

use super::api::ApiUser;
use super::table::{get, Routes};
use crate::course_edit::{self, ContestChange, ContestView, EditError};
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use judge_store::{now_ms, User};

/// The largest body of a change (a contest's definition is small).
const MAX_BODY_BYTES: usize = 64 * 1024;

/// The routes (the module's table).
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route(
            "/api/v1/contests",
            get(list).post(create).body_limit(MAX_BODY_BYTES),
        )
        .route(
            "/api/v1/contests/{id}",
            get(one)
                .patch(update)
                .delete(remove)
                .body_limit(MAX_BODY_BYTES),
        )
        .route(
            "/api/v1/problems/{id}",
            get(problem_limits)
                .patch(set_problem_limits)
                .body_limit(MAX_BODY_BYTES),
        )
}

/// 403 unless the token is a teacher's.
fn teacher(user: &User) -> Result<(), HttpError> {
    if user.is_teacher() {
        Ok(())
    } else {
        Err(HttpError::forbidden(ErrorTexts::current().teachers_only()).into_json())
    }
}

/// An edit's error as the API answers it (409 carries the current version).
pub(crate) fn edit_error(error: EditError) -> Response {
    match error {
        EditError::NotFound(id) => HttpError::not_found(ErrorTexts::current().no_contest(&id))
            .into_json()
            .into_response(),
        EditError::Conflict { message, version } => (
            StatusCode::CONFLICT,
            Json(serde_json::json!({
                "error": message,
                "code": "conflict",
                "status": 409,
                "version": version,
            })),
        )
            .into_response(),
        EditError::NoVersion(message) => HttpError::new(StatusCode::PRECONDITION_REQUIRED, message)
            .into_json()
            .into_response(),
        EditError::Invalid(message) => HttpError::unprocessable(message)
            .into_json()
            .into_response(),
        EditError::Mistakes(mistakes) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(serde_json::json!({
                "error": judge_views::views::contest_editor::all_of(&mistakes),
                "code": "unprocessable",
                "status": 422,
                "mistakes": mistakes
                    .iter()
                    .map(|m| serde_json::json!({"field": m.field, "message": m.message}))
                    .collect::<Vec<_>>(),
            })),
        )
            .into_response(),
        EditError::Server(error) => HttpError::from(error).into_json().into_response(),
    }
}

/// The body of a change, or 400/422 with why.
fn body(body: Result<Json<ContestChange>, JsonRejection>) -> Result<ContestChange, HttpError> {
    super::input::json_body(body)
}

/// The `If-Match` header's version, if given.
fn if_match(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.trim()
                .trim_start_matches("W/")
                .trim_matches('"')
                .to_string()
        })
}

/// A contest as JSON, its version as the ETag.
fn answer(status: StatusCode, view: ContestView) -> Response {
    let etag = HeaderValue::from_str(&format!("\"{}\"", view.version)).ok();
    let mut response = (status, Json(view)).into_response();
    if let Some(etag) = etag {
        response.headers_mut().insert(header::ETAG, etag);
    }
    response
}

/// Runs an edit on a blocking thread.
async fn blocking<T: Send + 'static>(
    state: &AppState,
    edit: impl FnOnce(&AppState) -> Result<T, EditError> + Send + 'static,
) -> Result<T, Response> {
    course_edit::blocking(state, edit).await.map_err(edit_error)
}

/// `GET /api/v1/contests`.
async fn list(State(state): State<AppState>, ApiUser(user): ApiUser) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let now = now_ms();
    let all: Vec<ContestView> = state
        .contests
        .all()
        .iter()
        .map(|c| course_edit::view(c, now))
        .collect();
    Ok(Json(serde_json::json!({ "contests": all })).into_response())
}

/// `GET /api/v1/contests/{id}`.
async fn one(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    match state.contests.get(&id) {
        Some(contest) => Ok(answer(StatusCode::OK, course_edit::view(contest, now_ms()))),
        None => Err(edit_error(EditError::NotFound(id))),
    }
}

/// `POST /api/v1/contests`.
async fn create(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    change: Result<Json<ContestChange>, JsonRejection>,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let change = body(change).map_err(IntoResponse::into_response)?;
    let view = blocking(&state, move |s| course_edit::create(s, &change, now_ms())).await?;
    tracing::info!("{} created contest {}", user.name, view.definition.id);
    Ok(answer(StatusCode::CREATED, view))
}

/// `PATCH /api/v1/contests/{id}`.
async fn update(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    change: Result<Json<ContestChange>, JsonRejection>,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let change = body(change).map_err(IntoResponse::into_response)?;
    let asked = if_match(&headers);
    let edited = id.clone();
    let view = blocking(&state, move |s| {
        course_edit::update(s, &edited, asked.as_deref(), &change, now_ms())
    })
    .await?;
    tracing::info!("{} changed contest {id}", user.name);
    Ok(answer(StatusCode::OK, view))
}

/// `DELETE /api/v1/contests/{id}`.
async fn remove(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let asked = if_match(&headers);
    let removed = id.clone();
    blocking(&state, move |s| {
        course_edit::remove(s, &removed, asked.as_deref())
    })
    .await?;
    tracing::info!("{} deleted contest {id}", user.name);
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/v1/problems/{id}`: a problem's limits.
async fn problem_limits(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let view = blocking(&state, move |s| course_edit::limits(s, &id)).await?;
    Ok(Json(view).into_response())
}

/// `PATCH /api/v1/problems/{id}`: `time_limit_s`, `memory_mib`.
async fn set_problem_limits(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<course_edit::LimitsBody>, JsonRejection>,
) -> Result<Response, Response> {
    teacher(&user).map_err(IntoResponse::into_response)?;
    let body = super::input::json_body(body).map_err(IntoResponse::into_response)?;
    let asked = if_match(&headers);
    let edited = id.clone();
    let view = blocking(&state, move |s| {
        course_edit::set_limits(s, &edited, asked.as_deref(), &body)
    })
    .await?;
    tracing::info!("{} changed the limits of problem {id}", user.name);
    Ok(Json(view).into_response())
}
