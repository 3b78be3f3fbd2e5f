//! The JSON API's accounts (`/api/v1/users`), for a teacher's token ([`ApiTeacher`]; a
//! student's gets 403): the same operations as the teacher's accounts page and `judge
//! users`. Like the rest of the API it answers in English, errors as `{"error", "code",
//! "status"}`.
//!
//! | route | what |
//! | --- | --- |
//! | `GET /api/v1/users` | every account: `[{"name", "teacher", "disabled", "group"}]` (`group` null for none) |
//! | `POST /api/v1/users` | `{"name", "teacher": bool, "group"?}` → 201 `{"name", "teacher", "group", "password"}` (the password, once); 409 for a name in use, 400 for a bad name or group |
//! | `GET /api/v1/users/{name}` | one account, as in the list; 404 for an unknown name |
//! | `PATCH /api/v1/users/{name}` | `{"group": "2024-A"}` or `{"group": null}` → the account; 404 for an unknown name, 400 for a bad group |
//! | `POST /api/v1/users/{name}/password` | a new generated password (its sessions end, its tokens are revoked) → `{"name", "password", "sessions_ended", "tokens_revoked"}`; 404 for an unknown name |

use super::api::ApiUser;
use super::table::{get, post, Routes};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use judge_course::accounts::{self, refusal_apart, AccountError};
use judge_store::AccountChange;
use judge_store::{Role, User};
use serde::Deserialize;

/// The accounts routes of the JSON API.
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/api/v1/users", get(list).post(add))
        .route("/api/v1/users/{name}/password", post(reset_password))
        .route("/api/v1/users/{name}", get(one).patch(update))
}

/// The teacher of the request's API token (401 without a live token, 403 for a student's).
pub struct ApiTeacher(pub User);

impl FromRequestParts<AppState> for ApiTeacher {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ApiUser(user) = ApiUser::from_request_parts(parts, state).await?;
        if !user.is_teacher() {
            return Err(
                HttpError::forbidden("This API route is for teachers' tokens.")
                    .into_json()
                    .into_response(),
            );
        }
        Ok(ApiTeacher(user))
    }
}

/// A refusal as the API's error: 404, 409 or 400, with its English message.
fn refused(error: AccountError) -> HttpError {
    let status = match &error {
        AccountError::NoSuchUser { .. } => StatusCode::NOT_FOUND,
        error if error.is_conflict() => StatusCode::CONFLICT,
        _ => StatusCode::BAD_REQUEST,
    };
    HttpError::new(status, error.to_string()).into_json()
}

/// An account as the API shows it.
fn user_json(user: &User) -> serde_json::Value {
    serde_json::json!({
        "name": user.name,
        "teacher": user.is_teacher(),
        "disabled": user.disabled,
        "group": user.group,
    })
}

/// `GET /api/v1/users`.
async fn list(
    State(state): State<AppState>,
    ApiTeacher(_): ApiTeacher,
) -> Result<Json<Vec<serde_json::Value>>, HttpError> {
    let users = state
        .with_store(|store| store.users())
        .await
        .map_err(HttpError::into_json)?;
    Ok(Json(users.iter().map(user_json).collect()))
}

/// The body of `POST /api/v1/users`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewUserBody {
    /// The log-in name.
    name: String,
    /// Whether it is a teacher (default: a student).
    #[serde(default)]
    teacher: bool,
    /// Its group (default: none).
    #[serde(default)]
    group: Option<String>,
}

/// `POST /api/v1/users`: 201 with the generated password, once.
async fn add(
    State(state): State<AppState>,
    ApiTeacher(teacher): ApiTeacher,
    body: Result<Json<NewUserBody>, JsonRejection>,
) -> Result<Response, HttpError> {
    let body = super::input::json_body(body)?;
    let role = if body.teacher {
        Role::Teacher
    } else {
        Role::Student
    };
    let name = body.name.clone();
    let group = body.group.clone();
    let password = state
        .blocking(move |s| {
            let group = group.as_deref();
            refusal_apart(accounts::add_member(&s.store, &name, role, None, group))
        })
        .await
        .map_err(HttpError::into_json)?
        .map_err(refused)?;
    tracing::info!(
        "{} adds the {} account {} (API)",
        teacher.name,
        role.as_str(),
        body.name
    );
    let location = format!(
        "/api/v1/users/{}",
        judge_views::links::encode_component(&body.name)
    );
    let mut response = (
        StatusCode::CREATED,
        Json(serde_json::json!({
            "name": body.name,
            "teacher": body.teacher,
            "group": body.group,
            "password": password,
        })),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    Ok(response)
}

/// `POST /api/v1/users/{name}/password`: a new generated password, once.
async fn reset_password(
    State(state): State<AppState>,
    ApiTeacher(teacher): ApiTeacher,
    Path(name): Path<String>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let who = name.clone();
    let (password, reset) = state
        .blocking(move |s| refusal_apart(accounts::reset_password(&s.store, &who)))
        .await
        .map_err(HttpError::into_json)?
        .map_err(refused)?;
    tracing::info!("{} resets the password of {name} (API)", teacher.name);
    Ok(Json(serde_json::json!({
        "name": name,
        "password": password,
        "sessions_ended": reset.sessions_ended,
        "tokens_revoked": reset.tokens_revoked,
    })))
}

/// `GET /api/v1/users/{name}`.
async fn one(
    State(state): State<AppState>,
    ApiTeacher(_): ApiTeacher,
    Path(name): Path<String>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let who = name.clone();
    let user = state
        .with_store(move |store| store.user_by_name(&who))
        .await
        .map_err(HttpError::into_json)?;
    match user {
        Some((user, _)) => Ok(Json(user_json(&user))),
        None => Err(refused(AccountError::NoSuchUser { name })),
    }
}

/// The body of `PATCH /api/v1/users/{name}`: what to change (today, the group).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserChangeBody {
    /// The group, or null for none (absent: unchanged).
    #[serde(default, deserialize_with = "crate::course_edit::present")]
    group: Option<Option<String>>,
}

/// `PATCH /api/v1/users/{name}`: puts an account in a group, or in none.
async fn update(
    State(state): State<AppState>,
    ApiTeacher(teacher): ApiTeacher,
    Path(name): Path<String>,
    body: Result<Json<UserChangeBody>, JsonRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let UserChangeBody { group } = super::input::json_body(body)?;
    let Some(group) = group else {
        return one(State(state), ApiTeacher(teacher), Path(name)).await;
    };
    let who = name.clone();
    let change = AccountChange::Group(group.clone());
    let user = state
        .blocking(move |s| refusal_apart(accounts::change_account(&s.store, &who, change)))
        .await
        .map_err(HttpError::into_json)?
        .map_err(refused)?;
    tracing::info!("{} puts {name} in group {group:?} (API)", teacher.name);
    Ok(Json(user_json(&user)))
}
