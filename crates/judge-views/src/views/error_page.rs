//! The page of an error answer (judge-server's `http_error::HttpError`): the status, the message
//! in the request's language, and a way on. It needs no session, so that any error can be
//! shown.

use super::document::{head, language_switch};
use http::StatusCode;
use judge_i18n::FrameTexts;
use maud::{html, Markup, DOCTYPE};

judge_i18n::texts! {
    /// The reasons of error statuses.
    pub struct StatusTexts {
        bad_request => "Bad Request", "请求有误";
        unauthorized => "Unauthorized", "未登录";
        forbidden => "Forbidden", "禁止访问";
        not_found => "Not Found", "页面不存在";
        timeout => "Request Timeout", "请求超时";
        too_large => "Payload Too Large", "内容过大";
        not_text => "Unsupported Media Type", "不支持的内容类型";
        unprocessable => "Unprocessable Content", "无法处理";
        too_many => "Too Many Requests", "请求过于频繁";
        internal => "Internal Server Error", "服务器内部错误";
        unavailable => "Service Unavailable", "暂时无法服务";
    }
}

impl StatusTexts {
    /// A status's reason, in the page's language (the standard one when not listed).
    pub fn of(self, status: StatusCode) -> &'static str {
        match status.as_u16() {
            400 => self.bad_request(),
            401 => self.unauthorized(),
            403 => self.forbidden(),
            404 => self.not_found(),
            408 => self.timeout(),
            413 => self.too_large(),
            415 => self.not_text(),
            422 => self.unprocessable(),
            429 => self.too_many(),
            500 => self.internal(),
            503 => self.unavailable(),
            _ => status
                .canonical_reason()
                .unwrap_or(FrameTexts(self.0).error()),
        }
    }
}

/// The page of an error answer (in the request's language), with what a program said
/// about it (`detail`, shown as it is).
pub fn error_page(status: StatusCode, message: &str, detail: Option<&str>) -> Markup {
    let lang = judge_i18n::current();
    let t = FrameTexts(lang);
    let reason = StatusTexts(lang).of(status);
    html! {
        (DOCTYPE)
        html lang=(lang.html_lang()) {
            (head(reason))
            body {
                header class="top" {
                    a class="brand" href="/problems" { "judge" }
                    div class="who" { (language_switch(lang)) }
                }
                main {
                    h1 { (status.as_u16()) " " (reason) }
                    p class="error-message" { (message) @if let Some(detail) = detail { " " samp class="error-detail" { (detail) } } }
                    p {
                        @if status == StatusCode::UNAUTHORIZED {
                            a href="/login" { (t.log_in()) }
                        } @else {
                            a href="/problems" { (t.back_to_problems()) }
                        }
                    }
                }
            }
        }
    }
}
