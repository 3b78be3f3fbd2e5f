//! The queue's live side: waking idle workers when a submission arrives, and the progress
//! of submissions being judged (compiling, test 3 of 25), which pages poll. The queue
//! itself is in the store (`submissions.state`); this is only what need not survive a
//! restart.

use judge_core::events::{Event, Listener};
use judge_core::Verdict;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How far the judging of one submission has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Progress {
    /// Whether it compiled (false while compiling).
    pub compiled: bool,
    /// Tests finished.
    pub tests_done: usize,
    /// Tests in the problem.
    pub tests_total: usize,
    /// The verdict of the first test that failed so far.
    pub first_failure: Option<Verdict>,
}

impl Progress {
    /// A line for people: `compiling`, `test 4 of 25`.
    pub fn describe(&self) -> String {
        if !self.compiled {
            "compiling".into()
        } else {
            format!(
                "running test {} of {}",
                (self.tests_done + 1).min(self.tests_total),
                self.tests_total
            )
        }
    }
}

/// Wake-ups and live progress.
#[derive(Debug, Default)]
pub struct Queue {
    generation: Mutex<u64>,
    arrived: Condvar,
    stopping: AtomicBool,
    live: Mutex<HashMap<i64, Progress>>,
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

    /// The progress of a submission being judged.
    pub fn progress(&self, id: i64) -> Option<Progress> {
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .copied()
    }

    fn set_progress(&self, id: i64, progress: Option<Progress>) {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        match progress {
            Some(progress) => live.insert(id, progress),
            None => live.remove(&id),
        };
    }

    /// A listener that records a submission's progress here while it is judged.
    pub fn listener(&self, id: i64) -> ProgressListener<'_> {
        ProgressListener {
            queue: self,
            id,
            progress: Progress {
                compiled: false,
                tests_done: 0,
                tests_total: 0,
                first_failure: None,
            },
        }
    }
}

/// Records a submission's progress in the [`Queue`]; forgets it when dropped.
pub struct ProgressListener<'a> {
    queue: &'a Queue,
    id: i64,
    progress: Progress,
}

impl Listener for ProgressListener<'_> {
    fn on_event(&mut self, event: &Event<'_>) {
        match event {
            Event::Started { tests, .. } => self.progress.tests_total = *tests,
            Event::Compiled(_) => self.progress.compiled = true,
            Event::TestStarted { .. } => {}
            Event::TestFinished { index, result } => {
                self.progress.tests_done = index + 1;
                if result.verdict != Verdict::AC && self.progress.first_failure.is_none() {
                    self.progress.first_failure = Some(result.verdict);
                }
            }
            // The server judges one submission at a time per worker: no run-level events.
            Event::Finished(_)
            | Event::RunStarted { .. }
            | Event::SubmissionFinished(_)
            | Event::CheckFinished { .. }
            | Event::RunFinished => {}
        }
        self.queue.set_progress(self.id, Some(self.progress));
    }
}

impl Drop for ProgressListener<'_> {
    fn drop(&mut self) {
        self.queue.set_progress(self.id, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Instant;

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

    #[test]
    fn progress_lives_while_the_listener_does() {
        let queue = Queue::new();
        {
            let mut listener = queue.listener(7);
            let compile = judge_core::verdict::CompileResult {
                success: true,
                message: String::new(),
                cpu_time_s: 0.0,
                wall_time_s: 0.0,
                cached: false,
            };
            listener.on_event(&Event::Compiled(&compile));
            assert!(queue.progress(7).unwrap().compiled);
        }
        assert_eq!(queue.progress(7), None);
    }

    #[test]
    fn progress_reads_as_words() {
        let mut progress = Progress {
            compiled: false,
            tests_done: 0,
            tests_total: 25,
            first_failure: None,
        };
        assert_eq!(progress.describe(), "compiling");
        progress.compiled = true;
        progress.tests_done = 3;
        assert_eq!(progress.describe(), "running test 4 of 25");
        progress.tests_done = 25;
        assert_eq!(progress.describe(), "running test 25 of 25");
    }
}
