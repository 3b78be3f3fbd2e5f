//! Putting the server together: lock the data folder (SQLite), open the store, publish
//! the problems' hashes, requeue what a stopped server left half judged, start its
//! workers (if any), serve HTTP until asked to stop, then let the workers finish or hand
//! back their submissions.

use crate::listen::ConnectionLimits;
use crate::options::{BackupSchedule, ServerOptions};
use crate::state::{AppState, Shared};
use judge_core::Judge;
use judge_course::{Result, ServerError};
use judge_store::lock_data_folder;
use judge_store::{now_ms, DatabaseUrl, Store};
use judge_worker::workers::{self, WorkerOptions, Workers};
use judge_worker::Queue;
use std::fs::File;
use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A server ready to serve: its state, its workers, its scheduled backups, its data
/// folder lock.
pub struct Server {
    state: AppState,
    workers: Option<Workers>,
    backups: Option<Backups>,
    _lock: Option<File>,
}

/// The thread that takes the scheduled backups; dropping `stop` ends it.
struct Backups {
    stop: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

impl Backups {
    /// Backs `store` up into `folder` every `schedule.every`, keeping `schedule.keep`.
    fn start(
        store: Store,
        folder: std::path::PathBuf,
        schedule: BackupSchedule,
    ) -> Result<Backups> {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let shown = folder.clone();
        let thread = std::thread::Builder::new()
            .name("backups".into())
            .spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(schedule.every)
                {
                    match judge_store::backup::scheduled(&store, &folder, schedule.keep) {
                        Ok((file, contents)) => tracing::info!(
                            "backed the store up into {} ({} submissions, {} results)",
                            file.display(),
                            contents.rows("submissions"),
                            contents.rows("results")
                        ),
                        Err(error) => tracing::error!("scheduled backup failed: {error}"),
                    }
                }
            })
            .map_err(|cause| ServerError::Io {
                what: "starting the thread that backs the store up into",
                path: shown,
                cause,
            })?;
        Ok(Backups { stop, thread })
    }

    /// Ends the thread (a backup under way is finished first).
    fn stop(self) {
        drop(self.stop);
        let _ = self.thread.join();
    }
}

