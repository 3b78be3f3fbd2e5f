//! The terminal table: a row per test as it finishes, then the overall verdict, the
//! score, and the diff of the first wrong answer.

use super::{mebibytes, seconds};
use crate::events::{Event, Listener};
use crate::verdict::{SubmissionResult, TimeLimitKind, Verdict};
use std::io::Write;

/// Prints the table to a writer as events arrive.
pub struct TableReporter<W: Write> {
    out: W,
    colour: bool,
    tests: usize,
}

impl<W: Write> TableReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W, colour: bool) -> TableReporter<W> {
        TableReporter {
            out,
            colour,
            tests: 0,
        }
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
            .map(|name| format!(" (first failure: {name})"))
            .unwrap_or_default();
        writeln!(self.out)?;
        writeln!(
            self.out,
            "verdict: {} {}{first}",
            verdict.trim_end(),
            result.verdict.description()
        )?;
        writeln!(
            self.out,
            "score:   {}/{} tests ({:.1} %)   max CPU {}   max memory {}",
            result.passed,
            result.total,
            result.score * 100.0,
            seconds(result.max_cpu_time_s),
            mebibytes(result.max_peak_memory_bytes)
        )?;
        if let Some(failed) = result.tests.iter().find(|t| t.diff.is_some()) {
            writeln!(self.out, "\ndiff of {} (- answer, + output):", failed.name)?;
            write!(self.out, "{}", failed.diff.as_deref().unwrap_or_default())?;
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
                    source.display(),
                    language.spec.name
                )?;
            }
            Event::Compiled(compiled) if compiled.success => {
                writeln!(self.out, "compiled in {}", seconds(compiled.wall_time_s))?;
                writeln!(
                    self.out,
                    "\n {:>3}  {:<28} {:<7} {:>8} {:>8} {:>10}  message",
                    "#", "test", "verdict", "cpu", "wall", "memory"
                )?;
            }
            Event::Compiled(compiled) => {
                writeln!(
                    self.out,
                    "{} compile error:",
                    self.paint(Verdict::CE).trim_end()
                )?;
                for line in compiled.message.lines().take(40) {
                    writeln!(self.out, "  {line}")?;
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
                writeln!(
                    self.out,
                    " {:>3}  {:<28} {verdict}{} {:>8} {:>8} {:>10}  {}",
                    index + 1,
                    result.name,
                    " ".repeat(pad),
                    seconds(result.cpu_time_s),
                    seconds(result.wall_time_s),
                    mebibytes(result.peak_memory_bytes),
                    result.message
                )?;
            }
            Event::Finished(result) => self.summary(result)?,
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
