//! The problems a `judge worker --server` fetched, by content hash, on its own disk: each
//! version an unpacked archive ([`crate::problem_hash`]) in a folder named by its hash,
//! `CACHE/SHA256/` (`judge.toml`, `problems/ID/`, `testdata/ID/`), which a judge loads as
//! the server loads its own copy.
//!
//! - An archive is used only when its SHA-256 is the version's, and when this build,
//!   loading the unpacked copy, computes the same hash again (a worker of another version
//!   that would read the files otherwise refuses them). A corrupt archive (a hash
//!   mismatch, a malformed one) is fetched again, up to [`FETCH_ATTEMPTS`] times.
//! - The cache is bounded: after each fetch the least recently used versions are removed
//!   until the rest fit (never one being judged). A version's `.complete` file, written
//!   last, holds its size, and its modification time is when it was last used, so the
//!   order survives a restart; a folder without it (a fetch cut short) is removed.
//! - A version that cannot be had (fetched corrupt every time, a full disk, a problem this
//!   build cannot load) is refused for [`REFUSAL_RETRY`]: its submissions are handed back
//!   for other workers, and the pool says why.
//!
//! Each machine isolates with its own `[sandbox]` settings, never the server's.

use crate::backend::BackendError;
use crate::problem_hash::{self, ArchiveError};
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::JudgeError;
use judge_store::ProblemVersion;
use sandbox::SandboxConfig;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// How many times a corrupt archive is fetched before the version is refused.
pub const FETCH_ATTEMPTS: usize = 3;
/// How long a version that could not be had is refused before it is tried again.
pub const REFUSAL_RETRY: Duration = Duration::from_secs(60);
/// The file that marks a version's folder complete.
const COMPLETE: &str = ".complete";

