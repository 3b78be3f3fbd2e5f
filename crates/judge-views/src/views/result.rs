//! A result on a submission's page: the compiler's messages and the tests, grouped by
//! subtask (each with its verdict and points) when the problem has subtasks.

use super::format;
use judge_course::subtasks::Subtask;
use judge_model::{SubmissionResult, TestResult};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of a result's tests.
    pub struct ResultTexts {
        compiler_messages => "Compiler messages", "编译信息";
        compile_error => "Compile error", "编译错误";
        tests => "Tests", "测试点";
        subtasks_and_tests => "Subtasks and tests", "子任务与测试点";
        subtask(n: usize, name: &str) => "Subtask {n}: {name}", "子任务 {n}：{name}";
        subtask_numbered(name: &str) => "Subtask {name}", "子任务 {name}";
        samples => "Samples", "样例";
        no_subtask => "Tests in no subtask", "不属于任何子任务的测试点";
        test => "Test", "测试点";
        verdict => "Verdict", "结果";
        wall => "Wall", "墙钟时间";
        memory => "Memory", "内存";
        details => "Details", "详情";
        diff_caption => "Your output against the expected answer (− expected, + yours):", "你的输出与标准答案的差异（− 标准答案，+ 你的输出）：";
        stderr_caption => "What the program wrote to stderr:", "程序输出到标准错误（stderr）的内容：";
        points => " points", " 分";
        not_run(count: usize) => "({count} not run: the subtask had already failed)", "（{count} 个未运行：该子任务已有测试点未通过）";
        stopped_early(count: usize) => "{count} more not run: judging stopped at the first failure, which decides the verdict.", "另有 {count} 个测试点未运行：评测在第一个未通过的测试点处停止，它已决定结果。";
    }
}

/// Points as "30/100".
pub fn points_fraction(earned: f64, worth: f64) -> String {
    format!(
        "{}/{}",
        judge_model::text::points(earned),
        judge_model::text::points(worth)
    )
}

/// The compiler's messages and the tests (`subtasks` empty: one flat table).
pub fn tests(result: &SubmissionResult, subtasks: &[Subtask]) -> Markup {
    let t = ResultTexts::current();
    html! {
        @if !result.compile.message.trim().is_empty() {
            h2 { @if result.compile.success { (t.compiler_messages()) } @else { (t.compile_error()) } }
            pre class="compile" { (result.compile.message) }
        }
        @if !result.tests.is_empty() || !subtasks.is_empty() {
            h2 { @if subtasks.is_empty() { (t.tests()) } @else { (t.subtasks_and_tests()) } }
            div class="scroll" {
                table class="grid tests" {
                    thead { tr { th { (t.test()) } th { (t.verdict()) } th class="num" { "CPU" } th class="num" { (t.wall()) } th class="num" { (t.memory()) } th { (t.details()) } } }
                    @if subtasks.is_empty() {
                        tbody { @for test in &result.tests { (test_row(t, test)) } }
                    }
                    @for (number, subtask) in numbered(subtasks) {
                        tbody class="subtask" {
                            tr class="subtask-head" {
                                th colspan="6" {
                                    @match (&subtask.name, number) {
                                        (Some(name), Some(n)) => { (subtask_title(t, n, name)) }
                                        _ => { @if subtask.samples { (t.samples()) } @else { (t.no_subtask()) } }
                                    }
                                    " "
                                    @match subtask.verdict {
                                        Some(verdict) => { (format::verdict(verdict)) }
                                        None => { span class="verdict v-pending" { "–" } }
                                    }
                                    @if let (Some(earned), Some(worth)) = (subtask.earned, subtask.worth) {
                                        " " span class="subtask-points" { (points_fraction(earned, worth)) (t.points()) }
                                    }
                                    @if subtask.not_run > 0 {
                                        " " span class="muted" { (t.not_run(subtask.not_run)) }
                                    }
                                }
                            }
                            @for &i in &subtask.tests { @if let Some(test) = result.tests.get(i) { (test_row(t, test)) } }
                        }
                    }
                }
            }
            @let not_run = result.tests_total.saturating_sub(result.tests.len());
            @if subtasks.is_empty() && not_run > 0 {
                p class="muted not-run" { (t.stopped_early(not_run)) }
            }
        }
    }
}

/// A subtask's heading: its own name once when the name is a number (a Polygon
/// package's groups `0`, `1`, `2`: "Subtask 0"), else its place and its name
/// ("Subtask 1: small numbers").
fn subtask_title(t: ResultTexts, place: usize, name: &str) -> String {
    let number = !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit());
    if number {
        t.subtask_numbered(name)
    } else {
        t.subtask(place, name)
    }
}

/// Each subtask with its number (the tests in none have none).
fn numbered(subtasks: &[Subtask]) -> Vec<(Option<usize>, &Subtask)> {
    let mut next = 0;
    subtasks
        .iter()
        .map(|s| {
            if s.name.is_some() {
                next += 1;
                (Some(next), s)
            } else {
                (None, s)
            }
        })
        .collect()
}

/// A test's row: its verdict, measures and message, and (a sample's, or any test's for the
/// teacher) the output's diff against the answer, the program's stderr, which only
/// sample tests keep, and the output's picture (visibility.rs decides what a student sees). Its message is the
/// verdict in words (a secret test's, for a student) or what the checker or the judge
/// said about the run, shown as the program output it is.
fn test_row(t: ResultTexts, test: &TestResult) -> Markup {
    let words = judge_i18n::VerdictTexts(t.0).of(test.verdict);
    html! {
        tr {
            td { (test.name) }
            td { (format::verdict(test.verdict)) }
            td class="num" { (format::seconds(test.cpu_time_s)) }
            td class="num" { (format::seconds(test.wall_time_s)) }
            td class="num" { (format::bytes(test.peak_memory_bytes)) }
            td class="details" {
                @if test.message == words || test.message.is_empty() { (test.message) }
                @else { samp { (test.message) } }
                @if let Some(diff) = &test.diff {
                    div class="test-extra" {
                        span class="caption" { (t.diff_caption()) }
                        pre class="diff" { (diff) }
                    }
                }
                @if let Some(stderr) = &test.stderr {
                    div class="test-extra" {
                        span class="caption" { (t.stderr_caption()) }
                        pre class="stderr" { (stderr) }
                    }
                }
                @if let Some(picture) = &test.picture {
                    (super::picture::picture(picture))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_i18n::Lang;

    /// Issue 30's walk, item 16: Polygon's groups `0`, `1`, `2` were "Subtask 1: 0".
    #[test]
    fn a_subtask_named_by_a_number_is_shown_by_it_once() {
        let t = ResultTexts(Lang::En);
        assert_eq!(subtask_title(t, 1, "0"), "Subtask 0");
        assert_eq!(subtask_title(t, 3, "2"), "Subtask 2");
        assert_eq!(
            subtask_title(t, 1, "small numbers"),
            "Subtask 1: small numbers"
        );
        assert_eq!(subtask_title(t, 2, "2a"), "Subtask 2: 2a");
        assert_eq!(subtask_title(ResultTexts(Lang::Zh), 1, "0"), "子任务 0");
    }
}
