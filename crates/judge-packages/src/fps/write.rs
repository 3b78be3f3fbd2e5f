//! An item written as a problem folder:
//!
//! ```text
//! fps.toml                      title, limits, the special judge and its protocol
//! statement.html                the sections, sanitised ([`super::html`])
//! images/NAME                   the statement's images, decoded
//! data/sample/NN.in, NN.ans     the samples
//! data/secret/NN.in, NN.ans     the tests
//! spj.c | spj.cpp               the special judge
//! submissions/accepted/solution-N.EXT    the solutions (with the prepended and appended
//!                               code of their language around them, as HUSTOJ judges them)
//! templates/PART.EXT            <template>, <prepend>, <append> as given
//! ```

use super::load::{FpsChecker, FpsLimits, FpsToml, MARKER};
use super::parse::{Item, TemplatePart};
use judge_model::{JudgeError, Result};
use std::path::Path;

/// Whether a special judge's source follows testlib's protocol: it includes testlib.h.
/// Every other one is read as HUSTOJ's (`spj INPUT ANSWER OUTPUT`, exit 0 accepted).
pub fn speaks_testlib(code: &str) -> bool {
    code.lines().any(|line| {
        let line = line.trim_start();
        line.strip_prefix('#').is_some_and(|rest| {
            let rest = rest.trim_start();
            rest.starts_with("include")
                && (rest.contains("\"testlib.h\"") || rest.contains("<testlib.h>"))
        })
    })
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| JudgeError::file("folder", parent, e))?;
    }
    std::fs::write(path, bytes).map_err(|e| JudgeError::file("file", path, e))
}

/// Names numbered from 1, as wide as the count needs (at least 2 digits) so that they
/// sort in order.
fn numbered(index: usize, count: usize) -> String {
    let width = count.to_string().len().max(2);
    format!("{:0width$}", index + 1)
}

/// Writes `item` into the new folder `dir` (from `file_name`, the FPS file's name);
/// returns what the teacher should know (a testlib special judge without its header,
/// templates the judge does not apply to submissions).
pub fn write_item(item: &Item, dir: &Path, file_name: &str) -> Result<Vec<String>> {
    let mut notes = Vec::new();
    let statement_only = item.tests.is_empty();
    let checker = match &item.spj {
        Some(spj) => {
            let extension = match spj.extension.as_str() {
                "c" | "cpp" => spj.extension.clone(),
                _ => {
                    return Err(JudgeError::file(
                        "FPS file",
                        file_name,
                        format!(
                            "{}: its <spj> is in {}; special judges are taken in C and C++",
                            item.describe(),
                            spj.language
                        ),
                    ))
                }
            };
            let program = format!("spj.{extension}");
            write(&dir.join(&program), &spj.code)?;
            let testlib = speaks_testlib(&spj.code);
            if testlib {
                notes.push(format!(
                    "{}: its special judge includes testlib.h, which an FPS file does not carry: put testlib.h beside {program} in the problem's folder before judging",
                    item.describe()
                ));
            }
            Some(FpsChecker {
                program,
                protocol: if testlib { "testlib" } else { "hustoj" }.into(),
            })
        }
        None => None,
    };
    let manifest = FpsToml {
        title: item.title.clone(),
        imported_from: file_name.to_string(),
        item: item.number,
        statement_only,
        limits: FpsLimits {
            time_s: item.time_s,
            memory_mib: item.memory_mib,
        },
        checker,
    };
    let text = toml::to_string(&manifest).map_err(|e| JudgeError::file(MARKER, dir, e))?;
    write(
        &dir.join(MARKER),
        format!(
            "# Item {} of the FPS file {file_name}, imported by `judge import`.\n{text}",
            item.number
        ),
    )?;
    write(&dir.join("statement.html"), super::html::statement(item))?;
    for image in &item.images {
        write(&dir.join("images").join(&image.file_name), &image.bytes)?;
    }
    for (folder, pairs) in [("sample", &item.samples), ("secret", &item.tests)] {
        for (index, (input, answer)) in pairs.iter().enumerate() {
            let name = numbered(index, pairs.len());
            let base = dir.join("data").join(folder);
            write(&base.join(format!("{name}.in")), input)?;
            write(&base.join(format!("{name}.ans")), answer)?;
        }
    }
    for (index, solution) in item.solutions.iter().enumerate() {
        let prepend = item.template(TemplatePart::Prepend, &solution.extension);
        let append = item.template(TemplatePart::Append, &solution.extension);
        let mut code = String::new();
        for part in [prepend, Some(solution.code.as_str()), append]
            .into_iter()
            .flatten()
        {
            code.push_str(part);
            if !code.ends_with('\n') {
                code.push('\n');
            }
        }
        write(
            &dir.join("submissions/accepted").join(format!(
                "solution-{}.{}",
                index + 1,
                solution.extension
            )),
            code,
        )?;
    }
    for (part, source) in &item.templates {
        write(
            &dir.join("templates")
                .join(format!("{}.{}", part.name(), source.extension)),
            &source.code,
        )?;
    }
    if item
        .templates
        .iter()
        .any(|(part, _)| *part != TemplatePart::Template)
    {
        notes.push(format!(
            "{}: its <prepend>/<append> code is kept in templates/ and put around its solutions, but the judge does not put it around students' submissions",
            item.describe()
        ));
    }
    Ok(notes)
}
