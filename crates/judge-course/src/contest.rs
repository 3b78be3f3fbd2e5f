//! The contests as the server runs them: judge.toml's `[contest]` (the first) and its
//! `[[contests]]` (further contests and homework sets), each with its problems, languages
//! and clock (start, end or deadline, scoreboard freeze).
//!
//! Without `start` in judge.toml the first contest starts when a server first runs on the
//! data folder (kept in the store, so a restart does not move it). Without an end it never
//! ends. The public scoreboard freezes `freeze_minutes` before the end (so a freeze needs
//! an end) and stays frozen until a teacher publishes it. A teacher may move a contest's
//! window in the web front: the store's window then overrides judge.toml's.

use crate::error::Result;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::course::{ContestKind, ContestProblem, ContestSpec, Scoring};
use judge_model::language::{Language, Languages};
use judge_store::InContest;
use judge_store::{settings, Store};
use std::sync::{Arc, RwLock};

/// Where a contest is in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Before the start: students see no problems and cannot submit.
    NotStarted,
    /// Running: students submit.
    Running,
    /// A homework set past its deadline: submissions are accepted and marked late.
    Late,
    /// After the end (a homework set: after `late_until`): students can no longer submit.
    Over,
}

/// When a contest is open (Unix ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Window {
    /// The start.
    pub start_ms: i64,
    /// The end (a homework set: the deadline), if any.
    pub end_ms: Option<i64>,
    /// A homework set: late submissions are refused from here on, if ever.
    pub late_until_ms: Option<i64>,
}

/// The window in force and whether the teacher set it (else judge.toml did).
#[derive(Debug, Clone, Copy)]
struct Clock {
    window: Window,
    overridden: bool,
    /// A teacher published the frozen board (kept in the store too).
    published: bool,
    /// A teacher froze the board from this time on ("freeze now", kept in the store
    /// too): it replaces judge.toml's `freeze_minutes` before the end.
    frozen_from_ms: Option<i64>,
}

/// A contest of the course.
#[derive(Debug, Clone)]
pub struct Contest {
    /// Its id.
    pub id: String,
    /// Whether it is the first (`[contest]`): its pages keep their old addresses.
    pub first: bool,
    /// Contest or homework.
    pub kind: ContestKind,
    /// Its title.
    pub title: String,
    /// Its scoring style.
    pub scoring: Scoring,
    /// Its problems, in order.
    pub problems: Vec<ContestProblem>,
    /// The languages students may use, in id order.
    pub languages: Vec<Language>,
    /// Whether the start comes from judge.toml (else from the first server run).
    pub start_configured: bool,
    /// judge.toml's window (what a teacher's change overrides).
    pub configured: Window,
    /// The freeze before the end, in minutes.
    pub freeze_minutes: Option<u32>,
    /// The contest as judge.toml defines it, its problems' groups filled in (what
    /// scoring reads).
    pub spec: ContestSpec,
    clock: Arc<RwLock<Clock>>,
}

/// The store's key of the teacher's decision to publish a contest's frozen board (the
/// first contest keeps the key it had before there were several).
fn published_key(id: &str, first: bool) -> String {
    if first {
        settings::SCOREBOARD_PUBLISHED.to_string()
    } else {
        format!("{}:{id}", settings::SCOREBOARD_PUBLISHED)
    }
}

/// The store's key of the time a teacher froze a contest's board ("freeze now").
fn frozen_from_key(id: &str) -> String {
    format!("contest_frozen_from:{id}")
}

/// The store's key of a contest's window set by a teacher.
fn window_key(id: &str) -> String {
    format!("contest_window:{id}")
}

impl Contest {
    /// The first contest of judge.toml; `store` keeps the start when judge.toml gives
    /// none.
    pub fn new(config: &JudgeConfig, store: &Store, now_ms: i64) -> Result<Contest> {
        let first = config.course().contests.remove(0);
        Contest::from_definition(config, first, true, store, now_ms)
    }

