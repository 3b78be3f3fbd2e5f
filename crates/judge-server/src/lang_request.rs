//! Which language a request is answered in (judge-i18n's [`Lang`]): decided once per
//! request by [`middleware`], from the `judge_lang` cookie if the request has one (set by
//! the switch on every page), else from its `Accept-Language` header. The JSON API
//! (`/api/...`) is for programs: it always answers in English. A handler that needs the
//! language itself (a stream that outlives it) takes `Extension(lang): Extension<Lang>`.

use crate::cookies::cookie;
use axum::http::{header, HeaderMap};
use axum::response::Response;
use judge_i18n::{Lang, COOKIE};

/// A request's language: its cookie, else its Accept-Language.
pub fn of_request(headers: &HeaderMap) -> Lang {
    Lang::of_request(
        cookie(headers, COOKIE).as_deref(),
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or(""),
    )
}

/// Decides each request's language and answers it with that language current.
pub async fn middleware(
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let lang = if is_api(request.uri().path()) {
        Lang::En
    } else {
        of_request(request.headers())
    };
    let here = request
        .uri()
        .path_and_query()
        .map_or_else(|| "/".to_string(), |p| p.as_str().to_string());
    request.extensions_mut().insert(lang);
    judge_i18n::answering(lang, here, next.run(request)).await
}

/// Whether `path` is the JSON API's (English whatever the reader's language).
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_cookie_wins_over_accept_language() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("zh-CN"));
        assert_eq!(of_request(&headers), Lang::Zh);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; judge_lang=en"),
        );
        assert_eq!(of_request(&headers), Lang::En);
        headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("en"));
        headers.insert(header::COOKIE, HeaderValue::from_static("judge_lang=zh"));
        assert_eq!(of_request(&headers), Lang::Zh);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("judge_lang=klingon"),
        );
        assert_eq!(of_request(&headers), Lang::En, "a bad cookie is ignored");
    }

    #[test]
    fn the_api_answers_in_english() {
        assert!(is_api("/api/v1/problems"));
        assert!(is_api("/api"));
        assert!(!is_api("/apiary"));
        assert!(!is_api("/problems"));
    }
}
