//! Why a run that did not end cleanly failed, as a verdict and in words for students: a
//! crash (with what its signal or its runtime's message usually means), a time, memory or
//! output limit. Shared by plain and interactive runs.

use judge_model::verdict::{TimeLimitKind, Verdict};
use sandbox::{Limits, Outcome, Termination, MIB};

/// What a signal usually means, for students.
fn signal_meaning(name: &str) -> &'static str {
    match name {
        "SIGSEGV" => " (segmentation fault: a bad memory access, or a stack overflow)",
        "SIGFPE" => " (arithmetic error, such as an integer division by zero)",
        "SIGABRT" => " (aborted: a failed assertion or an uncaught exception)",
        "SIGBUS" => " (bus error: a bad memory access)",
        "SIGILL" => " (illegal instruction)",
        "SIGKILL" => " (killed)",
        "SIGPIPE" => " (wrote to a closed pipe)",
        _ => "",
    }
}

/// The most telling line of a program's stderr: an exception or error line, else the last.
fn stderr_hint(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let line = lines
        .iter()
        .find(|l| l.contains("Exception") || l.contains("Error") || l.contains("panicked"))
        .or(lines.last())?;
    let mut hint: String = line.chars().take(200).collect();
    if line.chars().count() > 200 {
        hint.push('…');
    }
    Some(hint)
}

fn seconds(duration: std::time::Duration) -> String {
    judge_model::text::seconds(duration.as_secs_f64())
}

/// The verdict, TLE kind and message of a run that did not exit cleanly; `None` when the
/// output should be compared. `memory_errors` are the language's out-of-memory messages.
pub fn failure(
    outcome: &Outcome,
    limits: &Limits,
    memory_errors: &[String],
) -> Option<(Verdict, Option<TimeLimitKind>, String)> {
    let hint = stderr_hint(&outcome.stderr)
        .map(|h| format!(": {h}"))
        .unwrap_or_default();
    let crashed = matches!(
        outcome.termination,
        Termination::Exited | Termination::Signaled
    );
    if crashed && outcome.exit_code != Some(0) {
        if let Some(said) = memory_errors
            .iter()
            .find(|m| outcome.stderr.contains(m.as_str()))
        {
            return Some((
                Verdict::MLE,
                None,
                format!(
                    "memory limit of {} MiB exceeded (the runtime reported {said})",
                    limits.memory_bytes / MIB
                ),
            ));
        }
    }
    Some(match outcome.termination {
        Termination::Exited if outcome.exit_code == Some(0) => return None,
        Termination::Exited => (
            Verdict::RE,
            None,
            format!("exit code {}{hint}", outcome.exit_code.unwrap_or(-1)),
        ),
        Termination::Signaled => {
            let name = outcome.signal_name().unwrap_or_default();
            (
                Verdict::RE,
                None,
                format!("killed by {name}{}{hint}", signal_meaning(&name)),
            )
        }
        Termination::SecurityViolation => (
            Verdict::RE,
            None,
            "security violation: a forbidden system call (killed by SIGSYS)".to_string(),
        ),
        Termination::CpuTimeLimit => (
            Verdict::TLE,
            Some(TimeLimitKind::Cpu),
            format!("CPU time limit of {} exceeded", seconds(limits.cpu_time)),
        ),
        Termination::WallTimeLimit => (
            Verdict::TLE,
            Some(TimeLimitKind::Wall),
            // No measured figure in the message: messages are part of the results, which a
            // rerun must reproduce exactly; the times have fields of their own.
            format!(
                "wall-clock limit of {} exceeded (the program waited or slept)",
                seconds(limits.wall_time)
            ),
        ),
        Termination::MemoryLimit => (
            Verdict::MLE,
            None,
            format!("memory limit of {} MiB exceeded", limits.memory_bytes / MIB),
        ),
        // Only an interactive test stops a program, and it decides the verdict itself.
        Termination::Stopped => (
            Verdict::JE,
            None,
            "the program was stopped by the judge".to_string(),
        ),
        Termination::OutputLimit => (
            Verdict::OLE,
            None,
            format!("output limit of {} MiB exceeded", limits.output_bytes / MIB),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn outcome(termination: Termination) -> Outcome {
        Outcome {
            termination,
            exit_code: None,
            signal: None,
            cpu_time: Duration::from_millis(1200),
            wall_time: Duration::from_millis(1300),
            peak_memory_bytes: 0,
            stdout_bytes: 0,
            stderr: String::new(),
            stderr_truncated: false,
            enforcement: sandbox::Enforcement::CgroupV1,
            isolated: true,
        }
    }

    #[test]
    fn terminations_map_to_verdicts() {
        let limits = Limits::for_test(Duration::from_secs(1), 256 * MIB);
        let tle = failure(&outcome(Termination::CpuTimeLimit), &limits, &[]).unwrap();
        assert_eq!((tle.0, tle.1), (Verdict::TLE, Some(TimeLimitKind::Cpu)));
        let wall = failure(&outcome(Termination::WallTimeLimit), &limits, &[]).unwrap();
        assert_eq!(wall.1, Some(TimeLimitKind::Wall));
        assert_eq!(
            failure(&outcome(Termination::MemoryLimit), &limits, &[])
                .unwrap()
                .2,
            "memory limit of 256 MiB exceeded"
        );
        assert_eq!(
            failure(&outcome(Termination::OutputLimit), &limits, &[])
                .unwrap()
                .0,
            Verdict::OLE
        );
        assert_eq!(
            failure(&outcome(Termination::SecurityViolation), &limits, &[])
                .unwrap()
                .0,
            Verdict::RE
        );
        let mut clean = outcome(Termination::Exited);
        clean.exit_code = Some(0);
        assert!(failure(&clean, &limits, &[]).is_none());
    }

    #[test]
    fn run_time_errors_say_why() {
        let limits = Limits::for_test(Duration::from_secs(1), 256 * MIB);
        let mut python = outcome(Termination::Exited);
        python.exit_code = Some(1);
        python.stderr = "Traceback (most recent call last):\n  File \"main.py\", line 1\nZeroDivisionError: division by zero\n".into();
        assert_eq!(
            failure(&python, &limits, &[]).unwrap().2,
            "exit code 1: ZeroDivisionError: division by zero"
        );
        let mut java = outcome(Termination::Exited);
        java.exit_code = Some(1);
        java.stderr = "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Main.main(Main.java:3)\n".into();
        assert!(failure(&java, &limits, &[])
            .unwrap()
            .2
            .contains("ArithmeticException"));
        let mut segv = outcome(Termination::Signaled);
        segv.signal = Some(libc::SIGSEGV);
        assert!(failure(&segv, &limits, &[])
            .unwrap()
            .2
            .starts_with("killed by SIGSEGV (segmentation fault"));
        let mut oom = outcome(Termination::Exited);
        oom.exit_code = Some(1);
        oom.stderr =
            "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n".into();
        let patterns = ["java.lang.OutOfMemoryError".to_string()];
        assert_eq!(failure(&oom, &limits, &patterns).unwrap().0, Verdict::MLE);
        assert_eq!(failure(&oom, &limits, &[]).unwrap().0, Verdict::RE);
    }
}
