//! The contest as the server runs it: judge.toml's problems and languages, and its clock
//! (start, end, scoreboard freeze).
//!
//! Without `start` in judge.toml the contest starts when a server first runs on the data
//! folder (kept in the store, so a restart does not move it). Without `duration_minutes` it
//! never ends. The public scoreboard freezes `freeze_minutes` before the end (so a freeze
//! needs a duration) and stays frozen until a teacher publishes it.

use crate::error::Result;
use crate::store::{settings, Store};
use judge_core::config::judge_toml::{ContestProblemToml, JudgeConfig, Scoring};
use judge_core::language::{Language, Languages};

/// Where the contest is in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Before the start: students see no problems and cannot submit.
    NotStarted,
    /// Running: students submit.
    Running,
    /// After the end: students can no longer submit.
    Over,
}

/// The contest.
#[derive(Debug, Clone)]
pub struct Contest {
    /// Its title.
    pub title: String,
    /// Its scoring style.
    pub scoring: Scoring,
    /// Its problems, in order.
    pub problems: Vec<ContestProblemToml>,
    /// The languages students may use, in id order.
    pub languages: Vec<Language>,
    /// When it starts (Unix ms).
    pub start_ms: i64,
    /// Whether the start comes from judge.toml (else from the first server run).
    pub start_configured: bool,
    /// When it ends, if it does.
    pub end_ms: Option<i64>,
    /// When the public scoreboard freezes, if it does.
    pub freeze_at_ms: Option<i64>,
    /// Why a configured freeze cannot apply (no duration), for the teacher.
    pub freeze_note: Option<String>,
    /// The judge.toml contest table, for scoring.
    pub toml: judge_core::config::judge_toml::ContestToml,
}

impl Contest {
    /// The contest of judge.toml; `store` keeps the start when judge.toml gives none.
    pub fn new(config: &JudgeConfig, store: &Store, now_ms: i64) -> Result<Contest> {
        let toml = &judge_core::contest::with_groups(config);
        let table = Languages::new(&config.toml);
        let languages: Vec<Language> = table
            .all()
            .iter()
            .filter(|l| table.check_allowed(l).is_ok())
            .cloned()
            .collect();
        let (start_ms, start_configured) = match toml.start {
            Some(start) => (start.unix_ms(), true),
            None => {
                let stored =
                    store.setting_or_insert(settings::CONTEST_START, &now_ms.to_string())?;
                (stored.parse().unwrap_or(now_ms), false)
            }
        };
        let end_ms = toml
            .duration_minutes
            .map(|minutes| start_ms + i64::from(minutes) * 60_000);
        let (freeze_at_ms, freeze_note) = match (toml.freeze_minutes, end_ms) {
            (Some(minutes), Some(end)) => (Some(end - i64::from(minutes) * 60_000), None),
            (Some(_), None) => (
                None,
                Some("freeze_minutes is set but duration_minutes is not: the scoreboard never freezes".into()),
            ),
            (None, _) => (None, None),
        };
        Ok(Contest {
            title: toml.title.clone(),
            scoring: toml.scoring,
            problems: toml.problems.clone(),
            languages,
            start_ms,
            start_configured,
            end_ms,
            freeze_at_ms,
            freeze_note,
            toml: toml.clone(),
        })
    }

    /// Where the contest is at `now_ms`.
    pub fn phase(&self, now_ms: i64) -> Phase {
        if now_ms < self.start_ms {
            Phase::NotStarted
        } else if self.end_ms.is_some_and(|end| now_ms >= end) {
            Phase::Over
        } else {
            Phase::Running
        }
    }

    /// Whether the public scoreboard is frozen at `now_ms` (`published`: a teacher lifted it).
    pub fn frozen(&self, now_ms: i64, published: bool) -> bool {
        !published && self.freeze_at_ms.is_some_and(|at| now_ms >= at)
    }

    /// A problem of the contest.
    pub fn problem(&self, id: &str) -> Option<&ContestProblemToml> {
        self.problems.iter().find(|p| p.id == id)
    }

    /// An allowed language.
    pub fn language(&self, id: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.id == id)
    }

    /// The allowed languages' ids, for messages.
    pub fn language_ids(&self) -> String {
        self.languages
            .iter()
            .map(|l| l.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(extra: &str) -> (tempfile::TempDir, JudgeConfig) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        std::fs::write(
            &file,
            format!(
                "[contest]\ntitle = \"t\"\n{extra}\n[[contest.problems]]\nid = \"a\"\n\
                 [languages.c]\nname = \"C\"\nextensions = [\"c\"]\nsource = \"main.c\"\nrun = [\"./main\"]\n\
                 [languages.py]\nname = \"Py\"\nextensions = [\"py\"]\nsource = \"main.py\"\nrun = [\"python3\"]\n"
            ),
        )
        .unwrap();
        let config = JudgeConfig::load(&file).unwrap();
        (dir, config)
    }

    #[test]
    fn the_clock_follows_judge_toml() {
        let (dir, config) = config(
            "start = \"2026-01-01T10:00:00+02:00\"\nduration_minutes = 60\nfreeze_minutes = 15\nlanguages = [\"py\"]",
        );
        let store = Store::open(dir.path()).unwrap();
        let contest = Contest::new(&config, &store, 0).unwrap();
        let start = 1_767_254_400_000; // 2026-01-01T08:00:00Z
        assert_eq!(contest.start_ms, start);
        assert_eq!(contest.end_ms, Some(start + 3_600_000));
        assert_eq!(contest.freeze_at_ms, Some(start + 45 * 60_000));
        assert_eq!(contest.phase(start - 1), Phase::NotStarted);
        assert_eq!(contest.phase(start), Phase::Running);
        assert_eq!(contest.phase(start + 3_600_000), Phase::Over);
        assert!(!contest.frozen(start + 44 * 60_000, false));
        assert!(contest.frozen(start + 46 * 60_000, false));
        assert!(!contest.frozen(start + 46 * 60_000, true));
        assert_eq!(contest.language_ids(), "py");
        assert!(contest.language("c").is_none());
    }

    #[test]
    fn without_a_start_the_first_run_starts_it_once() {
        let (dir, config) = config("freeze_minutes = 10");
        let store = Store::open(dir.path()).unwrap();
        let first = Contest::new(&config, &store, 1_000).unwrap();
        let second = Contest::new(&config, &store, 9_000).unwrap();
        assert_eq!((first.start_ms, second.start_ms), (1_000, 1_000));
        assert!(!first.start_configured);
        assert_eq!(first.phase(i64::MAX), Phase::Running);
        assert!(first.freeze_note.is_some());
        assert!(!first.frozen(i64::MAX, false));
        assert_eq!(first.language_ids(), "c, py");
    }

    #[test]
    fn a_bad_start_is_refused_when_judge_toml_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        std::fs::write(
            &file,
            "[contest]\ntitle = \"t\"\nstart = \"tomorrow\"\n[languages.c]\nname = \"C\"\nextensions = [\"c\"]\nsource = \"main.c\"\nrun = [\"./main\"]\n",
        )
        .unwrap();
        let error = JudgeConfig::load(&file).unwrap_err().to_string();
        assert!(
            error.contains("judge.toml")
                && error.contains("tomorrow")
                && error.contains("RFC 3339"),
            "{error}"
        );
    }
}
