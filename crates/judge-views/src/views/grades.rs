//! The gradebook page: students x contests, each cell the points that count (a late
//! homework's points before its rule beside them), each contest's weight and maximum,
//! the total. A teacher sees every student, with the exports; a student their own row.

use super::layout::{page as frame, Chrome};
use crate::links::encode_component;
use judge_contest::gradebook::{Cell, Gradebook};
use judge_model::text::points;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the gradebook.
    pub struct GradesTexts {
        title => "Grades", "成绩";
        mine => "My grades", "我的成绩";
        rule => "Each contest counts its problems' best attempts; a late homework attempt counts after the set's late rule, and a late resubmission never lowers a grade. The total is the sum of each contest's weight times its points.",
            "每场比赛按各题最好的一次提交计分；迟交的作业按该作业的迟交规则折算，迟交的重新提交不会降低已得的分数。总分为各场比赛的权重乘以得分之和。";
        student => "Student", "学生";
        weight(w: String) => "weight {w}", "权重 {w}";
        out_of(max: String) => "of {max}", "满分 {max}";
        total => "Total", "总分";
        late(before: String) => "late: {before} before the rule", "迟交：折算前 {before}";
        pending(n: usize) => "{n} not judged yet", "{n} 次未评完";
        nobody => "No students yet.", "还没有学生。";
        group => "Group", "分组";
        all_groups => "(all)", "（全部）";
        show => "Show", "筛选";
        cell_link(student: &str, contest: &str) => "{student}'s submissions in {contest}", "{student} 在 {contest} 的提交";
        exports => "Download", "下载";
        lms_note => "Moodle and Canvas files name students by their log-in names here; to name them by e-mail or an id from the class list, use judge grades --class-list (see docs/server.md, Grades).",
            "Moodle 和 Canvas 文件以本站登录名标识学生；如需按班级名单中的邮箱或学号标识，请使用 judge grades --class-list（见 docs/server.md 的“成绩”一节）。";
    }
}

/// What the page shows.
pub struct Page {
    /// The gradebook (a student's: their row only).
    pub book: Gradebook,
    /// Whether the viewer is a teacher (exports, links to each student's submissions).
    pub teacher: bool,
    /// The course's groups (the teacher's filter).
    pub groups: Vec<String>,
    /// The group shown, if one is chosen.
    pub group: Option<String>,
}

fn cell_view(t: GradesTexts, cell: &Cell) -> Markup {
    html! {
        (points(cell.points))
        @if cell.problems.iter().any(|p| p.late) || cell.before_penalty > cell.points + 1e-9 {
            br;
            small class="late" { (t.late(points(cell.before_penalty))) }
        }
        @if cell.pending > 0 {
            br;
            small class="muted" { (t.pending(cell.pending)) }
        }
    }
}

/// The page.
pub fn page(chrome: &Chrome, view: &Page) -> Markup {
    let t = GradesTexts(chrome.lang);
    let book = &view.book;
    let title = if view.teacher { t.title() } else { t.mine() };
    frame(
        chrome,
        title,
        html! {
            h1 { (title) }
            p class="note" { (t.rule()) }
            @if view.teacher && !view.groups.is_empty() {
                form method="get" action="/grades" class="filters" {
                    label { (t.group()) " "
                        select name="group" {
                            option value="" { (t.all_groups()) }
                            @for group in &view.groups {
                                option value=(group) selected[view.group.as_ref() == Some(group)] { (group) }
                            }
                        }
                    }
                    " " button type="submit" class="small" { (t.show()) }
                }
            }
            @if book.rows.is_empty() {
                p { (t.nobody()) }
            } @else {
                div class="scroll" {
                    table class="grid grades" {
                        thead {
                            tr {
                                th { (t.student()) }
                                @for column in &book.columns {
                                    th {
                                        (column.title) br;
                                        small class="muted" { (t.out_of(points(column.max_points))) " · " (t.weight(points(column.weight))) }
                                    }
                                }
                                th { (t.total()) br; small class="muted" { (t.out_of(points(book.max_total))) } }
                            }
                        }
                        tbody {
                            @for row in &book.rows {
                                tr {
                                    th scope="row" {
                                        @if view.teacher {
                                            a href=(format!("/teacher/submissions?student={}", encode_component(&row.student))) { (row.student) }
                                        } @else {
                                            a href="/submissions" { (row.student) }
                                        }
                                    }
                                    @for cell in &row.cells {
                                        td class="num" {
                                            @if view.teacher {
                                                a href=(format!("/teacher/submissions?student={}&contest={}", encode_component(&row.student), encode_component(&cell.contest)))
                                                    title=(t.cell_link(&row.student, &cell.contest)) { (cell_view(t, cell)) }
                                            } @else {
                                                (cell_view(t, cell))
                                            }
                                        }
                                    }
                                    td class="num" { strong { (points(row.total)) } }
                                }
                            }
                        }
                    }
                }
            }
            @if view.teacher {
                h2 { (t.exports()) }
                p {
                    @for file in ["grades.csv", "grades.json", "moodle.csv", "canvas.csv"] {
                        @let group = view.group.as_deref().map_or_else(String::new, |g| format!("?group={}", encode_component(g)));
                        a href=(format!("/grades/export/{file}{group}")) download { (file) } " "
                    }
                }
                p class="note" { (t.lms_note()) }
            }
        },
    )
}
