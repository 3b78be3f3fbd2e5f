//! A submission that is a folder of sources (a Kattis package's multi-file submission, a
//! student's program of a `.cpp`, a header and a second `.cpp`): which of its files belong
//! to the program, which one is its entry, and their bytes, read as hostile input.
//!
//! - The files that belong are those of the language's `extensions` (sources) and
//!   `headers` (copied beside them, never named to the compiler); the rest (a README, an
//!   `a.out`) is left out, hidden files and folders (`.git`) unseen.
//! - The language, unless given, is the one most of the sources' extensions name (as
//!   Kattis decides it), then a `#!` line of the entry may choose an alternative (PyPy).
//! - The entry is a source at the top of the folder: the only one; else the one named
//!   `main.*` (Kattis' rule); else the one named like the problem or the folder (Kattis'
//!   submit client names the Java main class so); else the only one holding one of the
//!   language's `entry_markers` (`public static void main`, `if __name__`); else, when
//!   none holds one, the first by name (Kattis' rule again). Several holding one are
//!   several programs (a folder of solutions given by mistake): refused, named.
//! - Refused, each with the file named: a symbolic link that is absolute, leaves the
//!   folder or dangles (a link to a file inside it is followed), folders nested deeper
//!   than [`MAX_DEPTH`], more than [`MAX_FILES`] entries, a file that is not a regular
//!   one, sources and headers larger together than judge.toml's `max_source_kib`, an
//!   empty folder.
//!
//! It decides nothing about compiling: [`crate::judge::Judge::judge_folder`] puts the
//! entry where the language's `source` says and the other files beside it.

use crate::compile::SourceFile;
use crate::safe_open::{self, Links};
use judge_model::language::{Language, Languages};
use judge_model::{JudgeError, Result};
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};

/// How deep a folder submission may nest folders (`src/util/x.h` is 2 deep).
pub const MAX_DEPTH: usize = 3;
/// How many files and folders (hidden ones aside) a folder submission may hold.
pub const MAX_FILES: usize = 200;

/// A folder submission, read.
#[derive(Debug, Clone)]
pub struct SourceFolder {
    /// Its language (the one given, or the one its sources' extensions name).
    pub language: Language,
    /// The entry source's path in the folder (`main.py`).
    pub entry: String,
    /// The entry source's bytes.
    pub entry_bytes: Vec<u8>,
    /// Every other source and header, by its path in the folder (`util/graph.h`).
    pub others: Vec<SourceFile>,
}

/// One file or link found in the folder (folders are walked, not listed).
#[derive(Debug)]
struct Found {
    /// Its path in the folder, `/`-separated.
    name: String,
    /// Its extension, lower-cased ("" for none).
    extension: String,
}

