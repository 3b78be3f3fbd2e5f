//! The Kattis protocols, for a checker or validator exported into a Kattis problem
//! package (`judge export --kattis`): the exported program's `main` calls [`enable`]
//! before the native one, and [`crate::checker::run`] and [`crate::validator::run`] then
//! speak Kattis instead of testlib.
//!
//! Output validator: `validator INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT`; exit 42
//! accepted, 43 rejected (the message in `FEEDBACK_DIR/judgemessage.txt`), anything else
//! a judge error. Input validator: the input on stdin, its arguments are flags; exit 42
//! valid, 43 invalid.

use std::sync::atomic::{AtomicBool, Ordering};

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Exit code: accepted, or a valid input.
pub const ACCEPTED: u8 = 42;
/// Exit code: rejected, or an invalid input.
pub const REJECTED: u8 = 43;
/// Exit code: the program itself failed (any code but 42 and 43 is a judge error).
pub const FAILED: u8 = 1;

/// Makes this process speak the Kattis protocols.
pub fn enable() {
    ENABLED.store(true, Ordering::SeqCst);
}

/// Whether [`enable`] was called.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::SeqCst)
}
