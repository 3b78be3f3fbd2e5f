//! Who is reading a page: a logged-in session, as the pages draw it (the user, and the
//! CSRF token every form of the page carries). judge-server's `auth` finds it for a
//! request and its `csrf` checks the token.

use judge_store::User;

/// The form field that carries the session's CSRF token.
pub const CSRF_FIELD: &str = "csrf";

/// A logged-in session.
#[derive(Debug, Clone)]
pub struct Session {
    /// The user.
    pub user: User,
    /// The session's CSRF token.
    pub csrf_token: String,
    /// The SHA-256 of the cookie's token (the session's key in the store).
    pub token_sha256: String,
}
