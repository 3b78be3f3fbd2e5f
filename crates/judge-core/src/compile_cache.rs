//! The compile cache: identical sources in the same language compile once.
//!
//! Keyed by a SHA-256 of the language id, its compile command and the source bytes. An
//! entry is a folder holding what compiling left in the box (the executable, class files,
//! the source) and the compile result. Concurrent judges of the same source wait for the
//! first compile instead of repeating it. Compile errors are cached too.

use judge_model::language::Language;
use judge_model::verdict::CompileResult;
use judge_model::{JudgeError, Result};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A compile cache in a folder.
#[derive(Debug)]
pub struct CompileCache {
    dir: PathBuf,
    locks: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

/// The cache key of a source with other files beside it (their names and bytes count).
pub fn key_of_files(
    language: &Language,
    source: &[u8],
    others: &[crate::compile::SourceFile],
) -> String {
    let mut hash = Sha256::new();
    hash.update(language.id.as_bytes());
    hash.update([0]);
    for part in language.compile_command().unwrap_or_default() {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.update([0]);
    hash.update(source);
    for file in others {
        hash.update([0]);
        hash.update(file.name.as_bytes());
        hash.update([0]);
        hash.update((file.bytes.len() as u64).to_le_bytes());
        hash.update(&file.bytes);
    }
    judge_model::text::hex(&hash.finalize())
}

/// Copies the files and folders in `from` into `to`.
pub(crate) fn copy_files(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            std::fs::create_dir_all(&target)?;
            copy_files(&entry.path(), &target)?;
        } else if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

impl CompileCache {
    /// A cache in `dir` (created when needed).
    pub fn new(dir: impl Into<PathBuf>) -> CompileCache {
        CompileCache {
            dir: dir.into(),
            locks: Mutex::new(HashMap::new()),
        }
    }

    /// The folder of an entry's files (what compiling left in the box), for a program that
    /// runs from the cache instead of a copy.
    pub fn files_dir(&self, key: &str) -> PathBuf {
        self.dir.join(key).join("files")
    }

    fn lock_for(&self, key: &str) -> Arc<Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        locks.entry(key.to_string()).or_default().clone()
    }

    /// Fills `box_dir` from the cache, or runs `compile` (which fills it) and stores the
    /// result. Returns the compile result, with `cached` set when it came from the cache.
    pub fn get_or_compile(
        &self,
        key: &str,
        box_dir: &Path,
        compile: impl FnOnce() -> Result<CompileResult>,
    ) -> Result<CompileResult> {
        let lock = self.lock_for(key);
        let _held = lock.lock().unwrap_or_else(|e| e.into_inner());
        let entry = self.dir.join(key);
        let result_file = entry.join("result.json");
        if let Ok(text) = std::fs::read_to_string(&result_file) {
            if let Ok(mut result) = serde_json::from_str::<CompileResult>(&text) {
                copy_files(&entry.join("files"), box_dir)
                    .map_err(|e| JudgeError::file("compile cache entry", &entry, e))?;
                result.cached = true;
                return Ok(result);
            }
        }
        let result = compile()?;
        // Written to a fresh folder and renamed into place, so a crash never leaves half an
        // entry behind; the folder's name is this process's own, and a complete entry that
        // another judge stored meanwhile is kept (it may be in use), never replaced.
        static STAGING: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let staging = self.dir.join(format!(
            "{key}.partial-{}-{}",
            std::process::id(),
            STAGING.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&staging);
        let stored = std::fs::create_dir_all(staging.join("files"))
            .and_then(|()| copy_files(box_dir, &staging.join("files")))
            .and_then(|()| {
                std::fs::write(
                    staging.join("result.json"),
                    serde_json::to_vec(&result).unwrap_or_default(),
                )
            })
            .and_then(|()| {
                if result_file.is_file() {
                    return Ok(());
                }
                let _ = std::fs::remove_dir_all(&entry);
                std::fs::rename(&staging, &entry)
            });
        let _ = std::fs::remove_dir_all(&staging);
        if let Err(error) = stored {
            if !result_file.is_file() {
                return Err(JudgeError::file("compile cache entry", &entry, error));
            }
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::language::LanguageSpec;

    fn language(id: &str, compile: &[&str]) -> Language {
        Language {
            id: id.into(),
            spec: LanguageSpec {
                name: id.into(),
                extensions: vec![],
                source: "main".into(),
                compile: Some(compile.iter().map(|s| s.to_string()).collect()),
                run: vec!["./main".into()],
                time_multiplier: 1.0,
                binds: vec![],
                env: Default::default(),
                memory_errors: vec![],
                alternative_for: None,
                shebang_only: false,
                precompiled_headers: vec![],
                compile_all_sources: false,
                headers: vec![],
                entry_markers: vec![],
                kattis_extensions: vec![],
                source_order: Default::default(),
                how_to_get: None,
            },
        }
    }

    #[test]
    fn keys_depend_on_language_command_and_source() {
        let c = language("c", &["gcc", "-O2"]);
        assert_eq!(
            key_of_files(&c, b"int main(){}", &[]),
            key_of_files(&c, b"int main(){}", &[])
        );
        assert_ne!(
            key_of_files(&c, b"int main(){}", &[]),
            key_of_files(&c, b"int main(){ }", &[])
        );
        assert_ne!(
            key_of_files(&c, b"x", &[]),
            key_of_files(&language("cpp", &["gcc", "-O2"]), b"x", &[])
        );
        assert_ne!(
            key_of_files(&c, b"x", &[]),
            key_of_files(&language("c", &["gcc", "-O0"]), b"x", &[])
        );
    }

    #[test]
    fn the_second_lookup_is_served_from_the_cache() {
        let cache_dir = tempfile::tempdir().unwrap();
        let cache = CompileCache::new(cache_dir.path());
        let first_box = tempfile::tempdir().unwrap();
        let compiled = |dir: &Path| {
            std::fs::write(dir.join("main"), b"binary").unwrap();
            Ok(CompileResult {
                success: true,
                message: "fine".into(),
                cpu_time_s: 1.0,
                wall_time_s: 1.0,
                cached: false,
            })
        };
        let result = cache
            .get_or_compile("k", first_box.path(), || compiled(first_box.path()))
            .unwrap();
        assert!(!result.cached);
        let second_box = tempfile::tempdir().unwrap();
        let result = cache
            .get_or_compile("k", second_box.path(), || panic!("must not compile again"))
            .unwrap();
        assert!(result.cached);
        assert_eq!(result.message, "fine");
        assert_eq!(
            std::fs::read(second_box.path().join("main")).unwrap(),
            b"binary"
        );
    }
}
