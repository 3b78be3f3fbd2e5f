//! Log in, log out, and the front page.

use super::input::{self, bad_form};
use super::table::{get, post, Routes};
use crate::auth::{self, LoggedIn, MaybeSession, LOGIN_COOKIE, SESSION_COOKIE};
use crate::cookies;
use crate::http_error::HttpError;
use crate::login_limits;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, Extensions, HeaderMap, StatusCode};
use axum::response::{AppendHeaders, Html, IntoResponse, Redirect, Response};
use axum::Form;
use judge_store::now_ms;
use judge_views::views::{login as view, Chrome};
use serde::Deserialize;

/// The front page, and logging in and out.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /` | anyone | redirect to the problems |
/// | `GET /login`, `POST /login`, `POST /logout` | anyone | log in and out |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/", get(home))
        .route("/login", get(form).post(submit))
        .route("/logout", post(logout))
}

/// How long the log-in form's token lives.
const LOGIN_FORM_SECONDS: u64 = 3600;

/// `path` when it is a path on this site (never another site, nor a control character).
pub(crate) fn same_site_path(path: &str) -> Option<&str> {
    (path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && !path.chars().any(char::is_control))
    .then_some(path)
}

/// Where to go after logging in: a path on this site other than the log-in page.
fn safe_next(next: Option<&str>) -> String {
    match next.and_then(same_site_path) {
        Some(path) if !path.starts_with("/login") => path.to_string(),
        _ => "/problems".into(),
    }
}

/// `GET /`: the problems, or the log-in page.
async fn home(MaybeSession(session): MaybeSession) -> Redirect {
    Redirect::to(if session.is_some() {
        "/problems"
    } else {
        "/login"
    })
}

/// The `next` parameter.
#[derive(Debug, Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

fn login_page(
    state: &AppState,
    status: StatusCode,
    token: &str,
    next: &str,
    name: &str,
    error: Option<&str>,
) -> Response {
    let chrome = Chrome::new(&state.contest.title, None, "login");
    let cookie = cookies::set_cookie(
        LOGIN_COOKIE,
        token,
        "/login",
        LOGIN_FORM_SECONDS,
        "Strict",
        state.options.secure_cookies,
    );
    (
        status,
        AppendHeaders([(header::SET_COOKIE, cookie)]),
        Html(view::login(&chrome, token, next, name, error).into_string()),
    )
        .into_response()
}

/// `GET /login`.
async fn form(
    State(state): State<AppState>,
    MaybeSession(session): MaybeSession,
    query: Result<Query<NextQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let query = input::query(query)?;
    let next = safe_next(query.next.as_deref());
    if session.is_some() {
        return Ok(Redirect::to(&next).into_response());
    }
    let token = login_token(&state)?;
    Ok(login_page(&state, StatusCode::OK, &token, &next, "", None))
}

/// A fresh signed token for the log-in form.
fn login_token(state: &AppState) -> Result<String, HttpError> {
    let expires = now_ms() / 1000 + LOGIN_FORM_SECONDS as i64;
    Ok(crate::csrf::new_login_token(&state.login_key, expires)?)
}

/// The log-in form.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    name: String,
    password: String,
    csrf: Option<String>,
    next: Option<String>,
}

/// `POST /login`.
async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    extensions: Extensions,
    form: Result<Form<LoginForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    let expected = cookies::cookie(&headers, LOGIN_COOKIE).unwrap_or_default();
    crate::csrf::verify_login(
        &state.login_key,
        &expected,
        form.csrf.as_deref(),
        now_ms() / 1000,
    )?;
    let next = safe_next(form.next.as_deref());
    let name = form.name.trim().to_string();
    let address = login_limits::address_text(crate::listen::peer(&extensions));
    let limits = state.options.login_limits;
    let (who, from) = (name.clone(), address.clone());
    let allowed = state
        .blocking(move |s| {
            Ok(login_limits::check(
                &s.store,
                &limits,
                &who,
                &from,
                now_ms(),
            ))
        })
        .await
        // A store that cannot answer fails the log-in itself a moment later.
        .unwrap_or(Ok(()));
    if let Err(wait) = allowed {
        tracing::warn!(
            "log-in for {name:?} from {address} refused: too many failed attempts ({}), {} s to wait",
            wait.whose,
            wait.seconds
        );
        let t = view::LoginTexts::current();
        let message = t.too_many(t.whose(wait.whose), wait.seconds);
        let mut page = login_page(
            &state,
            StatusCode::TOO_MANY_REQUESTS,
            &expected,
            &next,
            &name,
            Some(&message),
        );
        if let Ok(value) = header::HeaderValue::from_str(&wait.seconds.to_string()) {
            page.headers_mut().insert(header::RETRY_AFTER, value);
        }
        return Ok(page);
    }
    match auth::log_in(&state, name.clone(), form.password).await? {
        auth::LogIn::Disabled => Ok(login_page(
            &state,
            StatusCode::FORBIDDEN,
            &expected,
            &next,
            &name,
            Some(view::LoginTexts::current().disabled()),
        )),
        auth::LogIn::Session(token) => {
            // The account's failures stop counting.
            let _ = state
                .with_store(move |store| store.clear_login_failures(&name))
                .await;
            let lifetime = state.options.session_lifetime.as_secs();
            let secure = state.options.secure_cookies;
            Ok((
                AppendHeaders([
                    (
                        header::SET_COOKIE,
                        cookies::set_cookie(SESSION_COOKIE, &token, "/", lifetime, "Lax", secure),
                    ),
                    (
                        header::SET_COOKIE,
                        cookies::set_cookie(LOGIN_COOKIE, "", "/login", 0, "Strict", secure),
                    ),
                ]),
                Redirect::to(&next),
            )
                .into_response())
        }
        auth::LogIn::Wrong => {
            let (who, from) = (name.clone(), address);
            let recorded = state
                .blocking(move |s| login_limits::record_failure(&s.store, &limits, &who, &from))
                .await;
            if recorded.is_err() {
                tracing::warn!("a failed log-in could not be recorded (the store did not answer)");
            }
            Ok(login_page(
                &state,
                StatusCode::UNAUTHORIZED,
                &expected,
                &next,
                &name,
                Some(view::LoginTexts::current().wrong()),
            ))
        }
    }
}

/// A form that carries only its CSRF token.
#[derive(Debug, Deserialize)]
pub struct CsrfForm {
    /// The token.
    pub csrf: Option<String>,
}

/// `POST /logout`.
async fn logout(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let key = session.token_sha256.clone();
    state
        .with_store(move |store| store.delete_session(&key))
        .await?;
    let cookie = cookies::set_cookie(
        SESSION_COOKIE,
        "",
        "/",
        0,
        "Lax",
        state.options.secure_cookies,
    );
    Ok((
        AppendHeaders([(header::SET_COOKIE, cookie)]),
        Redirect::to("/login"),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_stays_on_this_site() {
        assert_eq!(
            safe_next(Some("/problems/maze?lang=zh")),
            "/problems/maze?lang=zh"
        );
        assert_eq!(safe_next(Some("//evil.example/x")), "/problems");
        assert_eq!(safe_next(Some("https://evil.example")), "/problems");
        assert_eq!(safe_next(Some("/\\evil.example")), "/problems");
        assert_eq!(safe_next(Some("/login")), "/problems");
        assert_eq!(safe_next(None), "/problems");
    }
}
