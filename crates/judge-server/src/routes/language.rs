//! The language switch: `GET /language?to=zh&next=/path` remembers the choice in a cookie
//! (it wins over the browser's Accept-Language, see [`judge_i18n`]) and goes back.

use super::input;
use super::table::{get, Routes};
use crate::cookies;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{AppendHeaders, IntoResponse, Redirect, Response};
use judge_i18n::Lang;
use serde::Deserialize;

/// The interface's language.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /language?to=zh\|en&next=PATH` | anyone | the interface's language (a cookie) |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new().route("/language", get(switch))
}

judge_i18n::texts! {
    /// The switch's error.
    pub struct LanguageTexts {
        unknown(code: &str) => "There is no interface language {code:?}: the choices are en and zh.",
            "没有界面语言 {code:?}：可选 en 或 zh。";
    }
}

/// The switch's parameters.
#[derive(Debug, Deserialize)]
pub struct SwitchQuery {
    to: String,
    next: Option<String>,
}

/// `GET /language`: sets the language cookie and goes back to `next` (a path on this
/// site; the problems otherwise).
async fn switch(
    State(state): State<AppState>,
    query: Result<Query<SwitchQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let query = input::query(query)?;
    let Some(lang) = Lang::from_code(&query.to) else {
        return Err(HttpError::bad_request(
            LanguageTexts::current().unknown(&query.to),
        ));
    };
    let next = query
        .next
        .as_deref()
        .and_then(super::login::same_site_path)
        .unwrap_or("/problems");
    let cookie = cookies::set_cookie(
        judge_i18n::COOKIE,
        lang.code(),
        "/",
        judge_i18n::COOKIE_SECONDS,
        "Lax",
        state.options.secure_cookies,
    );
    Ok((
        AppendHeaders([(header::SET_COOKIE, cookie)]),
        Redirect::to(next),
    )
        .into_response())
}
