//! What every request handler shares: the store, the judge, the contest, the queue, the
//! options.
//!
//! The parts that come from judge.toml (the judge, the contests, the problems' titles and
//! labels) change while the server runs when a teacher imports a package
//! ([`crate::import`]): the state is then replaced by a new [`Shared`] with the rest
//! carried over. Each request works on the one it started with (cloning an [`AppState`],
//! as axum does for each request, takes the latest), so a page never mixes two versions
//! of the course.

use crate::http_error::HttpError;
use crate::options::ServerOptions;
use judge_core::Judge;
use judge_course::contest::{Contest, Contests};
use judge_course::ServerError;
use judge_store::{Store, StoreError};
use judge_worker::Queue;
use std::ops::Deref;
use std::sync::{Arc, Mutex, RwLock};

/// The shared state (cheap to clone; a clone is of the latest state).
pub struct AppState {
    /// The state this request works on.
    current: Arc<Shared>,
    /// The latest state, replaced by an import.
    latest: Arc<RwLock<Arc<Shared>>>,
}

impl Clone for AppState {
    fn clone(&self) -> AppState {
        AppState {
            current: self
                .latest
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .clone(),
            latest: self.latest.clone(),
        }
    }
}

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
    pub labels: judge_course::visibility::Labels,
    /// The key that signs the log-in form's CSRF tokens (kept in the store).
    pub login_key: Vec<u8>,
    /// Self-tests' capacity and each student's recent runs.
    pub self_tests: Arc<crate::self_test::SelfTests>,
    /// Set when the server stops: live-status streams end.
    pub stopping: tokio::sync::watch::Sender<bool>,
    /// This server's workers, told of a new judge.toml (None: it has none).
    pub workers: Option<judge_worker::workers::Reloader>,
    /// Held while judge.toml is changed and read again: one import at a time.
    pub course_lock: Arc<Mutex<()>>,
}

/// The parts of the state read from judge.toml (see [`crate::course`]).
pub struct CourseParts {
    /// The judge.
    pub judge: Arc<Judge>,
    /// Every contest.
    pub contests: Contests,
    /// Each problem's titles.
    pub titles: std::collections::BTreeMap<String, Result<(String, Option<String>), String>>,
    /// How students see each problem's secret tests.
    pub labels: judge_course::visibility::Labels,
}

impl Shared {
    /// This state with judge.toml's parts replaced (the store, queue, options, keys,
    /// self-tests and workers carried over).
    pub fn with_course(&self, course: CourseParts) -> Shared {
        Shared {
            store: self.store.clone(),
            judge: course.judge,
            contest: course.contests.first().clone(),
            contests: course.contests,
            queue: self.queue.clone(),
            options: self.options.clone(),
            titles: course.titles,
            labels: course.labels,
            login_key: self.login_key.clone(),
            self_tests: self.self_tests.clone(),
            stopping: self.stopping.clone(),
            workers: self.workers.clone(),
            course_lock: self.course_lock.clone(),
        }
    }
}

impl Shared {
    /// Whether this server judges submissions itself (`--workers` above 0).
    pub fn judges_here(&self) -> bool {
        self.workers.is_some()
    }

    /// The languages of `contest` that some judging machine runs now
    /// ([`Contest::offered_languages`]: this machine's when it judges, and `live`, the
    /// live workers' from [`AppState::live_languages`]): what the forms and the API offer
    /// and what a submission may be in.
    pub fn offered_languages<'c>(
        &self,
        contest: &'c Contest,
        live: Option<&[String]>,
    ) -> Vec<&'c judge_model::language::Language> {
        let here = self.judges_here().then_some(&self.judge.languages);
        contest.offered_languages(here, live)
    }
}

impl AppState {
    /// The languages the live workers run ([`Store::live_languages`]).
    pub async fn live_languages(&self) -> Result<Option<Vec<String>>, HttpError> {
        self.with_store(|store| store.live_languages()).await
    }

    /// Puts the parts together.
    pub fn new(shared: Shared) -> AppState {
        let current = Arc::new(shared);
        AppState {
            latest: Arc::new(RwLock::new(current.clone())),
            current,
        }
    }

    /// Makes `shared` the state of every request from now on (requests in flight finish
    /// with theirs).
    pub fn replace(&self, shared: Shared) {
        *self.latest.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(shared);
    }

    /// Runs `f` with the store on a blocking thread (SQLite and file reads block).
    pub async fn blocking<T, F>(&self, f: F) -> Result<T, HttpError>
    where
        T: Send + 'static,
        F: FnOnce(&Shared) -> Result<T, ServerError> + Send + 'static,
    {
        let shared = self.current.clone();
        match tokio::task::spawn_blocking(judge_i18n::carried(move || f(&shared))).await {
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

    /// Runs one store operation `f` on a blocking thread.
    pub async fn with_store<T, F>(&self, f: F) -> Result<T, HttpError>
    where
        T: Send + 'static,
        F: FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    {
        self.blocking(move |shared| Ok(f(&shared.store)?)).await
    }
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.current
    }
}
