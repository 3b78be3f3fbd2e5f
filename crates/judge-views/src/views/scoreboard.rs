//! The scoreboard.

use super::format;
use super::layout::{page, Chrome};
use judge_contest::export::html::{scoreboard_table_with, ScoreboardLabels};
use judge_course::contest::Contest;
use judge_course::scoreboard::Board;
use judge_model::course::Scoring;

/// A problem's letter on an ICPC board and problem list (A, B, ...).
pub use judge_contest::export::html::problem_letter as letter;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the scoreboard page.
    pub struct ScoreboardTexts {
        title => "Scoreboard", "排行榜";
        ioi => "IOI scoring: points per problem, best attempt", "IOI 赛制：按每题最好一次提交计分";
        icpc => "ICPC scoring: problems solved, then penalty minutes", "ICPC 赛制：先比解题数，再比罚时（分钟）";
        students_see_frozen => "Students see this scoreboard frozen since ", "学生看到的排行榜自 ";
        you_see_unfrozen => "; you see it unfrozen.", " 起已封榜；你看到的是未封榜的结果。";
        frozen_since => "The scoreboard is frozen since ", "排行榜自 ";
        later_unknown => ": later attempts show as ?.", " 起封榜：之后的提交显示为 ?。";
        no_students => "No students yet.", "还没有学生。";
        rank => "Rank", "排名";
        student => "Student", "学生";
        points => "Points", "总分";
        solved => "Solved", "通过数";
        penalty => "Penalty", "罚时";
        solved_tried => "solved / tried", "通过 / 尝试";
        first_solve => "first to solve it", "一血";
        not_counted => "not counted yet", "尚未计入";
    }
}

impl ScoreboardTexts {
    /// The scoreboard table's words in this language.
    pub fn labels(self) -> ScoreboardLabels<'static> {
        ScoreboardLabels {
            rank: self.rank(),
            student: self.student(),
            points: self.points(),
            solved: self.solved(),
            penalty: self.penalty(),
            solved_tried: self.solved_tried(),
            first_solve: self.first_solve(),
            not_counted: self.not_counted(),
        }
    }
}

/// What the scoreboard page says about freezing.
#[derive(Debug, Clone)]
pub struct FreezeNote {
    /// When the freeze began.
    pub since_ms: i64,
    /// Whether this viewer sees the unfrozen board (a teacher) while students do not.
    pub viewer_sees_unfrozen: bool,
}

/// The scoreboard page of `contest`.
pub fn page_view(
    chrome: &Chrome,
    contest: &Contest,
    board: &Board,
    freeze: Option<&FreezeNote>,
) -> Markup {
    let title = &contest.title;
    let standings = &board.standings;
    let t = ScoreboardTexts(chrome.lang);
    let points: Vec<f64> = contest.problems.iter().map(|p| p.points).collect();
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            p class="muted" {
                (title) " · "
                @match standings.scoring { Scoring::Ioi => (t.ioi()), Scoring::Icpc => (t.icpc()) }
            }
            @if let Some(freeze) = freeze {
                p class="notice" {
                    @if freeze.viewer_sees_unfrozen {
                        (t.students_see_frozen()) (format::time(freeze.since_ms)) (t.you_see_unfrozen())
                    } @else {
                        (t.frozen_since()) (format::time(freeze.since_ms)) (t.later_unknown())
                    }
                }
            }
            @if contest.kind == judge_model::course::ContestKind::Homework {
                p class="muted" { (super::contests::ContestTexts::current().late_not_counted()) }
            }
            (scoreboard_table_with(standings, Some(&|problem: &str| contest.href(&format!("/problems/{problem}"))), &points, &t.labels()))
            p { a href=(contest.href("/statistics")) { (super::contests::ContestTexts::current().per_problem()) } }
            @if standings.rows.is_empty() { p class="muted" { (t.no_students()) } }
        },
    )
}