/// Why a version cannot be judged here.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// Fetching it failed.
    #[error("fetching it failed: {0}")]
    Fetch(#[from] BackendError),
    /// Every copy fetched was corrupt.
    #[error("the server's archive was corrupt {FETCH_ATTEMPTS} times in a row ({0})")]
    Corrupt(String),
    /// Writing it here failed (a full disk).
    #[error("{0}")]
    Unpack(#[from] ArchiveError),
    /// The cache folder failed.
    #[error("the problem cache {path}: {error}")]
    Io {
        /// Where.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The unpacked copy cannot be loaded here, or loads as another version.
    #[error("{0}")]
    Load(#[from] JudgeError),
    /// The unpacked copy hashes otherwise here (another build of the judge).
    #[error("this worker reads the server's copy as version {here}, not {wanted}: is it the same build of the judge as the server?")]
    OtherVersion {
        /// Its hash as this build computes it.
        here: String,
        /// The version asked for.
        wanted: String,
    },
    /// A version whose hash is not 64 hexadecimal digits (never a folder name).
    #[error("the server named a version {0:?}, which is not a SHA-256")]
    BadHash(String),
}

/// What the cache holds in memory.
#[derive(Default)]
struct Held {
    /// Judges of versions loaded in this run, by hash.
    judges: HashMap<String, Arc<Judge>>,
    /// Versions refused, with why and since when.
    refused: Vec<(ProblemVersion, String, Instant)>,
}

/// A worker's cache of fetched problem versions.
pub struct ProblemCache {
    dir: PathBuf,
    capacity_bytes: u64,
    sandbox: SandboxConfig,
    cancel: Arc<AtomicBool>,
    held: Mutex<Held>,
    /// One fetch at a time (two jobs needing the same version fetch it once).
    fetching: Mutex<()>,
}

impl std::fmt::Debug for ProblemCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProblemCache")
            .field("dir", &self.dir)
            .field("capacity_bytes", &self.capacity_bytes)
            .finish()
    }
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> CacheError + '_ {
    move |error| CacheError::Io {
        path: path.to_path_buf(),
        error,
    }
}

fn is_sha256(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl ProblemCache {
    /// The cache in `dir` (made if missing; folders of fetches cut short removed),
    /// holding at most `capacity_bytes` of archives; judges isolate with `sandbox`.
    pub fn open(
        dir: &Path,
        capacity_bytes: u64,
        sandbox: SandboxConfig,
        cancel: Arc<AtomicBool>,
    ) -> Result<ProblemCache, CacheError> {
        std::fs::create_dir_all(dir).map_err(io_error(dir))?;
        for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
            let path = entry.map_err(io_error(dir))?.path();
            if path.is_dir() && !path.join(COMPLETE).exists() {
                std::fs::remove_dir_all(&path).map_err(io_error(&path))?;
            }
        }
        Ok(ProblemCache {
            dir: dir.to_path_buf(),
            capacity_bytes,
            sandbox,
            cancel,
            held: Mutex::new(Held::default()),
            fetching: Mutex::new(()),
        })
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The versions refused now, with why.
    pub fn refused(&self) -> Vec<(ProblemVersion, String)> {
        let mut held = self.held();
        held.refused
            .retain(|(_, _, at)| at.elapsed() < REFUSAL_RETRY);
        held.refused
            .iter()
            .map(|(version, why, _)| (version.clone(), why.clone()))
            .collect()
    }

    /// Refuses `version` for [`REFUSAL_RETRY`].
    pub fn refuse(&self, version: &ProblemVersion, why: &str) {
        let mut held = self.held();
        held.refused.retain(|(v, _, _)| v != version);
        held.refused
            .push((version.clone(), why.to_string(), Instant::now()));
    }

    /// The judge of `version`: from memory, else from this machine's disk, else
    /// fetched with `fetch` (checked, unpacked, loaded and hashed again).
    pub fn judge_for(
        &self,
        version: &ProblemVersion,
        fetch: &dyn Fn(&ProblemVersion) -> Result<Vec<u8>, BackendError>,
    ) -> Result<Arc<Judge>, CacheError> {
        let sha = &version.content_sha256;
        if !is_sha256(sha) {
            return Err(CacheError::BadHash(sha.clone()));
        }
        let folder = self.dir.join(sha);
        if let Some(judge) = self.held().judges.get(sha).cloned() {
            touch(&folder);
            return Ok(judge);
        }
        let _fetching = self.fetching.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(judge) = self.held().judges.get(sha).cloned() {
            return Ok(judge);
        }
        if folder.join(COMPLETE).exists() {
            match self.load(version, &folder) {
                Ok(judge) => return Ok(self.keep(sha, judge, &folder)),
                // Changed on this disk since: fetched again.
                Err(_) => std::fs::remove_dir_all(&folder).map_err(io_error(&folder))?,
            }
        }
        let mut corrupt = String::new();
        for _ in 0..FETCH_ATTEMPTS {
            let bytes = fetch(version)?;
            let got = problem_hash::archive_sha256(&bytes);
            if got != *sha {
                corrupt = format!("its SHA-256 was {got}");
                continue;
            }
            let partial = self
                .dir
                .join(format!("{sha}.partial-{}", std::process::id()));
            if partial.exists() {
                std::fs::remove_dir_all(&partial).map_err(io_error(&partial))?;
            }
            let unpacked = problem_hash::unpack(&bytes, &partial).and_then(|()| {
                std::fs::write(partial.join(COMPLETE), bytes.len().to_string()).map_err(|error| {
                    ArchiveError::Write {
                        path: partial.join(COMPLETE),
                        error,
                    }
                })
            });
            if let Err(error) = unpacked {
                let _ = std::fs::remove_dir_all(&partial);
                if matches!(error, ArchiveError::Malformed(_)) {
                    corrupt = error.to_string();
                    continue;
                }
                return Err(error.into());
            }
            std::fs::rename(&partial, &folder).map_err(io_error(&folder))?;
            let judge = match self.load(version, &folder) {
                Ok(judge) => judge,
                Err(error) => {
                    let _ = std::fs::remove_dir_all(&folder);
                    return Err(error);
                }
            };
            let judge = self.keep(sha, judge, &folder);
            self.evict(sha);
            return Ok(judge);
        }
        Err(CacheError::Corrupt(corrupt))
    }

    /// Loads an unpacked version with this machine's sandbox and checks its hash.
    fn load(&self, version: &ProblemVersion, folder: &Path) -> Result<Judge, CacheError> {
        let mut config = JudgeConfig::load(&folder.join("judge.toml"))
            .map_err(|e| CacheError::Load(e.into()))?;
        config.sandbox = self.sandbox.clone();
        let judge = Judge::new(config, self.cancel.clone())?;
        let here = problem_hash::content_sha256(&judge, &version.id)?;
        if here != version.content_sha256 {
            return Err(CacheError::OtherVersion {
                here,
                wanted: version.content_sha256.clone(),
            });
        }
        Ok(judge)
    }

    fn keep(&self, sha: &str, judge: Judge, folder: &Path) -> Arc<Judge> {
        touch(folder);
        let judge = Arc::new(judge);
        self.held().judges.insert(sha.to_string(), judge.clone());
        judge
    }

    /// Removes the least recently used versions until the rest fit, never `keep` nor
    /// one a job is judging with.
    fn evict(&self, keep: &str) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let mut versions: Vec<(SystemTime, u64, String)> = entries
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| {
                let name = entry.file_name().to_str()?.to_string();
                let marker = entry.path().join(COMPLETE);
                let used = std::fs::metadata(&marker).ok()?.modified().ok()?;
                let size = std::fs::read_to_string(&marker).ok()?.trim().parse().ok()?;
                Some((used, size, name))
            })
            .collect();
        versions.sort();
        let mut total: u64 = versions.iter().map(|(_, size, _)| size).sum();
        for (_, size, name) in versions {
            if total <= self.capacity_bytes {
                break;
            }
            if name == keep {
                continue;
            }
            let mut held = self.held();
            // A judge held elsewhere than here is judging a submission.
            if held
                .judges
                .get(&name)
                .is_some_and(|judge| Arc::strong_count(judge) > 1)
            {
                continue;
            }
            held.judges.remove(&name);
            drop(held);
            if std::fs::remove_dir_all(self.dir.join(&name)).is_ok() {
                total = total.saturating_sub(size);
            }
        }
    }

    /// The versions on disk, most recently used first (for tests and reports).
    pub fn versions_on_disk(&self) -> Vec<String> {
        let mut found: Vec<(SystemTime, String)> = std::fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| {
                let used = std::fs::metadata(entry.path().join(COMPLETE))
                    .ok()?
                    .modified()
                    .ok()?;
                Some((used, entry.file_name().to_str()?.to_string()))
            })
            .collect();
        found.sort_by(|a, b| b.cmp(a));
        found.into_iter().map(|(_, name)| name).collect()
    }
}

