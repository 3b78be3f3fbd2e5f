//! The contest clock under the header of every page of a running contest: the time left
//! and whether the board is frozen, from the server's clock. The page carries the
//! server's end time and its now, so the script counts down from the server's time
//! (not the reader's, which may be wrong); without the script the text is right at load.

use super::format;
use judge_course::contest::{Contest, Phase};
use judge_model::course::ContestKind;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the contest clock.
    pub struct ClockTexts {
        time_left => "Time left", "剩余时间";
        before_deadline => "Time left before the deadline", "距截止还有";
        late_closes => "Late submissions close in", "距迟交截止还有";
        until => "until", "截至";
        frozen => "Scoreboard frozen", "排行榜已封榜";
        since => "since", "封榜于";
        freezes_at => "the scoreboard freezes at", "排行榜封榜时间";
        day_unit => "d", "天";
    }
}

/// What the clock shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    /// The contest's title.
    pub title: String,
    /// The end (a homework set: the deadline; after it, `late_until`), Unix ms.
    pub end_ms: i64,
    /// The server's time when the page was made.
    pub now_ms: i64,
    /// Since when the public board is frozen, if it is.
    pub frozen_since_ms: Option<i64>,
    /// When the board freezes, if later.
    pub freezes_at_ms: Option<i64>,
    /// Past a homework deadline: what counts down is the end of late submissions.
    pub late: bool,
    /// A homework set (says "deadline", not "end").
    pub homework: bool,
}

impl ClockView {
    /// The clock of `contest` at `now_ms`: while it runs with an end, or while a
    /// homework set takes late submissions until a set time.
    pub fn of(contest: &Contest, now_ms: i64) -> Option<ClockView> {
        let window = contest.window();
        let (end_ms, late) = match contest.phase(now_ms) {
            Phase::Running => (window.end_ms?, false),
            Phase::Late => (window.late_until_ms?, true),
            Phase::NotStarted | Phase::Over => return None,
        };
        let freeze = contest.freeze_at_ms().filter(|_| !contest.published());
        Some(ClockView {
            title: contest.title.clone(),
            end_ms,
            now_ms,
            frozen_since_ms: freeze.filter(|&at| now_ms >= at),
            freezes_at_ms: freeze.filter(|&at| now_ms < at),
            late,
            homework: contest.kind == ContestKind::Homework,
        })
    }

    /// The clock's HTML (and its script).
    pub fn render(&self) -> Markup {
        let left = (self.end_ms - self.now_ms).max(0);
        let t = ClockTexts::current();
        let what = match (self.homework, self.late) {
            (_, true) => t.late_closes(),
            (true, false) => t.before_deadline(),
            (false, false) => t.time_left(),
        };
        html! {
            div class="contest-clock" role="timer" data-end-ms=(self.end_ms) data-now-ms=(self.now_ms) data-day-unit=(t.day_unit()) {
                span class="clock-contest" { (self.title) ": " }
                span class="clock-left" { (what) " " strong data-clock-left { (remaining(left, t.day_unit())) } }
                span class="muted" { " (" (t.until()) " " (format::time(self.end_ms)) ")" }
                @if let Some(since) = self.frozen_since_ms {
                    " · " strong class="clock-frozen" { (t.frozen()) } span class="muted" { " " (t.since()) " " (format::time(since)) }
                } @else if let Some(at) = self.freezes_at_ms {
                    " · " span class="muted clock-freezes" { (t.freezes_at()) " " (format::time(at)) }
                }
            }
            script src="/static/contests.js" defer {}
        }
    }
}

/// `1:05:09`, `4:59`, or with days `2 d 3:04:05` (`day_unit`: `d`, `天`).
pub fn remaining(ms: i64, day_unit: &str) -> String {
    let total = ms.max(0) / 1000;
    let (days, hours, minutes, seconds) = (
        total / 86_400,
        total / 3600 % 24,
        total / 60 % 60,
        total % 60,
    );
    match (days, hours) {
        (0, 0) => format!("{minutes}:{seconds:02}"),
        (0, _) => format!("{hours}:{minutes:02}:{seconds:02}"),
        _ => format!("{days} {day_unit} {hours}:{minutes:02}:{seconds:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::remaining;

    #[test]
    fn time_left_reads_as_a_clock() {
        assert_eq!(remaining(-5, "d"), "0:00");
        assert_eq!(remaining(299_999, "d"), "4:59");
        assert_eq!(remaining(3_909_000, "d"), "1:05:09");
        assert_eq!(remaining(2 * 86_400_000 + 3_845_000, "d"), "2 d 1:04:05");
        assert_eq!(remaining(2 * 86_400_000 + 3_845_000, "天"), "2 天 1:04:05");
    }
}
