//! Interactive tests: the submission talks to the problem's interactor, each in a box of its
//! own (see `SandboxBox::run_interactive`), and the verdict follows the Kattis rules.
//!
//! Protocols of the interactor:
//! - testlib (Polygon, native problems): `interactor INPUT TOUT ANSWER`, its stdin the
//!   submission's stdout and its stdout the submission's stdin; exit 0 accepted, 1 wrong
//!   answer, 2 presentation error, 3 its own failure, 7 points (the message starts with
//!   the fraction of the test's points); message on stderr. With a checker, the checker
//!   then judges `INPUT TOUT ANSWER` after an exit 0, as Polygon does, and its verdict and
//!   points are the test's.
//! - Kattis: `validator INPUT ANSWER FEEDBACK_DIR`, exit 42 accepted, 43 wrong answer;
//!   message in `FEEDBACK_DIR/judgemessage.txt`; in a scoring problem, `score.txt` or
//!   `score_multiplier.txt` there as from an output validator.
//!
//! Exit codes, points and score files are read by the checker's own
//! [`crate::checker::exit_verdict`], so an interactor's points count exactly as a
//! checker's do.
//!
//! Verdicts: a rejection by the interactor stands even when the submission ran on or timed
//! out after it; a limit the submission hit, or a crash, before the interactor decided is
//! the submission's verdict (so a deadlock is TLE by the wall clock); after the interactor
//! accepted, a submission that crashes or runs out of time gets RE or TLE; points are a
//! decision like a rejection (the submission is stopped, the points stand); an interactor
//! that crashes, runs out of its own limits or exits without a verdict is JE.

use crate::checker::{exit_verdict, message_of, open_feedback, Checker};
use crate::run_failure::failure;
use crate::safe_open::ToolFolder;
use crate::tools::BoxedCommand;
use judge_model::compare::CheckerProtocol;
use judge_model::compare::Comparison;
use judge_model::problem::TestCase;
use judge_model::verdict::{TimeLimitKind, Verdict};
use judge_model::{JudgeError, Result};
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
    /// A verdict on the submission, with the points it gave and its message.
    Verdict(Comparison),
    /// No verdict: the interactor's own failure, in a message for the test's result.
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
            // Refused for interactors when loaded; read as testlib's if one got here.
            CheckerProtocol::Testlib | CheckerProtocol::Hustoj => libc::WEXITSTATUS(status) == 0,
            CheckerProtocol::Kattis => libc::WEXITSTATUS(status) == 42,
        }
}

/// The interactor's verdict from its outcome, its message and (Kattis) its feedback folder;
/// `max_score` is the test's maximum score (what a Kattis `score.txt` is measured against).
fn said(
    protocol: CheckerProtocol,
    outcome: &Outcome,
    message: &str,
    feedback: Option<&ToolFolder>,
    max_score: Option<f64>,
) -> Said {
    let failed = |why: String| {
        Said::Failed(if message.is_empty() {
            format!("interactor {why}")
        } else {
            format!("interactor {why}: {message}")
        })
    };
    if outcome.termination != Termination::Exited {
        return failed(match outcome.termination {
            Termination::CpuTimeLimit | Termination::WallTimeLimit => "ran out of time".into(),
            Termination::MemoryLimit => "ran out of memory".into(),
            _ => format!("crashed ({})", outcome.signal_name().unwrap_or_default()),
        });
    }
    let code = outcome.exit_code.unwrap_or(-1);
    match exit_verdict(protocol, code, message, feedback, max_score) {
        Ok(comparison) => Said::Verdict(comparison),
        Err(why) => failed(why),
    }
}

