//! The order in which a program's sources are named to a compiler that needs each module
//! compiled before the sources that use it (OCaml's `ocamlopt`, Fortran's `gfortran`):
//! read from the sources' text, as `ocamldep -sort` and Fortran build tools do, so that a
//! folder submission compiles whatever its files are called.

use judge_model::language::SourceOrder;
use std::collections::BTreeSet;
use std::path::Path;

/// The sources' names in compile order: each after the sources whose modules it uses,
/// the entry as late as that allows, the others otherwise in the order given. Sources
/// that use each other in a circle keep the order given (the compiler then says what is
/// wrong). `entry` is the entry's name in the box and its text; `others` the other
/// sources to compile.
pub fn ordered<'a>(
    order: SourceOrder,
    entry: (&'a str, &[u8]),
    others: &[(&'a str, &[u8])],
) -> Vec<&'a str> {
    let mut files: Vec<(&str, &[u8])> = others.to_vec();
    files.push(entry);
    if order == SourceOrder::EntryFirst {
        files.rotate_right(1);
        return files.iter().map(|(name, _)| *name).collect();
    }
    let modules: Vec<Modules> = files
        .iter()
        .map(|(name, text)| Modules::of(order, name, &String::from_utf8_lossy(text)))
        .collect();
    // needs[i]: the files whose modules file i uses (not itself).
    let needs: Vec<BTreeSet<usize>> = modules
        .iter()
        .enumerate()
        .map(|(i, file)| {
            modules
                .iter()
                .enumerate()
                .filter(|(j, other)| *j != i && !other.provides.is_disjoint(&file.uses))
                .map(|(j, _)| j)
                .collect()
        })
        .collect();
    let mut placed = vec![false; files.len()];
    let mut result = Vec::with_capacity(files.len());
    while result.len() < files.len() {
        // The first file, in the order given, whose needs are all placed; in a circle, the
        // first not yet placed.
        let ready = (0..files.len())
            .find(|&i| !placed[i] && needs[i].iter().all(|&j| placed[j]))
            .or_else(|| (0..files.len()).find(|&i| !placed[i]))
            .expect("a file is left to place");
        placed[ready] = true;
        result.push(files[ready].0);
    }
    result
}

/// The module names a source defines and those it uses (lower case for Fortran, whose
/// names are not case-sensitive).
struct Modules {
    provides: BTreeSet<String>,
    uses: BTreeSet<String>,
}

impl Modules {
    fn of(order: SourceOrder, name: &str, text: &str) -> Modules {
        match order {
            SourceOrder::EntryFirst => Modules {
                provides: BTreeSet::new(),
                uses: BTreeSet::new(),
            },
            SourceOrder::OcamlModules => ocaml(name, text),
            SourceOrder::FortranModules => fortran(text),
        }
    }
}

/// OCaml: a file `helper.ml` is the module `Helper`; a source uses every module whose name
/// it writes (`Helper.f`, `open Helper`), outside comments and strings.
fn ocaml(name: &str, text: &str) -> Modules {
    let stem = Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let mut chars = stem.chars();
    let module: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    let code = ocaml_code(text);
    let uses = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '\''))
        .filter(|word| word.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(str::to_string)
        .collect();
    Modules {
        provides: BTreeSet::from([module]),
        uses,
    }
}

/// OCaml's text without its comments (`(* *)`, nested) and string literals (a `'"'`
/// character literal opens none).
fn ocaml_code(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut code = String::with_capacity(text.len());
    let (mut depth, mut in_string, mut i) = (0usize, false, 0);
    while i < bytes.len() {
        let pair = (bytes[i], bytes.get(i + 1).copied());
        if in_string {
            match pair {
                (b'\\', Some(_)) => i += 1,
                (b'"', _) => in_string = false,
                _ => {}
            }
        } else if pair == (b'(', Some(b'*')) {
            depth += 1;
            i += 1;
        } else if depth > 0 && pair == (b'*', Some(b')')) {
            depth -= 1;
            i += 1;
        } else if depth == 0 && bytes[i..].starts_with(b"'\"'") {
            // The character literal '"' opens no string, nor does '\"'.
            i += 2;
        } else if depth == 0 && bytes[i..].starts_with(b"'\\\"'") {
            i += 3;
        } else if depth == 0 && bytes[i] == b'"' {
            in_string = true;
        } else if depth == 0 {
            code.push(bytes[i] as char);
        } else {
            code.push(' ');
        }
        i += 1;
    }
    code
}

