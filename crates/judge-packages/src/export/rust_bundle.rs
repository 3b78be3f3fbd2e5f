//! One Rust source file from a binary of a problem crate and the library crates it uses
//! (checker-kit, the problem's own `src/lib.rs`): each library becomes an inline module
//! of the file, its `mod x;` declarations inlined, its `crate::` paths pointed at its
//! module. The file builds with `rustc --edition=2021 main.rs` alone, as a Kattis
//! package's programs are built, with no cargo and no workspace.
//!
//! What cannot be bundled is refused with the file that has it: `#[path]`, `include!`
//! and its kin, `env!`, `extern crate`, a `mod x;` without its file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Why a binary cannot be bundled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct BundleError {
    /// The source file.
    pub file: PathBuf,
    /// What is wrong.
    pub message: String,
}

/// A library crate the binary uses: its name in paths (`checker_kit`) and its root file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// The crate name as paths spell it.
    pub name: String,
    /// `src/lib.rs`.
    pub root: PathBuf,
}

/// How the bundle's `main` starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// The binary's own `main`, unchanged (a reference solution).
    AsIs,
    /// The binary's `fn main() -> ExitCode` renamed, and a `main` that switches
    /// checker-kit to the Kattis protocols before calling it (a checker, a validator).
    KattisProtocol,
}

const UNSUPPORTED: [(&str, &str); 6] = [
    ("#[path", "a #[path] attribute"),
    ("include!(", "include!"),
    ("include_str!(", "include_str!"),
    ("include_bytes!(", "include_bytes!"),
    ("env!(", "env! (cargo's variables)"),
    ("extern crate", "extern crate"),
];

/// The single-file source of the binary `main_file`, with `libraries` inlined.
pub fn bundle(
    main_file: &Path,
    libraries: &[Library],
    entry: Entry,
) -> Result<String, BundleError> {
    let mut main = read(main_file)?;
    check_supported(main_file, &main)?;
    if entry == Entry::KattisProtocol {
        main = rename_main(main_file, &main)?;
    }
    let names: Vec<&str> = libraries.iter().map(|l| l.name.as_str()).collect();
    // The binary's own `mod x;` files, if any, lie beside it.
    let dir = main_file.parent().unwrap_or(Path::new("."));
    let mut out = inline_modules(main_file, &main, dir, None, &names)?;
    for library in libraries {
        let needed = entry == Entry::KattisProtocol && library.name == "checker_kit";
        if !needed && !uses(&out, &library.name) {
            continue;
        }
        let text = read(&library.root)?;
        check_supported(&library.root, &text)?;
        let dir = library.root.parent().unwrap_or(Path::new("."));
        let body = inline_modules(&library.root, &text, dir, Some(&library.name), &names)?;
        let _ = write!(
            out,
            "\n/// The library crate `{name}`, inlined by `judge export`.\n#[allow(dead_code, unused_imports)]\npub mod {name} {{\n{body}\n}}\n",
            name = library.name
        );
    }
    if entry == Entry::KattisProtocol {
        out.push_str(
            "\n/// Written by `judge export`: the Kattis exit codes (42/43) and judgemessage.txt.\nfn main() -> std::process::ExitCode {\n    checker_kit::kattis::enable();\n    native_main()\n}\n",
        );
    }
    Ok(out)
}

fn read(path: &Path) -> Result<String, BundleError> {
    std::fs::read_to_string(path).map_err(|error| BundleError {
        file: path.to_path_buf(),
        message: format!("cannot be read: {error}"),
    })
}

fn check_supported(file: &Path, text: &str) -> Result<(), BundleError> {
    for (pattern, what) in UNSUPPORTED {
        if let Some(line) = text.lines().position(|l| code_of(l).contains(pattern)) {
            return Err(BundleError {
                file: file.to_path_buf(),
                message: format!(
                    "line {}: uses {what}, which a single-file build cannot carry",
                    line + 1
                ),
            });
        }
    }
    Ok(())
}

/// A line without its `//` comment (a `//` inside a string is rare enough in these
/// sources to ignore).
fn code_of(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

fn rename_main(file: &Path, text: &str) -> Result<String, BundleError> {
    let matches: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("fn main()"))
        .map(|(i, _)| i)
        .collect();
    let [index] = matches.as_slice() else {
        return Err(BundleError {
            file: file.to_path_buf(),
            message: "has no single top-level `fn main()`".into(),
        });
    };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let line = &lines[*index];
    if !(line.contains("-> ExitCode") || line.contains("-> std::process::ExitCode")) {
        return Err(BundleError {
            file: file.to_path_buf(),
            message: format!(
                "line {}: `main` must return ExitCode (checker_kit's run), to be switched to the Kattis protocol",
                index + 1
            ),
        });
    }
    lines[*index] = line.replacen("fn main()", "fn native_main()", 1);
    Ok(lines.join("\n") + "\n")
}

/// Whether `text` names the crate `name` in a path.
fn uses(text: &str, name: &str) -> bool {
    let pattern = format!("{name}::");
    text.match_indices(&pattern).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Offsets of `pattern` where it starts a path (not after an identifier, `:` or `$`).
fn find_paths<'a>(text: &'a str, pattern: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(pattern)
        .map(|(i, _)| i)
        .filter(move |&i| {
            let before = text[..i].chars().next_back();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$')
        })
}

/// `crate::` -> `crate::<module>::`, and another library's `name::` -> `crate::name::`.
fn rewrite_paths(text: &str, module: &str, libraries: &[&str]) -> String {
    let mut out = text.to_string();
    let mut replace = |pattern: &str, with: &str| {
        let starts: Vec<usize> = find_paths(&out, pattern).collect();
        for start in starts.into_iter().rev() {
            out.replace_range(start..start + pattern.len(), with);
        }
    };
    // `crate::` first: the other libraries' paths it then writes start with `crate::`.
    replace("crate::", &format!("crate::{module}::"));
    for library in libraries.iter().filter(|l| **l != module) {
        replace(&format!("{library}::"), &format!("crate::{library}::"));
    }
    out
}