    /// A contest of judge.toml, with the window a teacher stored for it, if any.
    fn from_definition(
        config: &JudgeConfig,
        definition: ContestSpec,
        first: bool,
        store: &Store,
        now_ms: i64,
    ) -> Result<Contest> {
        let toml = judge_contest::with_groups_of(config, definition.clone());
        let table = &config.languages;
        let languages: Vec<Language> = table
            .all()
            .iter()
            .filter(|l| {
                toml.languages
                    .as_ref()
                    .is_none_or(|allowed| allowed.contains(&l.id))
            })
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
        let end_ms = match (definition.end, toml.duration_minutes) {
            (Some(end), _) => Some(end.unix_ms()),
            (None, Some(minutes)) => Some(start_ms + i64::from(minutes) * 60_000),
            (None, None) => None,
        };
        let configured = Window {
            start_ms,
            end_ms,
            late_until_ms: definition.late_until.map(|t| t.unix_ms()),
        };
        let stored: Option<Window> = store
            .setting(&window_key(&definition.id))?
            .and_then(|text| serde_json::from_str(&text).ok());
        let published_key = published_key(&definition.id, first);
        let published = store.setting(&published_key)?.is_some_and(|v| v == "1");
        let frozen_from_ms = store
            .setting(&frozen_from_key(&definition.id))?
            .and_then(|text| text.parse().ok());
        Ok(Contest {
            id: definition.id,
            first,
            kind: definition.kind,
            title: toml.title.clone(),
            scoring: toml.scoring,
            problems: toml.problems.clone(),
            languages,
            start_configured,
            configured,
            freeze_minutes: toml.freeze_minutes,
            spec: toml,
            clock: Arc::new(RwLock::new(Clock {
                window: stored.unwrap_or(configured),
                overridden: stored.is_some(),
                published,
                frozen_from_ms,
            })),
        })
    }

