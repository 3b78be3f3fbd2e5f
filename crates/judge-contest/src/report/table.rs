//! The terminal table: a row per test as it finishes, then the overall verdict, the
//! fraction of tests passed (and the points, where the contest gives the problem points,
//! with each group's points and why a group earned nothing), and the diff of the first wrong answer. Everything that came from the submission (its
//! file name, messages, the diff) is escaped ([`escape::terminal_line`]); the test column
//! is as wide as the longest test name, counted in terminal columns ([`columns`]).

use crate::scoring::{attempt_points, AttemptRecord};
use judge_model::course::ContestProblem;
use judge_model::events::{Event, Listener};
use judge_model::problem::groups::{marks, Mark};
use judge_model::text::{columns, escape, fit, mebibytes, pad_right, seconds};
use judge_model::verdict::{SubmissionResult, TimeLimitKind, Verdict};
use std::io::Write;

/// Prints the table to a writer as events arrive.
pub struct TableReporter<W: Write> {
    out: W,
    colour: bool,
    tests: usize,
    points: Option<ContestProblem>,
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
    pub fn with_points(mut self, problem: Option<ContestProblem>) -> TableReporter<W> {
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
        // A first failure its checker gave partial points says how many.
        let partial = |name: &str| {
            marks(&result.tests)(name)
                .filter(|m| m.is_partial())
                .map(|m| format!(", {} of its points", judge_model::text::points(m.credit())))
                .unwrap_or_default()
        };
        let first = result
            .first_failure
            .as_ref()
            .map(|name| {
                format!(
                    " (first failure: {}{})",
                    escape::terminal_line(name),
                    partial(name)
                )
            })
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
                    .map(|t| (t.name.clone(), Mark::of(t)))
                    .collect(),
                total_tests: result.tests_total,
                pending: false,
            };
            // Tests not run may belong to subtasks the submission would have passed.
            format!(
                "   points: {}{} of {}",
                if not_run > 0 { "at least " } else { "" },
                judge_model::text::points(attempt_points(problem, &record)),
                judge_model::text::points(problem.points)
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
        if let Some(problem) = self.points.as_ref().filter(|p| !p.groups.is_empty()) {
            let lines = group_lines(problem, result);
            for line in lines {
                writeln!(self.out, "{line}")?;
            }
        }
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
            // The summary counts the tests not run.
            Event::TestStarted { .. } | Event::TestSkipped { .. } => {}
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

/// One line per group (subtask): its points in the contest's units, of its share, and
/// why it earned less (the first test of it that failed or earned part of its points, a
/// test not run, a group it requires), then the total.
fn group_lines(problem: &ContestProblem, result: &SubmissionResult) -> Vec<String> {
    let mark = marks(&result.tests);
    let total: f64 = problem.groups.iter().map(|g| g.points).sum();
    let scale = if total > 0.0 {
        problem.points / total
    } else {
        0.0
    };
    let earned = judge_model::problem::groups::earned_each(&problem.groups, &mark);
    let width = problem
        .groups
        .iter()
        .map(|g| columns(&g.name))
        .max()
        .unwrap_or(0)
        .min(MAX_NAME_WIDTH);
    let mut lines = vec!["groups:".to_string()];
    for (index, (group, got)) in problem.groups.iter().zip(&earned).enumerate() {
        let why = if result.verdict == Verdict::CE {
            "compile error".to_string()
        } else if let Some(test) = group
            .tests
            .iter()
            .find(|t| mark(t).is_none_or(|m| m.verdict != Verdict::AC || m.is_partial()))
        {
            match mark(test) {
                Some(m) if m.is_partial() => format!(
                    "{} on {} ({} of its points)",
                    m.verdict.code(),
                    escape::terminal_line(test),
                    judge_model::text::points(m.credit())
                ),
                Some(m) => format!("{} on {}", m.verdict.code(), escape::terminal_line(test)),
                None => format!("{} not run", escape::terminal_line(test)),
            }
        } else if *got + 1e-9 < group.points && !group.requires.is_empty() {
            format!("needs {}", group.requires.join(", "))
        } else {
            "AC".to_string()
        };
        lines.push(format!(
            "  {:>2}  {}  {:>6} of {:<6}  {why}",
            index + 1,
            pad_right(&fit(&escape::terminal_line(&group.name), width), width),
            judge_model::text::points(got * scale),
            judge_model::text::points(group.points * scale),
        ));
    }
    lines.push(format!(
        "  total {} of {}",
        judge_model::text::points(earned.iter().sum::<f64>() * scale + 0.0),
        judge_model::text::points(problem.points)
    ));
    lines
}

impl<W: Write> Listener for TableReporter<W> {
    fn on_event(&mut self, event: &Event<'_>) {
        // A closed terminal must not stop judging.
        let _ = self.write(event);
    }
}
