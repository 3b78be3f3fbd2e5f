//! The HTTP routes, one module per page group, and what every answer gets: security
//! headers, a body read within its deadline, the request's language, and a 404 page for
//! unknown paths.
//!
//! Each page group's module owns its routes (its `routes()`, whose documentation lists
//! them with who may use them: the role is in each handler's signature, [`crate::auth`]);
//! [`router`] merges them here, once, and [`table`] lists every (method, path) pair from
//! the same tables. A page is one module here, its view in [`judge_views::views`] and its texts
//! beside that view; its module gets one line in [`all`].

mod accounts;
mod api;
mod api_contests;
mod api_users;
mod api_workers;
mod assets;
mod charts;
mod clarifications;
mod contest_editor;
mod contests;
mod frame;
mod grades;
mod import;
mod input;
mod language;
mod languages;
mod login;
mod metrics;
mod problems;
mod scoreboard;
mod self_test;
mod similarity;
mod submissions;
mod submit;
mod table;
mod teacher;

use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Router;
use table::Routes;

/// Every page group's routes.
fn all(options: &ServerOptions) -> Routes {
    Routes::new()
        .merge(login::routes(options))
        .merge(language::routes(options))
        .merge(contests::routes(options))
        .merge(problems::routes(options))
        .merge(submit::routes(options))
        .merge(languages::routes(options))
        .merge(submissions::routes(options))
        .merge(scoreboard::routes(options))
        .merge(clarifications::routes(options))
        .merge(self_test::routes(options))
        .merge(teacher::routes(options))
        .merge(import::routes(options))
        .merge(similarity::routes(options))
        .merge(grades::routes(options))
        .merge(charts::routes(options))
        .merge(accounts::routes(options))
        .merge(api_users::routes(options))
        .merge(contest_editor::routes(options))
        .merge(api::routes(options))
        .merge(api_contests::routes(options))
        .merge(api_workers::routes(options))
        .merge(assets::routes(options))
        .merge(metrics::routes(options))
}

/// The whole application.
pub fn router(state: AppState) -> Router {
    let (routes, _) = all(&state.options).into_parts();
    routes
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            body_deadline,
        ))
        .layer(axum::middleware::from_fn(crate::lang_request::middleware))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

/// Every (method, path) pair the router answers, in the order the page groups declare
/// them (the router is made from the same tables; a `GET` also answers `HEAD`). The paths
/// are axum's: `{id}` a segment, `{*file}` the rest.
pub fn table() -> Vec<(Method, &'static str)> {
    all(&ServerOptions::default()).into_parts().1
}

async fn not_found() -> HttpError {
    HttpError::not_found(ErrorTexts::current().no_such_page())
}

/// Headers every answer carries: no framing, no sniffing, scripts and styles only from
/// this site, no referrer to other sites.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// Reads each request's body within the body deadline (a client sending it slowly gets
/// 408 and the connection closes), refusing bodies larger than any route takes (413;
/// the package upload's own, larger cap for its address only); routes then apply their
/// own, smaller limits.
async fn body_deadline(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let largest = if parts.uri.path() == import::PATH {
        import::body_limit(&state.options).max(input::largest_body(&state.options))
    } else if parts.uri.path() == api_workers::RESULT_PATH {
        api_workers::RESULT_BODY_LIMIT.max(input::largest_body(&state.options))
    } else {
        input::largest_body(&state.options)
    };
    let read = tokio::time::timeout(
        state.options.body_timeout,
        axum::body::to_bytes(body, largest),
    )
    .await;
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => {
            let too_large = std::error::Error::source(&error)
                .is_some_and(|cause| cause.is::<http_body_util::LengthLimitError>());
            return if too_large {
                HttpError::too_large(ErrorTexts::current().request_too_large(largest / 1024))
                    .into_response()
            } else {
                HttpError::bad_request(ErrorTexts::current().unreadable_body()).into_response()
            };
        }
        Err(_) => {
            let mut response = HttpError::new(
                StatusCode::REQUEST_TIMEOUT,
                ErrorTexts::current().slow_body(),
            )
            .into_response();
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return response;
        }
    };
    next.run(axum::extract::Request::from_parts(
        parts,
        axum::body::Body::from(bytes),
    ))
    .await
}
