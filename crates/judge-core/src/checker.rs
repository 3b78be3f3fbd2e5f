//! The problem's own checker, run in the sandbox with limits of its own.
//!
//! Two protocols: testlib's (`check INPUT OUTPUT ANSWER`; exit 0 accepted, 1 wrong answer,
//! 2 presentation error, 3 checker failure, 7 points: the stderr message starts with the
//! fraction of the test's points earned, `points 0.5 ...` or `0.5 ...`) and Kattis output
//! validators (`check INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT`; exit 42 accepted, 43
//! wrong answer; message in `FEEDBACK_DIR/judgemessage.txt`; in a scoring problem an
//! accepted test's `score_multiplier.txt`, a fraction of the test's maximum score, or
//! `score.txt`, a score out of that maximum). The checker is any program
//! (judge-core's `tools.rs`): a crate binary or sources in any language, bound into the box at
//! `tools.rs`'s `PROGRAM_DIR`. A checker that fails, crashes, runs out of time or
//! memory is a judge error, never the student's fault.

use crate::safe_open::ToolFolder;
use crate::tools::BoxedCommand;
use judge_model::compare::CheckerProtocol;
use judge_model::compare::Comparison;
use judge_model::problem::TestCase;
use judge_model::verdict::Verdict;
use judge_model::{JudgeError, Result};
use sandbox::{Bind, Limits, RunSpec, SandboxBox, Termination, MIB};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longest checker message kept, in characters.
const MESSAGE_CHARS: usize = 500;
/// The most of a tool's `judgemessage.txt` the judge reads (the message kept is far
/// shorter; the rest of a larger file is ignored).
pub const FEEDBACK_BYTES: u64 = 64 * 1024;
/// The most of a score file the judge reads: a number fits many times over.
const SCORE_FILE_BYTES: u64 = 1024;

/// A checker and how to call it.
#[derive(Debug, Clone)]
pub struct Checker {
    /// The program, ready for the box.
    pub command: BoxedCommand,
    /// Its protocol.
    pub protocol: CheckerProtocol,
}

