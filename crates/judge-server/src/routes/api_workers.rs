//! The worker endpoints (`/api/v1/worker/...`): the queue over HTTP for `judge worker
//! --server URL --token TOKEN`, a judging machine that has only the server's address. The
//! wire format is judge-worker's `remote` module (one definition, for the client and
//! here); every operation is the store's own (`claim`, `heartbeat`, `set_progress`,
//! `finish`, `release`), so the lease rules are those of every worker: a result under a
//! lapsed or superseded lease is discarded, a result is written once per round, and a
//! killed worker's leases lapse and its submissions are taken by another.
//!
//! Every request carries `Authorization: Bearer TOKEN`, a worker token ([`Machine`]: a
//! role of its own; an account's token gets 401 here, and a worker token gets 401 from
//! every other page and API). A worker names itself in each request; its leases' owner is
//! `MACHINE/NAME`, so one machine's token reaches no other machine's leases. Whatever a
//! worker sends is checked (names, lengths, hashes, lease lengths, JSON with no unknown
//! field) and refused with a JSON error (`{"error", "code", "status"}`), never a panic.
//!
//! | route | what |
//! | --- | --- |
//! | `POST /api/v1/worker/claim` | the next submission of a published version (or of the versions named), in the languages named (none: any), under a new lease |
//! | `POST /api/v1/worker/heartbeat` | renews the worker's leases; the submissions it still holds |
//! | `POST /api/v1/worker/progress` | how far a claimed submission's judging has come |
//! | `POST /api/v1/worker/result` | the result, written under the lease or discarded (`{"done": false}`) |
//! | `POST /api/v1/worker/release` | hands one submission back; `/release-all`: all the worker's (it restarted) |
//! | `POST /api/v1/worker/report` | what the worker says of itself (the teacher's list of workers, the languages it runs) |
//! | `GET /api/v1/worker/queue` | the published problem versions, how many wait and are judged |
//! | `GET /api/v1/worker/problems/{id}/{sha256}` | a published version's archive (judge-worker's `problem_hash`) |

use super::api::unauthorized;
use super::input::json_body;
use super::table::{get, post, Routes};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::Json;
use judge_course::accounts::{token_sha256, WORKER_TOKEN_PREFIX};
use judge_course::ServerError;
use judge_store::{Claimed, JudgeOutcome, ProblemVersion, Store, WorkerReport, WorkerToken};
use judge_worker::backend::{claim_from_store, BackendError, Claimable};
use judge_worker::remote::{
    check_language_ids, ClaimAnswer, ClaimBody, CountAnswer, DoneAnswer, HeartbeatAnswer,
    HeartbeatBody, LeaseBody, NameBody, ProgressBody, QueueAnswer, ResultBody, WireClaim,
    WireLease,
};

/// The result's address, whose bodies may be larger than any other JSON request's (a
/// result holds every test's verdict, diff and picture).
pub(super) const RESULT_PATH: &str = "/api/v1/worker/result";
/// The largest result body.
pub(super) const RESULT_BODY_LIMIT: usize = 64 << 20;
/// The shortest and longest lease a worker may ask for.
const LEASE_MS: std::ops::RangeInclusive<i64> = 300..=3_600_000;
/// The most problem versions a claim may name.
const MAX_VERSIONS: usize = 10_000;

/// The worker endpoints (the module's table).
pub(super) fn routes(options: &ServerOptions) -> Routes {
    let small = 1 << 20;
    let _ = options;
    Routes::new()
        .route("/api/v1/worker/claim", post(claim).body_limit(small))
        .route(
            "/api/v1/worker/heartbeat",
            post(heartbeat).body_limit(small),
        )
        .route("/api/v1/worker/progress", post(progress).body_limit(small))
        .route(RESULT_PATH, post(result).body_limit(RESULT_BODY_LIMIT))
        .route("/api/v1/worker/release", post(release).body_limit(small))
        .route(
            "/api/v1/worker/release-all",
            post(release_all).body_limit(small),
        )
        .route("/api/v1/worker/report", post(report).body_limit(small))
        .route("/api/v1/worker/queue", get(queue))
        .route("/api/v1/worker/problems/{id}/{sha256}", get(problem))
}

/// The judging machine of the request's worker token (else 401, as JSON).
pub struct Machine(pub WorkerToken);

impl FromRequestParts<AppState> for Machine {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .map(str::trim)
            .unwrap_or("");
        if token.is_empty() {
            return Err(unauthorized(
                "The worker endpoints need Authorization: Bearer TOKEN (a worker token from `judge users worker-token NAME`).",
            ));
        }
        if !token.starts_with(WORKER_TOKEN_PREFIX) || token.len() > 128 {
            return Err(unauthorized(
                "This is not a worker token (an account's API token cannot claim work; `judge users worker-token NAME` makes one).",
            ));
        }
        let hash = token_sha256(token);
        match state
            .with_store(move |store| store.worker_by_token(&hash))
            .await
        {
            Ok(Some(machine)) => Ok(Machine(machine)),
            Ok(None) => Err(unauthorized(
                "The worker token is unknown or was revoked: this worker may claim nothing more.",
            )),
            Err(error) => Err(error.into_json().into_response()),
        }
    }
}

