//! judge-worker: the judging side of the web server, apart from its pages.
//!
//! - [`workers`]: a pool of threads that claim queued submissions from the store under a
//!   lease and judge them with judge-core's [`judge_core::Judge`], inside `judge serve`
//!   or as `judge worker` on another machine;
//! - `queue`: the queue's live side in one process ([`Queue`]: wake-ups, stopping,
//!   progress written to the store while a submission is judged);
//! - [`backend`]: where a pool takes work and writes results: the store, or the server
//!   over HTTP ([`remote`]: the client of `judge worker --server`; the endpoints are
//!   judge-server's `routes/api_workers.rs`, over the same store functions);
//! - [`problem_hash`]: each problem's content hash and archive, so that a worker judges
//!   only on the server's copy of a problem;
//! - [`problem_cache`]: the archives a `judge worker --server` fetched, checked and kept
//!   (bounded, least recently used).
//!
//! It reads and writes the queue through judge-store (or the server's endpoints over it)
//! and judges through judge-core; it knows nothing of pages.

pub mod backend;
pub mod problem_cache;
pub mod problem_hash;
mod queue;
pub mod remote;
pub mod workers;

pub use queue::Queue;
