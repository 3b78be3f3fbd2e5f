//! Where a pool of workers takes its submissions and writes its results: the store itself
//! (`judge serve`'s own workers, or `judge worker` sharing the server's PostgreSQL), or the
//! server over HTTP (`judge worker --server`, [`crate::remote`]). One interface, so that
//! the lease rules are the store's in both cases: the HTTP endpoints call the same store
//! functions with the same arguments.

use judge_store::{
    ClaimRequest, Claimed, JudgeOutcome, ProblemVersion, Progress, Store, StoreError, WorkerReport,
};

/// What a claim may take.
#[derive(Debug, Clone, Copy)]
pub enum Claimable<'a> {
    /// Only submissions of these problem versions (a machine's own copies).
    Only(&'a [ProblemVersion]),
    /// Any published problem's but these versions' (a machine that fetches what it
    /// lacks, less what it refused).
    AllBut(&'a [ProblemVersion]),
}

/// Why a call to the backend failed.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The server could not be reached, or failed; worth trying again.
    #[error("{0}")]
    Unreachable(String),
    /// The server refuses this worker (its token unknown or revoked): stop claiming.
    #[error("{0}")]
    Refused(String),
    /// The server refused this one request (a malformed or stale one): not worth
    /// repeating as it is.
    #[error("{0}")]
    Rejected(String),
}

/// A result of a backend call.
pub type BackendResult<T> = std::result::Result<T, BackendError>;

/// The queue's operations a worker pool uses (see the store's functions of the same
/// names: their documentation is the rules).
pub trait Backend: Send + Sync {
    /// Takes the next claimable submission in one of `languages` (`None`: any) under a
    /// new lease for `owner`.
    fn claim(
        &self,
        owner: &str,
        lease_ms: i64,
        claimable: Claimable<'_>,
        languages: Option<&[String]>,
    ) -> BackendResult<Option<Claimed>>;
    /// Renews `owner`'s leases; the submissions it still holds.
    fn heartbeat(&self, owner: &str, lease_ms: i64) -> BackendResult<Vec<i64>>;
    /// Records how far judging has come; false when the lease is no longer current.
    fn set_progress(&self, claimed: &Claimed, progress: &Progress) -> BackendResult<bool>;
    /// Writes the result under the lease; false (nothing written) when it is no longer
    /// current.
    fn finish(&self, claimed: &Claimed, outcome: &JudgeOutcome) -> BackendResult<bool>;
    /// Hands the submission back to the queue.
    fn release(&self, claimed: &Claimed) -> BackendResult<bool>;
    /// Hands back everything `owner` holds (a worker of that name starting again).
    fn release_owner(&self, owner: &str) -> BackendResult<usize>;
    /// The server's problem versions.
    fn published_problems(&self) -> BackendResult<Vec<ProblemVersion>>;
    /// Records what a worker says about itself.
    fn report_worker(&self, report: &WorkerReport) -> BackendResult<()>;
    /// How many submissions are queued and how many are being judged.
    fn queue_counts(&self) -> BackendResult<(usize, usize)>;
    /// A problem version's archive (see [`crate::problem_hash`]).
    fn fetch_problem(&self, version: &ProblemVersion) -> BackendResult<Vec<u8>>;
    /// Calls `wake` when submissions may be waiting (a store with notifications); false
    /// when it cannot (the pool then looks every [`crate::workers::IDLE_POLL`]).
    fn watch_queue(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool;
}

/// A claim as the store takes it (in `languages` only, when given): [`Claimable::AllBut`]
/// is the published versions less the refused ones, read just before (a version
/// published in between is taken at the next claim; one replaced in between is no longer
/// claimable, since the store joins the published list).
pub fn claim_from_store(
    store: &Store,
    owner: &str,
    lease_ms: i64,
    claimable: Claimable<'_>,
    languages: Option<&[String]>,
) -> BackendResult<Option<Claimed>> {
    let published;
    let problems = match claimable {
        Claimable::Only(versions) => versions,
        Claimable::AllBut(refused) => {
            published = store
                .published_problems()?
                .into_iter()
                .filter(|version| !refused.contains(version))
                .collect::<Vec<_>>();
            &published[..]
        }
    };
    let request = ClaimRequest {
        owner,
        lease_ms,
        problems,
        languages,
    };
    Ok(store.claim(&request)?)
}

impl Backend for Store {
    fn claim(
        &self,
        owner: &str,
        lease_ms: i64,
        claimable: Claimable<'_>,
        languages: Option<&[String]>,
    ) -> BackendResult<Option<Claimed>> {
        claim_from_store(self, owner, lease_ms, claimable, languages)
    }

    fn heartbeat(&self, owner: &str, lease_ms: i64) -> BackendResult<Vec<i64>> {
        Ok(Store::heartbeat(self, owner, lease_ms)?)
    }

    fn set_progress(&self, claimed: &Claimed, progress: &Progress) -> BackendResult<bool> {
        Ok(Store::set_progress(self, claimed, progress)?)
    }

    fn finish(&self, claimed: &Claimed, outcome: &JudgeOutcome) -> BackendResult<bool> {
        Ok(Store::finish(self, claimed, outcome)?)
    }

    fn release(&self, claimed: &Claimed) -> BackendResult<bool> {
        Ok(Store::release(self, claimed)?)
    }

    fn release_owner(&self, owner: &str) -> BackendResult<usize> {
        Ok(Store::release_owner(self, owner)?)
    }

    fn published_problems(&self) -> BackendResult<Vec<ProblemVersion>> {
        Ok(Store::published_problems(self)?)
    }

    fn report_worker(&self, report: &WorkerReport) -> BackendResult<()> {
        Ok(Store::report_worker(self, report)?)
    }

    fn queue_counts(&self) -> BackendResult<(usize, usize)> {
        Ok(Store::queue_counts(self)?)
    }

    fn fetch_problem(&self, version: &ProblemVersion) -> BackendResult<Vec<u8>> {
        Err(BackendError::Rejected(format!(
            "problem {} is not in this machine's judge.toml (a worker on the store judges its own copies)",
            version.id
        )))
    }

    fn watch_queue(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool {
        self.engine().watch_queue(wake)
    }
}
