//! What a browser gets when a request cannot be served: the right status and a clear
//! message, as a small HTML page in the request's language (or JSON for the JSON
//! endpoints: `{"error", "code", "status"}`, with `code` a stable word for programs; the
//! API under `/api/` answers in English, see [`judge_i18n`]). Bad input is never a 500;
//! a 500 means the server itself failed (its log says why).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use judge_course::ServerError;

judge_i18n::texts! {
    /// The messages of the errors every route may answer.
    pub struct ErrorTexts {
        not_logged_in => "You are not logged in, or your session has ended. Log in and try again.",
            "你尚未登录，或会话已过期。请登录后重试。";
        bad_csrf => "This form has expired or did not come from this site (its security token does not match). Go back, reload the page and try again.",
            "此表单已过期或并非来自本站（安全令牌不匹配）。请返回、刷新页面后重试。";
        database_unavailable => "The server cannot reach its database right now. Try again in a moment.",
            "服务器暂时无法连接数据库，请稍后再试。";
        server_failed => "The server failed to answer (its log says why). Try again; if it keeps failing, tell the teacher.",
            "服务器未能应答（原因见服务器日志）。请重试；如果一直失败，请告知教师。";
        teachers_only => "This page is for teachers.", "此页面仅供教师使用。";
        no_such_page => "There is no such page.", "没有这个页面。";
        form_too_large => "The form is too large.", "表单内容过大。";
        bad_form(reason: String) => "The form could not be read: {reason}", "无法读取表单：{reason}";
        bad_query(reason: String) => "The address's parameters could not be read: {reason}", "无法读取网址参数：{reason}";
        request_too_large(kib: usize) => "The request is larger than the server accepts ({kib} KiB).", "请求超出服务器接受的大小（{kib} KiB）。";
        unreadable_body => "The request's body could not be read.", "无法读取请求内容。";
        slow_body => "The request's body took too long to arrive.", "请求内容传输超时。";
        no_such(what: &str, text: &str) => "There is no {what} {text:?}.", "没有{what} {text:?}。";
        submission_noun => "submission", "提交";
        question_noun => "question", "问题";
        no_submission(id: i64) => "There is no submission {id}.", "没有提交 #{id}。";
        not_yours(id: i64) => "Submission {id} is not yours: students see only their own.", "提交 #{id} 不是你的：学生只能查看自己的提交。";
        no_problem(problem: &str) => "There is no problem {problem:?} in this contest.", "本场比赛没有题目 {problem:?}。";
        no_contest(id: &str) => "There is no contest {id:?}.", "没有比赛 {id:?}。";
    }
}

/// An error answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpError {
    /// The status.
    pub status: StatusCode,
    /// The message, for people.
    pub message: String,
    /// Seconds after which to retry (429).
    pub retry_after_s: Option<u64>,
    /// Answer with JSON instead of a page.
    pub json: bool,
    /// What a program (the judge, a checker, the problem loader) said, shown after the
    /// message as it is (for the teacher: it is not translated).
    pub detail: Option<String>,
}

impl HttpError {
    /// An error with a status and a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> HttpError {
        HttpError {
            status,
            message: message.into(),
            retry_after_s: None,
            json: false,
            detail: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: no valid session.
    pub fn unauthorized() -> HttpError {
        HttpError::new(
            StatusCode::UNAUTHORIZED,
            ErrorTexts::current().not_logged_in(),
        )
    }

    /// 403: not allowed.
    pub fn forbidden(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::FORBIDDEN, message)
    }

    /// 403: a form without the right CSRF token.
    pub fn bad_csrf() -> HttpError {
        HttpError::forbidden(ErrorTexts::current().bad_csrf())
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::NOT_FOUND, message)
    }

    /// 413: too large.
    pub fn too_large(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 415: not text.
    pub fn not_text(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, message)
    }

    /// 422: understood but not acceptable (unknown language, empty source).
    pub fn unprocessable(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 429: too many submissions.
    pub fn too_many(message: impl Into<String>, retry_after_s: u64) -> HttpError {
        HttpError {
            retry_after_s: Some(retry_after_s),
            ..HttpError::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    /// 503: cannot be served now.
    pub fn unavailable(message: impl Into<String>) -> HttpError {
        HttpError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// The same error, answered as JSON.
    pub fn into_json(mut self) -> HttpError {
        self.json = true;
        self
    }

    /// The same error with what a program said about it.
    pub fn with_detail(mut self, detail: impl Into<String>) -> HttpError {
        self.detail = Some(detail.into());
        self
    }

    /// The stable word for the error's kind in JSON answers (`not_found`, ...), which
    /// programs may match on (the message is for people and may change).
    pub fn code(&self) -> &'static str {
        match self.status.as_u16() {
            400 => "bad_request",
            401 => "unauthorized",
            403 => "forbidden",
            404 => "not_found",
            408 => "timeout",
            409 => "conflict",
            413 => "too_large",
            415 => "not_text",
            422 => "unprocessable",
            429 => "too_many_requests",
            503 => "unavailable",
            500..=599 => "server_error",
            _ => "error",
        }
    }
}

impl From<ServerError> for HttpError {
    fn from(error: ServerError) -> HttpError {
        tracing::error!("{error}");
        if error.is_unavailable() {
            return HttpError {
                retry_after_s: Some(2),
                ..HttpError::unavailable(ErrorTexts::current().database_unavailable())
            };
        }
        HttpError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorTexts::current().server_failed(),
        )
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let mut response = if self.json {
            (
                self.status,
                axum::Json(match &self.detail {
                    Some(detail) => serde_json::json!({ "error": self.message, "detail": detail, "code": self.code(), "status": self.status.as_u16() }),
                    None => serde_json::json!({ "error": self.message, "code": self.code(), "status": self.status.as_u16() }),
                }),
            )
                .into_response()
        } else {
            (
                self.status,
                axum::response::Html(
                    judge_views::views::error_page(
                        self.status,
                        &self.message,
                        self.detail.as_deref(),
                    )
                    .into_string(),
                ),
            )
                .into_response()
        };
        if let Some(seconds) = self.retry_after_s {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
        }
        response
    }
}
