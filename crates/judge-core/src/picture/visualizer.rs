//! Running a problem's output visualizer on one test, in the submission's box between
//! tests, as a Kattis checker runs (the same program preparation, binds and feedback
//! folder): `visualizer INPUT ANSWER FEEDBACK_DIR < OUTPUT`, exit 0, the picture in
//! `FEEDBACK_DIR/picture.svg`. Whatever goes wrong is a [`Picture::Note`], never a judge
//! error: a picture only helps to read a verdict that is already decided.

use super::svg;
use crate::checker::{bind, feedback_text, fresh_folder, message_of, set_world_writable};
use crate::safe_open::ToolFolder;
use crate::tools::BoxedCommand;
use judge_model::problem::TestCase;
use judge_model::verdict::Picture;
use judge_model::{JudgeError, Result};
use sandbox::{Bind, Limits, RunSpec, SandboxBox, SandboxError, Termination, MIB};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file a visualizer writes in its feedback folder.
pub const PICTURE_FILE: &str = "picture.svg";
/// The largest picture kept, in bytes.
pub const MAX_PICTURE_BYTES: u64 = MIB;
/// The longest note, in characters.
const NOTE_CHARS: usize = 200;

/// The limits a visualizer runs under: a few seconds, enough memory for a 1000 x 1000
/// grid, files no larger than the picture may be.
pub fn visualizer_limits() -> Limits {
    let mut limits = Limits::for_test(Duration::from_secs(3), 512 * MIB);
    limits.wall_time = Duration::from_secs(6);
    // A picture one byte too large is still read (and refused by its size), not killed.
    limits.output_bytes = MAX_PICTURE_BYTES + 1;
    limits.file_bytes = MAX_PICTURE_BYTES + 1;
    limits.stderr_keep_bytes = 4096;
    limits
}

/// A problem's visualizer, made ready once per submission (or why it could not be).
#[derive(Debug, Clone, PartialEq)]
pub enum Visualizer {
    /// The program, ready for the box.
    Ready(BoxedCommand),
    /// It could not be built or found: every picture is this note.
    Unavailable(String),
}

/// A one-line note of at most 200 characters (`NOTE_CHARS`).
pub fn note(text: impl AsRef<str>) -> Picture {
    let line = text.as_ref().trim().replace('\n', " | ");
    let mut cut: String = line.chars().take(NOTE_CHARS).collect();
    if line.chars().count() > NOTE_CHARS {
        cut.push('…');
    }
    Picture::Note { note: cut }
}

impl Visualizer {
    /// The picture of `output` (what the program wrote on `test`), drawn in `boxed`.
    /// Only a cancelled run is an error.
    pub fn draw(
        &self,
        boxed: &mut SandboxBox<'_>,
        test: &TestCase,
        output: &Path,
        scratch: &Path,
    ) -> Result<Picture> {
        let command = match self {
            Visualizer::Ready(command) => command,
            Visualizer::Unavailable(why) => return Ok(note(why)),
        };
        match run(command, boxed, test, output, scratch) {
            Ok(picture) => Ok(picture),
            Err(JudgeError::Cancelled) => Err(JudgeError::Cancelled),
            Err(error) => Ok(note(format!("the visualizer could not run: {error}"))),
        }
    }
}

