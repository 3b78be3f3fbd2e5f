//! Interactive tests: the submission talks to the problem's interactor, each in a box of its
//! own (see `SandboxBox::run_interactive`), and the verdict follows the Kattis rules.
//!
//! Protocols of the interactor:
//! - testlib (Polygon, native problems): `interactor INPUT TOUT ANSWER`, its stdin the
//!   submission's stdout and its stdout the submission's stdin; exit 0 accepted, 1 wrong
//!   answer, 2 presentation error, 3 its own failure; message on stderr. With a checker, the
//!   checker then judges `INPUT TOUT ANSWER`, as Polygon does.
//! - Kattis: `validator INPUT ANSWER FEEDBACK_DIR`, exit 42 accepted, 43 wrong answer;
//!   message in `FEEDBACK_DIR/judgemessage.txt`.
//!
//! Verdicts: a rejection by the interactor stands even when the submission ran on or timed
//! out after it; a limit the submission hit, or a crash, before the interactor decided is
//! the submission's verdict (so a deadlock is TLE by the wall clock); after the interactor
//! accepted, a submission that crashes or runs out of time gets RE or TLE; an interactor
//! that crashes, runs out of its own limits or exits without a verdict is JE.

use crate::compare::checker::{message_of, Checker};
use crate::compare::Comparison;
use crate::config::problem_toml::CheckerProtocol;
use crate::error::{JudgeError, Result};
use crate::problem::TestCase;
use crate::run_test::failure;
use crate::tools::BoxedCommand;
use crate::verdict::{TimeLimitKind, Verdict};
use sandbox::{Bind, Interaction, Limits, Outcome, RunSpec, SandboxBox, Termination, MIB};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A problem's interactor.
#[derive(Debug, Clone)]
pub struct Interactor {
    /// The program, ready for its box ([`crate::tools`]).
    pub command: BoxedCommand,
    /// Its protocol.
    pub protocol: CheckerProtocol,
    /// A checker that judges the interactor's TOUT after it accepted (testlib only).
    pub checker: Option<Checker>,
}

/// What the interactor said, in the terms of its protocol.
#[derive(Debug, Clone, PartialEq)]
enum Said {
    /// A verdict on the submission.
    Verdict(Verdict),
    /// No verdict: the interactor's own failure.
    Failed(String),
}

/// The interactor's limits, given the submission's: never tighter than the submission's
/// own, so that the submission's limits are what stop a slow exchange.
pub fn interactor_limits(program: &Limits) -> Limits {
    let mut limits = Limits::for_test(program.cpu_time * 2 + Duration::from_secs(10), 1024 * MIB);
    limits.wall_time = program.wall_time + Duration::from_secs(10);
    limits.stderr_keep_bytes = 16 * 1024;
    limits
}

/// What a wait status of the interactor's program means under `protocol`.
fn accepted(protocol: CheckerProtocol, status: i32) -> bool {
    libc::WIFEXITED(status)
        && match protocol {
            CheckerProtocol::Testlib => libc::WEXITSTATUS(status) == 0,
            CheckerProtocol::Kattis => libc::WEXITSTATUS(status) == 42,
        }
}

/// The interactor's verdict from its outcome.
fn said(protocol: CheckerProtocol, outcome: &Outcome) -> Said {
    if outcome.termination != Termination::Exited {
        return Said::Failed(match outcome.termination {
            Termination::CpuTimeLimit | Termination::WallTimeLimit => "ran out of time".into(),
            Termination::MemoryLimit => "ran out of memory".into(),
            _ => format!("crashed ({})", outcome.signal_name().unwrap_or_default()),
        });
    }
    match (protocol, outcome.exit_code.unwrap_or(-1)) {
        (CheckerProtocol::Testlib, 0) | (CheckerProtocol::Kattis, 42) => Said::Verdict(Verdict::AC),
        (CheckerProtocol::Testlib, 1) | (CheckerProtocol::Kattis, 43) => Said::Verdict(Verdict::WA),
        (CheckerProtocol::Testlib, 2) => Said::Verdict(Verdict::PE),
        (CheckerProtocol::Testlib, 3) => Said::Failed("failed".into()),
        (_, code) => Said::Failed(format!("exited with unexpected code {code}")),
    }
}