    fn clock(&self) -> Clock {
        *self.clock.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The window in force.
    pub fn window(&self) -> Window {
        self.clock().window
    }

    /// Whether a teacher's window overrides judge.toml's.
    pub fn overridden(&self) -> bool {
        self.clock().overridden
    }

    /// Sets (Some) or clears (None: judge.toml's again) the teacher's window, in the store
    /// and here.
    pub fn set_window(&self, store: &Store, window: Option<Window>) -> Result<()> {
        let key = window_key(&self.id);
        match window {
            Some(window) => {
                store.set_setting(&key, &serde_json::to_string(&window).unwrap_or_default())?
            }
            None => store.remove_setting(&key)?,
        }
        let mut clock = self.clock.write().unwrap_or_else(|e| e.into_inner());
        clock.window = window.unwrap_or(self.configured);
        clock.overridden = window.is_some();
        Ok(())
    }

    /// Whether a teacher published the frozen board.
    pub fn published(&self) -> bool {
        self.clock().published
    }

    /// Publishes the frozen board (or restores the freeze), in the store and here.
    pub fn set_published(&self, store: &Store, published: bool) -> Result<()> {
        store.set_setting(&self.published_key(), if published { "1" } else { "0" })?;
        self.clock
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .published = published;
        Ok(())
    }

    /// Since when the public board is frozen at `now_ms`, if it is.
    pub fn frozen_since(&self, now_ms: i64) -> Option<i64> {
        self.freeze_at_ms()
            .filter(|_| self.frozen(now_ms, self.published()))
    }

    /// When it starts (Unix ms).
    pub fn start_ms(&self) -> i64 {
        self.window().start_ms
    }

    /// A homework set: the deadline a teacher extended for `student`, if they did.
    pub fn extension_ms(&self, student: &str) -> Option<i64> {
        self.spec
            .grading
            .extensions
            .get(student)
            .map(|until| until.unix_ms())
    }

    /// When it ends (a homework set: its deadline), if it does.
    pub fn end_ms(&self) -> Option<i64> {
        self.window().end_ms
    }

    /// When the public scoreboard freezes, if it does: when a teacher froze it ("freeze
    /// now"), else `freeze_minutes` before the end.
    pub fn freeze_at_ms(&self) -> Option<i64> {
        if let Some(at) = self.clock().frozen_from_ms {
            return Some(at);
        }
        let end = self.end_ms()?;
        self.freeze_minutes
            .map(|minutes| end - i64::from(minutes) * 60_000)
    }

    /// Freezes the public board from `now_ms` on ("freeze now": what students see stays
    /// as it is now, never a freeze that starts in the past); a board already frozen
    /// stays frozen since when it was. Kept in the store.
    pub fn freeze_now(&self, store: &Store, now_ms: i64) -> Result<()> {
        if self.frozen(now_ms, self.published()) {
            return Ok(());
        }
        self.set_frozen_from(store, now_ms)?;
        self.set_published(store, false)
    }

    /// Lifts the freeze at `now_ms` ("unfreeze"), in the store and here. A board a
    /// teacher froze ("freeze now") before its scheduled freeze (`freeze_minutes` before
    /// the end) is public again and still freezes on schedule; a board its schedule froze
    /// is published (the final board, as "publish" does).
    pub fn unfreeze(&self, store: &Store, now_ms: i64) -> Result<()> {
        let scheduled = self
            .end_ms()
            .zip(self.freeze_minutes)
            .map(|(end, minutes)| end - i64::from(minutes) * 60_000);
        let manual = self.clock().frozen_from_ms.is_some();
        if manual && scheduled.is_none_or(|at| now_ms < at) {
            store.remove_setting(&frozen_from_key(&self.id))?;
            self.clock
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .frozen_from_ms = None;
            return self.set_published(store, false);
        }
        self.set_published(store, true)
    }

    fn set_frozen_from(&self, store: &Store, at_ms: i64) -> Result<()> {
        store.set_setting(&frozen_from_key(&self.id), &at_ms.to_string())?;
        self.clock
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .frozen_from_ms = Some(at_ms);
        Ok(())
    }

    /// Ends the contest at `now_ms` ("end now"; a homework set: no late submissions
    /// either), as a teacher's window in the store. A board that freezes does not freeze
    /// in the past because the end moved: frozen since when it was, else from now on.
    pub fn end_now(&self, store: &Store, now_ms: i64) -> Result<()> {
        if self.phase(now_ms) == Phase::Over {
            return Ok(());
        }
        let freezes = self.freeze_at_ms().is_some();
        if freezes && !self.published() {
            let since = self.freeze_at_ms().filter(|&at| at <= now_ms);
            self.set_frozen_from(store, since.unwrap_or(now_ms))?;
        }
        let window = self.window();
        self.set_window(
            store,
            Some(Window {
                start_ms: window.start_ms.min(now_ms),
                end_ms: Some(now_ms),
                late_until_ms: (self.kind == ContestKind::Homework).then_some(now_ms),
            }),
        )
    }

    /// Whether judge.toml asks for a freeze that cannot happen: `freeze_minutes` counts
    /// back from the end, and the window in force has none (the teacher is told, on the
    /// dashboard and in the server's log).
    pub fn freeze_without_end(&self) -> bool {
        self.freeze_minutes.is_some() && self.end_ms().is_none()
    }

    /// Where the contest is at `now_ms`.
    pub fn phase(&self, now_ms: i64) -> Phase {
        let window = self.window();
        if now_ms < window.start_ms {
            Phase::NotStarted
        } else if window.end_ms.is_none_or(|end| now_ms < end) {
            Phase::Running
        } else if self.kind == ContestKind::Homework
            && window.late_until_ms.is_none_or(|until| now_ms < until)
        {
            Phase::Late
        } else {
            Phase::Over
        }
    }

    /// Whether the public scoreboard is frozen at `now_ms` (`published`: a teacher lifted it).
    pub fn frozen(&self, now_ms: i64, published: bool) -> bool {
        !published && self.freeze_at_ms().is_some_and(|at| now_ms >= at)
    }

    /// The store's key of the teacher's decision to publish this contest's frozen board.
    pub fn published_key(&self) -> String {
        published_key(&self.id, self.first)
    }

    /// A page of the contest: the first contest's keep their old addresses (`/problems`),
    /// the others' are under `/contests/ID`.
    pub fn href(&self, path: &str) -> String {
        if self.first {
            path.to_string()
        } else {
            format!("/contests/{}{path}", self.id)
        }
    }

    /// The submit form's address, for a problem if given.
    pub fn submit_href(&self, problem: Option<&str>) -> String {
        self.form_href("/submit", problem)
    }

    /// A page that takes the contest as a parameter (`/submit`, `/self-test`,
    /// `/clarifications`): `?contest=ID` unless it is the first, then `problem=` if given.
    pub fn form_href(&self, path: &str, problem: Option<&str>) -> String {
        let mut href = String::from(path);
        let mut sep = '?';
        if !self.first {
            href.push_str(&format!("?contest={}", self.id));
            sep = '&';
        }
        if let Some(problem) = problem {
            href.push_str(&format!("{sep}problem={problem}"));
        }
        href
    }

    /// The contest as the store filters rows by it.
    pub fn scope(&self) -> InContest<'_> {
        InContest {
            id: &self.id,
            first: self.first,
        }
    }

    /// Whether a stored submission belongs to this contest (rows without a contest are
    /// the first's).
    pub fn owns(&self, contest: Option<&str>) -> bool {
        self.scope().owns(contest)
    }

    /// Whether `user` takes part: a teacher always, a student when the contest is for
    /// every group or for theirs.
    pub fn is_for(&self, user: &judge_store::User) -> bool {
        user.is_teacher() || self.spec.is_for(user.group.as_deref())
    }

    /// A problem of the contest.
    pub fn problem(&self, id: &str) -> Option<&ContestProblem> {
        self.problems.iter().find(|p| p.id == id)
    }