/// testlib's points message (`points 0.5 text` or `0.5 text`): the fraction and the text.
pub fn testlib_points(message: &str) -> Option<(f64, String)> {
    let rest = message.trim();
    let rest = rest
        .strip_prefix("points")
        .map(str::trim_start)
        .unwrap_or(rest);
    let (number, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    number
        .parse::<f64>()
        .ok()
        .filter(|p| p.is_finite())
        .map(|p| (p, text.trim().to_string()))
}

/// The limits a checker runs under.
pub fn checker_limits() -> Limits {
    let mut limits = Limits::for_test(Duration::from_secs(10), 1024 * MIB);
    limits.wall_time = Duration::from_secs(20);
    limits.stderr_keep_bytes = 16 * 1024;
    limits
}

/// `host` shown read-only at `inside` in a tool's box.
pub(crate) fn bind(host: &Path, inside: &str) -> Bind {
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

/// The text of `name` in a tool's feedback folder (`None`: it wrote none), read as
/// [`ToolFolder::read`] does, or why it is not read (a link, a FIFO: the tool's fault).
pub fn feedback_text(
    folder: &ToolFolder,
    name: &str,
    max_bytes: u64,
) -> std::result::Result<Option<String>, String> {
    folder
        .read(name, max_bytes)
        .map(|file| file.map(|f| f.text()))
        .map_err(|refused| format!("left {name} as {}", refused.0))
}

/// A Kattis tool's feedback folder after its box ended, and its `judgemessage.txt`; or why
/// the message cannot be read.
pub fn open_feedback(
    dir: &Path,
    what: &str,
) -> Result<std::result::Result<(ToolFolder, String), String>> {
    let folder = ToolFolder::open(dir).map_err(|e| JudgeError::file(what, dir, e))?;
    Ok(feedback_text(&folder, "judgemessage.txt", FEEDBACK_BYTES)
        .map(|text| (folder, text.unwrap_or_default())))
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
    /// Runs the checker on one output of `test`, in `boxed` (the submission's box,
    /// between tests), with the test's own extra arguments.
    pub fn check(
        &self,
        boxed: &mut SandboxBox<'_>,
        test: &TestCase,
        output: &Path,
        scratch: &Path,
    ) -> Result<Comparison> {
        let (input, answer, args) = (&test.input, &test.answer, &test.checker_args);
        let feedback = fresh_folder(boxed, "feedback", "checker feedback folder")?;
        let mut binds = self.command.binds.clone();
        binds.extend([
            bind(input, "/judge/input"),
            bind(output, "/judge/output"),
            bind(answer, "/judge/answer"),
        ]);
        let (files, stdin) = match self.protocol {
            CheckerProtocol::Testlib => {
                (vec!["/judge/input", "/judge/output", "/judge/answer"], None)
            }
            // HUSTOJ's order: the input, the reference output, the user's output.
            CheckerProtocol::Hustoj => {
                (vec!["/judge/input", "/judge/answer", "/judge/output"], None)
            }
            CheckerProtocol::Kattis => {
                set_world_writable(&feedback)?;
                binds.push(Bind {
                    host: feedback.clone(),
                    inside: PathBuf::from("/judge/feedback"),
                    writable: true,
                });
                (
                    vec!["/judge/input", "/judge/answer", "/judge/feedback/"],
                    Some(output.to_path_buf()),
                )
            }
        };
        let argv: Vec<String> = self
            .command
            .argv
            .iter()
            .cloned()
            .chain(files.into_iter().map(String::from))
            .chain(args.iter().cloned())
            .collect();
        let spec = RunSpec {
            argv,
            env: self.command.env.clone(),
            stdin,
            stdout: scratch.join("checker.stdout"),
            box_writable: false,
            root_binds: self.command.root_binds.clone(),
            binds,
            limits: checker_limits(),
        };
        let outcome = boxed.run(&spec).map_err(|e| {
            JudgeError::sandbox(format!("running the checker {}", self.command.name), e)
        })?;
        let (folder, feedback) = match self.protocol {
            CheckerProtocol::Testlib | CheckerProtocol::Hustoj => (None, String::new()),
            CheckerProtocol::Kattis => match open_feedback(&feedback, "checker feedback folder")? {
                Ok((folder, text)) => (Some(folder), text),
                Err(why) => {
                    return Ok(Comparison {
                        verdict: Verdict::JE,
                        score: None,
                        message: format!("checker {why}"),
                    })
                }
            },
        };
        let said = message_of(&feedback, &outcome.stderr);
        let judge_error = |why: String| Comparison {
            verdict: Verdict::JE,
            score: None,
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
        Ok(
            exit_verdict(self.protocol, code, &said, folder.as_ref(), test.max_score)
                .unwrap_or_else(judge_error),
        )
    }
}

/// What a checker's or an interactor's exit `code` says under `protocol`, given its
/// message `said` and (Kattis) its feedback folder, opened after its box ended: the
/// comparison, with testlib's points
/// (exit 7) or Kattis' score files read as the fraction of the test's points, or why the
/// tool itself failed (the caller's judge error). Checkers and interactors share it, so
/// that both read points the same way.
pub fn exit_verdict(
    protocol: CheckerProtocol,
    code: i32,
    said: &str,
    feedback: Option<&ToolFolder>,
    max_score: Option<f64>,
) -> std::result::Result<Comparison, String> {
    let verdict = match (protocol, code) {
        (CheckerProtocol::Testlib | CheckerProtocol::Hustoj, 0) | (CheckerProtocol::Kattis, 42) => {
            Verdict::AC
        }
        // HUSTOJ reads any other exit as a wrong answer (its special judges return 1, or
        // the count of wrong lines).
        (CheckerProtocol::Hustoj, _) => Verdict::WA,
        (CheckerProtocol::Testlib, 1) | (CheckerProtocol::Kattis, 43) => Verdict::WA,
        (CheckerProtocol::Testlib, 2) => Verdict::PE,
        (CheckerProtocol::Testlib, 3) => return Err("failed".into()),
        (CheckerProtocol::Testlib, 7) => {
            return match testlib_points(said) {
                Some((points, _)) if !(0.0..=1.0).contains(&points) => Err(format!(
                    "gave points {points}, outside 0..1 (the fraction of the test's points)"
                )),
                Some((points, text)) => Ok(Comparison {
                    verdict: if points >= 1.0 {
                        Verdict::AC
                    } else {
                        Verdict::WA
                    },
                    score: Some(points),
                    message: format!(
                        "{points} of the test's points{}",
                        if text.is_empty() {
                            String::new()
                        } else {
                            format!(": {text}")
                        }
                    ),
                }),
                None => Err(
                    "exited with 7 (points) but its message does not start with the points".into(),
                ),
            }
        }
        (_, code) => return Err(format!("exited with unexpected code {code}")),
    };
    let score = match protocol {
        CheckerProtocol::Testlib | CheckerProtocol::Hustoj => None,
        CheckerProtocol::Kattis => match feedback {
            Some(folder) => kattis_score(folder, verdict == Verdict::AC, max_score)?,
            None => None,
        },
    };
    let message = match score.filter(|s| *s < 1.0) {
        Some(fraction) if said.is_empty() => {
            format!(
                "{} of the test's points",
                judge_model::text::points(fraction)
            )
        }
        Some(fraction) => format!(
            "{} of the test's points: {said}",
            judge_model::text::points(fraction)
        ),
        None => said.to_string(),
    };
    Ok(Comparison {
        verdict,
        score,
        message,
    })
}

/// A Kattis validator's score for a test, as the fraction of the test's maximum score
/// (`max_score`, in the group's units): `score_multiplier.txt` is that fraction,
/// `score.txt` a score out of the maximum. Neither: `None` (an accepted test earns its
/// maximum). The specification's judge errors are errors here: both files, a score file
/// for a rejected test, a number that is not one or out of range, `score.txt` where the
/// test has no maximum (a pass-fail group).
fn kattis_score(
    feedback: &ToolFolder,
    accepted: bool,
    max_score: Option<f64>,
) -> std::result::Result<Option<f64>, String> {
    let read = |name: &str| feedback_text(feedback, name, SCORE_FILE_BYTES);
    let (multiplier, score) = (read("score_multiplier.txt")?, read("score.txt")?);
    let number = |file: &str, text: &str| {
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && *n >= 0.0)
            .ok_or_else(|| format!("wrote {file} without a number of at least 0 in it"))
    };
    match (multiplier, score) {
        (None, None) => Ok(None),
        (Some(_), Some(_)) => Err("wrote both score.txt and score_multiplier.txt".into()),
        _ if !accepted => Err("wrote a score for a rejected test".into()),
        (Some(text), None) => {
            let fraction = number("score_multiplier.txt", &text)?;
            if fraction > 1.0 {
                return Err(format!(
                    "wrote score_multiplier.txt {fraction}, more than 1"
                ));
            }
            Ok(Some(fraction))
        }
        (None, Some(text)) => {
            let score = number("score.txt", &text)?;
            let max = max_score.ok_or_else(|| {
                "wrote score.txt for a test without a maximum score (a pass-fail group)".to_string()
            })?;
            if score > max + 1e-9 {
                return Err(format!(
                    "wrote score.txt {score}, more than the test's maximum {max}"
                ));
            }
            Ok(Some(if max > 0.0 { score / max } else { 1.0 }))
        }
    }
}

/// An empty folder `name` for a tool's files, in the box's capped folder (as root a tmpfs
/// of its own: a tool cannot fill the host's disk); `what` names it in errors.
pub(crate) fn fresh_folder(boxed: &SandboxBox<'_>, name: &str, what: &str) -> Result<PathBuf> {
    let folder = boxed.capped_dir().join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).map_err(|e| JudgeError::file(what, &folder, e))?;
    Ok(folder)
}

/// Lets the box user write a Kattis tool's feedback folder.
pub(crate) fn set_world_writable(dir: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777))
        .map_err(|e| JudgeError::file("tool feedback folder", dir, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_points_messages() {
        assert_eq!(
            testlib_points("points 0.5 half of the pairs"),
            Some((0.5, "half of the pairs".to_string()))
        );
        assert_eq!(testlib_points("0.25"), Some((0.25, String::new())));
        assert_eq!(testlib_points("ok 3 numbers"), None);
    }

    #[test]
    fn a_hustoj_special_judge_accepts_with_0_and_rejects_with_anything_else() {
        let verdict =
            |code| exit_verdict(CheckerProtocol::Hustoj, code, "", None, None).map(|c| c.verdict);
        assert_eq!(verdict(0), Ok(Verdict::AC));
        for code in [1, 2, 3, 7, 42, 255] {
            assert_eq!(verdict(code), Ok(Verdict::WA), "exit {code}");
        }
    }

    #[test]
    fn kattis_score_files_are_fractions_of_the_tests_maximum() {
        let dir = tempfile::tempdir().unwrap();
        let opened = ToolFolder::open(dir.path()).unwrap();
        let (feedback, dir) = (&opened, dir.path());
        assert_eq!(kattis_score(feedback, true, Some(20.0)), Ok(None));
        std::fs::write(dir.join("score_multiplier.txt"), "0.25\n").unwrap();
        assert_eq!(kattis_score(feedback, true, None), Ok(Some(0.25)));
        assert!(kattis_score(feedback, false, None)
            .unwrap_err()
            .contains("rejected"));
        std::fs::write(dir.join("score.txt"), "5").unwrap();
        assert!(kattis_score(feedback, true, Some(20.0))
            .unwrap_err()
            .contains("both"));
        std::fs::remove_file(dir.join("score_multiplier.txt")).unwrap();
        assert_eq!(kattis_score(feedback, true, Some(20.0)), Ok(Some(0.25)));
        assert!(kattis_score(feedback, true, Some(4.0))
            .unwrap_err()
            .contains("more than the test's maximum 4"));
        assert!(kattis_score(feedback, true, None)
            .unwrap_err()
            .contains("pass-fail"));
        std::fs::write(dir.join("score.txt"), "lots").unwrap();
        assert!(kattis_score(feedback, true, Some(20.0))
            .unwrap_err()
            .contains("without a number"));
    }

    #[test]
    fn a_score_file_that_is_a_link_or_a_fifo_is_the_tools_error_and_never_read() {
        let dir = tempfile::tempdir().unwrap();
        let secret = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(secret.path(), "0.5").unwrap();
        std::os::unix::fs::symlink(secret.path(), dir.path().join("score.txt")).unwrap();
        let folder = ToolFolder::open(dir.path()).unwrap();
        assert_eq!(
            kattis_score(&folder, true, Some(1.0)),
            Err("left score.txt as a symbolic link (not followed)".to_string())
        );
        let fifo = std::ffi::CString::new(
            dir.path()
                .join("score_multiplier.txt")
                .into_os_string()
                .into_encoded_bytes(),
        )
        .unwrap();
        // SAFETY: mkfifo with a valid path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o666) }, 0);
        let refused = feedback_text(&folder, "score_multiplier.txt", 10).unwrap_err();
        assert!(refused.contains("a FIFO"), "{refused}");
    }
}
