//! judge-worker: the judging side of the web server, apart from its pages.
//!
//! - [`workers`]: a pool of threads that claim queued submissions from the store under a
//!   lease and judge them with judge-core's [`judge_core::Judge`], inside `judge serve`
//!   or as `judge worker` on another machine;
//! - [`queue`]: the queue's live side in one process ([`Queue`]: wake-ups, stopping,
//!   progress written to the store while a submission is judged);
//! - [`problem_hash`]: each problem's content hash, so that a worker judges only on the
//!   server's copy of a problem.
//!
//! It reads and writes the queue through judge-store and judges through judge-core; it
//! knows nothing of HTTP or pages.

pub mod problem_hash;
pub mod queue;
pub mod workers;

pub use queue::Queue;