/// The verdict of one interactive test from the two outcomes and what the interactor
/// `said`, by the rules in the module's documentation: the comparison (verdict, points,
/// message) and the TLE kind.
fn decide(
    interaction: &Interaction,
    said: Said,
    limits: &Limits,
    memory_errors: &[String],
) -> (Comparison, Option<TimeLimitKind>) {
    let program = &interaction.program;
    let program_fails = |(verdict, kind, message): (Verdict, Option<TimeLimitKind>, String)| {
        let comparison = Comparison {
            verdict,
            score: None,
            message,
        };
        (comparison, kind)
    };
    // The program's own failure, unless it was only stopped because the interactor
    // decided.
    let program_failed = match program.termination {
        Termination::Stopped => None,
        _ => failure(program, limits, memory_errors),
    };
    match said {
        Said::Failed(why) => (
            Comparison {
                verdict: Verdict::JE,
                score: None,
                message: why,
            },
            None,
        ),
        Said::Verdict(said) => match program_failed {
            // A limit hit, or a crash, before the interactor's verdict decides.
            Some(failed) if !interaction.partner_ended_first => program_fails(failed),
            // After an acceptance, the program still has to end well.
            Some(failed) if said.verdict == Verdict::AC => program_fails(failed),
            _ => (said, None),
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
    ) -> Result<(Outcome, Comparison, Option<TimeLimitKind>)> {
        // In the interactor's box's capped folder (as root a tmpfs of its own): the
        // interactor cannot fill the host's disk.
        let out = partner.capped_dir().join("interactor");
        let tout = tout_path(partner.capped_dir());
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
            CheckerProtocol::Testlib | CheckerProtocol::Hustoj => {
                &["/judge/input", "/judge/out/tout", "/judge/answer"]
            }
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
        // What the interactor left is read only now that its box has ended, never through
        // a link or from a FIFO.
        let (folder, feedback) = match self.protocol {
            CheckerProtocol::Testlib | CheckerProtocol::Hustoj => (None, Ok(String::new())),
            CheckerProtocol::Kattis => match open_feedback(&out, "interactor folder")? {
                Ok((folder, text)) => (Some(folder), Ok(text)),
                Err(why) => (None, Err(why)),
            },
        };
        let said = match feedback {
            Ok(feedback) => {
                let message = message_of(&feedback, &interaction.partner.stderr);
                said(
                    self.protocol,
                    &interaction.partner,
                    &message,
                    folder.as_ref(),
                    test.max_score,
                )
            }
            Err(why) => Said::Failed(format!("interactor {why}")),
        };
        let (mut comparison, kind) = decide(&interaction, said, &program.limits, memory_errors);
        // Only a plain acceptance (exit 0) goes on to the checker: points, like a
        // rejection, are the interactor's final word, as in Polygon.
        if comparison.verdict == Verdict::AC && comparison.score.is_none() {
            if let Some(checker) = &self.checker {
                // The checker's box sees TOUT through a bind, which would follow a link
                // the interactor made in its place.
                comparison = match tout_file(&out) {
                    Ok(()) => checker.check(partner, test, &tout, scratch)?,
                    Err(why) => Comparison {
                        verdict: Verdict::JE,
                        score: None,
                        message: format!("interactor {why}"),
                    },
                };
            }
        }
        Ok((interaction.program, comparison, kind))
    }
}

/// Where the interactor's TOUT of the last test lies, given the capped folder of the
/// interactor's box (`SandboxBox::capped_dir`).
pub fn tout_path(capped: &Path) -> PathBuf {
    capped.join("interactor").join("tout")
}

/// Whether the interactor left its TOUT in `folder` as a regular file (none at all is an
/// empty TOUT, made here), or why it cannot be handed to the checker.
fn tout_file(folder: &Path) -> std::result::Result<(), String> {
    let opened = ToolFolder::open(folder).map_err(|e| format!("folder cannot be opened: {e}"))?;
    match opened.is_regular_file("tout") {
        Ok(true) => Ok(()),
        Ok(false) => std::fs::write(folder.join("tout"), b"")
            .map_err(|e| format!("left no TOUT, and an empty one cannot be made: {e}")),
        Err(refused) => Err(format!("left its TOUT as {}", refused.0)),
    }
}

/// Reads what the last interactive run left as its TOUT in `capped`, the interactor's
/// box's capped folder (at most `max_bytes`), as [`ToolFolder::read`] does.
pub fn read_tout(capped: &Path, max_bytes: u64) -> Result<Vec<u8>> {
    let folder = capped.join("interactor");
    let opened =
        ToolFolder::open(&folder).map_err(|e| JudgeError::file("interactor folder", &folder, e))?;
    match opened.read("tout", max_bytes) {
        Ok(file) => Ok(file.map(|f| f.bytes).unwrap_or_default()),
        Err(refused) => Err(JudgeError::file(
            "interactor's TOUT",
            folder.join("tout"),
            refused.0,
        )),
    }
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

    /// The interactor's decision (a feedback folder without score files).
    fn judged(
        i: &Interaction,
        protocol: CheckerProtocol,
        message: &str,
        max_score: Option<f64>,
    ) -> Comparison {
        let feedback = tempfile::tempdir().unwrap();
        let folder = ToolFolder::open(feedback.path()).unwrap();
        judged_in(i, protocol, message, &folder, max_score)
    }

    fn judged_in(
        i: &Interaction,
        protocol: CheckerProtocol,
        message: &str,
        feedback: &ToolFolder,
        max_score: Option<f64>,
    ) -> Comparison {
        let limits = Limits::for_test(Duration::from_secs(1), 64 * MIB);
        let said = said(protocol, &i.partner, message, Some(feedback), max_score);
        decide(i, said, &limits, &[]).0
    }

    fn verdict(i: &Interaction) -> Verdict {
        judged(i, CheckerProtocol::Testlib, "", None).verdict
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
        let exited = |code| outcome(Termination::Exited, Some(code));
        let kattis = |code| {
            judged(
                &interaction(exited(0), exited(code), true),
                CheckerProtocol::Kattis,
                "said so",
                None,
            )
        };
        assert_eq!(kattis(42).verdict, Verdict::AC);
        assert_eq!(kattis(43), Comparison::wrong("said so"));
        assert_eq!(kattis(0).verdict, Verdict::JE);
        assert_eq!(
            kattis(0).message,
            "interactor exited with unexpected code 0: said so"
        );
        assert!(accepted(CheckerProtocol::Kattis, 42 << 8));
        assert!(!accepted(CheckerProtocol::Testlib, 1 << 8));
    }

    #[test]
    fn testlib_points_are_the_tests_fraction_and_stand_like_a_rejection() {
        let exited = |code| outcome(Termination::Exited, Some(code));
        let testlib = |program: Outcome, message: &str| {
            judged(
                &interaction(program, exited(7), true),
                CheckerProtocol::Testlib,
                message,
                None,
            )
        };
        let half = testlib(exited(0), "points 0.5 2 of 4 right");
        assert_eq!(
            half,
            Comparison {
                verdict: Verdict::WA,
                score: Some(0.5),
                message: "0.5 of the test's points: 2 of 4 right".into(),
            }
        );
        // The program stopped after the interactor's points, or crashing on the end of
        // its input then: the points stand.
        let stopped = outcome(Termination::Stopped, None);
        assert_eq!(testlib(stopped, "points 0.5").score, Some(0.5));
        assert_eq!(testlib(exited(1), "0.25 one right").score, Some(0.25));
        let all = testlib(exited(0), "points 1 all right");
        assert_eq!((all.verdict, all.score), (Verdict::AC, Some(1.0)));
        // The same judge errors as a checker's.
        let over = testlib(exited(0), "points 2");
        assert_eq!(over.verdict, Verdict::JE);
        assert!(over
            .message
            .starts_with("interactor gave points 2, outside 0..1"));
        assert!(testlib(exited(0), "well done")
            .message
            .contains("does not start with the points"));
        // A limit the program hit before the interactor's points decides.
        let slow = judged(
            &interaction(outcome(Termination::CpuTimeLimit, None), exited(7), false),
            CheckerProtocol::Testlib,
            "points 0.5",
            None,
        );
        assert_eq!((slow.verdict, slow.score), (Verdict::TLE, None));
        // Exit 7 stops the program, as a rejection does.
        assert!(!accepted(CheckerProtocol::Testlib, 7 << 8));
    }

    #[test]
    fn a_kattis_interactors_score_file_counts_as_an_output_validators() {
        let exited = |code| outcome(Termination::Exited, Some(code));
        let feedback = tempfile::tempdir().unwrap();
        std::fs::write(feedback.path().join("score.txt"), "15\n").unwrap();
        let folder = ToolFolder::open(feedback.path()).unwrap();
        let kattis = |program: Outcome, code, max_score| {
            judged_in(
                &interaction(program, exited(code), true),
                CheckerProtocol::Kattis,
                "",
                &folder,
                max_score,
            )
        };
        let scored = kattis(exited(0), 42, Some(20.0));
        assert_eq!(
            (scored.verdict, scored.score, scored.message.as_str()),
            (Verdict::AC, Some(0.75), "0.75 of the test's points")
        );
        // Accepted with a score, the program still has to end well.
        let crashed = kattis(exited(3), 42, Some(20.0));
        assert_eq!((crashed.verdict, crashed.score), (Verdict::RE, None));
        // A score for a rejected test is the interactor's error.
        let rejected = kattis(exited(0), 43, Some(20.0));
        assert_eq!(rejected.verdict, Verdict::JE);
        assert!(rejected.message.contains("a score for a rejected test"));
    }
}