/// Marks a version used now (its `.complete` file's modification time).
fn touch(folder: &Path) {
    if let Ok(file) = std::fs::File::options()
        .write(true)
        .open(folder.join(COMPLETE))
    {
        let _ = file.set_modified(SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A server's course of two Kattis packages, `p` and `q` (isolation off: nothing is
    /// run), and each one's archive and version.
    fn server(dir: &Path) -> (Judge, Vec<(Vec<u8>, ProblemVersion)>) {
        for (id, answer) in [("p", "1\n"), ("q", "2\n")] {
            let package = dir.join("problems").join(id);
            std::fs::create_dir_all(package.join("data/secret")).unwrap();
            std::fs::write(package.join("problem.yaml"), "name: P\n").unwrap();
            std::fs::write(package.join(".timelimit"), "1\n").unwrap();
            std::fs::write(package.join("data/secret/1.in"), "1\n").unwrap();
            std::fs::write(package.join("data/secret/1.ans"), answer).unwrap();
        }
        let file = dir.join("judge.toml");
        std::fs::write(
            &file,
            "[contest]\ntitle = \"C\"\n[[contest.problems]]\nid = \"p\"\n[[contest.problems]]\nid = \"q\"\n[sandbox]\nisolation = \"off\"\n",
        )
        .unwrap();
        let judge = Judge::new(JudgeConfig::load(&file).unwrap(), Default::default()).unwrap();
        let archives = ["p", "q"]
            .iter()
            .map(|id| {
                let bytes = problem_hash::archive(&judge, id).unwrap();
                let version = ProblemVersion {
                    id: id.to_string(),
                    content_sha256: problem_hash::archive_sha256(&bytes),
                };
                (bytes, version)
            })
            .collect();
        (judge, archives)
    }

    #[test]
    fn a_corrupt_archive_is_fetched_again_and_the_least_recently_used_version_goes_first() {
        let dir = tempfile::tempdir().unwrap();
        let (judge, archives) = server(dir.path());
        let [(p_bytes, p), (q_bytes, q)] = &archives[..] else {
            unreachable!()
        };
        let cache_dir = tempfile::tempdir().unwrap();
        // Room for one version only.
        let capacity = p_bytes.len().max(q_bytes.len()) as u64 + 10;
        let cache = ProblemCache::open(
            cache_dir.path(),
            capacity,
            judge.config.sandbox.clone(),
            Default::default(),
        )
        .unwrap();
        // The first copy is corrupt (one bit flipped): fetched again, then kept.
        let calls = Cell::new(0);
        let judge_p = cache
            .judge_for(p, &|_| {
                calls.set(calls.get() + 1);
                let mut bytes = p_bytes.clone();
                if calls.get() == 1 {
                    *bytes.last_mut().unwrap() ^= 1;
                }
                Ok(bytes)
            })
            .unwrap();
        assert_eq!(calls.get(), 2);
        assert!(judge_packages::load(&judge_p.config, "p").is_ok());
        // A hit fetches nothing.
        let never = |_: &ProblemVersion| -> Result<Vec<u8>, BackendError> {
            panic!("a cached version was fetched again")
        };
        cache.judge_for(p, &never).unwrap();
        // While p is being judged it stays, even over the bound.
        cache.judge_for(q, &|_| Ok(q_bytes.clone())).unwrap();
        assert_eq!(cache.versions_on_disk().len(), 2);
        drop(judge_p);
        // Fetching p again (after q's folder is used) removes the least recently used: p
        // itself is kept, q goes.
        std::fs::remove_dir_all(cache_dir.path().join(&p.content_sha256)).unwrap();
        cache.held().judges.clear();
        cache.judge_for(p, &|_| Ok(p_bytes.clone())).unwrap();
        assert_eq!(cache.versions_on_disk(), vec![p.content_sha256.clone()]);
        // A version whose archive is corrupt every time is refused, naming why.
        let fresh = tempfile::tempdir().unwrap();
        let other = ProblemCache::open(
            fresh.path(),
            capacity,
            judge.config.sandbox.clone(),
            Default::default(),
        )
        .unwrap();
        let Err(error) = other.judge_for(q, &|_| Ok(b"junk".to_vec())) else {
            panic!("junk was taken for a version")
        };
        assert!(matches!(error, CacheError::Corrupt(_)), "{error}");
        assert!(other.versions_on_disk().is_empty());
        // The server named something that is no hash: never a folder name.
        let bad = ProblemVersion {
            id: "p".into(),
            content_sha256: "../../etc".into(),
        };
        assert!(matches!(
            other.judge_for(&bad, &never),
            Err(CacheError::BadHash(_))
        ));
        // Another version's bytes under this version's name: a mismatch, refused.
        let Err(error) = other.judge_for(q, &|_| Ok(p_bytes.clone())) else {
            panic!("another version's archive was taken")
        };
        assert!(error.to_string().contains("corrupt"), "{error}");
    }

    /// A tmpfs mounted over a folder for a test, unmounted when dropped (even on a panic).
    struct SmallDisk(std::path::PathBuf);

    impl Drop for SmallDisk {
        fn drop(&mut self) {
            let _ = nix::mount::umount2(&self.0, nix::mount::MntFlags::MNT_DETACH);
        }
    }

    #[test]
    fn a_full_disk_refuses_the_version_and_leaves_no_partial_folder() {
        if !nix::unistd::geteuid().is_root() {
            assert!(
                std::env::var_os("JUDGE_REQUIRE_ROOT").is_none_or(|v| v != "1"),
                "JUDGE_REQUIRE_ROOT=1 but not root: a full disk cannot be made"
            );
            eprintln!("skipped: a full disk is a small tmpfs, which only root can mount");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let (judge, archives) = server(dir.path());
        let (p_bytes, p) = &archives[0];
        let cache_dir = tempfile::tempdir().unwrap();
        // One page: the cache's folder fits, a problem's files do not.
        nix::mount::mount(
            Some("tmpfs"),
            cache_dir.path(),
            Some("tmpfs"),
            nix::mount::MsFlags::empty(),
            Some("size=4k"),
        )
        .unwrap();
        let _disk = SmallDisk(cache_dir.path().to_path_buf());
        let cache = ProblemCache::open(
            cache_dir.path(),
            1 << 30,
            judge.config.sandbox.clone(),
            Default::default(),
        )
        .unwrap();
        let Err(error) = cache.judge_for(p, &|_| Ok(p_bytes.clone())) else {
            panic!("a version was unpacked on a full disk")
        };
        assert!(
            error.to_string().contains("No space left on device"),
            "{error}"
        );
        assert!(!matches!(error, CacheError::Corrupt(_)), "{error}");
        assert!(cache.versions_on_disk().is_empty());
        let left: Vec<_> = std::fs::read_dir(cache_dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .filter(|name| name.to_string_lossy().contains(&p.content_sha256))
            .collect();
        assert!(left.is_empty(), "left on the full disk: {left:?}");
    }
}