/// Reads the folder submission at `dir`: in `lang` when given, else the language its
/// sources name. `names` are the names its entry may be called after (the problem's id;
/// the folder's own name is added). `cap_kib` caps its sources and headers together.
pub fn read(
    dir: &Path,
    languages: &Languages,
    lang: Option<&str>,
    names: &[&str],
    cap_kib: u64,
) -> Result<SourceFolder> {
    let refused =
        |file: &str, why: String| JudgeError::file("submission folder", dir.join(file), why);
    let root = open_folder(dir)?;
    let mut found = Vec::new();
    let mut count = 0;
    walk(dir, Path::new(""), 0, &mut count, &mut found)?;
    found.sort_by(|a, b| a.name.cmp(&b.name));
    let language = match lang {
        Some(id) => languages.by_id(id)?.clone(),
        None => language_of(dir, languages, &found)?.clone(),
    };
    let (extensions, headers) = kinds(languages, &language);
    let is = |kinds: &[String], file: &Found| {
        kinds
            .iter()
            .any(|k| k.eq_ignore_ascii_case(&file.extension))
    };
    let sources: Vec<&Found> = found.iter().filter(|f| is(&extensions, f)).collect();
    let header_files: Vec<&Found> = found.iter().filter(|f| is(&headers, f)).collect();
    if sources.is_empty() {
        return Err(JudgeError::file(
            "submission folder",
            dir,
            format!(
                "holds no {} source (files ending in {})",
                language.spec.name,
                dotted(&extensions)
            ),
        ));
    }
    let folder_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut names_like: Vec<&str> = names.to_vec();
    names_like.push(&folder_name);
    let owner = std::fs::metadata(dir)
        .map_err(|e| JudgeError::file("submission folder", dir, e))?
        .uid();
    let cap_bytes = cap_kib.saturating_mul(1024);
    let mut total: u64 = 0;
    let mut read_one = |name: &str| -> Result<Vec<u8>> {
        let file = safe_open::read_with(&root, Path::new(name), owner, cap_bytes, Links::Inside)
            .map_err(|why| refused(name, why.0))?;
        total += file.content.len() as u64;
        if total > cap_bytes {
            return Err(refused(
                name,
                format!(
                    "the folder's sources and headers come to {}",
                    judge_model::text::source_too_large(total, cap_kib)
                ),
            ));
        }
        Ok(file.content)
    };
    // The sources' bytes first: the entry may be told by what they hold.
    let mut texts = Vec::with_capacity(sources.len());
    for source in &sources {
        texts.push(read_one(&source.name)?);
    }
    let entry = entry_of(&sources, &texts, &names_like, &language.spec.entry_markers)
        .map_err(|why| JudgeError::file("submission folder", dir, why))?;
    let entry_name = sources[entry].name.clone();
    let entry_bytes = texts[entry].clone();
    let mut language = match lang {
        Some(_) => language,
        None => languages
            .for_file(Path::new(&entry_name), &entry_bytes)?
            .clone(),
    };
    // An alternative (cpp20, pypy3) names no extensions of its own: the compile command
    // takes the other sources by the extensions of the language it stands for.
    (language.spec.extensions, language.spec.headers) = kinds(languages, &language);
    let mut others: Vec<SourceFile> = Vec::new();
    for (index, source) in sources.iter().enumerate() {
        if index != entry {
            others.push(SourceFile {
                name: source.name.clone(),
                bytes: std::mem::take(&mut texts[index]),
            });
        }
    }
    for header in header_files {
        others.push(SourceFile {
            name: header.name.clone(),
            bytes: read_one(&header.name)?,
        });
    }
    others.sort_by(|a, b| a.name.cmp(&b.name));
    // The entry is saved under the language's file name (`main.cpp`, `Solution.java`):
    // another file of that name would be overwritten by it, or overwrite it.
    let box_name = language.for_source(&entry_bytes).spec.source;
    if let Some(clash) = others.iter().find(|f| f.name == box_name) {
        return Err(refused(
            &clash.name,
            format!(
                "has the name the entry {entry_name} is compiled under ({box_name}); rename one of them"
            ),
        ));
    }
    Ok(SourceFolder {
        language,
        entry: entry_name,
        entry_bytes,
        others,
    })
}

/// Opens the folder itself (following a link to it: the path is what the user named).
fn open_folder(dir: &Path) -> Result<std::fs::File> {
    let metadata = std::fs::metadata(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => JudgeError::file("submission folder", dir, "not found"),
        _ => JudgeError::file("submission folder", dir, e),
    })?;
    if !metadata.is_dir() {
        return Err(JudgeError::file(
            "submission folder",
            dir,
            "is not a folder",
        ));
    }
    std::fs::File::open(dir).map_err(|e| JudgeError::file("submission folder", dir, e))
}

/// Lists the files and links below `dir/relative` into `found` (hidden ones left out),
/// refusing a folder too deep, too many entries, a file name that is not UTF-8 and a
/// link that is absolute, climbs out of the folder or dangles.
fn walk(
    dir: &Path,
    relative: &Path,
    depth: usize,
    count: &mut usize,
    found: &mut Vec<Found>,
) -> Result<()> {
    let here = dir.join(relative);
    let entries =
        std::fs::read_dir(&here).map_err(|e| JudgeError::file("submission folder", &here, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| JudgeError::file("submission folder", &here, e))?;
        let raw_name = entry.file_name();
        let path = relative.join(&raw_name);
        let refused = |why: &str| JudgeError::file("submission folder", dir.join(&path), why);
        let Some(name) = raw_name.to_str() else {
            return Err(refused("a file name that is not UTF-8"));
        };
        if name.starts_with('.') {
            continue;
        }
        *count += 1;
        if *count > MAX_FILES {
            return Err(JudgeError::file(
                "submission folder",
                dir,
                format!("holds more than {MAX_FILES} files and folders"),
            ));
        }
        let file_type = entry
            .file_type()
            .map_err(|e| JudgeError::file("submission folder", dir.join(&path), e))?;
        if file_type.is_dir() {
            if depth + 1 > MAX_DEPTH {
                return Err(refused(&format!(
                    "folders nested more than {MAX_DEPTH} deep in a submission"
                )));
            }
            walk(dir, &path, depth + 1, count, found)?;
            continue;
        }
        if file_type.is_symlink() {
            check_link(dir, &path).map_err(|why| refused(&why))?;
        }
        let name = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        found.push(Found { name, extension });
    }
    Ok(())
}

