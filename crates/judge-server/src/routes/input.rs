//! What the routes share in reading a request: its query string, its form, its JSON body,
//! an id from its path, and how large a body may be.

use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use axum::extract::rejection::{FormRejection, JsonRejection, QueryRejection};
use axum::extract::Query;
use axum::http::StatusCode;
use axum::Json;

/// A form that could not be read: 413 when it is too large (as every route answers), else
/// a 400 with axum's reason.
pub(crate) fn bad_form(rejection: FormRejection) -> HttpError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return HttpError::too_large(ErrorTexts::current().form_too_large());
    }
    HttpError::bad_request(ErrorTexts::current().bad_form(rejection.body_text()))
}

/// A query string's parameters, or 400 when they cannot be read.
pub(crate) fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, HttpError> {
    query.map(|q| q.0).map_err(|rejection| {
        HttpError::bad_request(ErrorTexts::current().bad_query(rejection.body_text()))
    })
}

/// A JSON body, or the API's JSON error (400, 413, 415 or 422) saying why it could not be
/// read.
pub(crate) fn json_body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, HttpError> {
    body.map(|Json(body)| body).map_err(|rejection| {
        HttpError::new(
            rejection.status(),
            format!(
                "The request body could not be read: {}",
                rejection.body_text()
            ),
        )
        .into_json()
    })
}

/// A numeric id from the path, or 404.
pub(crate) fn parse_id(text: &str, what: &str) -> Result<i64, HttpError> {
    text.parse::<i64>()
        .map_err(|_| HttpError::not_found(ErrorTexts::current().no_such(what, text)))
}

/// The largest body any route accepts: a submission (its source, or an upload of it) or
/// a self-test (a source and an input). The package upload's own, larger cap is
/// `import::body_limit`, for its address only.
pub(crate) fn largest_body(options: &ServerOptions) -> usize {
    (options.max_source_bytes * 2 + 64 * 1024).max(self_test_body(options))
}

/// The largest self-test form: a source and an input, each up to twice its cap (so that
/// one a little too large is refused with its own message), and the small fields.
pub(crate) fn self_test_body(options: &ServerOptions) -> usize {
    2 * (options.max_source_bytes + options.max_self_test_input_bytes) + 64 * 1024
}
