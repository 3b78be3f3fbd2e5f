//! The frame of every page: head, navigation, the user and the log-out button.

use super::document::{head, language_switch};
use judge_course::session::Session;
use judge_i18n::{FrameTexts, Lang};
use judge_store::User;
use judge_store::{CourseNotices, Notices};
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
    /// The language of the page (the request's, see [`judge_i18n`]).
    pub lang: Lang,
    /// Announcements and open questions (see `views::notices::banner`; none until
    /// [`Chrome::with_notices`]).
    pub notices: Notices,
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
            lang: judge_i18n::current(),
            notices: Notices::default(),
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
        contests: &judge_course::contest::Contests,
        session: Option<&Session>,
        active: &'static str,
    ) -> Chrome {
        let mut chrome = Chrome::new(&contests.first().title, session, active);
        let now = judge_store::now_ms();
        chrome.clock = contests
            .all()
            .iter()
            .filter(|c| session.is_none_or(|s| c.is_for(&s.user)))
            .filter_map(|c| super::clock::ClockView::of(c, now))
            .min_by_key(|clock| clock.end_ms);
        chrome
    }

    /// The frame of a page of `contest`: its title, its pages in the navigation, its
    /// clock.
    pub fn for_contest(
        contest: &judge_course::contest::Contest,
        session: Option<&Session>,
        active: &'static str,
    ) -> Chrome {
        let mut chrome = Chrome::new(&contest.title, session, active);
        chrome.links = [
            contest.href("/problems"),
            contest.submit_href(None),
            contest.href("/scoreboard"),
        ];
        chrome.clock = super::clock::ClockView::of(contest, judge_store::now_ms());
        chrome
    }

    /// The frame with the announcements and open questions of `notices` (the course's, as
    /// the page read them for its user), as a page of `contest` shows them (None: a page
    /// of no one contest).
    pub fn with_notices(
        mut self,
        notices: &CourseNotices,
        contest: Option<&judge_course::contest::Contest>,
    ) -> Chrome {
        self.notices = match contest {
            Some(contest) => notices.frame(
                Some(&contest.scope()),
                contest.form_href("/clarifications", None),
            ),
            None => notices.frame(None, String::new()),
        };
        self
    }
}

/// The hidden CSRF field of a form.
pub fn csrf_field(token: &str) -> Markup {
    html! { input type="hidden" name=(judge_course::session::CSRF_FIELD) value=(token); }
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
        ("grades", "/grades", t.grades()),
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
                            (super::notices::nav_entry(&chrome.notices, chrome.active == "clarifications", chrome.lang))
                            @if user.is_teacher() {
                                a href="/teacher" class=[(chrome.active == "teacher").then_some("active")] { (t.teacher()) }
                            }
                        }
                        div class="who" {
                            (language_switch(chrome.lang))
                            a class="user" href="/account" title=(t.my_account()) { (user.name) @if user.is_teacher() { (t.teacher_mark()) } }
                            form method="post" action="/logout" class="inline" {
                                (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                                button type="submit" class="link" { (t.log_out()) }
                            }
                        }
                    } @else {
                        div class="who" { (language_switch(chrome.lang)) }
                    }
                }
                @if chrome.user.is_some() { (super::notices::banner(&chrome.notices)) }
                @if let Some(clock) = &chrome.clock { (clock.render()) }
                main { (body) }
            }
        }
    }
}