/// Fortran: `module NAME` defines a module (not `module procedure` nor a `module function`
/// line), `use NAME` (`use NAME, only: ...`, `use :: NAME`) uses one; `use, intrinsic`
/// names the compiler's own. A `submodule (NAME) ...` uses its parent.
fn fortran(text: &str) -> Modules {
    let mut provides = BTreeSet::new();
    let mut uses = BTreeSet::new();
    for line in text.lines() {
        let line = line.split('!').next().unwrap_or_default().trim();
        let lower = line.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["module", name] if is_name(name) => {
                provides.insert(name.to_string());
            }
            [first, ..] if first.starts_with("submodule") => {
                let parent = lower
                    .split_once('(')
                    .and_then(|(_, rest)| rest.split([')', ':']).next())
                    .map(str::trim);
                if let Some(parent) = parent.filter(|p| is_name(p)) {
                    uses.insert(parent.to_string());
                }
            }
            _ => {
                if let Some(rest) = lower.strip_prefix("use") {
                    if let Some(name) = used_module(rest) {
                        uses.insert(name);
                    }
                }
            }
        }
    }
    Modules { provides, uses }
}

/// The module a `use` statement names, from what follows the word `use`.
fn used_module(after_use: &str) -> Option<String> {
    let rest = after_use.trim_start();
    let rest = if let Some(after) = rest.strip_prefix(',') {
        // `use, non_intrinsic :: name` is a user's module; `use, intrinsic :: name` not.
        let (nature, name) = after.split_once("::")?;
        if nature.trim() != "non_intrinsic" {
            return None;
        }
        name
    } else if let Some(after) = rest.strip_prefix("::") {
        after
    } else if !after_use.starts_with(char::is_whitespace) {
        // `user_id = 1` is no `use`: the word must end where `use` does.
        return None;
    } else {
        rest
    };
    let name: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    is_name(&name).then_some(name)
}

fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ocaml_modules_come_before_their_users_and_the_entry_last() {
        // Name order (alpha, beta) would compile Alpha before the Beta it uses.
        let alpha =
            b"(* uses Gamma only in a comment *)\nlet q = '\"'\nlet twice x = Beta.double x\n";
        let beta = b"let double x = 2 * x\nlet s = \"Alpha\"\n";
        let main = b"let () = print_int (Alpha.twice 1)\n";
        let order = ordered(
            SourceOrder::OcamlModules,
            ("main.ml", main),
            &[("alpha.ml", alpha), ("beta.ml", beta), ("gamma.ml", b"")],
        );
        assert_eq!(order, ["beta.ml", "alpha.ml", "gamma.ml", "main.ml"]);
    }

    #[test]
    fn fortran_modules_come_before_the_sources_that_use_them() {
        let outer = "module outer\n  use inner, only: base\n  use, intrinsic :: iso_fortran_env\ncontains\n  module procedure x\nend module outer\n";
        let inner = "MODULE Inner ! the base\n  integer :: base = 1\nend module inner\n";
        let main = "program main\n  use :: outer\n  user_count = 1\nend program main\n";
        let order = ordered(
            SourceOrder::FortranModules,
            ("main.f90", main.as_bytes()),
            &[
                ("a_outer.f90", outer.as_bytes()),
                ("b_inner.f90", inner.as_bytes()),
            ],
        );
        assert_eq!(order, ["b_inner.f90", "a_outer.f90", "main.f90"]);
    }

    #[test]
    fn a_circle_keeps_the_order_given_and_entry_first_is_the_default() {
        let order = ordered(
            SourceOrder::OcamlModules,
            ("main.ml", b"A.x B.y"),
            &[("a.ml", b"let x = B.y"), ("b.ml", b"let y = A.x")],
        );
        assert_eq!(order, ["a.ml", "b.ml", "main.ml"]);
        let order = ordered(SourceOrder::EntryFirst, ("main.c", b""), &[("u.c", b"")]);
        assert_eq!(order, ["main.c", "u.c"]);
    }

    #[test]
    fn a_submodule_and_a_non_intrinsic_use_name_their_modules() {
        let found = fortran("submodule (shapes) impl\nuse, non_intrinsic :: helpers\n");
        assert_eq!(
            found.uses,
            BTreeSet::from(["helpers".into(), "shapes".into()])
        );
        assert!(found.provides.is_empty());
    }
}
