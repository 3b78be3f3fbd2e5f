//! Paths a problem names (problem.toml's programs, problem.xml's resources, sources, tests
//! and statements): each must be relative and stay inside the problem's folder. A package
//! from the internet is untrusted: `/usr/include/stdio.h` or `../../etc/shadow` as a
//! "resource" would have the judge read, quote or write a file of the host as root. Every
//! loader checks each name with [`relative`] when it loads the problem, so a bad name is a
//! clear error at import, never a path that reaches the host later.

use std::path::{Component, Path, PathBuf};

/// `name` as a normalised relative path (`./` steps dropped), or why it is refused: empty,
/// absolute, climbing out with `..`, or with a part that a command would take for an
/// option.
pub fn relative(name: &str) -> Result<PathBuf, String> {
    if name.is_empty() {
        return Err("an empty path".to_string());
    }
    if name.contains('\0') {
        return Err("a path with a NUL byte".to_string());
    }
    let mut normal = PathBuf::new();
    for component in Path::new(name).components() {
        match component {
            // A name a command could take for an option (`--bin -o/etc/x`).
            Component::Normal(part) if part.as_encoded_bytes().starts_with(b"-") => {
                return Err(
                    "a path with a part that starts with '-' (it would read as an option)"
                        .to_string(),
                )
            }
            Component::Normal(part) => normal.push(part),
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => {
                return Err(
                    "an absolute path: a problem names its files relative to its own folder"
                        .to_string(),
                )
            }
            Component::ParentDir => {
                return Err("a path that climbs out of the problem's folder (..)".to_string())
            }
        }
    }
    if normal.as_os_str().is_empty() {
        return Err("a path that names the problem's folder itself".to_string());
    }
    Ok(normal)
}

/// `name` below `dir`, checked by [`relative`].
pub fn inside(dir: &Path, name: &str) -> Result<PathBuf, String> {
    relative(name).map(|r| dir.join(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_inside_the_folder_are_normalised() {
        assert_eq!(
            relative("files/check.cpp"),
            Ok(PathBuf::from("files/check.cpp"))
        );
        assert_eq!(
            relative("./files/./testlib.h"),
            Ok(PathBuf::from("files/testlib.h"))
        );
        assert_eq!(
            inside(Path::new("/pkg"), "check"),
            Ok(PathBuf::from("/pkg/check"))
        );
    }

    #[test]
    fn names_that_leave_the_folder_are_refused() {
        for (name, why) in [
            ("/usr/include/stdio.h", "absolute"),
            ("/etc/shadow", "absolute"),
            ("../../etc/passwd", "climbs out"),
            ("files/../../x.h", "climbs out"),
            ("", "empty"),
            (".", "folder itself"),
            ("a\0b", "NUL"),
            ("--config=x", "option"),
        ] {
            let refused = relative(name).unwrap_err();
            assert!(refused.contains(why), "{name:?}: {refused}");
        }
    }
}