/// The verdict of one interactive test from the two outcomes (and the interactor's
/// message), by the rules in the module's documentation: (verdict, TLE kind, message).
pub fn decide(
    interaction: &Interaction,
    protocol: CheckerProtocol,
    message: &str,
    limits: &Limits,
    memory_errors: &[String],
) -> (Verdict, Option<TimeLimitKind>, String) {
    let program = &interaction.program;
    let with_message = |text: &str| {
        if message.is_empty() {
            text.to_string()
        } else if text.is_empty() {
            message.to_string()
        } else {
            format!("{text}: {message}")
        }
    };
    let verdict = said(protocol, &interaction.partner);
    // The program's own failure, unless it was only stopped because the interactor
    // decided.
    let program_failed = match program.termination {
        Termination::Stopped => None,
        _ => failure(program, limits, memory_errors),
    };
    match verdict {
        Said::Failed(why) => (
            Verdict::JE,
            None,
            with_message(&format!("interactor {why}")),
        ),
        Said::Verdict(said) => match program_failed {
            // A limit hit, or a crash, before the interactor's verdict decides.
            Some(failed) if !interaction.partner_ended_first => failed,
            // After an acceptance, the program still has to end well.
            Some(failed) if said == Verdict::AC => failed,
            _ => (said, None, with_message("")),
        },
    }
}

impl Interactor {
    /// Runs one test: the submission (`program`, in `boxed`) against the interactor (in
    /// `partner`); then the checker on TOUT, if there is one and the interactor accepted.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        boxed: &mut SandboxBox<'_>,
        partner: &mut SandboxBox<'_>,
        program: &RunSpec,
        test: &TestCase,
        scratch: &Path,
        memory_errors: &[String],
    ) -> Result<(Outcome, Verdict, Option<TimeLimitKind>, String)> {
        let out = scratch.join("interactor");
        let tout = tout_path(scratch);
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out)
            .map_err(|e| JudgeError::file("interactor folder", &out, e))?;
        world_writable(&out)?;
        let bind = |host: &Path, inside: &str, writable: bool| Bind {
            host: host.to_path_buf(),
            inside: PathBuf::from(inside),
            writable,
        };
        let mut binds = self.command.binds.clone();
        binds.extend([
            bind(&test.input, "/judge/input", false),
            bind(&test.answer, "/judge/answer", false),
            bind(&out, "/judge/out", true),
        ]);
        let files: &[&str] = match self.protocol {
            CheckerProtocol::Testlib => &["/judge/input", "/judge/out/tout", "/judge/answer"],
            CheckerProtocol::Kattis => &["/judge/input", "/judge/answer", "/judge/out/"],
        };
        let argv: Vec<String> = self
            .command
            .argv
            .iter()
            .cloned()
            .chain(files.iter().map(|a| a.to_string()))
            .chain(test.checker_args.iter().cloned())
            .collect();
        let spec = RunSpec {
            argv,
            env: self.command.env.clone(),
            stdin: None,
            stdout: scratch.join("interactor.stdout"),
            box_writable: false,
            root_binds: self.command.root_binds.clone(),
            binds,
            limits: interactor_limits(&program.limits),
        };
        let protocol = self.protocol;
        let interaction = boxed
            .run_interactive(program, partner, &spec, &|status| {
                accepted(protocol, status)
            })
            .map_err(|e| match e {
                sandbox::SandboxError::Cancelled => JudgeError::Cancelled,
                e => {
                    JudgeError::sandbox(format!("running the interactor {}", self.command.name), e)
                }
            })?;
        let feedback = match self.protocol {
            CheckerProtocol::Testlib => String::new(),
            CheckerProtocol::Kattis => {
                std::fs::read_to_string(out.join("judgemessage.txt")).unwrap_or_default()
            }
        };
        let message = message_of(&feedback, &interaction.partner.stderr);
        let (mut verdict, kind, mut message) = decide(
            &interaction,
            self.protocol,
            &message,
            &program.limits,
            memory_errors,
        );
        if verdict == Verdict::AC {
            if let Some(checker) = &self.checker {
                let Comparison {
                    verdict: checked,
                    message: said,
                    ..
                } = checker.check(partner, test, &tout, scratch)?;
                verdict = checked;
                message = said;
            }
        }
        Ok((interaction.program, verdict, kind, message))
    }
}

