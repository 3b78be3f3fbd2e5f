//! What every request handler shares: the store, the judge, the contest, the queue, the
//! options.

use crate::contest::{Contest, Contests};
use crate::error::ServerError;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::queue::Queue;
use crate::store::Store;
use judge_core::Judge;
use std::ops::Deref;
use std::sync::Arc;

/// The shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The parts of the state.
pub struct Shared {
    /// The store.
    pub store: Store,
    /// The judge (used by the workers, and by pages for problems and languages).
    pub judge: Arc<Judge>,
    /// The first contest (`[contest]`; the same as `contests.first()`).
    pub contest: Contest,
    /// Every contest of the course.
    pub contests: Contests,
    /// Wake-ups and live progress.
    pub queue: Arc<Queue>,
    /// The options.
    pub options: ServerOptions,
    /// Each contest problem's titles (English, Chinese), or why it does not load, read once
    /// at start-up like the problem versions the server publishes: the problem list
    /// loaded every problem from disk on every request.
    pub titles: std::collections::BTreeMap<String, Result<(String, Option<String>), String>>,
    /// How students see each problem's secret tests.
    pub labels: crate::visibility::Labels,
    /// The key that signs the log-in form's CSRF tokens (kept in the store).
    pub login_key: Vec<u8>,
    /// Self-tests' capacity and each student's recent runs.
    pub self_tests: crate::self_test::SelfTests,
    /// Set when the server stops: live-status streams end.
    pub stopping: tokio::sync::watch::Sender<bool>,
}

impl AppState {
    /// Puts the parts together.
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }

    /// Runs `f` with the store on a blocking thread (SQLite and file reads block).
    pub async fn blocking<T, F>(&self, f: F) -> Result<T, HttpError>
    where
        T: Send + 'static,
        F: FnOnce(&Shared) -> Result<T, ServerError> + Send + 'static,
    {
        let shared = self.0.clone();
        match tokio::task::spawn_blocking(crate::i18n::carried(move || f(&shared))).await {
            Ok(result) => result.map_err(HttpError::from),
            Err(error) => {
                tracing::error!("a request's blocking task failed: {error}");
                Err(HttpError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    crate::http_error::ErrorTexts::current().server_failed(),
                ))
            }
        }
    }
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}