/// `text` (the file `file`, whose submodules lie in `dir`) with every `mod x;` replaced
/// by `mod x { <x.rs> }`, recursively; paths rewritten when it belongs to the library
/// `module`. A `#[cfg(test)] mod x;` becomes an empty module (its tests need cargo).
fn inline_modules(
    file: &Path,
    text: &str,
    dir: &Path,
    module: Option<&str>,
    libraries: &[&str],
) -> Result<String, BundleError> {
    let text = match module {
        Some(module) => rewrite_paths(text, module, libraries),
        None => text.to_string(),
    };
    let mut out = String::new();
    let mut previous = "";
    for line in text.lines() {
        let Some((visibility, name)) = module_declaration(line) else {
            out.push_str(line);
            out.push('\n');
            previous = line;
            continue;
        };
        if previous.trim() == "#[cfg(test)]" {
            let _ = writeln!(out, "{visibility}mod {name} {{}}");
            previous = line;
            continue;
        }
        let candidates = [
            dir.join(format!("{name}.rs")),
            dir.join(name).join("mod.rs"),
        ];
        let Some(path) = candidates.iter().find(|p| p.is_file()) else {
            return Err(BundleError {
                file: file.to_path_buf(),
                message: format!("`mod {name};` has no file {name}.rs beside it"),
            });
        };
        let inner = read(path)?;
        check_supported(path, &inner)?;
        // A file `x.rs`'s own submodules lie in `x/`; a `mod.rs`'s beside it.
        let inner_dir = if path.ends_with("mod.rs") {
            path.parent().unwrap_or(dir).to_path_buf()
        } else {
            dir.join(name)
        };
        let body = inline_modules(path, &inner, &inner_dir, module, libraries)?;
        let _ = write!(out, "{visibility}mod {name} {{\n{body}}}\n");
        previous = line;
    }
    Ok(out)
}

/// `pub mod x;` -> (`pub `, `x`).
fn module_declaration(line: &str) -> Option<(String, &str)> {
    let trimmed = line.trim();
    let rest = trimmed.strip_suffix(';')?;
    let (visibility, rest) = match rest.find("mod ") {
        Some(at) => (&rest[..at], &rest[at + 4..]),
        None => return None,
    };
    let visibility_ok = visibility.is_empty()
        || visibility == "pub "
        || (visibility.starts_with("pub(") && visibility.ends_with(") "));
    let name = rest.trim();
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    (visibility_ok && name_ok).then(|| (visibility.to_string(), name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn paths_are_rewritten_only_where_they_start() {
        let text = "use crate::a::B;\nlet x = $crate::y; other_crate::z; checker_kit::q;";
        assert_eq!(
            rewrite_paths(text, "lib", &["lib", "checker_kit"]),
            "use crate::lib::a::B;\nlet x = $crate::y; other_crate::z; crate::checker_kit::q;"
        );
    }

    #[test]
    fn modules_are_inlined_and_test_modules_emptied() {
        let dir = tempfile::tempdir().unwrap();
        write(
            &dir.path().join("lib/lib.rs"),
            "//! Lib.\npub mod a;\n#[cfg(test)]\nmod tests;\n",
        );
        write(
            &dir.path().join("lib/a.rs"),
            "pub fn f() -> u8 { crate::b() }\nmod c;\n",
        );
        write(&dir.path().join("lib/a/c.rs"), "pub const C: u8 = 1;\n");
        write(
            &dir.path().join("main.rs"),
            "use std::process::ExitCode;\nfn main() -> ExitCode { mylib::a::f(); ExitCode::SUCCESS }\n",
        );
        let libraries = [Library {
            name: "mylib".into(),
            root: dir.path().join("lib/lib.rs"),
        }];
        let out = bundle(&dir.path().join("main.rs"), &libraries, Entry::AsIs).unwrap();
        assert!(out.contains("pub mod mylib {"), "{out}");
        assert!(out.contains("pub mod a {\npub fn f() -> u8 { crate::mylib::b() }\nmod c {\npub const C: u8 = 1;\n}"), "{out}");
        assert!(out.contains("mod tests {}"), "{out}");
        let kattis = bundle(&dir.path().join("main.rs"), &[], Entry::KattisProtocol).unwrap();
        assert!(kattis.contains("fn native_main() -> ExitCode"), "{kattis}");
        assert!(
            kattis.contains("checker_kit::kattis::enable();"),
            "{kattis}"
        );
    }

    #[test]
    fn what_cannot_be_bundled_is_named() {
        let dir = tempfile::tempdir().unwrap();
        write(
            &dir.path().join("main.rs"),
            "fn main() {}\nconst T: &str = include_str!(\"t\");\n",
        );
        let error = bundle(&dir.path().join("main.rs"), &[], Entry::AsIs).unwrap_err();
        assert!(
            error.to_string().contains("line 2: uses include_str!"),
            "{error}"
        );
        write(&dir.path().join("main.rs"), "mod gone;\nfn main() {}\n");
        let error = bundle(&dir.path().join("main.rs"), &[], Entry::AsIs).unwrap_err();
        assert!(
            error.to_string().contains("`mod gone;` has no file"),
            "{error}"
        );
        write(&dir.path().join("main.rs"), "fn main() {}\n");
        let error = bundle(&dir.path().join("main.rs"), &[], Entry::KattisProtocol).unwrap_err();
        assert!(
            error.to_string().contains("must return ExitCode"),
            "{error}"
        );
    }
}