fn bad(message: impl Into<String>) -> HttpError {
    HttpError::bad_request(message).into_json()
}

/// Whether `name` is a worker's or machine's name: 1 to 64 letters, digits, `.`, `_`, `-`.
pub fn valid_worker_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The leases' owner for the worker `name` of `machine`.
fn owner_of(machine: &WorkerToken, name: &str) -> Result<String, HttpError> {
    if !valid_worker_name(name) {
        return Err(bad(
            "name must be 1 to 64 letters, digits, '.', '_' or '-' (the worker's --name)",
        ));
    }
    Ok(format!("{}/{name}", machine.name))
}

fn check_lease_ms(lease_ms: i64) -> Result<(), HttpError> {
    if !LEASE_MS.contains(&lease_ms) {
        return Err(bad(format!(
            "lease_ms must be {} to {}, not {lease_ms}",
            LEASE_MS.start(),
            LEASE_MS.end()
        )));
    }
    Ok(())
}

fn is_sha256(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

fn check_versions(versions: &[ProblemVersion]) -> Result<(), HttpError> {
    if versions.len() > MAX_VERSIONS {
        return Err(bad(format!("at most {MAX_VERSIONS} problem versions")));
    }
    match versions
        .iter()
        .find(|v| v.id.is_empty() || v.id.len() > 128 || !is_sha256(&v.content_sha256))
    {
        Some(v) => Err(bad(format!(
            "{:?} is no problem version (an id and a SHA-256 in lowercase hex)",
            v.id
        ))),
        None => Ok(()),
    }
}

/// The lease a worker names, as the store checks it: its owner is the worker's.
fn lease_of(owner: String, lease: WireLease) -> Result<Claimed, HttpError> {
    if lease.problem_sha256.len() > 64 {
        return Err(bad("problem_sha256 is a SHA-256 in lowercase hex"));
    }
    Ok(Claimed {
        id: lease.id,
        round: lease.round,
        claim: lease.claim,
        owner,
        problem: String::new(),
        problem_sha256: lease.problem_sha256,
        language: String::new(),
        source: String::new(),
        contest: None,
    })
}

/// Runs a store operation on a blocking thread; errors as JSON.
async fn stored<T, F>(state: &AppState, f: F) -> Result<T, HttpError>
where
    T: Send + 'static,
    F: FnOnce(&Store) -> Result<T, ServerError> + Send + 'static,
{
    state
        .blocking(move |shared| f(&shared.store))
        .await
        .map_err(HttpError::into_json)
}

/// `POST /api/v1/worker/claim`.
async fn claim(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<ClaimBody>, JsonRejection>,
) -> Result<Json<ClaimAnswer>, HttpError> {
    let body = json_body(body)?;
    let owner = owner_of(&machine, &body.name)?;
    check_lease_ms(body.lease_ms)?;
    if let Some(only) = &body.only {
        check_versions(only)?;
    }
    check_versions(&body.except)?;
    if let Some(languages) = &body.languages {
        check_language_ids(languages).map_err(bad)?;
    }
    let claimed = stored(&state, move |store| {
        let claimable = match &body.only {
            Some(only) => Claimable::Only(only),
            None => Claimable::AllBut(&body.except),
        };
        let languages = body.languages.as_deref();
        claim_from_store(store, &owner, body.lease_ms, claimable, languages).map_err(|error| {
            match error {
                BackendError::Store(error) => ServerError::Store(error),
                other => ServerError::Task(other.to_string()),
            }
        })
    })
    .await?;
    Ok(Json(ClaimAnswer {
        claimed: claimed.map(WireClaim::from_claimed),
    }))
}

/// `POST /api/v1/worker/heartbeat`.
async fn heartbeat(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<HeartbeatBody>, JsonRejection>,
) -> Result<Json<HeartbeatAnswer>, HttpError> {
    let body = json_body(body)?;
    let owner = owner_of(&machine, &body.name)?;
    check_lease_ms(body.lease_ms)?;
    let kept = stored(&state, move |store| {
        Ok(store.heartbeat(&owner, body.lease_ms)?)
    })
    .await?;
    Ok(Json(HeartbeatAnswer { kept }))
}

/// `POST /api/v1/worker/progress`.
async fn progress(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<ProgressBody>, JsonRejection>,
) -> Result<Json<DoneAnswer>, HttpError> {
    let body = json_body(body)?;
    let claimed = lease_of(owner_of(&machine, &body.name)?, body.lease)?;
    let progress = body.progress;
    if progress.tests_done > progress.tests_total || progress.tests_total > 1_000_000 {
        return Err(bad(
            "tests_done must be at most tests_total (at most 1000000)",
        ));
    }
    // The store checks the claim's number and state; the owner is checked here, since a
    // progress row names no owner.
    let done = stored(&state, move |store| {
        if !holds(store, &claimed)? {
            return Ok(false);
        }
        Ok(store.set_progress(&claimed, &progress)?)
    })
    .await?;
    Ok(Json(DoneAnswer { done }))
}

/// Whether `claimed.owner` holds the submission's lease now, under this claim.
fn holds(store: &Store, claimed: &Claimed) -> Result<bool, ServerError> {
    Ok(store
        .lease_holder(claimed.id)?
        .is_some_and(|(owner, claims)| owner == claimed.owner && claims == claimed.claim))
}

/// `POST /api/v1/worker/result`.
async fn result(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<ResultBody>, JsonRejection>,
) -> Result<Json<DoneAnswer>, HttpError> {
    let body = json_body(body)?;
    let claimed = lease_of(owner_of(&machine, &body.name)?, body.lease)?;
    let outcome = JudgeOutcome::from(body.outcome);
    match &outcome {
        JudgeOutcome::Judged(result) => {
            if result.tests_passed > result.tests_total || result.tests.len() > 1_000_000 {
                return Err(bad("a result with more tests passed than tests"));
            }
        }
        JudgeOutcome::Failed(why) => {
            if why.len() > 64 * 1024 {
                return Err(bad("a judge error's reason of more than 64 KiB"));
            }
        }
    }
    // `finish` writes only under the current, unexpired lease of this owner, once per
    // round: a late or repeated result is discarded (`done: false`).
    let done = stored(&state, move |store| Ok(store.finish(&claimed, &outcome)?)).await?;
    Ok(Json(DoneAnswer { done }))
}

/// `POST /api/v1/worker/release`.
async fn release(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<LeaseBody>, JsonRejection>,
) -> Result<Json<DoneAnswer>, HttpError> {
    let body = json_body(body)?;
    let claimed = lease_of(owner_of(&machine, &body.name)?, body.lease)?;
    let done = stored(&state, move |store| {
        if !holds(store, &claimed)? {
            return Ok(false);
        }
        Ok(store.release(&claimed)?)
    })
    .await?;
    Ok(Json(DoneAnswer { done }))
}

/// `POST /api/v1/worker/release-all`.
async fn release_all(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<NameBody>, JsonRejection>,
) -> Result<Json<CountAnswer>, HttpError> {
    let body = json_body(body)?;
    let owner = owner_of(&machine, &body.name)?;
    let count = stored(&state, move |store| Ok(store.release_owner(&owner)?)).await?;
    Ok(Json(CountAnswer { count }))
}

/// `POST /api/v1/worker/report`.
async fn report(
    State(state): State<AppState>,
    Machine(machine): Machine,
    body: Result<Json<WorkerReport>, JsonRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let mut report = json_body(body)?;
    report.name = owner_of(&machine, &report.name)?;
    if report.host.len() > 255 || report.note.len() > 16 * 1024 {
        return Err(bad("host is at most 255 bytes, note at most 16 KiB"));
    }
    if let Some(languages) = &report.languages {
        check_language_ids(languages).map_err(bad)?;
    }
    stored(&state, move |store| Ok(store.report_worker(&report)?)).await?;
    Ok(Json(serde_json::json!({})))
}

/// `GET /api/v1/worker/queue`.
async fn queue(
    State(state): State<AppState>,
    Machine(_): Machine,
) -> Result<Json<QueueAnswer>, HttpError> {
    let answer = stored(&state, |store| {
        let (queued, judging) = store.queue_counts()?;
        Ok(QueueAnswer {
            published: store.published_problems()?,
            queued,
            judging,
        })
    })
    .await?;
    Ok(Json(answer))
}

/// `GET /api/v1/worker/problems/{id}/{sha256}`: the archive of a published version,
/// made from the server's copy now (404 when that version is no longer the server's).
async fn problem(
    State(state): State<AppState>,
    Machine(_): Machine,
    Path((id, sha256)): Path<(String, String)>,
) -> Result<Response, HttpError> {
    if !is_sha256(&sha256) || id.is_empty() || id.len() > 128 {
        return Err(HttpError::not_found("There is no such problem version.").into_json());
    }
    let bytes = state
        .blocking(move |shared| {
            let version = ProblemVersion {
                id: id.clone(),
                content_sha256: sha256.clone(),
            };
            if !shared.store.published_problems()?.contains(&version) {
                return Ok(None);
            }
            let bytes = judge_worker::problem_hash::archive(&shared.judge, &id)?;
            // Changed on disk since it was published: the next publication names it.
            Ok((judge_worker::problem_hash::archive_sha256(&bytes) == sha256).then_some(bytes))
        })
        .await
        .map_err(HttpError::into_json)?;
    let Some(bytes) = bytes else {
        return Err(HttpError::not_found(
            "That problem version is not the server's (any more): claim again for the current one.",
        )
        .into_json());
    };
    Ok(([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response())
}
