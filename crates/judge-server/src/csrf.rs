//! CSRF protection: every form carries a token that a page from this site put there.
//! Logged-in forms carry the session's token (kept with the session); the log-in form,
//! before there is a session, carries a token the server signed (HMAC-SHA256 with a key
//! kept in the store, with its expiry), which must also be in a short-lived cookie (double
//! submit): a value the client made up is refused. Comparisons take constant time.

use crate::http_error::HttpError;
use hmac::{KeyInit, Mac};
use judge_course::accounts::{hex, random_bytes};
use judge_course::Result;

/// The settings key of the log-in form's signing key.
pub const LOGIN_KEY_SETTING: &str = "login_form_key";

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

fn login_mac(key: &[u8], expires_s: i64, nonce: &str) -> String {
    // Any key length is valid for HMAC.
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(format!("login|{expires_s}|{nonce}").as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// A log-in form token signed with `key`, valid until `expires_s` (Unix seconds).
pub fn new_login_token(key: &[u8], expires_s: i64) -> Result<String> {
    let nonce = hex(&random_bytes::<16>()?);
    Ok(format!(
        "{expires_s}.{nonce}.{}",
        login_mac(key, expires_s, &nonce)
    ))
}

/// Checks a log-in form: the token in the form is the cookie's, was signed with `key`, and
/// has not expired at `now_s` (403 otherwise).
pub fn verify_login(
    key: &[u8],
    cookie: &str,
    submitted: Option<&str>,
    now_s: i64,
) -> Result<(), HttpError> {
    verify(cookie, submitted)?;
    let mut parts = cookie.splitn(3, '.');
    let (Some(expires), Some(nonce), Some(mac)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(HttpError::bad_csrf());
    };
    let Ok(expires_s) = expires.parse::<i64>() else {
        return Err(HttpError::bad_csrf());
    };
    let expected = login_mac(key, expires_s, nonce);
    if expires_s <= now_s || !constant_time_eq(expected.as_bytes(), mac.as_bytes()) {
        return Err(HttpError::bad_csrf());
    }
    Ok(())
}

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

    #[test]
    fn only_a_login_token_the_server_signed_and_unexpired_passes() {
        let key = b"server key";
        let token = new_login_token(key, 1_000).unwrap();
        assert!(verify_login(key, &token, Some(&token), 999).is_ok());
        assert!(
            verify_login(key, &token, Some(&token), 1_000).is_err(),
            "expired"
        );
        assert!(verify_login(b"other key", &token, Some(&token), 999).is_err());
        let made_up = "x".repeat(64);
        assert!(verify_login(key, &made_up, Some(&made_up), 0).is_err());
        let longer = token.replacen("1000.", "9999.", 1);
        assert!(
            verify_login(key, &longer, Some(&longer), 999).is_err(),
            "expiry is signed"
        );
        let other = new_login_token(key, 1_000).unwrap();
        assert!(
            verify_login(key, &token, Some(&other), 0).is_err(),
            "cookie and form differ"
        );
    }
}
