//! The charts' numbers as HTML tables, beside each picture (maud escapes every name).

use super::texts::ChartTexts;
use judge_course::charts::{ProblemTests, Progress, Scores, Timeline, Verdicts};
use judge_i18n::VerdictTexts;
use judge_model::text::points;
use maud::{html, Markup};

/// Verdict, submissions, students.
pub fn verdicts(t: ChartTexts, verdicts: &Verdicts) -> Markup {
    let words = VerdictTexts(t.0);
    html! {
        @if verdicts.rows.is_empty() {
            p { (t.nothing_yet()) }
        } @else {
            table class="grid chart-numbers verdicts" {
                thead { tr { th { (t.verdict()) } th class="num" { (t.attempts()) } th class="num" { (t.students()) } } }
                tbody {
                    @for row in &verdicts.rows {
                        tr {
                            td { span class={ "verdict v-" (row.verdict.code()) } { (row.verdict.code()) } " " (words.of(row.verdict)) }
                            td class="num" { (row.attempts) }
                            td class="num" { (row.students) }
                        }
                    }
                }
            }
        }
    }
}

/// Per problem, each test: ran, failed, students who failed it, the share.
pub fn tests(t: ChartTexts, problems: &[ProblemTests]) -> Markup {
    html! {
        @if problems.is_empty() {
            p { (t.nothing_yet()) }
        } @else {
            table class="grid chart-numbers tests" {
                thead { tr {
                    th { (t.problem()) } th { (t.test()) } th class="num" { (t.ran()) }
                    th class="num" { (t.failed()) } th class="num" { (t.students_failed()) } th class="num" { (t.share_failed()) }
                } }
                tbody {
                    @for problem in problems {
                        @for (i, test) in problem.tests.iter().enumerate() {
                            tr {
                                td { (problem.problem) } td { (i + 1) ". " (test.name) }
                                td class="num" { (test.ran) } td class="num" { (test.failed) }
                                td class="num" { (test.students_failed) }
                                td class="num" { (format!("{:.0}%", test.failed_share() * 100.0)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Each step with a submission: its start, submissions, accepted.
pub fn timeline(t: ChartTexts, timeline: &Timeline) -> Markup {
    html! {
        @if timeline.steps.is_empty() {
            p { (t.nothing_yet()) }
        } @else {
            table class="grid chart-numbers timeline" {
                thead { tr { th { (t.from()) } th class="num" { (t.attempts()) } th class="num" { (t.accepted()) } } }
                tbody {
                    // Empty steps are in the CSV; here they would only make the table long.
                    @for step in timeline.steps.iter().filter(|s| s.submissions > 0) {
                        tr {
                            td { (super::super::format::time(step.from_s * 1000)) }
                            td class="num" { (step.submissions) }
                            td class="num" { (step.accepted) }
                        }
                    }
                }
            }
        }
    }
}

/// Each bin and its students.
pub fn scores(t: ChartTexts, scores: &Scores) -> Markup {
    html! {
        @if scores.students.is_empty() {
            p { (t.no_students()) }
        } @else {
            table class="grid chart-numbers scores" {
                thead { tr { th { (t.points()) } th class="num" { (t.students()) } } }
                tbody {
                    @for bin in &scores.bins {
                        tr {
                            td { (t.bin(&points(bin.from), &points(bin.to))) }
                            td class="num" { (bin.students) }
                        }
                    }
                }
            }
        }
    }
}

/// Students x contests, each the points that count.
pub fn progress(t: ChartTexts, progress: &Progress) -> Markup {
    html! {
        @if progress.rows.is_empty() {
            p { (t.no_students()) }
        } @else {
            table class="grid chart-numbers progress" {
                thead { tr {
                    th { (t.student()) }
                    @for (_, title, max) in &progress.contests {
                        th class="num" { (title) br; small class="muted" { (t.out_of(&points(*max))) } }
                    }
                } }
                tbody {
                    @for (student, cells) in &progress.rows {
                        tr {
                            th scope="row" { (student) }
                            @for got in cells { td class="num" { (points(*got)) } }
                        }
                    }
                }
            }
        }
    }
}