/// Runs the visualizer and reads what it left.
fn run(
    command: &BoxedCommand,
    boxed: &mut SandboxBox<'_>,
    test: &TestCase,
    output: &Path,
    scratch: &Path,
) -> Result<Picture> {
    let feedback = fresh_folder(boxed, "picture", "visualizer folder")?;
    set_world_writable(&feedback)?;
    let mut binds = command.binds.clone();
    binds.extend([
        bind(&test.input, "/judge/input"),
        bind(&test.answer, "/judge/answer"),
        Bind {
            host: feedback.clone(),
            inside: PathBuf::from("/judge/feedback"),
            writable: true,
        },
    ]);
    let argv = command
        .argv
        .iter()
        .cloned()
        .chain(["/judge/input", "/judge/answer", "/judge/feedback/"].map(String::from))
        .collect();
    let spec = RunSpec {
        argv,
        env: command.env.clone(),
        stdin: Some(output.to_path_buf()),
        stdout: scratch.join("visualizer.stdout"),
        box_writable: false,
        root_binds: command.root_binds.clone(),
        binds,
        limits: visualizer_limits(),
    };
    let outcome = match boxed.run(&spec) {
        Ok(outcome) => outcome,
        Err(SandboxError::Cancelled) => return Err(JudgeError::Cancelled),
        Err(error) => return Ok(note(format!("the visualizer could not run: {error}"))),
    };
    let folder = ToolFolder::open(&feedback)
        .map_err(|e| JudgeError::file("visualizer folder", &feedback, e))?;
    let said = message_of(
        &feedback_text(&folder, "judgemessage.txt", 4096)
            .unwrap_or_default()
            .unwrap_or_default(),
        &outcome.stderr,
    );
    let failed = |why: &str| {
        note(if said.is_empty() {
            format!("the visualizer {why}")
        } else {
            format!("the visualizer {why}: {said}")
        })
    };
    match outcome.termination {
        Termination::Exited if outcome.exit_code == Some(0) => {}
        Termination::Exited => {
            let code = outcome.exit_code.unwrap_or(-1);
            return Ok(failed(&format!("exited with code {code}")));
        }
        Termination::CpuTimeLimit | Termination::WallTimeLimit => {
            return Ok(failed("ran out of time"))
        }
        Termination::MemoryLimit => return Ok(failed("ran out of memory")),
        Termination::OutputLimit => return Ok(failed("wrote too much")),
        _ => {
            let signal = outcome.signal_name().unwrap_or_default();
            return Ok(failed(&format!("crashed ({signal})")));
        }
    }
    Ok(read_picture(&folder))
}

/// The cleaned picture the visualizer left in its folder, or the note saying why there is
/// none.
pub fn read_picture(folder: &ToolFolder) -> Picture {
    let file = match folder.read(PICTURE_FILE, MAX_PICTURE_BYTES) {
        Ok(Some(file)) => file,
        Ok(None) => return note(format!("the visualizer wrote no {PICTURE_FILE}")),
        Err(refused) => {
            return note(format!(
                "the visualizer left {PICTURE_FILE} as {}",
                refused.0
            ))
        }
    };
    if file.truncated {
        return note(format!(
            "{PICTURE_FILE} is larger than {} KiB",
            MAX_PICTURE_BYTES / 1024
        ));
    }
    let Ok(text) = String::from_utf8(file.bytes) else {
        return note(format!("{PICTURE_FILE} is not UTF-8 text"));
    };
    match svg::clean(&text) {
        Ok(svg) => Picture::Svg { svg },
        Err(svg::Refused(why)) => note(format!("{PICTURE_FILE} is refused: {why}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture_from(bytes: Option<&[u8]>) -> Picture {
        let dir = tempfile::tempdir().unwrap();
        if let Some(bytes) = bytes {
            std::fs::write(dir.path().join(PICTURE_FILE), bytes).unwrap();
        }
        read_picture(&ToolFolder::open(dir.path()).unwrap())
    }

    fn note_of(picture: Picture) -> String {
        match picture {
            Picture::Note { note } => note,
            other => panic!("expected a note, got {other:?}"),
        }
    }

    #[test]
    fn a_clean_picture_is_read_and_cleaned() {
        let picture = picture_from(Some(
            br#"<svg xmlns="http://www.w3.org/2000/svg"><script>x</script><rect width="1"/></svg>"#,
        ));
        assert_eq!(
            picture,
            Picture::Svg {
                svg: r#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect></svg>"#
                    .into()
            }
        );
    }

    #[test]
    fn a_missing_large_or_broken_picture_is_a_one_line_note() {
        assert!(note_of(picture_from(None)).contains("wrote no picture.svg"));
        let large = vec![b' '; MAX_PICTURE_BYTES as usize + 1];
        assert!(note_of(picture_from(Some(&large))).contains("larger than 1024 KiB"));
        assert!(note_of(picture_from(Some(b"\xff\xfe"))).contains("not UTF-8"));
        let refused = note_of(picture_from(Some(b"<html/>")));
        assert!(
            refused.contains("refused") && !refused.contains('\n'),
            "{refused}"
        );
    }

    #[test]
    fn a_picture_that_is_a_link_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let secret = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(secret.path(), "<svg/>").unwrap();
        std::os::unix::fs::symlink(secret.path(), dir.path().join(PICTURE_FILE)).unwrap();
        let picture = read_picture(&ToolFolder::open(dir.path()).unwrap());
        assert!(note_of(picture).contains("symbolic link"));
    }

    #[test]
    fn notes_are_one_short_line() {
        let long = note_of(note(format!("a\nb{}", "x".repeat(500))));
        assert!(long.starts_with("a | b") && long.ends_with('…'));
        assert_eq!(long.chars().count(), NOTE_CHARS + 1);
    }
}
