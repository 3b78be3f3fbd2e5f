//! Who is asking: session cookies, log-in and log-out, and the extractors that give
//! handlers the logged-in user ([`LoggedIn`]) or insist on a teacher ([`TeacherOnly`]).
//!
//! Cookies are HttpOnly (no script reads them) and SameSite=Lax (other sites' forms do
//! not carry them); `--secure-cookies` adds Secure. A page asked for without a session
//! redirects to the log-in page (303); any other request without one gets 401.

use crate::cookies::cookie;
use crate::http_error::HttpError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method};
use axum::response::{IntoResponse, Redirect, Response};
use judge_course::accounts::{self, hex, random_bytes, token_sha256};
use judge_views::links::encode_component;

/// The session cookie.
pub const SESSION_COOKIE: &str = "judge_session";
/// The log-in form's CSRF cookie.
pub const LOGIN_COOKIE: &str = "judge_login";

pub use judge_course::session::Session;

/// Looks up the request's session, if it has a live one.
pub async fn current_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<Session>, HttpError> {
    let Some(token) = cookie(headers, SESSION_COOKIE) else {
        return Ok(None);
    };
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let hash = token_sha256(&token);
    let key = hash.clone();
    // Only the session: the frame's notices are read by the pages that draw it
    // (routes/frame.rs), not by every status poll, form and API call.
    let info = state.with_store(move |store| store.session(&key)).await?;
    Ok(info.map(|info| Session {
        user: info.user,
        csrf_token: info.csrf_token,
        token_sha256: hash,
    }))
}

/// What a log-in came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogIn {
    /// A new session, with its cookie's token.
    Session(String),
    /// A wrong name or password.
    Wrong,
    /// The right password of a disabled account.
    Disabled,
}

/// Checks a name and password; on success stores a new session and returns its token. A
/// disabled account is refused (and told so only with its right password).
pub async fn log_in(state: &AppState, name: String, password: String) -> Result<LogIn, HttpError> {
    let lifetime_ms = i64::try_from(state.options.session_lifetime.as_millis()).unwrap_or(i64::MAX);
    state
        .blocking(move |s| {
            if password.len() > accounts::MAX_PASSWORD_BYTES {
                return Ok(LogIn::Wrong);
            }
            let Some((user, hash)) = s.store.user_by_name(&name)? else {
                // Spend the same time as for a real account, so that timing does not tell
                // which names exist.
                let _ = accounts::hash_password(&password);
                return Ok(LogIn::Wrong);
            };
            if !accounts::verify_password(&password, &hash) {
                return Ok(LogIn::Wrong);
            }
            if user.disabled {
                return Ok(LogIn::Disabled);
            }
            let token = hex(&random_bytes::<32>()?);
            let csrf_token = crate::csrf::new_token()?;
            s.store
                .create_session(user.id, &token_sha256(&token), &csrf_token, lifetime_ms)?;
            Ok(LogIn::Session(token))
        })
        .await
}

/// Whether a request wants JSON rather than a page (the script's status polls, the
/// result endpoint; exports are downloads from a page, so they get the page treatment).
fn wants_json(parts: &Parts) -> bool {
    let path = parts.uri.path();
    path.ends_with("/result.json")
        || path.ends_with("/status")
        || parts
            .headers
            .get(header::ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("application/json") && !v.contains("text/html"))
}

/// The answer to a request that needs a session and has none.
fn not_logged_in(parts: &Parts) -> Response {
    if wants_json(parts) {
        return HttpError::unauthorized().into_json().into_response();
    }
    if parts.method == Method::GET || parts.method == Method::HEAD {
        let next = parts.uri.path_and_query().map_or("/", |p| p.as_str());
        return Redirect::to(&format!("/login?next={}", encode_component(next))).into_response();
    }
    HttpError::unauthorized().into_response()
}

/// The session, if any (pages that work either way, such as the log-in page).
pub struct MaybeSession(pub Option<Session>);

impl FromRequestParts<AppState> for MaybeSession {
    type Rejection = HttpError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(MaybeSession(current_session(state, &parts.headers).await?))
    }
}

/// A logged-in user (else: a redirect to the log-in page, or 401).
pub struct LoggedIn(pub Session);

impl FromRequestParts<AppState> for LoggedIn {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match current_session(state, &parts.headers).await {
            Ok(Some(session)) => Ok(LoggedIn(session)),
            Ok(None) => Err(not_logged_in(parts)),
            Err(error) => Err(error.into_response()),
        }
    }
}

/// A logged-in teacher (else as [`LoggedIn`], and 403 for students).
pub struct TeacherOnly(pub Session);

impl FromRequestParts<AppState> for TeacherOnly {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let LoggedIn(session) = LoggedIn::from_request_parts(parts, state).await?;
        if !session.user.is_teacher() {
            let error =
                HttpError::forbidden(crate::http_error::ErrorTexts::current().teachers_only());
            return Err(if wants_json(parts) {
                error.into_json()
            } else {
                error
            }
            .into_response());
        }
        Ok(TeacherOnly(session))
    }
}
