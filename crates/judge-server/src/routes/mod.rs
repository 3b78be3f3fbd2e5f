//! The HTTP routes, one module per page group, and what every answer gets: security
//! headers, and a 404 page for unknown paths.
//!
//! | route | who | what |
//! | --- | --- | --- |
//! | `GET /` | anyone | redirect to the problems |
//! | `GET /login`, `POST /login`, `POST /logout` | anyone | log in and out |
//! | `GET /language?to=zh\|en&next=PATH` | anyone | the interface's language (a cookie) |
//! | `GET /problems`, `GET /problems/{id}?lang=zh\|en` | logged in | problems, a statement |
//! | `GET /problems/{id}/statement/{file}` (and under `/contests/{c}`) | logged in | an image a Markdown statement shows, from its folder |
//! | `GET /submit?problem=ID`, `POST /submit` | logged in | the submit form |
//! | `GET /languages` | logged in | each language's compile and run commands, version, time multiplier |
//! | `GET /submissions` | logged in | my submissions |
//! | `GET /submissions/status?ids=1,2` | logged in | live status (JSON), own only for students |
//! | `GET /submissions/events?ids=1,2` | logged in | the same as server-sent events, as it changes |
//! | `GET /submissions/{id}` (`/result.json`, `/source`) | owner or teacher | a submission |
//! | `GET /scoreboard` | logged in | frozen for students during a freeze |
//! | `GET /clarifications`, `POST /clarifications` | logged in | questions, answers, announcements; ask |
//! | `POST /teacher/clarifications/{id}/answer`, `POST /teacher/announcements` | teacher | answer, announce |
//! | `GET /self-test?problem=ID`, `POST /self-test` | logged in | run on my input (never stored) |
//! | `GET /contests`, `GET /contests/{c}` | logged in | the course's contests (current, upcoming, past); a contest's problems |
//! | `GET /contests/{c}/problems`, `/contests/{c}/problems/{id}`, `/contests/{c}/scoreboard` | logged in | a contest's pages (the first's also at the old addresses) |
//! | `GET /statistics`, `GET /contests/{c}/statistics` | teacher; students after the end | attempts, solved, verdicts per problem |
//! | `POST /contests/{c}/window` | teacher | move a contest's window (stored, overrides judge.toml) |
//! | `GET /teacher`, `GET /teacher/submissions` | teacher | dashboard, every submission |
//! | `GET`/`POST /teacher/submissions/{id}/rejudge`, `GET`/`POST /teacher/problems/{id}/rejudge` | teacher | rejudge: a confirmation with the count, then `confirm=yes` queues |
//! | `GET`/`POST /teacher/problems/import` | teacher | upload a package .zip: it becomes a problem of the first contest |
//! | `POST /teacher/scoreboard/publish` | teacher | lift or restore the freeze |
//! | `GET /teacher/export/{scoreboard,results}.{csv,json}` | teacher | exports |
//! | `GET /teacher/similarity/{problem}?pair=N` | teacher | pairs of students ranked by similarity, one side by side |
//! | `GET /static/*`, `GET /healthz` | anyone | style, script, liveness |
//! | `/api/v1/...` | an API token's user | the JSON API (see `api.rs`) |

mod api;
mod assets;
mod clarifications;
mod contests;
mod frame;
mod import;
mod language;
mod languages;
mod login;
mod problems;
mod scoreboard;
mod self_test;
mod similarity;
mod submissions;
mod submit;
mod teacher;

use crate::http_error::{ErrorTexts, HttpError};
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::Query;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::IntoResponse;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;

