//! What every logged-in page shows of the clarifications: the navigation's "Questions"
//! entry (with the open questions' count for a teacher) and the announcements banner
//! under the header. The page itself is [`super::clarifications`].

use super::format;
use judge_i18n::Lang;
use judge_store::Notices;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the navigation entry and the banner.
    pub struct NoticeTexts {
        questions => "Questions", "提问";
        waiting_count => "questions waiting for an answer", "待回答的提问";
        new_announcements(count: usize) => "{count} new announcements", "{count} 条新公告";
        one_new_announcement => "1 new announcement", "1 条新公告";
        read_them => "read them", "查看";
    }
}

/// The navigation entry: "Questions", with the open questions' count for a teacher
/// (`active`: the current entry).
pub fn nav_entry(notices: &Notices, active: bool, lang: Lang) -> Markup {
    let open = notices.open_questions;
    let t = NoticeTexts(lang);
    html! {
        a href=(notices.page()) class=[active.then_some("active")] {
            (t.questions())
            @if open > 0 {
                " " span class="count" title=(t.waiting_count()) { (open) }
            }
        }
    }
}

/// The announcements banner under the header of every page: the newest one, or every new
/// one (up to three) with how many are new since the user last looked.
pub fn banner(notices: &Notices) -> Markup {
    let t = NoticeTexts::current();
    let shown = notices.unseen.clamp(1, notices.newest.len().max(1));
    html! {
        @if !notices.newest.is_empty() {
            aside class={ "announcements" @if notices.unseen > 0 { " new" } } id="announcements-banner" {
                @if notices.unseen > 0 {
                    p class="announcements-head" {
                        strong {
                            @if notices.unseen == 1 { (t.one_new_announcement()) }
                            @else { (t.new_announcements(notices.unseen)) }
                        }
                        " · " a href={ (notices.page()) "#announcements" } { (t.read_them()) }
                    }
                }
                @for announcement in notices.newest.iter().take(shown) {
                    p class="announcement" {
                        span class="muted" { (format::time(announcement.posted_at_ms)) } " "
                        span class="text" { (announcement.body) }
                    }
                }
            }
        }
    }
}
