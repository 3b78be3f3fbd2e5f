//! The language table: data from judge.toml, not code. Adding a language is adding an entry.

use crate::config::judge_toml::{JudgeToml, LanguageToml};
use crate::error::{JudgeError, Result};
use std::path::Path;

/// One language of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Language {
    /// Its id in judge.toml (`cpp`).
    pub id: String,
    /// Its entry.
    pub spec: LanguageToml,
}

impl Language {
    /// The compile command, if the language is compiled.
    pub fn compile_command(&self) -> Option<&[String]> {
        self.spec.compile.as_deref()
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

/// All the languages of judge.toml.
#[derive(Debug, Clone)]
pub struct Languages {
    list: Vec<Language>,
    allowed: Option<Vec<String>>,
}

impl Languages {
    /// The table of a judge.toml.
    pub fn new(toml: &JudgeToml) -> Languages {
        Languages {
            list: toml
                .languages
                .iter()
                .map(|(id, spec)| Language {
                    id: id.clone(),
                    spec: spec.clone(),
                })
                .collect(),
            allowed: toml.contest.languages.clone(),
        }
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
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        self.list
            .iter()
            .find(|l| l.spec.extensions.iter().any(|e| e == extension))
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

    /// The language of a submission: `--lang` if given, else the extension.
    pub fn choose(&self, path: &Path, lang: Option<&str>) -> Result<&Language> {
        match lang {
            Some(id) => self.by_id(id),
            None => self.for_path(path),
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::judge_toml::JudgeConfig;

    fn languages() -> Languages {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        Languages::new(&JudgeConfig::load(&file).unwrap().toml)
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
        assert_eq!(
            languages.for_path(Path::new("Main.java")).unwrap().id,
            "java"
        );
        assert_eq!(
            languages.choose(Path::new("x.txt"), Some("c")).unwrap().id,
            "c"
        );
    }

    #[test]
    fn unknown_ones_list_the_known() {
        let languages = languages();
        let error = languages
            .for_path(Path::new("sol.pas"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("sol.pas") && error.contains(".cpp (cpp)") && error.contains("--lang"),
            "{error}"
        );
        let error = languages.by_id("cobol").unwrap_err().to_string();
        assert!(
            error.contains("cobol") && error.contains("python3"),
            "{error}"
        );
    }

    #[test]
    fn run_commands_get_the_memory_limit() {
        let languages = languages();
        let java = languages.by_id("java").unwrap();
        assert!(java.run_command(256).iter().any(|a| a == "-Xmx256m"));
    }
}
