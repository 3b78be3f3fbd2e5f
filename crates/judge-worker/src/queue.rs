//! The queue's live side in one process: waking idle workers when a submission arrives
//! (from this process's pages, or from another process through the store's
//! notifications), asking them to stop, and the listener that writes a submission's
//! progress to the store while it is judged. The queue itself is in the store.

use crate::backend::Backend;
use judge_model::events::{Event, Listener};
use judge_model::Verdict;
use judge_store::{Claimed, Progress};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often a submission's progress row is written at most (the first change after
/// compiling is written at once).
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(500);

/// Wake-ups and the stop request.
#[derive(Debug, Default)]
pub struct Queue {
    generation: Mutex<u64>,
    arrived: Condvar,
    stopping: AtomicBool,
}

impl Queue {
    /// A new queue.
    pub fn new() -> Queue {
        Queue::default()
    }

    /// Tells idle workers that submissions are waiting.
    pub fn notify(&self) {
        let mut generation = self.generation.lock().unwrap_or_else(|e| e.into_inner());
        *generation += 1;
        self.arrived.notify_all();
    }

    /// The current wake-up generation (read before looking for work, so that a
    /// submission stored in between is not slept through).
    pub fn generation(&self) -> u64 {
        *self.generation.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until a notification newer than `seen`, a stop, or `timeout`.
    pub fn wait(&self, seen: u64, timeout: Duration) {
        let generation = self.generation.lock().unwrap_or_else(|e| e.into_inner());
        let _unused = self
            .arrived
            .wait_timeout_while(generation, timeout, |g| {
                *g == seen && !self.stopping.load(Ordering::SeqCst)
            })
            .unwrap_or_else(|e| e.into_inner());
    }

    /// Asks workers to stop after their current submission.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.notify();
    }

    /// Whether workers were asked to stop.
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }
}

/// Writes a claimed submission's progress to the store as its events arrive, at most
/// every [`PROGRESS_INTERVAL`]. A failed write is only a stale progress line: it is
/// dropped, never the judging.
pub struct ProgressListener<'a> {
    store: &'a dyn Backend,
    claimed: &'a Claimed,
    progress: Progress,
    written: Option<Instant>,
}

impl<'a> ProgressListener<'a> {
    /// A listener for `claimed`.
    pub fn new(store: &'a dyn Backend, claimed: &'a Claimed) -> ProgressListener<'a> {
        ProgressListener {
            store,
            claimed,
            progress: Progress::compiling(),
            written: None,
        }
    }

    fn write(&mut self, force: bool) {
        let due = self
            .written
            .is_none_or(|at| at.elapsed() >= PROGRESS_INTERVAL);
        if !(force || due) {
            return;
        }
        if let Err(error) = self.store.set_progress(self.claimed, &self.progress) {
            tracing::debug!("progress of submission {}: {error}", self.claimed.id);
        }
        self.written = Some(Instant::now());
    }
}

impl Listener for ProgressListener<'_> {
    fn on_event(&mut self, event: &Event<'_>) {
        match event {
            Event::Started { tests, .. } => self.progress.tests_total = *tests,
            Event::Compiled(result) => {
                self.progress.compiled = true;
                if result.success {
                    self.write(true);
                }
            }
            // The server judges one submission at a time per worker: no run-level events.
            Event::TestStarted { .. }
            | Event::TestSkipped { .. }
            | Event::Finished(_)
            | Event::RunStarted { .. }
            | Event::SubmissionFinished(_)
            | Event::CheckFinished { .. }
            | Event::RunFinished
            | Event::StressRound(_) => {}
            Event::TestFinished { index, result } => {
                self.progress.tests_done = index + 1;
                if result.verdict != Verdict::AC && self.progress.first_failure.is_none() {
                    self.progress.first_failure = Some(result.verdict);
                }
                if self.progress.tests_done < self.progress.tests_total {
                    self.write(false);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_notification_wakes_a_waiter_and_an_old_one_does_not_sleep_through() {
        let queue = Arc::new(Queue::new());
        let seen = queue.generation();
        queue.notify();
        let started = Instant::now();
        queue.wait(seen, Duration::from_secs(5));
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "did not sleep past the notify"
        );
        let seen = queue.generation();
        let waker = {
            let queue = queue.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                queue.stop();
            })
        };
        queue.wait(seen, Duration::from_secs(5));
        assert!(queue.stopping());
        assert!(started.elapsed() < Duration::from_secs(2));
        waker.join().unwrap();
    }
}