    /// An allowed language.
    pub fn language(&self, id: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.id == id)
    }

    /// The allowed languages some judging machine runs now, in id order: what the submit
    /// form and the API offer, and what a submission may be in. One is offered when
    /// `here`, this machine's table when it judges (`judge serve`'s own workers, or its
    /// self-tests), has its compilers and runtimes installed, or when a live worker
    /// reported it (`live`: the union of the live workers' languages; `None` when nothing
    /// is known: no worker is live, or one runs anything). When that leaves none (a web
    /// front whose workers have not reported yet), every allowed one is offered: the
    /// queue keeps a submission until a machine takes it.
    pub fn offered_languages(
        &self,
        here: Option<&Languages>,
        live: Option<&[String]>,
    ) -> Vec<&Language> {
        let runs_here = |l: &Language| here.is_some_and(|table| table.check_available(l).is_ok());
        let runs_on_a_worker = |l: &Language| live.is_some_and(|ids| ids.contains(&l.id));
        let offered: Vec<&Language> = self
            .languages
            .iter()
            .filter(|l| runs_here(l) || runs_on_a_worker(l))
            .collect();
        if offered.is_empty() {
            self.languages.iter().collect()
        } else {
            offered
        }
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

/// Every contest of the course, the first first.
#[derive(Debug, Clone)]
pub struct Contests(Vec<Contest>);

impl Contests {
    /// The contests of judge.toml (see [`Contest::new`]).
    pub fn new(config: &JudgeConfig, store: &Store, now_ms: i64) -> Result<Contests> {
        let mut all = Vec::new();
        for (index, definition) in config.course().contests.into_iter().enumerate() {
            all.push(Contest::from_definition(
                config,
                definition,
                index == 0,
                store,
                now_ms,
            )?);
        }
        Ok(Contests(all))
    }

    /// The first contest (`[contest]`).
    pub fn first(&self) -> &Contest {
        // Contests::new always makes the first from [contest].
        &self.0[0]
    }

    /// A contest by id.
    pub fn get(&self, id: &str) -> Option<&Contest> {
        self.0.iter().find(|c| c.id == id)
    }

    /// The contest a stored row (a submission, a question) belongs to: its `contest`
    /// (None: the first, from before there were several); None for a contest no longer
    /// in judge.toml.
    pub fn owning(&self, contest: Option<&str>) -> Option<&Contest> {
        self.0.iter().find(|c| c.owns(contest))
    }

    /// Whether a problem is in any contest.
    pub fn has_problem(&self, id: &str) -> bool {
        self.0.iter().any(|c| c.problem(id).is_some())
    }

    /// All of them, in judge.toml's order.
    pub fn all(&self) -> &[Contest] {
        &self.0
    }

    /// These contests, each sharing the clock of `old`'s contest of the same id and
    /// window in judge.toml: a teacher's change made through the state being replaced
    /// (a request in flight during an import) reaches the new one too.
    pub fn keeping_clocks(mut self, old: &Contests) -> Contests {
        for contest in &mut self.0 {
            if let Some(previous) = old.get(&contest.id) {
                if previous.configured == contest.configured {
                    contest.clock = previous.clock.clone();
                }
            }
        }
        self
    }

    /// Every problem of any contest, once each, in order of first appearance.
    pub fn problems(&self) -> Vec<ContestProblem> {
        let mut seen = std::collections::BTreeSet::new();
        self.0
            .iter()
            .flat_map(|c| c.problems.iter())
            .filter(|p| seen.insert(p.id.clone()))
            .cloned()
            .collect()
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

    /// A language is offered when this machine (judging) has it installed or a live worker
    /// runs it; with neither, every allowed one.
    #[test]
    fn the_offered_languages_are_those_some_machine_runs() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        let language = |id: &str, program: &str| {
            format!(
                "[languages.{id}]\nname = \"{id}\"\nextensions = [\"{id}\"]\nsource = \"main.{id}\"\nrun = [\"{program}\"]\n"
            )
        };
        std::fs::write(
            &file,
            format!(
                "[contest]\ntitle = \"t\"\nlanguages = [\"here\", \"far\", \"gone\"]\n[[contest.problems]]\nid = \"a\"\n{}{}{}{}",
                language("here", "sh"),
                language("far", "no-such-runtime-here"),
                language("gone", "no-such-runtime-either"),
                language("unallowed", "sh"),
            ),
        )
        .unwrap();
        let config = JudgeConfig::load(&file).unwrap();
        let store = Store::open(dir.path()).unwrap();
        let contest = Contest::new(&config, &store, 0).unwrap();
        let table = &config.languages;
        let offered = |here: Option<&Languages>, live: Option<&[String]>| -> Vec<String> {
            contest
                .offered_languages(here, live)
                .into_iter()
                .map(|l| l.id.clone())
                .collect()
        };
        let ids = |list: &[&str]| -> Vec<String> { list.iter().map(|s| s.to_string()).collect() };
        // A judging server without worker reports: what is installed here.
        assert_eq!(offered(Some(table), None), ids(&["here"]));
        // A live worker adds what it runs (an unallowed one stays out).
        let far = ids(&["far", "unallowed"]);
        assert_eq!(offered(Some(table), Some(&far)), ids(&["far", "here"]));
        // A web front that does not judge: only what the workers run.
        assert_eq!(offered(None, Some(&far)), ids(&["far"]));
        // Nothing would be offered: every allowed one.
        assert_eq!(offered(None, None), ids(&["far", "gone", "here"]));
        assert_eq!(
            offered(None, Some(&ids(&["java"]))),
            ids(&["far", "gone", "here"])
        );
    }

    #[test]
    fn the_clock_follows_judge_toml() {
        let (dir, config) = config(
            "start = \"2026-01-01T10:00:00+02:00\"\nduration_minutes = 60\nfreeze_minutes = 15\nlanguages = [\"py\"]",
        );
        let store = Store::open(dir.path()).unwrap();
        let contest = Contest::new(&config, &store, 0).unwrap();
        let start = 1_767_254_400_000; // 2026-01-01T08:00:00Z
        assert_eq!(contest.start_ms(), start);
        assert_eq!(contest.end_ms(), Some(start + 3_600_000));
        assert_eq!(contest.freeze_at_ms(), Some(start + 45 * 60_000));
        assert!(!contest.freeze_without_end());
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
    fn freeze_now_and_end_now_never_freeze_in_the_past() {
        let (dir, course) =
            config("start = \"2026-01-01T08:00:00Z\"\nduration_minutes = 60\nfreeze_minutes = 15");
        let store = Store::open(dir.path()).unwrap();
        let start = 1_767_254_400_000;
        let minute = 60_000;
        let contest = Contest::new(&course, &store, 0).unwrap();
        // Freeze now at minute 10: frozen since then, not since minute 45.
        contest.freeze_now(&store, start + 10 * minute).unwrap();
        assert_eq!(
            contest.frozen_since(start + 11 * minute),
            Some(start + 10 * minute)
        );
        // Unfreeze: public again; the store keeps both decisions.
        contest.set_published(&store, true).unwrap();
        assert_eq!(contest.frozen_since(start + 50 * minute), None);
        let again = Contest::new(&course, &store, 0).unwrap();
        assert_eq!(again.freeze_at_ms(), Some(start + 10 * minute));
        assert!(again.published());

        // A fresh course: ending at minute 20 freezes from the end, not from minute 5.
        let (dir, course) =
            config("start = \"2026-01-01T08:00:00Z\"\nduration_minutes = 60\nfreeze_minutes = 15");
        let store = Store::open(dir.path()).unwrap();
        let contest = Contest::new(&course, &store, 0).unwrap();
        contest.end_now(&store, start + 20 * minute).unwrap();
        assert_eq!(contest.phase(start + 20 * minute), Phase::Over);
        assert_eq!(contest.end_ms(), Some(start + 20 * minute));
        assert_eq!(contest.freeze_at_ms(), Some(start + 20 * minute));
        // Ending a contest already frozen keeps the freeze where it was.
        let (dir, course) =
            config("start = \"2026-01-01T08:00:00Z\"\nduration_minutes = 60\nfreeze_minutes = 15");
        let store = Store::open(dir.path()).unwrap();
        let contest = Contest::new(&course, &store, 0).unwrap();
        contest.end_now(&store, start + 50 * minute).unwrap();
        assert_eq!(contest.freeze_at_ms(), Some(start + 45 * minute));
        assert_eq!(
            contest.frozen_since(start + 51 * minute),
            Some(start + 45 * minute)
        );
    }

    #[test]
    fn without_a_start_the_first_run_starts_it_once() {
        let (dir, config) = config("freeze_minutes = 10");
        let store = Store::open(dir.path()).unwrap();
        let first = Contest::new(&config, &store, 1_000).unwrap();
        let second = Contest::new(&config, &store, 9_000).unwrap();
        assert_eq!((first.start_ms(), second.start_ms()), (1_000, 1_000));
        assert!(!first.start_configured);
        assert_eq!(first.phase(i64::MAX), Phase::Running);
        assert!(first.freeze_without_end());
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
