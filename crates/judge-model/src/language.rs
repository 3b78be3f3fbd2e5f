//! The language table: data from judge.toml, not code. Adding a language is adding an entry.

use crate::error::{JudgeError, Result};
use crate::java_names::java_names;
use std::collections::BTreeMap;
use std::path::Path;

/// In a language's `source` and commands: the class the source file is named after.
pub const CLASS: &str = "{class}";
/// In a language's commands: the class to run (with its package).
pub const MAIN_CLASS: &str = "{main_class}";

/// One language of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Language {
    /// Its id in judge.toml (`cpp`).
    pub id: String,
    /// How its sources are saved, compiled and run.
    pub spec: LanguageSpec,
}

/// How a language's sources are saved, compiled and run, and how its runtime reports
/// running out of memory.
#[derive(Debug, Clone, PartialEq)]
pub struct LanguageSpec {
    /// The name shown to users.
    pub name: String,
    /// File extensions that select it (matched in any case).
    pub extensions: Vec<String>,
    /// The file name a source is saved as in the box.
    pub source: String,
    /// The compile command; `None` for a language that is not compiled.
    pub compile: Option<Vec<String>>,
    /// The run command.
    pub run: Vec<String>,
    /// Scales the problem's time limits.
    pub time_multiplier: f64,
    /// Extra host paths its toolchain needs.
    pub binds: Vec<String>,
    /// Extra environment for compiling and running.
    pub env: BTreeMap<String, String>,
    /// Stderr text by which the runtime reports running out of memory (then MLE, not RE).
    pub memory_errors: Vec<String>,
    /// The id of the language whose sources this one runs on another runtime (pypy3 for
    /// python3).
    pub alternative_for: Option<String>,
    /// An alternative that only a `#!` line or `--lang` chooses, never `judge verify`.
    pub shebang_only: bool,
    /// System headers compiled once and reused by the sources that include them.
    pub precompiled_headers: Vec<String>,
    /// A program of several sources has them all named in the compile command.
    pub compile_all_sources: bool,
    /// Extensions of files copied beside the sources but never named to the compiler.
    pub headers: Vec<String>,
    /// Text that marks a folder submission's entry source.
    pub entry_markers: Vec<String>,
    /// Extensions that name it in a Kattis package (`.pl` is Prolog there).
    pub kattis_extensions: Vec<String>,
    /// The order a program's sources are named to the compiler (`compile_all_sources`).
    pub source_order: SourceOrder,
    /// How to get its toolchain, said where it is missing (else: scripts/setup-languages).
    pub how_to_get: Option<String>,
}

/// The order in which a program of several sources has them named to the compiler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceOrder {
    /// The entry, then the others by name (C, Java, Go: the compiler takes any order).
    #[default]
    EntryFirst,
    /// OCaml: a module (`helper.ml`, used as `Helper.f`) before the sources that use it,
    /// the entry last.
    OcamlModules,
    /// Fortran: a `module` before the sources that `use` it, the entry last.
    FortranModules,
}

impl Language {
    /// The compile command, if the language is compiled.
    pub fn compile_command(&self) -> Option<&[String]> {
        self.spec.compile.as_deref()
    }

    /// The language as it applies to one source: where the entry's `source` names the
    /// file after the source's class (`{class}.java`) or its run names `{main_class}`
    /// (Scala's object), `{class}` becomes the class the file must be named after and
    /// `{main_class}` the class to run (`java_names.rs`), in the source's name and
    /// in both commands.
    pub fn for_source(&self, source: &[u8]) -> Language {
        if !self.spec.source.contains(CLASS)
            && !self.spec.run.iter().any(|arg| arg.contains(MAIN_CLASS))
        {
            return self.clone();
        }
        let names = java_names(&String::from_utf8_lossy(source));
        let fill = |arg: &String| {
            arg.replace(MAIN_CLASS, &names.main_class)
                .replace(CLASS, &names.file_class)
        };
        let mut language = self.clone();
        language.spec.source = fill(&self.spec.source);
        language.spec.compile = self
            .spec
            .compile
            .as_ref()
            .map(|command| command.iter().map(fill).collect());
        language.spec.run = self.spec.run.iter().map(fill).collect();
        language
    }