/// The whole application.
pub fn router(state: AppState) -> Router {
    let submit_body_limit = largest_body(&state);
    Router::new()
        .route("/", get(login::home))
        .route("/login", get(login::form).post(login::submit))
        .route("/logout", post(login::logout))
        .route("/language", get(language::switch))
        .route("/problems", get(problems::list))
        .route("/problems/{id}", get(problems::statement))
        .route(
            "/problems/{id}/statement/{*file}",
            get(problems::statement_image),
        )
        .route(
            "/submit",
            get(submit::form)
                .post(submit::submit)
                .layer(axum::extract::DefaultBodyLimit::max(submit_body_limit)),
        )
        .route("/languages", get(languages::page))
        .route("/submissions", get(submissions::mine))
        .route("/submissions/status", get(submissions::status))
        .route("/submissions/events", get(submissions::events))
        .route("/submissions/{id}", get(submissions::detail))
        .route(
            "/submissions/{id}/result.json",
            get(submissions::result_json),
        )
        .route("/submissions/{id}/source", get(submissions::source))
        .route("/scoreboard", get(scoreboard::page))
        .route(
            "/clarifications",
            get(clarifications::page).post(clarifications::ask),
        )
        .route(
            "/teacher/clarifications/{id}/answer",
            post(clarifications::answer),
        )
        .route("/teacher/announcements", post(clarifications::announce))
        .route(
            "/self-test",
            get(self_test::form)
                .post(self_test::run)
                .layer(axum::extract::DefaultBodyLimit::max(self_test_body(&state))),
        )
        .route("/statistics", get(contests::statistics))
        .route("/contests", get(contests::list))
        .route("/contests/{contest}", get(contests::home))
        .route("/contests/{contest}/problems", get(problems::list_in))
        .route(
            "/contests/{contest}/problems/{id}",
            get(problems::statement_in),
        )
        .route(
            "/contests/{contest}/problems/{id}/statement/{*file}",
            get(problems::statement_image_in),
        )
        .route("/contests/{contest}/scoreboard", get(scoreboard::page_in))
        .route(
            "/contests/{contest}/statistics",
            get(contests::statistics_in),
        )
        .route("/contests/{contest}/window", post(contests::set_window))
        .route("/teacher", get(teacher::dashboard))
        .route("/teacher/submissions", get(teacher::submissions))
        .route(
            "/teacher/submissions/{id}/rejudge",
            get(teacher::confirm_rejudge_submission).post(teacher::rejudge_submission),
        )
        .route(
            "/teacher/submissions/{id}/accept-judge-error",
            post(teacher::accept_judge_error),
        )
        .route(
            "/teacher/problems/{id}/rejudge",
            get(teacher::confirm_rejudge_problem).post(teacher::rejudge_problem),
        )
        // import::PATH (a literal here, as the tests read the routes from this file).
        .route(
            "/teacher/problems/import",
            get(import::form)
                .post(import::upload)
                .layer(axum::extract::DefaultBodyLimit::max(import::body_limit(
                    &state,
                ))),
        )
        .route("/teacher/scoreboard/publish", post(teacher::publish))
        .route("/teacher/export/{file}", get(teacher::export))
        .route("/teacher/similarity/{problem}", get(similarity::problem))
        .route(
            "/api/v1/submissions",
            post(api::submit).layer(axum::extract::DefaultBodyLimit::max(submit_body_limit)),
        )
        .route("/api/v1/submissions/{id}", get(api::submission))
        .route("/api/v1/scoreboard", get(api::scoreboard))
        .route("/api/v1/problems", get(api::problems))
        .route("/api/{*rest}", get(api::not_found).post(api::not_found))
        .route("/static/{file}", get(assets::file))
        .route("/healthz", get(assets::health))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            body_deadline,
        ))
        .layer(axum::middleware::from_fn(crate::i18n::middleware))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
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

/// A form that could not be read: 413 when it is too large (as every route answers), else
/// a 400 with axum's reason.
pub(crate) fn bad_form(rejection: FormRejection) -> HttpError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return HttpError::too_large(ErrorTexts::current().form_too_large());
    }
    HttpError::bad_request(ErrorTexts::current().bad_form(rejection.body_text()))
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
        import::body_limit(&state).max(largest_body(&state))
    } else {
        largest_body(&state)
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

/// The largest body any route accepts: a submission (its source, or an upload of it) or
/// a self-test (a source and an input).
fn largest_body(state: &AppState) -> usize {
    (state.options.max_source_bytes * 2 + 64 * 1024).max(self_test_body(state))
}

/// The largest self-test form: a source and an input, each up to twice its cap (so that
/// one a little too large is refused with its own message), and the small fields.
fn self_test_body(state: &AppState) -> usize {
    2 * (state.options.max_source_bytes + state.options.max_self_test_input_bytes) + 64 * 1024
}

/// A query string's parameters, or 400 when they cannot be read.
pub(crate) fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, HttpError> {
    query.map(|q| q.0).map_err(|rejection| {
        HttpError::bad_request(ErrorTexts::current().bad_query(rejection.body_text()))
    })
}

/// A numeric id from the path, or 404.
pub(crate) fn parse_id(text: &str, what: &str) -> Result<i64, HttpError> {
    text.parse::<i64>()
        .map_err(|_| HttpError::not_found(ErrorTexts::current().no_such(what, text)))
}
