//! For a problem crate's own tests: its stored tests against its binaries.
//!
//! Every problem crate checks the same things about `testdata/<id>/`: the generator recipe
//! in problem.toml makes each stored `.in` byte for byte, the validator accepts it, the
//! reference's output is the stored `.ans`, and no stored file is missing from the recipe.
//! [`StoredTests`] does that once for all of them; a crate adds its own checks per test
//! through the callback of [`StoredTests::check_every_test`].

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One recipe entry: the test's name (`secret/03-max`) and the generator's arguments.
pub type RecipeEntry = (String, Vec<String>);

/// A problem crate and its stored tests.
#[derive(Debug, Clone)]
pub struct StoredTests {
    /// The crate's folder (`env!("CARGO_MANIFEST_DIR")`), which holds problem.toml.
    pub problem_dir: PathBuf,
    /// `testdata/<id>/`.
    pub testdata_dir: PathBuf,
}

/// One stored test, as [`StoredTests::check_every_test`] hands it to the callback.
#[derive(Debug)]
pub struct StoredTest<'a> {
    /// Its name, `sample/1` or `secret/03-max`.
    pub name: &'a str,
    /// Its path without extension.
    pub base: &'a Path,
    /// The `.in` file's bytes.
    pub input: &'a [u8],
    /// The `.ans` file's bytes.
    pub answer: &'a [u8],
}

impl StoredTests {
    /// The problem `id` of the workspace whose problem crate lives in `manifest_dir`
    /// (`problems/<id>`; the tests are in `testdata/<id>` beside `problems/`).
    pub fn new(manifest_dir: &str, id: &str) -> StoredTests {
        let problem_dir = PathBuf::from(manifest_dir);
        let testdata_dir = problem_dir.join("../../testdata").join(id);
        StoredTests {
            problem_dir,
            testdata_dir,
        }
    }

    /// The `[[tests]]` entries of problem.toml, in order. Our problem.toml files keep each
    /// entry as `name = "..."` followed by `args = ["...", ...]` on one line.
    pub fn recipe(&self) -> Vec<RecipeEntry> {
        let file = self.problem_dir.join("problem.toml");
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let quoted = |line: &str| -> Vec<String> {
            line.split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        let mut entries = Vec::new();
        let mut name = None;
        for line in text.lines() {
            if line.starts_with("name = ") {
                name = quoted(line).into_iter().next();
            } else if line.starts_with("args = ") {
                let name = name.take().expect("args follow a name in problem.toml");
                entries.push((name, quoted(line)));
            }
        }
        entries
    }

    /// For every recipe entry: the generator (`gen`, given the entry's arguments) makes the
    /// stored `.in`, the validator accepts it, and the reference's output is the stored
    /// `.ans`; then `also` runs the crate's own checks. Returns how many tests there were.
    /// Panics, naming the test, at the first mismatch.
    pub fn check_every_test(
        &self,
        gen: &str,
        validate: &str,
        reference: &str,
        mut also: impl FnMut(&StoredTest<'_>),
    ) -> usize {
        let entries = self.recipe();
        for (name, args) in &entries {
            let base = self.testdata_dir.join(name);
            let read = |ext: &str| {
                let path = base.with_extension(ext);
                std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            };
            let (input, answer) = (read("in"), read("ans"));
            let generated = run(gen, args, b"");
            assert!(generated.status.success(), "{name}: the generator failed");
            assert!(
                generated.stdout == input,
                "{name}: .in differs from the recipe"
            );
            let validated = run(validate, &[] as &[&str], &input);
            assert!(
                validated.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&validated.stderr)
            );
            let answered = run(reference, &[] as &[&str], &input);
            assert!(
                answered.stdout == answer,
                "{name}: .ans differs from the reference"
            );
            also(&StoredTest {
                name,
                base: &base,
                input: &input,
                answer: &answer,
            });
        }
        entries.len()
    }

    /// Panics if a file under `sample/` or `secret/` is not made by the recipe.
    pub fn check_nothing_unlisted(&self) {
        let names: Vec<String> = self.recipe().into_iter().map(|(name, _)| name).collect();
        for part in ["sample", "secret"] {
            let dir = self.testdata_dir.join(part);
            let entries =
                std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            for entry in entries {
                let path = entry.expect("a readable folder").path();
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                assert!(
                    names.contains(&format!("{part}/{stem}")),
                    "{} is not in the recipe",
                    path.display()
                );
            }
        }
    }
}

/// Runs `binary` with `args`, `stdin` as its input, and returns its output.
pub fn run<S: AsRef<std::ffi::OsStr>>(binary: &str, args: &[S], stdin: &[u8]) -> Output {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{binary}: {e}"));
    // A program that exits before reading all of its input closes the pipe: not our error.
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin);
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("{binary}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_recipe_of_a_problem_toml() {
        let dir = std::env::temp_dir().join(format!("stored-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("problem.toml"),
            "title = \"x\"\n[[tests]]\nname = \"sample/1\"\nargs = [\"sample\", \"1\"]\n\n\
             [[tests]]\nname = \"secret/02-max\"\nargs = [\"max\", \"seed=3\"]\n",
        )
        .unwrap();
        let tests = StoredTests::new(dir.to_str().unwrap(), "x");
        assert_eq!(
            tests.recipe(),
            vec![
                ("sample/1".to_string(), vec!["sample".into(), "1".into()]),
                (
                    "secret/02-max".to_string(),
                    vec!["max".into(), "seed=3".into()]
                ),
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn runs_a_program_with_input() {
        let output = run("cat", &["-"], b"hello");
        assert!(output.status.success());
        assert_eq!(output.stdout, b"hello");
    }
}