/// Where the interactor's TOUT of the last test run with `scratch` as the scratch folder
/// lies.
pub fn tout_path(scratch: &Path) -> PathBuf {
    scratch.join("interactor").join("tout")
}

/// Lets the box user write the interactor's folder.
fn world_writable(dir: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777))
        .map_err(|e| JudgeError::file("interactor folder", dir, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(termination: Termination, exit_code: Option<i32>) -> Outcome {
        Outcome {
            termination,
            exit_code,
            signal: None,
            cpu_time: Duration::from_millis(100),
            wall_time: Duration::from_millis(200),
            peak_memory_bytes: 0,
            stdout_bytes: 0,
            stderr: String::new(),
            stderr_truncated: false,
            enforcement: sandbox::Enforcement::CgroupV1,
            isolated: true,
        }
    }

    fn interaction(program: Outcome, partner: Outcome, partner_first: bool) -> Interaction {
        Interaction {
            program,
            partner,
            partner_ended_first: partner_first,
        }
    }

    fn verdict(i: &Interaction) -> Verdict {
        let limits = Limits::for_test(Duration::from_secs(1), 64 * MIB);
        decide(i, CheckerProtocol::Testlib, "", &limits, &[]).0
    }

    #[test]
    fn the_kattis_rules_decide() {
        let exited = |code| outcome(Termination::Exited, Some(code));
        // Accepted, and the program ended well.
        assert_eq!(
            verdict(&interaction(exited(0), exited(0), true)),
            Verdict::AC
        );
        // A rejection first stands, even when the program ran on to a limit.
        let timed_out = outcome(Termination::CpuTimeLimit, None);
        assert_eq!(
            verdict(&interaction(timed_out.clone(), exited(1), true)),
            Verdict::WA
        );
        let stopped = outcome(Termination::Stopped, None);
        assert_eq!(verdict(&interaction(stopped, exited(2), true)), Verdict::PE);
        // A limit hit first decides: a deadlock is a wall-clock TLE, not the WA the
        // interactor gives when its input ends.
        let deadlocked = outcome(Termination::WallTimeLimit, None);
        assert_eq!(
            verdict(&interaction(deadlocked, exited(1), false)),
            Verdict::TLE
        );
        // After an acceptance, a crash or a limit is the program's.
        assert_eq!(
            verdict(&interaction(exited(3), exited(0), true)),
            Verdict::RE
        );
        assert_eq!(
            verdict(&interaction(timed_out, exited(0), true)),
            Verdict::TLE
        );
        // A crash before the interactor's verdict is RE.
        assert_eq!(
            verdict(&interaction(exited(139), exited(1), false)),
            Verdict::RE
        );
        // The interactor's own failures are the judge's.
        assert_eq!(
            verdict(&interaction(exited(0), exited(3), true)),
            Verdict::JE
        );
        assert_eq!(
            verdict(&interaction(exited(0), exited(9), true)),
            Verdict::JE
        );
        let crashed = outcome(Termination::Signaled, None);
        assert_eq!(verdict(&interaction(exited(0), crashed, true)), Verdict::JE);
    }

    #[test]
    fn kattis_exit_codes() {
        let limits = Limits::for_test(Duration::from_secs(1), 64 * MIB);
        let exited = |code| outcome(Termination::Exited, Some(code));
        let kattis = |code| {
            decide(
                &interaction(exited(0), exited(code), true),
                CheckerProtocol::Kattis,
                "said so",
                &limits,
                &[],
            )
        };
        assert_eq!(kattis(42).0, Verdict::AC);
        assert_eq!(kattis(43), (Verdict::WA, None, "said so".to_string()));
        assert_eq!(kattis(0).0, Verdict::JE);
        assert!(accepted(CheckerProtocol::Kattis, 42 << 8));
        assert!(!accepted(CheckerProtocol::Testlib, 1 << 8));
    }
}