    /// The programs its commands start from the machine's installed software (`javac`,
    /// `java`, `/usr/bin/go`), first the compiler's: not what runs from the box folder
    /// (`./main`), nor a name still holding a placeholder.
    pub fn installed_programs(&self) -> Vec<&str> {
        let mut programs: Vec<&str> = Vec::new();
        let commands = self
            .spec
            .compile
            .iter()
            .chain(std::iter::once(&self.spec.run));
        for program in commands.filter_map(|c| c.first()) {
            // A relative path with a slash is in the box folder (./main).
            let in_box = program.contains('/') && !program.starts_with('/');
            if in_box || program.contains('{') || programs.contains(&program.as_str()) {
                continue;
            }
            programs.push(program);
        }
        programs
    }

    /// Why this machine cannot run the language: the first of its
    /// [installed programs](Language::installed_programs) that is not there, looked up as
    /// the box looks it up (the entry's `PATH`, `~` being `home`, or the box's default).
    /// `None` when all are there. The check is the host's: a program on the `PATH` that
    /// the box does not show is the sandbox's to report.
    pub fn missing_program(&self, home: Option<&Path>) -> Option<MissingProgram> {
        let path_var = match self.spec.env.get("PATH") {
            Some(value) => expand_home(value, home),
            None => sandbox::DEFAULT_PATH.to_string(),
        };
        self.installed_programs()
            .into_iter()
            .find(|program| !is_installed(program, &path_var))
            .map(|program| MissingProgram {
                program: program.to_string(),
                searched: if program.starts_with('/') {
                    program.to_string()
                } else {
                    format!("PATH={path_var}")
                },
            })
    }

    /// The run command, with `{memory_mib}` filled in.
    pub fn run_command(&self, memory_mib: u64) -> Vec<String> {
        self.spec
            .run
            .iter()
            .map(|arg| arg.replace("{memory_mib}", &memory_mib.to_string()))
            .collect()
    }
}

/// A program a language needs that this machine does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingProgram {
    /// The program as the language's command names it (`go`).
    pub program: String,
    /// Where it was looked for (`PATH=/usr/local/bin:/usr/bin:/bin`).
    pub searched: String,
}

