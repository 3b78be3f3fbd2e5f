//! The worker pool: threads that take queued submissions from the store, judge them with
//! the shared [`Judge`] and write the result. Judging blocks (compilers, the sandbox), so
//! workers are plain threads, never the async runtime's.

use crate::queue::Queue;
use crate::store::{Claimed, JudgeOutcome, Store};
use judge_core::judge::{JudgeOptions, Submission};
use judge_core::{Judge, JudgeError, SubmissionResult};
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How long an idle worker sleeps before looking at the store again without a wake-up
/// (submissions queued by another process, such as a rejudge from a second server).
const IDLE_POLL: Duration = Duration::from_secs(2);

/// The running workers.
#[derive(Debug)]
pub struct Workers {
    handles: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts `count` workers.
    pub fn start(count: usize, store: Store, judge: Arc<Judge>, queue: Arc<Queue>) -> Workers {
        let handles = (0..count)
            .map(|index| {
                let (store, judge, queue) = (store.clone(), judge.clone(), queue.clone());
                std::thread::Builder::new()
                    .name(format!("judge-worker-{index}"))
                    .spawn(move || work(&store, &judge, &queue))
            })
            .filter_map(|spawned| match spawned {
                Ok(handle) => Some(handle),
                Err(error) => {
                    tracing::error!("cannot start a judging worker: {error}");
                    None
                }
            })
            .collect();
        Workers { handles }
    }

    /// How many workers run.
    pub fn count(&self) -> usize {
        self.handles.len()
    }

    /// Waits for every worker to finish (after [`Queue::stop`]).
    pub fn join(self) {
        for handle in self.handles {
            let _ = handle.join();
        }
    }
}

fn work(store: &Store, judge: &Judge, queue: &Queue) {
    while !queue.stopping() {
        let seen = queue.generation();
        match store.claim_next() {
            Ok(Some(claimed)) => judge_claimed(store, judge, queue, &claimed),
            Ok(None) => queue.wait(seen, IDLE_POLL),
            Err(error) => {
                tracing::error!("cannot take a submission from the queue: {error}");
                queue.wait(seen, IDLE_POLL);
            }
        }
    }
}

/// Judges one claimed submission and stores the outcome.
pub fn judge_claimed(store: &Store, judge: &Judge, queue: &Queue, claimed: &Claimed) {
    tracing::info!(
        "judging submission {} (round {}, {} in {})",
        claimed.id,
        claimed.round,
        claimed.problem,
        claimed.language
    );
    let judged = std::panic::catch_unwind(AssertUnwindSafe(|| judge_source(judge, queue, claimed)));
    let outcome = match judged {
        Ok(Ok(result)) => JudgeOutcome::Judged(Box::new(result)),
        Ok(Err(JudgeError::Cancelled)) => {
            // The server is stopping: the next start judges it again.
            if let Err(error) = store.unclaim(claimed) {
                tracing::error!(
                    "cannot put submission {} back in the queue: {error}",
                    claimed.id
                );
            }
            return;
        }
        Ok(Err(error)) => JudgeOutcome::Failed(error.to_string()),
        Err(_) => JudgeOutcome::Failed(
            "the judge crashed on this submission (a bug: please report it)".into(),
        ),
    };
    match store.finish(claimed, &outcome) {
        Ok(true) => {
            let verdict = match &outcome {
                JudgeOutcome::Judged(result) => result.verdict.code().to_string(),
                JudgeOutcome::Failed(reason) => format!("JE ({reason})"),
            };
            tracing::info!(
                "submission {} round {}: {verdict}",
                claimed.id,
                claimed.round
            );
        }
        Ok(false) => tracing::info!(
            "submission {} round {} was rejudged meanwhile; this result is dropped",
            claimed.id,
            claimed.round
        ),
        // It stays "judging" and is judged again at the next start.
        Err(error) => tracing::error!(
            "cannot store the result of submission {}: {error}",
            claimed.id
        ),
    }
}

fn judge_source(
    judge: &Judge,
    queue: &Queue,
    claimed: &Claimed,
) -> Result<SubmissionResult, JudgeError> {
    let problem = judge.problem(&claimed.problem)?;
    let judging = judge.judging(&problem)?;
    let language = judge.languages.by_id(&claimed.language)?;
    let source = PathBuf::from(format!(
        "submission-{}/{}",
        claimed.id, language.spec.source
    ));
    let mut listener = queue.listener(claimed.id);
    let submission = Submission {
        problem: &problem,
        source: &source,
        bytes: claimed.source.as_bytes(),
        language,
        judging: &judging,
        options: JudgeOptions::default(),
    };
    judge.judge(&submission, &mut listener)
}

/// Builds every contest problem's checker ahead of the first submission (a cargo build
/// can take a minute). A broken judge.toml or problem.toml (a subtask pattern that
/// matches no test, a bad limit) is refused here, with the message every other command
/// gives; a problem that cannot be built or has no tests yet is logged (its submissions
/// get a judge error until the teacher fixes it and rejudges).
pub fn warm_up(judge: &Judge, problems: &[String]) -> Result<(), JudgeError> {
    for id in problems {
        match judge
            .problem(id)
            .and_then(|problem| judge.judging(&problem))
        {
            Ok(_) => tracing::info!("problem {id} is ready"),
            Err(error @ JudgeError::Config(_)) => return Err(error),
            Err(error) => tracing::warn!("problem {id} cannot be judged yet: {error}"),
        }
    }
    Ok(())
}
