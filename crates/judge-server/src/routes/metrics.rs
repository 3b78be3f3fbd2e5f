//! `GET /metrics`: the figures for Prometheus ([`crate::metrics`]), for a teacher's API
//! token or a request from this machine itself (not through a proxy).

use super::api::ApiUser;
use super::table::{get, Routes};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The metrics.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /metrics` | this machine, or a teacher's API token | queue, results by verdict, waits, workers' heartbeats, store errors (Prometheus' text format) |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new().route("/metrics", get(metrics))
}

/// Who may read the metrics: a request from the loopback address that no proxy forwarded
/// (a proxy on the same machine connects from there too, and says whom it forwards), or
/// one with a teacher's API token; else 401 or 403.
pub struct MetricsReader;

impl FromRequestParts<AppState> for MetricsReader {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"]
            .iter()
            .any(|name| parts.headers.contains_key(*name));
        let local = crate::listen::peer(&parts.extensions).is_some_and(|a| a.ip().is_loopback());
        if local && !forwarded && !parts.headers.contains_key(header::AUTHORIZATION) {
            return Ok(MetricsReader);
        }
        let ApiUser(user) = ApiUser::from_request_parts(parts, state).await?;
        if !user.is_teacher() {
            return Err(HttpError::new(
                StatusCode::FORBIDDEN,
                "The metrics are for a teacher's token (or a request from the server's own machine).",
            )
            .into_json()
            .into_response());
        }
        Ok(MetricsReader)
    }
}

/// `GET /metrics`.
async fn metrics(_: MetricsReader, State(state): State<AppState>) -> Result<Response, HttpError> {
    let workers = state.options.workers;
    let text = state
        .blocking(move |s| crate::metrics::render(&s.store, workers))
        .await?;
    Ok(([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], text).into_response())
}
