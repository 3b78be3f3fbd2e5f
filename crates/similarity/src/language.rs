//! The languages the tokenizer knows, and how a file's name tells which.

use serde::Serialize;

/// A language with a tree-sitter grammar here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// C (tree-sitter-c).
    C,
    /// C++ (tree-sitter-cpp).
    Cpp,
    /// Java (tree-sitter-java).
    Java,
    /// Python 3 (tree-sitter-python).
    Python,
    /// Rust (tree-sitter-rust).
    Rust,
}

impl Language {
    /// The language of a file extension (without the dot), if known.
    pub fn from_extension(extension: &str) -> Option<Language> {
        match extension.to_ascii_lowercase().as_str() {
            "c" | "h" => Some(Language::C),
            "cpp" | "cc" | "cxx" | "c++" | "hpp" | "hh" => Some(Language::Cpp),
            "java" => Some(Language::Java),
            "py" => Some(Language::Python),
            "rs" => Some(Language::Rust),
            _ => None,
        }
    }

    /// The language of a file name (`main.cpp`, `bfs.py`), if its extension is known.
    pub fn from_file_name(name: &str) -> Option<Language> {
        let (_, extension) = name.rsplit_once('.')?;
        Language::from_extension(extension)
    }

    /// Its short name (`cpp`).
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Cpp => "cpp",
            Language::Java => "java",
            Language::Python => "python",
            Language::Rust => "rust",
        }
    }

    /// Its tree-sitter grammar.
    pub(crate) fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
        }
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