/// Why the link at `dir/relative` is refused, if it is: absolute, climbing out of `dir`,
/// or dangling. (Reading goes through the kernel's own check too, `safe_open`'s
/// [`Links::Inside`]: this one is for the message, and for links no one reads.)
fn check_link(dir: &Path, relative: &Path) -> std::result::Result<(), String> {
    let target = std::fs::read_link(dir.join(relative)).map_err(|e| e.to_string())?;
    let shown = target.display();
    if target.is_absolute() {
        return Err(format!(
            "a symbolic link to an absolute path ({shown}): only links to files inside the folder are followed"
        ));
    }
    let mut resolved = PathBuf::new();
    let base = relative.parent().unwrap_or(Path::new(""));
    for component in base.components().chain(target.components()) {
        match component {
            Component::Normal(part) => resolved.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !resolved.pop() {
                    return Err(format!("a symbolic link that leaves the folder ({shown})"));
                }
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(format!("a symbolic link to an absolute path ({shown})"))
            }
        }
    }
    if std::fs::metadata(dir.join(relative)).is_err() {
        return Err(format!("a dangling symbolic link ({shown} is missing)"));
    }
    Ok(())
}

/// The language most of the folder's files name by their extensions; a tie or none is
/// an error asking for `--lang`.
fn language_of<'a>(dir: &Path, languages: &'a Languages, found: &[Found]) -> Result<&'a Language> {
    let mut counts: Vec<(&Language, usize)> = Vec::new();
    for file in found {
        let Ok(language) = languages.for_path(Path::new(&file.name)) else {
            continue;
        };
        match counts.iter_mut().find(|(l, _)| l.id == language.id) {
            Some((_, count)) => *count += 1,
            None => counts.push((language, 1)),
        }
    }
    let most = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let leaders: Vec<&Language> = counts
        .iter()
        .filter(|(_, n)| *n == most)
        .map(|(l, _)| *l)
        .collect();
    match leaders.as_slice() {
        [] => Err(JudgeError::file(
            "submission folder",
            dir,
            "holds no source file of a language of judge.toml's table (hidden files are not read)",
        )),
        [one] => Ok(one),
        several => Err(JudgeError::file(
            "submission folder",
            dir,
            format!(
                "holds as many sources of each of {}: pass --lang",
                several
                    .iter()
                    .map(|l| l.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// The extensions of a language's sources and of its headers: an alternative with none
/// of its own (pypy3, cpp20) has those of the language it is an alternative for.
fn kinds(languages: &Languages, language: &Language) -> (Vec<String>, Vec<String>) {
    let base = language
        .spec
        .alternative_for
        .as_deref()
        .and_then(|id| languages.by_id(id).ok());
    let extensions = match base {
        Some(base) if language.spec.extensions.is_empty() => base.spec.extensions.clone(),
        _ => language.spec.extensions.clone(),
    };
    let headers = match base {
        Some(base) if language.spec.headers.is_empty() => base.spec.headers.clone(),
        _ => language.spec.headers.clone(),
    };
    (extensions, headers)
}

/// Which of `sources` (their `texts` beside them) is the entry (see the module's rules),
/// or why none can be.
fn entry_of(
    sources: &[&Found],
    texts: &[Vec<u8>],
    names_like: &[&str],
    markers: &[String],
) -> std::result::Result<usize, String> {
    let top: Vec<usize> = (0..sources.len())
        .filter(|&i| !sources[i].name.contains('/'))
        .collect();
    let stem = |i: usize| {
        Path::new(&sources[i].name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    match top.as_slice() {
        [] => {
            return Err(
                "has no source at its top (the entry source must lie there, not in a folder)"
                    .into(),
            )
        }
        [one] => return Ok(*one),
        _ => {}
    }
    let named: Vec<usize> = top
        .iter()
        .copied()
        .filter(|&i| stem(i).eq_ignore_ascii_case("main"))
        .collect();
    match named.as_slice() {
        [one] => return Ok(*one),
        [_, _, ..] => {
            return Err(format!(
                "has several sources named main ({}): which one is the entry?",
                named
                    .iter()
                    .map(|&i| sources[i].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
        [] => {}
    }
    if let Some(&i) = top.iter().find(|&&i| {
        names_like
            .iter()
            .any(|n| !n.is_empty() && stem(i).eq_ignore_ascii_case(n))
    }) {
        return Ok(i);
    }
    let marked: Vec<usize> = top
        .iter()
        .copied()
        .filter(|&i| {
            let text = String::from_utf8_lossy(&texts[i]);
            markers.iter().any(|m| text.contains(m.as_str()))
        })
        .collect();
    match marked.as_slice() {
        [one] => return Ok(*one),
        // Several programs side by side (a folder of a class's solutions given by
        // mistake): whichever came first by name would be judged with the others.
        [_, _, ..] => {
            return Err(format!(
            "holds several programs ({} each have {}): name the entry main.EXT, or give one file",
            marked
                .iter()
                .map(|&i| sources[i].name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            markers
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ))
        }
        [] => {}
    }
    // Kattis' last rule: the first source by name.
    top.iter()
        .copied()
        .min_by(|&a, &b| sources[a].name.cmp(&sources[b].name))
        .ok_or_else(|| "has no source".to_string())
}

/// `.a, .b` for messages.
fn dotted(extensions: &[String]) -> String {
    extensions
        .iter()
        .map(|e| format!(".{e}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::config::judge_toml::JudgeConfig;
    use std::os::unix::fs::symlink;

    fn languages() -> Languages {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        JudgeConfig::load(&file).unwrap().languages
    }

    /// A folder holding `files` (path, text).
    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    fn read_in(dir: &Path, lang: Option<&str>, cap_kib: u64) -> Result<SourceFolder> {
        read(dir, &languages(), lang, &["sum"], cap_kib)
    }

    fn names(read: &SourceFolder) -> Vec<&str> {
        read.others.iter().map(|f| f.name.as_str()).collect()
    }

    #[test]
    fn headers_are_copied_in_but_not_compiled() {
        let dir = folder(&[
            (
                "solve.cpp",
                "#include \"util.h\"\nint main() { return twice(1); }\n",
            ),
            ("util.cpp", "int twice(int x) { return 2 * x; }\n"),
            ("util.h", "int twice(int x);\n"),
            ("include/extra.hpp", "// more\n"),
            ("README.md", "notes\n"),
            (".git/config", "[core]\n"),
        ]);
        let read = read_in(dir.path(), None, 256).unwrap();
        assert_eq!(read.language.id, "cpp");
        assert_eq!(read.entry, "solve.cpp");
        assert_eq!(names(&read), ["include/extra.hpp", "util.cpp", "util.h"]);
        let command = read.language.compile_command().unwrap();
        let argv = crate::compile::command_with_sources(
            command,
            &read.language.spec,
            &read.entry_bytes,
            &read.others,
        );
        assert!(argv.iter().any(|a| a == "util.cpp"), "{argv:?}");
        assert!(
            !argv
                .iter()
                .any(|a| a.ends_with(".h") || a.ends_with(".hpp")),
            "headers are never named to the compiler: {argv:?}"
        );
    }

    #[test]
    fn links_that_leave_the_folder_are_refused_and_ones_inside_followed() {
        let outside = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(outside.path(), "root:hash\n").unwrap();
        let cases: [(&str, &str); 3] = [
            ("/etc/passwd", "absolute path"),
            ("../../secret.py", "leaves the folder"),
            ("missing.py", "dangling"),
        ];
        for (target, why) in cases {
            let dir = folder(&[("main.py", "import helper\n")]);
            symlink(target, dir.path().join("helper.py")).unwrap();
            let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
            assert!(
                error.contains("helper.py") && error.contains(why) && !error.contains('\n'),
                "{target}: {error}"
            );
        }
        // A link to a file inside the folder is read through.
        let dir = folder(&[("main.py", "import helper\n"), ("lib/real.py", "X = 1\n")]);
        symlink("lib/real.py", dir.path().join("helper.py")).unwrap();
        let read = read_in(dir.path(), None, 256).unwrap();
        let helper = read.others.iter().find(|f| f.name == "helper.py").unwrap();
        assert_eq!(helper.bytes, b"X = 1\n");
        // Any link that leaves the folder is refused, even one no source needs.
        let dir = folder(&[("main.py", "import helper\n")]);
        symlink(outside.path(), dir.path().join("out.txt")).unwrap();
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(
            error.contains("out.txt") && error.contains("absolute"),
            "{error}"
        );
    }

    #[test]
    fn sources_too_large_together_or_alone_are_refused_by_name() {
        let half = "#".repeat(600);
        let dir = folder(&[("a.py", &half), ("main.py", &half)]);
        let error = read_in(dir.path(), None, 1).unwrap_err().to_string();
        assert!(
            error.contains("main.py") && error.contains("sources and headers come to 2 KiB"),
            "{error}"
        );
        let dir = folder(&[("main.py", &"#".repeat(2048))]);
        let error = read_in(dir.path(), None, 1).unwrap_err().to_string();
        assert!(
            error.contains("main.py") && error.contains("more than the largest source"),
            "{error}"
        );
    }

    #[test]
    fn an_empty_folder_or_one_without_sources_is_a_clear_error() {
        let dir = folder(&[]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(error.contains("holds no source file"), "{error}");
        let dir = folder(&[("notes.txt", "hello\n")]);
        let error = read_in(dir.path(), Some("cpp"), 256)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("holds no C++") && error.contains(".cpp"),
            "{error}"
        );
        let error = read_in(&dir.path().join("notes.txt"), None, 256)
            .unwrap_err()
            .to_string();
        assert!(error.contains("is not a folder"), "{error}");
    }

    #[test]
    fn folders_too_deep_and_ties_between_languages_are_refused() {
        let dir = folder(&[("main.c", "int main(){}"), ("a/b/c/d/x.h", "")]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(error.contains("nested more than 3 deep"), "{error}");
        let dir = folder(&[("main.c", "int main(){}"), ("util.py", "")]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(error.contains("--lang"), "{error}");
        assert_eq!(read_in(dir.path(), Some("c"), 256).unwrap().entry, "main.c");
    }

    #[test]
    fn the_entry_is_chosen_by_kattis_rules() {
        // main.* first, whatever else holds markers.
        let dir = folder(&[
            ("Main.py", "print(1)\n"),
            ("b.py", "if __name__ == '__main__': pass\n"),
        ]);
        assert_eq!(read_in(dir.path(), None, 256).unwrap().entry, "Main.py");
        // Then the problem's name.
        let dir = folder(&[("Sum.java", "class Sum {}"), ("A.java", "class A {}")]);
        assert_eq!(read_in(dir.path(), None, 256).unwrap().entry, "Sum.java");
        // Then the one source with the language's marker, and its class is the one run.
        let dir = folder(&[
            (
                "Helper.java",
                "class Helper { static int f() { return 1; } }",
            ),
            (
                "Solution.java",
                "public class Solution { public static void main(String[] a) {} }",
            ),
        ]);
        let read = read_in(dir.path(), None, 256).unwrap();
        assert_eq!(read.entry, "Solution.java");
        assert_eq!(
            read.language
                .for_source(&read.entry_bytes)
                .run_command(64)
                .last()
                .unwrap(),
            "Solution"
        );
        // Several programs, each with its marker: refused, each named.
        let dir = folder(&[
            ("a.c", "int main(void) { return 0; }"),
            ("b.c", "int main(void) { return 1; }"),
        ]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(
            error.contains("several programs (a.c, b.c each have"),
            "{error}"
        );
        // Else the first by name; never one in a folder.
        let dir = folder(&[("b.py", "x\n"), ("a.py", "y\n"), ("pkg/main.py", "z\n")]);
        assert_eq!(read_in(dir.path(), None, 256).unwrap().entry, "a.py");
        let dir = folder(&[("pkg/main.py", "z\n")]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(error.contains("no source at its top"), "{error}");
        // A file named as the entry is compiled under clashes with it.
        let dir = folder(&[
            (
                "Main.java",
                "public class Solution { public static void main(String[] a) {} }",
            ),
            ("Solution.java", "class Helper {}"),
        ]);
        let error = read_in(dir.path(), None, 256).unwrap_err().to_string();
        assert!(
            error.contains("Solution.java: has the name the entry Main.java is compiled under"),
            "{error}"
        );
    }
}