/// Whether `program` (a bare name, looked up in `path_var`, or an absolute path) is an
/// executable file here.
fn is_installed(program: &str, path_var: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = |path: &Path| {
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.starts_with('/') {
        return executable(Path::new(program));
    }
    path_var
        .split(':')
        .filter(|dir| !dir.is_empty())
        .any(|dir| executable(&Path::new(dir).join(program)))
}

/// `~` in each part of a `PATH`-like value, as the sandbox expands it.
fn expand_home(value: &str, home: Option<&Path>) -> String {
    let Some(home) = home else {
        return value.to_string();
    };
    value
        .split(':')
        .map(|part| match part.strip_prefix("~/") {
            Some(rest) => home.join(rest).to_string_lossy().into_owned(),
            None if part == "~" => home.to_string_lossy().into_owned(),
            None => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// All the languages of judge.toml.
#[derive(Debug, Clone)]
pub struct Languages {
    list: Vec<Language>,
    allowed: Option<Vec<String>>,
}

impl Languages {
    /// The table of these languages (in id order), of which the contest allows
    /// `allowed` (`None`: all).
    pub fn new(list: Vec<Language>, allowed: Option<Vec<String>>) -> Languages {
        Languages { list, allowed }
    }

    /// The table as a Kattis package's files mean it: each language's `kattis_extensions`
    /// are its extensions there, taken from whichever language has them here (`.pl` is
    /// Prolog's, not Perl's). The languages judge as they do in the table.
    pub fn as_in_kattis_packages(&self) -> Languages {
        let claimed: Vec<String> = self
            .list
            .iter()
            .flat_map(|l| l.spec.kattis_extensions.iter())
            .map(|e| e.to_ascii_lowercase())
            .collect();
        let mut table = self.clone();
        for language in &mut table.list {
            let spec = &mut language.spec;
            spec.extensions
                .retain(|e| !claimed.contains(&e.to_ascii_lowercase()));
            spec.extensions
                .extend(spec.kattis_extensions.iter().cloned());
        }
        table
    }

    /// Every language, in id order.
    pub fn all(&self) -> &[Language] {
        &self.list
    }

    fn known_ids(&self) -> String {
        self.list
            .iter()
            .map(|l| l.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The language with this id.
    pub fn by_id(&self, id: &str) -> Result<&Language> {
        self.list
            .iter()
            .find(|l| l.id == id)
            .ok_or_else(|| JudgeError::UnknownLanguage {
                given: id.to_string(),
                known: self.known_ids(),
            })
    }

    /// The language of a source file, from its extension.
    pub fn for_path(&self, path: &Path) -> Result<&Language> {
        // In any case: `eight-puzzle.PY` is Python (judge.toml's check keeps extensions
        // distinct regardless of case).
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        self.list
            .iter()
            .find(|l| {
                l.spec
                    .extensions
                    .iter()
                    .any(|e| e.eq_ignore_ascii_case(extension))
            })
            .ok_or_else(|| JudgeError::UnknownExtension {
                path: path.to_path_buf(),
                known: self
                    .list
                    .iter()
                    .flat_map(|l| {
                        l.spec
                            .extensions
                            .iter()
                            .map(move |e| format!(".{e} ({})", l.id))
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The language of a submission: `--lang` if given, else the file's
    /// ([`Languages::for_file`]).
    pub fn choose(&self, path: &Path, source: &[u8], lang: Option<&str>) -> Result<&Language> {
        match lang {
            Some(id) => self.by_id(id),
            None => self.for_file(path, source),
        }
    }

    /// The language of a source file: its extension's, or, where the source's first line
    /// is a `#!` naming the program of an alternative of that language
    /// (`#!/usr/bin/env pypy3` in a `.py` file), that alternative. A class folder has no
    /// other way to ask for PyPy.
    pub fn for_file(&self, path: &Path, source: &[u8]) -> Result<&Language> {
        let language = self.for_path(path)?;
        let Some(program) = shebang_program(source) else {
            return Ok(language);
        };
        Ok(self
            .alternatives(language)
            .find(|a| {
                // `python2.7` asks for `python2`'s runtime, `pypy3.9` for `pypy3`'s.
                a.spec
                    .run
                    .first()
                    .map(|r| program_name(r))
                    .is_some_and(|run| {
                        program
                            .strip_prefix(run)
                            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
                    })
            })
            .unwrap_or(language))
    }

    /// The languages that run another's sources on another runtime (judge.toml's
    /// `alternative_for`: pypy3 for python3).
    pub fn alternatives<'a>(
        &'a self,
        language: &'a Language,
    ) -> impl Iterator<Item = &'a Language> + 'a {
        self.list
            .iter()
            .filter(move |l| l.spec.alternative_for.as_deref() == Some(language.id.as_str()))
    }

    /// Checks this machine has the programs a language needs (a language of the table
    /// whose toolchain is not installed is refused with its name, never judged: its
    /// compile would fail in the box as a judge error). `~` is the judging user's home.
    pub fn check_available(&self, language: &Language) -> Result<()> {
        let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
        match language.missing_program(home.as_deref()) {
            None => Ok(()),
            Some(missing) => Err(JudgeError::LanguageUnavailable {
                language: language.id.clone(),
                name: language.spec.name.clone(),
                program: missing.program,
                searched: missing.searched,
                how_to_get: language.spec.how_to_get.clone().unwrap_or_else(|| {
                    "scripts/setup-languages installs those Debian packages".to_string()
                }),
            }),
        }
    }

    /// The languages this machine can run, in id order (those whose programs are all
    /// installed: what a web form offers).
    pub fn available(&self) -> impl Iterator<Item = &Language> + '_ {
        self.list
            .iter()
            .filter(|language| self.check_available(language).is_ok())
    }

    /// The ids of the languages this machine can run, in id order ([`Languages::available`]):
    /// what a worker claims and reports.
    pub fn available_ids(&self) -> Vec<String> {
        self.available()
            .map(|language| language.id.clone())
            .collect()
    }

    /// Checks the contest allows a language.
    pub fn check_allowed(&self, language: &Language) -> Result<()> {
        match &self.allowed {
            Some(allowed) if !allowed.contains(&language.id) => {
                Err(JudgeError::LanguageNotAllowed {
                    language: language.id.clone(),
                    allowed: allowed.join(", "),
                })
            }
            _ => Ok(()),
        }
    }

    /// The language a problem judges a submission in, where the problem (its package)
    /// lists the languages it takes: the language itself when listed, or listed as
    /// what it is an alternative for (C++20 where `cpp` is listed, PyPy where `python3`
    /// is); else, for a language chosen by its extension, the listed profile of it (a
    /// `.cpp` file on a problem that takes `cpp14` compiles as C++14, as NOI's packages
    /// ask). Anything else is refused with the problem's list. Ids the table does not
    /// have are passed over: a package may list languages this judge does not run.
    pub fn for_problem<'a>(
        &'a self,
        problem: &str,
        listed: Option<&[String]>,
        language: &'a Language,
    ) -> Result<&'a Language> {
        let Some(listed) = listed else {
            return Ok(language);
        };
        let is_listed = |id: &str| listed.iter().any(|l| l == id);
        if is_listed(&language.id)
            || language
                .spec
                .alternative_for
                .as_deref()
                .is_some_and(is_listed)
        {
            return Ok(language);
        }
        let profile = listed.iter().find_map(|id| {
            self.list.iter().find(|l| {
                &l.id == id && l.spec.alternative_for.as_deref() == Some(language.id.as_str())
            })
        });
        profile.ok_or_else(|| JudgeError::LanguageNotForProblem {
            problem: problem.to_string(),
            language: language.id.clone(),
            listed: listed
                .iter()
                .filter(|id| self.list.iter().any(|l| &l.id == *id))
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// A program's name without its folder (`/usr/bin/pypy3` is `pypy3`).
fn program_name(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// The program a `#!` first line runs (`#!/usr/bin/env pypy3 -O` runs `pypy3`), if the
/// source has one (after a byte order mark).
fn shebang_program(source: &[u8]) -> Option<&str> {
    let source = crate::source::without_bom(source);
    let line = source.strip_prefix(b"#!")?.split(|&b| b == b'\n').next()?;
    let mut words = std::str::from_utf8(line).ok()?.split_whitespace();
    let first = program_name(words.next()?);
    if first != "env" {
        return Some(first);
    }
    words.find(|w| !w.starts_with('-')).map(program_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::judge_toml::JudgeConfig;

    fn languages() -> Languages {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        JudgeConfig::load(&file).unwrap().languages
    }

    #[test]
    fn a_problems_language_list_picks_the_listed_profile_or_refuses() {
        let languages = languages();
        let id = |language: &str| languages.by_id(language).unwrap();
        let listed: Vec<String> = ["cpp14", "python3", "objectivec"]
            .map(String::from)
            .to_vec();
        let judged_as = |language: &str| {
            languages
                .for_problem("sum", Some(&listed), id(language))
                .map(|l| l.id.clone())
        };
        assert_eq!(
            judged_as("cpp").unwrap(),
            "cpp14",
            "a .cpp file takes the profile"
        );
        assert_eq!(judged_as("cpp14").unwrap(), "cpp14");
        assert_eq!(judged_as("python3").unwrap(), "python3");
        assert_eq!(
            judged_as("pypy3").unwrap(),
            "pypy3",
            "an alternative of a listed one"
        );
        let refused = judged_as("cpp20").unwrap_err().to_string();
        assert_eq!(
            refused,
            "problem sum takes only the languages its package lists (cpp14, python3); \
             cpp20 is not one of them",
            "a profile asked for by name is not swapped, and unknown ids are not named"
        );
        assert!(judged_as("java").is_err());
        assert_eq!(
            languages.for_problem("sum", None, id("cpp20")).unwrap().id,
            "cpp20",
            "no list: every language"
        );
    }

    #[test]
    fn extensions_choose_languages() {
        let languages = languages();
        assert_eq!(
            languages.for_path(Path::new("a/sol.cpp")).unwrap().id,
            "cpp"
        );
        assert_eq!(languages.for_path(Path::new("sol.cc")).unwrap().id, "cpp");
        assert_eq!(languages.for_path(Path::new("x.py")).unwrap().id, "python3");
        assert_eq!(languages.for_path(Path::new("X.PY")).unwrap().id, "python3");
        assert_eq!(languages.for_path(Path::new("Maze.Cpp")).unwrap().id, "cpp");
        assert_eq!(
            languages.for_path(Path::new("Main.java")).unwrap().id,
            "java"
        );
        assert_eq!(
            languages
                .choose(Path::new("x.txt"), b"", Some("c"))
                .unwrap()
                .id,
            "c"
        );
    }

    #[test]
    fn a_kattis_package_means_prolog_by_pl() {
        let languages = languages();
        assert_eq!(languages.for_path(Path::new("a.pl")).unwrap().id, "perl");
        let kattis = languages.as_in_kattis_packages();
        assert_eq!(kattis.for_path(Path::new("a.pl")).unwrap().id, "prolog");
        assert_eq!(kattis.for_path(Path::new("A.PL")).unwrap().id, "prolog");
        assert_eq!(kattis.for_path(Path::new("a.pro")).unwrap().id, "prolog");
        // Perl keeps its other extension; nothing else moves.
        assert_eq!(kattis.for_path(Path::new("a.pm")).unwrap().id, "perl");
        assert_eq!(kattis.for_path(Path::new("a.cpp")).unwrap().id, "cpp");
    }

    #[test]
    fn unknown_ones_list_the_known() {
        let languages = languages();
        let error = languages
            .for_path(Path::new("sol.cob"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("sol.cob") && error.contains(".cpp (cpp)") && error.contains("--lang"),
            "{error}"
        );
        let error = languages.by_id("cobol").unwrap_err().to_string();
        assert!(
            error.contains("cobol") && error.contains("python3"),
            "{error}"
        );
    }

    #[test]
    fn a_java_source_names_its_file_and_the_class_run() {
        let languages = languages();
        let java = languages.by_id("java").unwrap();
        let named = java.for_source(
            b"package week1;\npublic class Solution { public static void main(String[] a) {} }",
        );
        assert_eq!(named.spec.source, "Solution.java");
        let compile = named.compile_command().unwrap();
        assert!(compile.iter().any(|a| a == "Solution.java"), "{compile:?}");
        let run = named.run_command(256);
        assert_eq!(
            run.last().map(String::as_str),
            Some("week1.Solution"),
            "{run:?}"
        );
        assert!(
            !run.iter().chain(compile).any(|a| a.contains('{')),
            "{run:?}"
        );
        let plain = java.for_source(b"class X { static void main(String[] a) {} }");
        assert_eq!(plain.spec.source, "X.java");
        let nothing = java.for_source(b"");
        assert_eq!(nothing.spec.source, "Main.java");
        // Other languages are left as they are.
        let c = languages.by_id("c").unwrap();
        assert_eq!(&c.for_source(b"public class A {}"), c);
    }

    #[test]
    fn a_shebang_naming_pypy_chooses_pypy_and_nothing_else_does() {
        let languages = languages();
        let of = |source: &str| {
            languages
                .for_file(Path::new("sum.py"), source.as_bytes())
                .unwrap()
                .id
                .clone()
        };
        assert_eq!(of("print(1)\n"), "python3");
        assert_eq!(of("#!/usr/bin/env pypy3\nprint(1)\n"), "pypy3");
        assert_eq!(of("\u{feff}#!/usr/bin/pypy3\n"), "pypy3");
        assert_eq!(of("#!/usr/bin/env -S pypy3 -O\n"), "pypy3");
        assert_eq!(of("#!/usr/bin/env python3\n"), "python3");
        assert_eq!(of("# pypy3 would be faster\n"), "python3");
        // Only an alternative of the extension's language: a C file stays C.
        let c = languages
            .for_file(Path::new("a.c"), b"#!/usr/bin/env pypy3\n")
            .unwrap();
        assert_eq!(c.id, "c");
        let python = languages.by_id("python3").unwrap();
        let alternatives: Vec<&str> = languages
            .alternatives(python)
            .map(|l| l.id.as_str())
            .collect();
        assert_eq!(alternatives, ["pypy3", "python2"]);
        // Python 2 only by its #! line (Debian 12 cannot run it: check_available says so).
        assert_eq!(of("#!/usr/bin/env python2\nprint 1\n"), "python2");
        assert_eq!(of("#!/usr/bin/python2.7\n"), "python2");
        assert_eq!(of("#!/usr/bin/env python3.11\n"), "python3");
        assert_eq!(
            languages
                .choose(Path::new("sum.py"), b"print(1)", Some("pypy3"))
                .unwrap()
                .id,
            "pypy3"
        );
    }

    #[test]
    fn a_language_is_available_when_its_programs_are_installed() {
        let languages = languages();
        // C runs its own ./main: only gcc is the machine's.
        assert_eq!(languages.by_id("c").unwrap().installed_programs(), ["gcc"]);
        let java = languages.by_id("java").unwrap();
        assert_eq!(java.installed_programs(), ["javac", "java"]);
        let mut missing = languages.by_id("c").unwrap().clone();
        missing.spec.name = "Missing".into();
        missing.spec.compile = Some(vec!["no-such-compiler-here".into()]);
        let found = missing.missing_program(None).unwrap();
        assert_eq!(found.program, "no-such-compiler-here");
        assert_eq!(found.searched, format!("PATH={}", sandbox::DEFAULT_PATH));
        let error = languages.check_available(&missing).unwrap_err().to_string();
        assert!(
            error.starts_with(
                "Missing is not available on this machine: its program no-such-compiler-here"
            ),
            "{error}"
        );
        // An absolute program is looked at where it is; ~ in the entry's PATH is the home.
        missing.spec.compile = Some(vec!["/no/such/cc".into()]);
        assert_eq!(
            missing.missing_program(None).unwrap().searched,
            "/no/such/cc"
        );
        missing.spec.compile = Some(vec!["sh".into()]);
        missing
            .spec
            .env
            .insert("PATH".into(), "~/nothing-here:/bin".into());
        assert_eq!(missing.missing_program(Some(Path::new("/nowhere"))), None);
        missing.spec.env.insert("PATH".into(), "~/bin".into());
        assert_eq!(
            missing
                .missing_program(Some(Path::new("/nowhere")))
                .unwrap()
                .searched,
            "PATH=/nowhere/bin"
        );
    }

    /// What a worker claims and reports: the table's languages whose programs are here.
    #[test]
    fn the_available_ids_are_the_languages_whose_programs_are_installed() {
        let c = languages().by_id("c").unwrap().clone();
        let mut missing = c.clone();
        missing.id = "missing".into();
        missing.spec.compile = Some(vec!["no-such-compiler-here".into()]);
        let mut shell = c.clone();
        shell.id = "shell".into();
        shell.spec.compile = Some(vec!["sh".into()]);
        let table = Languages::new(vec![missing, shell], None);
        assert_eq!(table.available_ids(), ["shell"]);
        let builtin = Languages::builtin();
        assert_eq!(
            builtin.all().len(),
            crate::config::judge_toml::builtin_languages().len()
        );
        assert!(builtin
            .available_ids()
            .iter()
            .all(|id| builtin.check_available(builtin.by_id(id).unwrap()).is_ok()));
    }

    #[test]
    fn run_commands_get_the_memory_limit() {
        let languages = languages();
        let java = languages.by_id("java").unwrap();
        assert!(java.run_command(256).iter().any(|a| a == "-Xmx256m"));
    }
}
