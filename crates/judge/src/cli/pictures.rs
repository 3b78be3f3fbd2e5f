//! `judge run --pictures DIR`: each test's picture (the problem's visualizer drew it as the
//! test was judged) written to `DIR/<test>.svg`, and a line a test saying where, or the
//! note saying why it has none.

use judge_model::verdict::Picture;
use judge_model::SubmissionResult;
use std::path::Path;

/// The file of a test's picture in `dir`: its name with `/` as `-` (`sample-1.svg`).
fn file_name(test: &str) -> String {
    format!("{}.svg", test.replace('/', "-"))
}

/// Writes the pictures of `result` into `dir` (made if missing); the lines to print.
pub fn write(dir: &Path, result: &SubmissionResult) -> anyhow::Result<Vec<String>> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot make the pictures folder {}: {e}", dir.display()))?;
    let mut lines = Vec::new();
    for test in &result.tests {
        match &test.picture {
            Some(Picture::Svg { svg }) => {
                let path = dir.join(file_name(&test.name));
                std::fs::write(&path, svg)
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
                lines.push(format!("picture of {}: {}", test.name, path.display()));
            }
            Some(Picture::Note { note }) => {
                lines.push(format!("no picture of {}: {note}", test.name))
            }
            None => {}
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tests_picture_is_named_after_it() {
        assert_eq!(file_name("sample/1"), "sample-1.svg");
        assert_eq!(file_name("secret/group1/05"), "secret-group1-05.svg");
    }
}
