//! The problem's own checker, run in the sandbox with limits of its own.
//!
//! Two protocols: testlib's (`check INPUT OUTPUT ANSWER`; exit 0 accepted, 1 wrong answer,
//! 2 presentation error, 3 checker failure; message on stderr) and Kattis output
//! validators (`check INPUT ANSWER FEEDBACK_DIR < OUTPUT`; exit 42 accepted, 43 wrong
//! answer; message in `FEEDBACK_DIR/judgemessage.txt`). A checker that fails, crashes,
//! runs out of time or memory is a judge error, never the student's fault.

use super::Comparison;
use crate::config::problem_toml::CheckerProtocol;
use crate::error::{JudgeError, Result};
use crate::verdict::Verdict;
use sandbox::{Bind, Limits, RunSpec, SandboxBox, Termination, MIB};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longest checker message kept, in characters.
const MESSAGE_CHARS: usize = 500;

/// A checker binary and how to call it.
#[derive(Debug, Clone)]
pub struct Checker {
    /// The executable on the host.
    pub binary: PathBuf,
    /// Its protocol.
    pub protocol: CheckerProtocol,
}

/// The limits a checker runs under.
pub fn checker_limits() -> Limits {
    let mut limits = Limits::for_test(Duration::from_secs(10), 1024 * MIB);
    limits.wall_time = Duration::from_secs(20);
    limits.stderr_keep_bytes = 16 * 1024;
    limits
}

fn bind(host: &Path, inside: &str) -> Bind {
    Bind {
        host: host.to_path_buf(),
        inside: PathBuf::from(inside),
        writable: false,
    }
}

fn first_chars(text: &str) -> String {
    let text = text.trim();
    let mut cut: String = text.chars().take(MESSAGE_CHARS).collect();
    if text.chars().count() > MESSAGE_CHARS {
        cut.push('…');
    }
    cut.replace('\n', " | ")
}

/// A tool's message: its feedback file's text when it wrote one (Kattis), else its stderr,
/// trimmed, cut to a few hundred characters, on one line.
pub fn message_of(feedback: &str, stderr: &str) -> String {
    first_chars(if feedback.trim().is_empty() {
        stderr
    } else {
        feedback
    })
}

impl Checker {
    /// Runs the checker on one output, in `boxed` (the submission's box, between tests).
    pub fn check(
        &self,
        boxed: &mut SandboxBox<'_>,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
    ) -> Result<Comparison> {
        let feedback = scratch.join("feedback");
        let _ = std::fs::remove_dir_all(&feedback);
        std::fs::create_dir_all(&feedback)
            .map_err(|e| JudgeError::file("checker feedback folder", &feedback, e))?;
        let mut binds = vec![
            bind(&self.binary, "/judge/check"),
            bind(input, "/judge/input"),
            bind(output, "/judge/output"),
            bind(answer, "/judge/answer"),
        ];
        let (argv, stdin) = match self.protocol {
            CheckerProtocol::Testlib => (
                vec![
                    "/judge/check",
                    "/judge/input",
                    "/judge/output",
                    "/judge/answer",
                ],
                None,
            ),
            CheckerProtocol::Kattis => {
                set_world_writable(&feedback)?;
                binds.push(Bind {
                    host: feedback.clone(),
                    inside: PathBuf::from("/judge/feedback"),
                    writable: true,
                });
                (
                    vec![
                        "/judge/check",
                        "/judge/input",
                        "/judge/answer",
                        "/judge/feedback",
                    ],
                    Some(output.to_path_buf()),
                )
            }
        };
        let spec = RunSpec {
            argv: argv.into_iter().map(String::from).collect(),
            env: vec![],
            stdin,
            stdout: scratch.join("checker.stdout"),
            box_writable: false,
            root_binds: vec![],
            binds,
            limits: checker_limits(),
        };
        let outcome = boxed.run(&spec).map_err(|e| {
            JudgeError::sandbox(format!("running the checker {}", self.binary.display()), e)
        })?;
        let feedback = match self.protocol {
            CheckerProtocol::Testlib => String::new(),
            CheckerProtocol::Kattis => {
                std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default()
            }
        };
        let said = message_of(&feedback, &outcome.stderr);
        let judge_error = |why: String| Comparison {
            verdict: Verdict::JE,
            message: format!(
                "checker {why}{}",
                if said.is_empty() {
                    String::new()
                } else {
                    format!(": {said}")
                }
            ),
        };
        if outcome.termination != Termination::Exited {
            let why = match outcome.termination {
                Termination::CpuTimeLimit | Termination::WallTimeLimit => {
                    "ran out of time".to_string()
                }
                Termination::MemoryLimit => "ran out of memory".to_string(),
                Termination::OutputLimit => "wrote too much".to_string(),
                _ => format!("crashed ({})", outcome.signal_name().unwrap_or_default()),
            };
            return Ok(judge_error(why));
        }
        let code = outcome.exit_code.unwrap_or(-1);
        let verdict = match (self.protocol, code) {
            (CheckerProtocol::Testlib, 0) | (CheckerProtocol::Kattis, 42) => Verdict::AC,
            (CheckerProtocol::Testlib, 1) | (CheckerProtocol::Kattis, 43) => Verdict::WA,
            (CheckerProtocol::Testlib, 2) => Verdict::PE,
            (CheckerProtocol::Testlib, 3) => return Ok(judge_error("failed".into())),
            (_, code) => return Ok(judge_error(format!("exited with unexpected code {code}"))),
        };
        Ok(Comparison {
            verdict,
            message: said,
        })
    }
}

/// Lets the box user write the Kattis feedback folder.
fn set_world_writable(dir: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777))
        .map_err(|e| JudgeError::file("checker feedback folder", dir, e))
}