impl Server {
    /// Prepares a server for `judge`'s contest: opens the store (taking the data folder,
    /// one server per SQLite file), builds the problems' checkers (a cargo build the first
    /// time, a moment after), publishes the problems' content hashes for the workers, puts
    /// back in the queue what this server's own workers were judging when it stopped, and
    /// starts them.
    pub fn start(judge: Arc<Judge>, options: ServerOptions) -> Result<Server> {
        options.check()?;
        let url = options.database_url();
        let lock = match &url {
            DatabaseUrl::Sqlite(file) => Some(lock_data_folder(
                file.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new(".")),
            )?),
            DatabaseUrl::Postgres(_) => None,
        };
        let backup_folder = judge_store::backup::folder_for(&url, &options.data_dir);
        let store = Store::connect_keeping(&url, Some(&backup_folder))?;
        // Before any worker: judge-core builds one problem crate at a time under one lock,
        // so a build in the background would hold up the judging of every problem.
        tracing::info!("preparing the problems (building their checkers once)");
        let course = crate::course::load(judge, &store, now_ms())?;
        let (parts, versions, broken) = (course.parts, course.versions, course.broken);
        let contests = &parts.contests;
        for contest in contests.all() {
            if contest.freeze_without_end() {
                tracing::warn!(
                    "judge.toml: contest {}: freeze_minutes is set but the contest has no end (duration_minutes or end): the scoreboard never freezes",
                    contest.id
                );
            }
        }
        let contest = contests.first().clone();
        let placed = store.place_unplaced_submissions(&contest.id)?;
        if placed > 0 {
            tracing::info!(
                "{placed} submissions from before contests had ids are now in contest {}",
                contest.id
            );
        }
        for (id, why) in &broken {
            tracing::warn!("problem {id} is not offered to workers: {why}");
        }
        store.publish_problems(&versions)?;
        let name = format!("serve@{}", workers::host_name());
        let requeued = store.release_owner(&name)?;
        if requeued > 0 {
            tracing::info!("{requeued} submissions were being judged when the server stopped: judging them again");
        }
        let queue = Arc::new(Queue::new());
        let workers = (options.workers > 0).then(|| {
            let worker_options = WorkerOptions {
                name,
                host: workers::host_name(),
                jobs: options.workers,
                lease: options.lease,
                problems: versions,
                broken,
                test_jobs: options.test_jobs,
            };
            Workers::start(
                worker_options,
                store.clone(),
                parts.judge.clone(),
                queue.clone(),
                Arc::new(workers::LogListener),
            )
        });
        let backups = match &options.backups {
            Some(schedule) => {
                tracing::info!(
                    "backing the store up every {} s into {}, keeping the newest {}",
                    schedule.every.as_secs(),
                    backup_folder.display(),
                    schedule.keep
                );
                Some(Backups::start(
                    store.clone(),
                    backup_folder.clone(),
                    schedule.clone(),
                )?)
            }
            None => None,
        };
        let login_key = store
            .setting_or_insert(crate::csrf::LOGIN_KEY_SETTING, &crate::csrf::new_token()?)?
            .into_bytes();
        let self_tests = Arc::new(crate::self_test::SelfTests::new(&options));
        let state = AppState::new(Shared {
            titles: parts.titles,
            labels: parts.labels,
            store,
            judge: parts.judge,
            contest,
            contests: parts.contests,
            queue,
            options,
            login_key,
            self_tests,
            stopping: tokio::sync::watch::Sender::new(false),
            workers: workers.as_ref().map(Workers::reloader),
            course_lock: Arc::default(),
        });
        Ok(Server {
            state,
            workers,
            backups,
            _lock: lock,
        })
    }

    /// The shared state.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// The application (for in-process requests).
    pub fn router(&self) -> axum::Router {
        crate::routes::router(self.state.clone())
    }

    /// Serves on `listener` until `shutdown` completes, then stops the workers.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<()> {
        let address = listener
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default();
        let limits = ConnectionLimits {
            header_timeout: self.state.options.header_timeout,
            per_address: self.state.options.max_connections_per_address,
        };
        let stopping = self.state.stopping.clone();
        crate::listen::serve(listener, self.router(), limits, async move {
            shutdown.await;
            // Live-status streams end, so that the connections carrying them can close.
            stopping.send_replace(true);
        })
        .await;
        tracing::debug!("stopped listening on {address}");
        let stopping = tokio::task::spawn_blocking(move || self.stop());
        let _ = stopping.await;
        Ok(())
    }

    /// Stops the workers: each finishes (or, once the cancel flag is set, abandons and
    /// requeues) its submission.
    pub fn stop(self) {
        if let Some(backups) = self.backups {
            backups.stop();
        }
        self.state.queue.stop();
        if let Some(workers) = self.workers {
            workers.join();
        }
    }
}

/// Waits until `flag` is set (polled: signal handlers can only set a flag).
pub async fn flag_set(flag: Arc<AtomicBool>) {
    while !flag.load(Ordering::SeqCst) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Runs the server until `cancel` is set (SIGINT/SIGTERM): the whole of `judge serve`.
/// `ready` is called with the bound address once it accepts connections.
pub fn run(
    judge: Arc<Judge>,
    options: ServerOptions,
    cancel: Arc<AtomicBool>,
    ready: impl FnOnce(SocketAddr),
) -> Result<()> {
    let listen = options.listen.clone();
    let listen_error = |cause| ServerError::Listen {
        address: listen.clone(),
        cause,
    };
    // Bound first, so that a port in use is reported before the problems are built.
    let listener = std::net::TcpListener::bind(&listen).map_err(listen_error)?;
    listener.set_nonblocking(true).map_err(listen_error)?;
    let server = Server::start(judge, options)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("judge-http")
        .build()
        .map_err(listen_error)?;
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::from_std(listener) {
            Ok(listener) => listener,
            Err(cause) => {
                tokio::task::spawn_blocking(move || server.stop())
                    .await
                    .ok();
                return Err(listen_error(cause));
            }
        };
        if let Ok(address) = listener.local_addr() {
            ready(address);
        }
        server.serve(listener, flag_set(cancel)).await
    })
}

/// Logs to stderr (`RUST_LOG` filters; default: info).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
