//! The output visualizer protocol (Kattis' output visualizers, with the picture's name
//! fixed): `visualize INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT`. A picture is written to
//! `FEEDBACK_DIR/picture.svg` and the visualizer exits 0; an output it cannot draw (not a
//! route at all) is said in one line on stderr and in `FEEDBACK_DIR/judgemessage.txt`, and
//! it exits 1. The judge shows that line instead of a picture.

use crate::Tokens;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The file a visualizer writes its picture to, in the feedback folder.
pub const PICTURE_FILE: &str = "picture.svg";

/// The three texts a visualizer reads.
#[derive(Debug)]
pub struct VisualFiles {
    /// The test's input.
    pub input: Tokens,
    /// The program's output.
    pub output: Tokens,
    /// The test's answer.
    pub answer: Tokens,
}

/// A picture as SVG text, or why the output cannot be drawn.
pub type DrawResult = Result<String, String>;

/// Runs a visualizer: reads the files the judge names, writes the picture or the reason.
pub fn run(draw: impl FnOnce(VisualFiles) -> DrawResult) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, answer, feedback, ..] = args.as_slice() else {
        eprintln!("usage: visualize INPUT ANSWER FEEDBACK_DIR < OUTPUT");
        return ExitCode::from(2);
    };
    let feedback = PathBuf::from(feedback);
    let drawn = read_files(input, answer).and_then(draw);
    match drawn.and_then(|svg| write(&feedback, PICTURE_FILE, &svg)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("{why}");
            // The reason reaches the judge on stderr too, should the folder not take it.
            let _ = write(&feedback, "judgemessage.txt", &why);
            ExitCode::from(1)
        }
    }
}

fn read_files(input: &str, answer: &str) -> Result<VisualFiles, String> {
    let mut output = Vec::new();
    std::io::stdin()
        .read_to_end(&mut output)
        .map_err(|e| format!("cannot read the output on stdin: {e}"))?;
    let read = |path: &str, what: &str| {
        Tokens::from_file(Path::new(path))
            .map_err(|e| format!("cannot read the {what} {path}: {e}"))
    };
    Ok(VisualFiles {
        input: read(input, "input")?,
        output: Tokens::new(&output),
        answer: read(answer, "answer")?,
    })
}

fn write(folder: &Path, name: &str, text: &str) -> Result<(), String> {
    let path = folder.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
