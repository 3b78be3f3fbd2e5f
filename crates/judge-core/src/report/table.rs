//! The terminal table: a row per test as it finishes, then the overall verdict, the
//! fraction of tests passed (and the points, where the contest gives the problem points),
//! and the diff of the first wrong answer. Everything that came from the submission (its
//! file name, messages, the diff) is escaped ([`escape::terminal_line`]); the test column
//! is as wide as the longest test name, counted in terminal columns ([`columns`]).

use crate::config::judge_toml::ContestProblemToml;
use crate::contest::scoring::{attempt_points, AttemptRecord};
use crate::events::{Event, Listener};
use crate::text::{columns, escape, fit, mebibytes, pad_right, seconds};
use crate::verdict::{SubmissionResult, TimeLimitKind, Verdict};
use std::io::Write;

/// Prints the table to a writer as events arrive.
pub struct TableReporter<W: Write> {
    out: W,
    colour: bool,
    tests: usize,
    points: Option<ContestProblemToml>,
    name_width: usize,
}

/// The test column's width when the names are not known beforehand.
const DEFAULT_NAME_WIDTH: usize = 28;
/// The widest the test column grows; longer names are cut with `…`.
const MAX_NAME_WIDTH: usize = 60;

impl<W: Write> TableReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W, colour: bool) -> TableReporter<W> {
        TableReporter {
            out,
            colour,
            tests: 0,
            points: None,
            name_width: DEFAULT_NAME_WIDTH,
        }
    }

    /// Makes the test column as wide as the longest of the problem's test names.
    pub fn with_test_names<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Self {
        let longest = names.into_iter().map(columns).max().unwrap_or(0);
        self.name_width = longest.clamp("test".len(), MAX_NAME_WIDTH);
        self
    }

    /// Also shows the points the submission would earn in the contest (IOI rules).
    pub fn with_points(mut self, problem: Option<ContestProblemToml>) -> TableReporter<W> {
        self.points = problem;
        self
    }

    fn paint(&self, verdict: Verdict) -> String {
        if !self.colour {
            return format!("{:<4}", verdict.code());
        }
        let code = match verdict {
            Verdict::AC => "32",
            Verdict::CE | Verdict::JE => "35",
            Verdict::TLE | Verdict::MLE | Verdict::OLE => "33",
            _ => "31",
        };
        format!("\x1b[1;{code}m{:<4}\x1b[0m", verdict.code())
    }

    fn summary(&mut self, result: &SubmissionResult) -> std::io::Result<()> {
        let verdict = self.paint(result.verdict);
        let first = result
            .first_failure
            .as_ref()
            .map(|name| format!(" (first failure: {})", escape::terminal_line(name)))
            .unwrap_or_default();
        // A judge error behind another verdict still says so: the result is incomplete.
        let judge_error = result
            .first_judge_error()
            .filter(|_| result.verdict != Verdict::JE)
            .map(|test| {
                format!(
                    "; and a judge error on {} ({}): the judge's fault, not the submission's; judge it again",
                    escape::terminal_line(&test.name),
                    escape::terminal_line(&test.message)
                )
            })
            .unwrap_or_default();
        writeln!(self.out)?;
        writeln!(
            self.out,
            "verdict: {} {}{first}{judge_error}",
            verdict.trim_end(),
            result.verdict.description()
        )?;
        let not_run = result.tests_total.saturating_sub(result.tests.len());
        let points = self.points.as_ref().map(|problem| {
            let record = AttemptRecord {
                student: String::new(),
                problem: problem.id.clone(),
                submitted_at: 0,
                verdict: result.verdict,
                tests: result
                    .tests
                    .iter()
                    .map(|t| (t.name.clone(), t.verdict))
                    .collect(),
                total_tests: result.tests_total,
                pending: false,
            };
            // Tests not run may belong to subtasks the submission would have passed.
            format!(
                "   points: {}{} of {}",
                if not_run > 0 { "at least " } else { "" },
                crate::text::points(attempt_points(problem, &record)),
                crate::text::points(problem.points)
            )
        });
        writeln!(
            self.out,
            "passed:  {}/{} tests ({:.1} %){}   max CPU {}   max memory {}",
            result.tests_passed,
            result.tests_total,
            result.fraction_passed * 100.0,
            points.unwrap_or_default(),
            seconds(result.max_cpu_time_s),
            mebibytes(result.max_peak_memory_bytes)
        )?;
        if not_run > 0 {
            let tests = if not_run == 1 { "test" } else { "tests" };
            writeln!(
                self.out,
                "not run: {not_run} {tests} (judging stopped once the verdict was known)"
            )?;
        }
        if let Some(failed) = result.tests.iter().find(|t| t.diff.is_some()) {
            writeln!(self.out, "\ndiff of {} (- answer, + output):", failed.name)?;
            let diff = failed.diff.as_deref().unwrap_or_default();
            write!(self.out, "{}", escape::terminal_block(diff))?;
        }
        for note in &result.sandbox.degraded {
            writeln!(self.out, "warning: degraded sandbox: {note}")?;
        }
        Ok(())
    }

    fn write(&mut self, event: &Event<'_>) -> std::io::Result<()> {
        match event {
            Event::Started {
                problem,
                language,
                source,
                tests,
            } => {
                self.tests = *tests;
                writeln!(
                    self.out,
                    "judging {} on {problem} as {} ({tests} tests)",
                    escape::terminal_line(&source.display().to_string()),
                    language.spec.name
                )?;
            }
            Event::Compiled(compiled) if compiled.success => {
                writeln!(self.out, "compiled in {}", seconds(compiled.wall_time_s))?;
                writeln!(
                    self.out,
                    "\n {:>3}  {} {:<7} {:>8} {:>8} {:>10}  message",
                    "#",
                    pad_right("test", self.name_width),
                    "verdict",
                    "cpu",
                    "wall",
                    "memory"
                )?;
            }
            Event::Compiled(compiled) => {
                writeln!(
                    self.out,
                    "{} compile error:",
                    self.paint(Verdict::CE).trim_end()
                )?;
                for line in compiled.message.lines().take(40) {
                    writeln!(self.out, "  {}", escape::terminal_line(line))?;
                }
            }
            Event::TestStarted { .. } => {}
            Event::TestFinished { index, result } => {
                let tle = match result.time_limit {
                    Some(TimeLimitKind::Cpu) => " (cpu)",
                    Some(TimeLimitKind::Wall) => " (wall)",
                    None => "",
                };
                let verdict = format!("{}{tle}", self.paint(result.verdict).trim_end());
                let pad = 7usize.saturating_sub(result.verdict.code().len() + tle.len());
                let name = escape::terminal_line(&result.name);
                writeln!(
                    self.out,
                    " {:>3}  {} {verdict}{} {:>8} {:>8} {:>10}  {}",
                    index + 1,
                    pad_right(&fit(&name, self.name_width), self.name_width),
                    " ".repeat(pad),
                    seconds(result.cpu_time_s),
                    seconds(result.wall_time_s),
                    mebibytes(result.peak_memory_bytes),
                    escape::terminal_line(&result.message)
                )?;
            }
            Event::Finished(result) => self.summary(result)?,
            Event::RunStarted { .. }
            | Event::SubmissionFinished(_)
            | Event::CheckFinished { .. }
            | Event::RunFinished
            | Event::StressRound(_) => {}
        }
        self.out.flush()
    }
}

impl<W: Write> Listener for TableReporter<W> {
    fn on_event(&mut self, event: &Event<'_>) {
        // A closed terminal must not stop judging.
        let _ = self.write(event);
    }
}
