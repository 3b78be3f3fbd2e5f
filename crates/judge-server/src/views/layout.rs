//! The frame of every page: head, navigation, the user and the log-out button.

use crate::auth::Session;
use crate::i18n::{self, FrameTexts, Lang};
use crate::store::User;
use axum::http::StatusCode;
use maud::{html, Markup, DOCTYPE};

/// What the frame needs to know.
#[derive(Debug, Clone)]
pub struct Chrome {
    /// The contest's title.
    pub contest_title: String,
    /// Who is logged in.
    pub user: Option<User>,
    /// Their CSRF token (for the log-out form).
    pub csrf_token: Option<String>,
    /// Which navigation entry is current.
    pub active: &'static str,
    /// The language of the page (the request's, see [`crate::i18n`]).
    pub lang: Lang,
    /// Announcements and open questions (see `views::clarifications::banner`).
    pub notices: crate::store::clarifications::Notices,
    /// Where the navigation's problems, submit and scoreboard entries go (the contest
    /// the page belongs to; the first contest's by default).
    pub links: [String; 3],
    /// The contest clock shown under the header, while a contest runs.
    pub clock: Option<super::clock::ClockView>,
}

impl Chrome {
    /// The frame for a session (or none).
    pub fn new(contest_title: &str, session: Option<&Session>, active: &'static str) -> Chrome {
        Chrome {
            contest_title: contest_title.to_string(),
            user: session.map(|s| s.user.clone()),
            csrf_token: session.map(|s| s.csrf_token.clone()),
            active,
            lang: i18n::current(),
            notices: session
                .map(|s| s.notices.frame(None, String::new()))
                .unwrap_or_default(),
            links: ["/problems".into(), "/submit".into(), "/scoreboard".into()],
            clock: None,
        }
    }

    /// The frame's texts in the page's language.
    pub fn t(&self) -> FrameTexts {
        FrameTexts(self.lang)
    }

    /// The frame of a page of no one contest (submissions, the teacher's pages): the
    /// first contest's title, the clock of the running contest that ends first.
    pub fn for_course(
        contests: &crate::contest::Contests,
        session: Option<&Session>,
        active: &'static str,
    ) -> Chrome {
        let mut chrome = Chrome::new(&contests.first().title, session, active);
        let now = crate::store::now_ms();
        chrome.clock = contests
            .all()
            .iter()
            .filter_map(|c| super::clock::ClockView::of(c, now))
            .min_by_key(|clock| clock.end_ms);
        chrome
    }

    /// The frame of a page of `contest`: its title, its pages in the navigation, its
    /// clock.
    pub fn for_contest(
        contest: &crate::contest::Contest,
        session: Option<&Session>,
        active: &'static str,
    ) -> Chrome {
        let mut chrome = Chrome::new(&contest.title, session, active);
        chrome.links = [
            contest.href("/problems"),
            contest.submit_href(None),
            contest.href("/scoreboard"),
        ];
        chrome.clock = super::clock::ClockView::of(contest, crate::store::now_ms());
        if let Some(session) = session {
            chrome.notices = session.notices.frame(
                Some(&contest.scope()),
                contest.form_href("/clarifications", None),
            );
        }
        chrome
    }
}

/// The language switch: each language's own name, linking to `/language` with the page to
/// come back to (the current one is not a link).
pub fn language_switch(lang: Lang) -> Markup {
    let next = crate::links::encode_component(&i18n::current_path());
    html! {
        span class="languages" aria-label=(FrameTexts(lang).language()) {
            @for (i, other) in Lang::ALL.iter().enumerate() {
                @if i > 0 { " · " }
                @if *other == lang {
                    span class="current" lang=(other.html_lang()) { (other.label()) }
                } @else {
                    a href={ "/language?to=" (other.code()) "&next=" (next) } lang=(other.html_lang()) hreflang=(other.html_lang()) data-language=(other.code()) { (other.label()) }
                }
            }
        }
    }
}

/// The hidden CSRF field of a form.
pub fn csrf_field(token: &str) -> Markup {
    html! { input type="hidden" name=(crate::csrf::FIELD) value=(token); }
}

fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            // No favicon request (and no 404 for it in the log).
            link rel="icon" href="data:,";
            link rel="stylesheet" href="/static/style.css";
            link rel="stylesheet" href="/static/scoreboard.css";
            script src="/static/app.js" defer {}
        }
    }
}

/// A whole page.
pub fn page(chrome: &Chrome, title: &str, body: Markup) -> Markup {
    let t = chrome.t();
    let entries: &[(&str, &str, &str)] = &[
        ("contests", "/contests", t.contests()),
        ("problems", &chrome.links[0], t.problems()),
        ("submit", &chrome.links[1], t.submit()),
        ("submissions", "/submissions", t.my_submissions()),
        ("scoreboard", &chrome.links[2], t.scoreboard()),
    ];
    html! {
        (DOCTYPE)
        html lang=(chrome.lang.html_lang()) {
            (head(&format!("{title} · {}", chrome.contest_title)))
            body {
                header class="top" {
                    a class="brand" href="/problems" { (chrome.contest_title) }
                    @if let Some(user) = &chrome.user {
                        nav {
                            @for (key, href, label) in entries {
                                a href=(href) class=[(chrome.active == *key).then_some("active")] { (label) }
                            }
                            (super::clarifications::nav_entry(chrome))
                            @if user.is_teacher() {
                                a href="/teacher" class=[(chrome.active == "teacher").then_some("active")] { (t.teacher()) }
                            }
                        }
                        div class="who" {
                            (language_switch(chrome.lang))
                            span class="user" { (user.name) @if user.is_teacher() { (t.teacher_mark()) } }
                            form method="post" action="/logout" class="inline" {
                                (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                                button type="submit" class="link" { (t.log_out()) }
                            }
                        }
                    } @else {
                        div class="who" { (language_switch(chrome.lang)) }
                    }
                }
                @if chrome.user.is_some() { (super::clarifications::banner(&chrome.notices)) }
                @if let Some(clock) = &chrome.clock { (clock.render()) }
                main { (body) }
            }
        }
    }
}

crate::i18n::texts! {
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
    let lang = i18n::current();
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
