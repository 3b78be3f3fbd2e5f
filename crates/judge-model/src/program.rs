//! Programs: a checker, validator, interactor, generator or reference, whatever its
//! language. A program is data here (where its files are, what it is); judge-core's `tools`
//! compiles and runs it.
//!
//! Four kinds: a binary of the problem's cargo crate (the native format's tools, built by
//! cargo outside the sandbox: the teacher's own code); an executable file in the problem
//! folder (a script, a prebuilt checker); source files in any language of judge.toml's
//! table (one file, or a folder of several sources and headers, compiled in the sandbox
//! and cached by content hash); a checktestdata script (`.ctd`).

use std::path::{Path, PathBuf};

/// Where a program comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramKind {
    /// A binary target of the cargo crate in `crate_dir`.
    CrateBinary {
        /// The crate's folder.
        crate_dir: PathBuf,
        /// The binary's name.
        bin: String,
    },
    /// An executable file, run as it is.
    Executable(PathBuf),
    /// Source files: the first one decides the language (by its extension, or
    /// `language` when given); the others (sources, headers) lie beside it.
    Sources {
        /// The language id of judge.toml's table, when the package says it.
        language: Option<String>,
        /// The main source first, then every other file of the program.
        files: Vec<PathBuf>,
    },
    /// A checktestdata script, run by a checktestdata implementation found on the PATH.
    Checktestdata(PathBuf),
}

/// A program of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Its name in messages (`output_validator/`, `check.cpp`, `maze-check`).
    pub name: String,
    /// What it is.
    pub kind: ProgramKind,
}

/// Extensions of source files that are not the program's entry point.
const HEADER_EXTENSIONS: [&str; 5] = ["h", "hpp", "hh", "hxx", "inc"];

impl Program {
    /// A program made of one file or one folder in a package: a folder's files are its
    /// sources (the entry point first: `__main__.py`, a file with `main`, or the first
    /// source by name). `.ctd` files are checktestdata scripts.
    pub fn from_path(name: impl Into<String>, path: &Path) -> Program {
        let name = name.into();
        if path.is_file() {
            let kind = if path.extension().is_some_and(|e| e == "ctd") {
                ProgramKind::Checktestdata(path.to_path_buf())
            } else {
                ProgramKind::Sources {
                    language: None,
                    files: vec![path.to_path_buf()],
                }
            };
            return Program { name, kind };
        }
        let mut files = Vec::new();
        collect_files(path, &mut files);
        files.sort();
        if let Some(main) = entry_point(&files) {
            let main = files.remove(main);
            files.insert(0, main);
        }
        Program {
            name,
            kind: ProgramKind::Sources {
                language: None,
                files,
            },
        }
    }

    /// The files whose bytes decide what the program does (for caches and messages).
    pub fn files(&self) -> Vec<&Path> {
        match &self.kind {
            ProgramKind::CrateBinary { .. } => vec![],
            ProgramKind::Executable(path) | ProgramKind::Checktestdata(path) => vec![path],
            ProgramKind::Sources { files, .. } => files.iter().map(PathBuf::as_path).collect(),
        }
    }
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
        } else if path.is_file() {
            out.push(path);
        }
    }
}

/// The entry point of a folder program: `__main__.py`, else a source that defines
/// `main`, else the first file that is not a header.
fn entry_point(files: &[PathBuf]) -> Option<usize> {
    if let Some(index) = files
        .iter()
        .position(|f| f.file_name().is_some_and(|n| n == "__main__.py"))
    {
        return Some(index);
    }
    let is_source = |f: &PathBuf| {
        f.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| !HEADER_EXTENSIONS.contains(&e))
    };
    files
        .iter()
        .position(|f| {
            is_source(f)
                && std::fs::read_to_string(f).is_ok_and(|text| {
                    text.contains("int main")
                        || text.contains("fn main")
                        || text.contains("static void main")
                })
        })
        .or_else(|| files.iter().position(is_source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_program_puts_its_entry_point_first() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("a_util.cpp"),
            "int helper() { return 1; }\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("testlib.h"), "// header\n").unwrap();
        std::fs::write(dir.path().join("validate.cpp"), "int main() {}\n").unwrap();
        let program = Program::from_path("v", dir.path());
        let ProgramKind::Sources { files, .. } = &program.kind else {
            panic!("{program:?}")
        };
        assert_eq!(files[0].file_name().unwrap(), "validate.cpp");
        assert_eq!(files.len(), 3);
        let ctd = dir.path().join("x.ctd");
        std::fs::write(&ctd, "INT(1,10)\n").unwrap();
        assert_eq!(
            Program::from_path("x", &ctd).kind,
            ProgramKind::Checktestdata(ctd)
        );
    }
}
