//! CSRF protection: every form carries a token that a page from this site put there.
//! Logged-in forms carry the session's token (kept with the session); the log-in form,
//! before there is a session, carries a token that is also in a short-lived cookie
//! (double submit). Comparisons take constant time.

use crate::accounts::{hex, random_bytes};
use crate::error::Result;
use crate::http_error::HttpError;

/// The form field that carries the token.
pub const FIELD: &str = "csrf";

/// A fresh token.
pub fn new_token() -> Result<String> {
    Ok(hex(&random_bytes::<32>()?))
}

/// Equality in time that depends only on the lengths.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Checks a submitted token against the expected one (403 if missing or different).
pub fn verify(expected: &str, submitted: Option<&str>) -> Result<(), HttpError> {
    match submitted {
        Some(token)
            if !expected.is_empty() && constant_time_eq(expected.as_bytes(), token.as_bytes()) =>
        {
            Ok(())
        }
        _ => Err(HttpError::bad_csrf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_token_passes() {
        let token = new_token().unwrap();
        assert_eq!(token.len(), 64);
        assert!(verify(&token, Some(&token)).is_ok());
        assert_eq!(verify(&token, Some("x")).unwrap_err().status, 403);
        assert!(verify(&token, None).is_err());
        assert!(
            verify("", Some("")).is_err(),
            "an empty expected token never matches"
        );
        assert!(!constant_time_eq(b"ab", b"ac"));
    }
}
