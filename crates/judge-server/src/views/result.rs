//! A result on a submission's page: the compiler's messages and the tests, grouped by
//! subtask (each with its verdict and points) when the problem has subtasks.

use super::format;
use crate::subtasks::Subtask;
use judge_core::{SubmissionResult, TestResult};
use maud::{html, Markup};

/// Points as "30/100".
pub fn points_fraction(earned: f64, worth: f64) -> String {
    format!(
        "{}/{}",
        judge_core::text::points(earned),
        judge_core::text::points(worth)
    )
}

/// The compiler's messages and the tests (`subtasks` empty: one flat table).
pub fn tests(result: &SubmissionResult, subtasks: &[Subtask]) -> Markup {
    html! {
        @if !result.compile.message.trim().is_empty() {
            h2 { @if result.compile.success { "Compiler messages" } @else { "Compile error" } }
            pre class="compile" { (result.compile.message) }
        }
        @if !result.tests.is_empty() || !subtasks.is_empty() {
            h2 { @if subtasks.is_empty() { "Tests" } @else { "Subtasks and tests" } }
            div class="scroll" {
                table class="grid tests" {
                    thead { tr { th { "Test" } th { "Verdict" } th class="num" { "CPU" } th class="num" { "Wall" } th class="num" { "Memory" } th { "Details" } } }
                    @if subtasks.is_empty() {
                        tbody { @for test in &result.tests { (test_row(test)) } }
                    }
                    @for (number, subtask) in numbered(subtasks) {
                        tbody class="subtask" {
                            tr class="subtask-head" {
                                th colspan="6" {
                                    @match (&subtask.name, number) {
                                        (Some(name), Some(n)) => { "Subtask " (n) ": " (name) }
                                        _ => { @if subtask.samples { "Samples" } @else { "Tests in no subtask" } }
                                    }
                                    " "
                                    @match subtask.verdict {
                                        Some(verdict) => { (format::verdict(verdict)) }
                                        None => { span class="verdict v-pending" { "–" } }
                                    }
                                    @if let (Some(earned), Some(worth)) = (subtask.earned, subtask.worth) {
                                        " " span class="subtask-points" { (points_fraction(earned, worth)) " points" }
                                    }
                                    @if subtask.not_run > 0 {
                                        " " span class="muted" { "(" (subtask.not_run) " not run: the subtask had already failed)" }
                                    }
                                }
                            }
                            @for &i in &subtask.tests { @if let Some(test) = result.tests.get(i) { (test_row(test)) } }
                        }
                    }
                }
            }
        }
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

fn test_row(test: &TestResult) -> Markup {
    html! {
        tr {
            td { (test.name) }
            td { (format::verdict(test.verdict)) }
            td class="num" { (format::seconds(test.cpu_time_s)) }
            td class="num" { (format::seconds(test.wall_time_s)) }
            td class="num" { (format::bytes(test.peak_memory_bytes)) }
            td class="details" {
                (test.message)
                @if let Some(diff) = &test.diff { pre class="diff" { (diff) } }
            }
        }
    }
}
