//! Cookies: the one a request carries, and the `Set-Cookie` header that sets one. The
//! session's and the log-in form's are [`crate::auth`]'s, the interface language's
//! [`judge_i18n`]'s.

use axum::http::{header, HeaderMap, HeaderValue};

/// A cookie's value from the request headers (parsed by the cookie crate).
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
}

/// A `Set-Cookie` value: HttpOnly, with the given path, lifetime and SameSite policy
/// (`Lax` or `Strict`), and Secure when asked.
pub fn set_cookie(
    name: &str,
    value: &str,
    path: &str,
    max_age_s: u64,
    same_site: &str,
    secure: bool,
) -> HeaderValue {
    let same_site = if same_site.eq_ignore_ascii_case("strict") {
        cookie::SameSite::Strict
    } else {
        cookie::SameSite::Lax
    };
    let built = cookie::Cookie::build((name.to_string(), value.to_string()))
        .path(path.to_string())
        .max_age(cookie::time::Duration::seconds(
            i64::try_from(max_age_s).unwrap_or(i64::MAX),
        ))
        .http_only(true)
        .same_site(same_site)
        .secure(secure)
        .build();
    // Names and values are our own hex tokens: always a valid header.
    HeaderValue::from_str(&built.to_string()).unwrap_or_else(|_| HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; judge_session=abc ; b=2"),
        );
        assert_eq!(cookie(&headers, "judge_session").as_deref(), Some("abc"));
        assert_eq!(cookie(&headers, "b").as_deref(), Some("2"));
        assert_eq!(cookie(&headers, "c"), None);
    }

    #[test]
    fn set_cookie_has_the_protections() {
        let value = set_cookie("judge_session", "ab12", "/", 60, "Lax", true);
        let text = value.to_str().unwrap();
        assert!(
            text.starts_with("judge_session=ab12")
                && text.contains("HttpOnly")
                && text.contains("SameSite=Lax")
                && text.contains("Path=/")
                && text.contains("Max-Age=60")
                && text.contains("Secure"),
            "{text}"
        );
        let strict = set_cookie("judge_login", "cd", "/login", 60, "Strict", false);
        let text = strict.to_str().unwrap();
        assert!(
            text.contains("SameSite=Strict") && !text.contains("Secure"),
            "{text}"
        );
    }
}
