//! A teacher's change to the course's contests, from the JSON API or the contests page:
//! a contest created, changed or removed, its board frozen or published, its end brought
//! forward.
//!
//! The course's definition lives in judge.toml and nowhere else: a change is checked
//! here (clear messages in the request's language), written by judge-packages'
//! [`judge_packages::course_toml`] (comments kept; judge.toml's own checks; a temporary
//! file renamed over it), then read again as an import does ([`crate::import::reload`]):
//! the pages, the API and every worker use it at once, without a restart. What is not the
//! course's definition (the window a teacher moved, "freeze now", a published board) stays
//! in the store ([`judge_course::contest`]). One change at a time
//! ([`crate::state::Shared::course_lock`]).
//!
//! Each contest has a version, a hash of its definition: a change names the version it
//! was made from, and one made from an older version is refused with the current one
//! (two teachers never lose an edit in silence).

use crate::state::AppState;
pub use judge_course::contest_view::{version, view, ContestView, LimitsView};
use judge_course::ServerError;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::course::{
    ContestKind, ContestProblem, ContestSpec, ContestStart, Feedback, Grading, LatePenalty,
    LatePenaltyParts, Scoring,
};
use judge_store::SubmissionFilter;
use judge_views::views::contest_editor::{EditTexts, Mistake};
use serde::{Deserialize, Deserializer};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The longest title accepted.
const MAX_TITLE_CHARS: usize = 200;

/// Absent (`None`), `null` (`Some(None)`: clear it) or a value (a JSON body's field of a
/// `PATCH`: `#[serde(default, deserialize_with = "present")]`).
pub(crate) fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A change to a contest (`POST`: a new one, `PATCH`: an existing one); a field left out
/// stays as it is, `null` clears it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContestChange {
    /// The id (a new contest's; an existing contest's cannot change).
    pub id: Option<String>,
    /// The title.
    pub title: Option<String>,
    /// `contest` or `homework`.
    pub kind: Option<ContestKind>,
    /// `ioi` or `icpc`.
    pub scoring: Option<Scoring>,
    /// The start (RFC 3339).
    #[serde(default, deserialize_with = "present")]
    pub start: Option<Option<String>>,
    /// The end (a homework set: its deadline).
    #[serde(default, deserialize_with = "present")]
    pub end: Option<Option<String>>,
    /// The first contest's length in minutes (instead of an end).
    #[serde(default, deserialize_with = "present")]
    pub duration_minutes: Option<Option<u32>>,
    /// The freeze before the end, in minutes.
    #[serde(default, deserialize_with = "present")]
    pub freeze_minutes: Option<Option<u32>>,
    /// A homework set's last late moment.
    #[serde(default, deserialize_with = "present")]
    pub late_until: Option<Option<String>>,
    /// The languages (null: all).
    #[serde(default, deserialize_with = "present")]
    pub languages: Option<Option<Vec<String>>>,
    /// The problems, in order.
    pub problems: Option<Vec<ProblemChange>>,
    /// Its weight in the course's grades.
    pub weight: Option<f64>,
    /// A homework set's late rule (null: none).
    #[serde(default, deserialize_with = "present")]
    pub late_penalty: Option<Option<LatePenaltyParts>>,
    /// A homework set's extensions, all of them (student -> RFC 3339 deadline).
    pub extensions: Option<BTreeMap<String, String>>,
    /// The groups of students it is for, all of them (empty: every student).
    pub for_groups: Option<Vec<String>>,
    /// Freeze the board now (true) or make it public again (false).
    pub frozen: Option<bool>,
    /// End the contest now.
    #[serde(default)]
    pub end_now: bool,
    /// Publish the board (true) or restore its freeze (false).
    pub published: Option<bool>,
    /// The version the change was made from (or the `If-Match` header).
    pub version: Option<String>,
    /// Mistakes found reading the change before it is applied (a form's field that is
    /// not a number): reported with the others.
    #[serde(skip)]
    pub mistakes: Vec<Mistake>,
}

/// A problem of a contest in a change.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemChange {
    /// The problem's id.
    pub id: String,
    /// Its points (default: as before, else 100).
    pub points: Option<f64>,
    /// `first-failure` or `all-tests` (default: as before).
    pub feedback: Option<Feedback>,
}

impl ContestChange {
    /// Whether it changes the definition (else only the clock or the board).
    fn defines(&self) -> bool {
        self.id.is_some()
            || self.title.is_some()
            || self.kind.is_some()
            || self.scoring.is_some()
            || self.start.is_some()
            || self.end.is_some()
            || self.duration_minutes.is_some()
            || self.freeze_minutes.is_some()
            || self.late_until.is_some()
            || self.languages.is_some()
            || self.problems.is_some()
            || self.weight.is_some()
            || self.late_penalty.is_some()
            || self.extensions.is_some()
            || self.for_groups.is_some()
    }
}

/// Why a change was not made (nothing was).
#[derive(Debug)]
pub enum EditError {
    /// No such contest.
    NotFound(String),
    /// The change was made from an older version: the current one.
    Conflict {
        /// What happened.
        message: String,
        /// The version now.
        version: String,
    },
    /// No version was named.
    NoVersion(String),
    /// The change is refused (bad input), with why.
    Invalid(String),
    /// The change's definition has mistakes: each of them, with its field.
    Mistakes(Vec<Mistake>),
    /// The server failed.
    Server(ServerError),
}

impl From<ServerError> for EditError {
    fn from(error: ServerError) -> EditError {
        EditError::Server(error)
    }
}

impl From<judge_store::StoreError> for EditError {
    fn from(error: judge_store::StoreError) -> EditError {
        EditError::Server(error.into())
    }
}

/// Whether `id` may name a contest (judge.toml's rule).
fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The mistakes found in a change, each with the field it belongs to.
#[derive(Debug, Default)]
struct Mistakes(Vec<Mistake>);

impl Mistakes {
    /// Notes a mistake in `field`.
    fn add(&mut self, field: &'static str, message: String) {
        self.0.push(Mistake::in_field(field, message));
    }

    /// Whether `field` has a mistake already (a check that needs its value is skipped).
    fn about(&self, field: &str) -> bool {
        self.0.iter().any(|m| m.field == Some(field))
    }

    /// A time field's value: `text` read, else None with the mistake noted.
    fn time(&mut self, field: &'static str, text: &str) -> Option<ContestStart> {
        let time = judge_model::text::parse_typed_time(text).map(ContestStart);
        if time.is_none() {
            self.add(field, EditTexts::current().bad_time(field, text));
        }
        time
    }

    /// A field that clears or sets a time: the new value, or the old one (`before`) when
    /// `text` is not a time (the mistake noted).
    fn optional_time(
        &mut self,
        field: &'static str,
        text: &Option<String>,
        before: Option<ContestStart>,
    ) -> Option<ContestStart> {
        match text {
            None => None,
            Some(text) => self.time(field, text).or(before),
        }
    }
}

/// `change` applied to `current` (a new contest: `None`) and checked against the course
/// `config` defines: the contest to write, or every mistake of the change
/// ([`EditError::Mistakes`]), each with its field.
fn apply(
    config: &JudgeConfig,
    current: Option<&ContestSpec>,
    change: &ContestChange,
) -> Result<ContestSpec, EditError> {
    let t = EditTexts::current();
    let mut mistakes = Mistakes(change.mistakes.clone());
    let course = config.course();
    let first = current.is_some_and(|c| c.id == course.first().id);
    let mut spec = match current {
        Some(current) => {
            if let Some(id) = &change.id {
                if *id != current.id {
                    mistakes.add("id", t.id_fixed(&current.id));
                }
            }
            current.clone()
        }
        None => {
            let id = change.id.as_deref().map(str::trim).unwrap_or_default();
            if id.is_empty() {
                mistakes.add("id", t.id_needed().into());
            } else if !valid_id(id) {
                mistakes.add("id", t.bad_id(id));
            } else if course.contest(id).is_some() {
                mistakes.add("id", t.id_in_use(id));
            }
            ContestSpec {
                id: id.to_string(),
                kind: ContestKind::Contest,
                title: String::new(),
                scoring: Scoring::default(),
                problems: Vec::new(),
                languages: None,
                start: None,
                end: None,
                duration_minutes: None,
                late_until: None,
                freeze_minutes: None,
                grading: Grading::default(),
                for_groups: Vec::new(),
            }
        }
    };
    if let Some(title) = &change.title {
        spec.title = title.trim().to_string();
    }
    if spec.title.is_empty() || spec.title.chars().count() > MAX_TITLE_CHARS {
        mistakes.add("title", t.bad_title(MAX_TITLE_CHARS));
    }
    if let Some(kind) = change.kind {
        if first && kind != ContestKind::Contest {
            mistakes.add("kind", t.first_is_a_contest().into());
        } else {
            spec.kind = kind;
        }
    }
    if let Some(scoring) = change.scoring {
        spec.scoring = scoring;
    }
    if let Some(start) = &change.start {
        spec.start = mistakes.optional_time("start", start, spec.start);
    }
    if let Some(end) = &change.end {
        spec.end = mistakes.optional_time("end", end, spec.end);
    }
    if let Some(late) = &change.late_until {
        spec.late_until = mistakes.optional_time("late_until", late, spec.late_until);
    }
    if let Some(freeze) = change.freeze_minutes {
        spec.freeze_minutes = freeze;
    }
    // The window's checks need its times: each is skipped when a time it needs is wrong.
    let window_read = !["start", "end", "duration_minutes", "late_until"]
        .iter()
        .any(|field| mistakes.about(field));
    if first {
        window_of_the_first(&mut mistakes, &mut spec, change, window_read);
    } else {
        if change.duration_minutes.is_some() {
            mistakes.add("duration_minutes", t.duration_first_only().into());
        }
        if spec.start.is_none() && !mistakes.about("start") {
            mistakes.add("start", t.start_needed().into());
        }
        if spec.kind == ContestKind::Homework && spec.end.is_none() && !mistakes.about("end") {
            mistakes.add("end", t.deadline_needed().into());
        }
        if spec.kind == ContestKind::Contest && spec.late_until.is_some() {
            mistakes.add("late_until", t.late_for_homework().into());
        }
    }
    if window_read {
        if let (Some(start), Some(end)) = (spec.start, spec.end) {
            if end.0 <= start.0 && !mistakes.about("duration_minutes") {
                mistakes.add("end", t.end_before_start().into());
            }
        }
        if let (Some(end), Some(late)) = (spec.end, spec.late_until) {
            if late.0 < end.0 {
                mistakes.add("late_until", t.late_before_end().into());
            }
        }
    }
    // The first contest's end is its start plus its length. judge.toml tolerates a freeze
    // without a length there (the dashboard warns of it), but a change that makes or
    // keeps one is refused, as for the other contests.
    let has_end = if first {
        spec.duration_minutes.is_some()
    } else {
        spec.end.is_some()
    };
    let touches_freeze = !first
        || change.freeze_minutes.is_some()
        || change.duration_minutes.is_some()
        || change.end.is_some();
    let end_read = !mistakes.about("end") && !mistakes.about("duration_minutes");
    if spec.freeze_minutes.is_some() && !has_end && touches_freeze && end_read {
        mistakes.add("freeze_minutes", t.freeze_needs_end().into());
    }
    if let Some(weight) = change.weight {
        if weight.is_finite() && weight >= 0.0 {
            spec.grading.weight = weight;
        } else {
            mistakes.add("weight", t.bad_weight().into());
        }
    }
    if let Some(penalty) = &change.late_penalty {
        match penalty {
            None => spec.grading.late_penalty = LatePenalty::None,
            Some(table) => match table.rule() {
                Ok(rule) => spec.grading.late_penalty = rule,
                Err(why) => mistakes.add("late_factor", t.bad_late_penalty(&why)),
            },
        }
    }
    if let Some(extensions) = &change.extensions {
        let mut all = BTreeMap::new();
        for (student, until) in extensions {
            let Some(until) = mistakes.time("extensions", until) else {
                continue;
            };
            if spec.end.is_some_and(|deadline| until.0 < deadline.0) {
                mistakes.add("extensions", t.extension_before_deadline(student));
            }
            all.insert(student.trim().to_string(), until);
        }
        spec.grading.extensions = all;
    }
    let graded_late =
        spec.grading.late_penalty != LatePenalty::None || !spec.grading.extensions.is_empty();
    if graded_late && spec.kind != ContestKind::Homework {
        mistakes.add("kind", t.late_rule_for_homework().into());
    }
    if let Some(languages) = &change.languages {
        if let Some(list) = languages {
            if list.is_empty() {
                mistakes.add("languages", t.no_languages().into());
            }
            let table = &config.languages;
            let known: Vec<&str> = table.all().iter().map(|l| l.id.as_str()).collect();
            for unknown in list.iter().filter(|l| table.by_id(l).is_err()) {
                mistakes.add("languages", t.unknown_language(unknown, &known.join(", ")));
            }
        }
        spec.languages = languages.clone();
    }
    if let Some(groups) = &change.for_groups {
        let mut all: Vec<String> = Vec::new();
        for group in groups {
            let group = group.trim().to_string();
            if judge_model::course::check_group_name(&group).is_err() {
                mistakes.add("for_groups", t.bad_group(&group));
            } else if !all.contains(&group) {
                all.push(group);
            }
        }
        spec.for_groups = all;
    }
    if let Some(problems) = &change.problems {
        spec.problems = chosen_problems(config, &spec, problems, &mut mistakes);
    }
    if mistakes.0.is_empty() {
        Ok(spec)
    } else {
        Err(EditError::Mistakes(mistakes.0))
    }
}

/// The first contest's window: `[contest]` has a start and a length, its end worked out
/// from them (`window_read`: its times were read, so they can be checked).
fn window_of_the_first(
    mistakes: &mut Mistakes,
    spec: &mut ContestSpec,
    change: &ContestChange,
    window_read: bool,
) {
    let t = EditTexts::current();
    match (change.end.is_some(), change.duration_minutes) {
        (true, Some(_)) => mistakes.add("duration_minutes", t.end_or_duration().into()),
        (true, None) if window_read => match (spec.start, spec.end) {
            (_, None) => spec.duration_minutes = None,
            (None, Some(_)) => mistakes.add("start", t.end_needs_start().into()),
            (Some(start), Some(end)) => {
                let seconds = (end.0 - start.0).whole_seconds();
                if seconds <= 0 {
                    mistakes.add("end", t.end_before_start().into());
                } else if seconds % 60 != 0 {
                    mistakes.add("end", t.whole_minutes().into());
                } else {
                    spec.duration_minutes = Some(u32::try_from(seconds / 60).unwrap_or(u32::MAX));
                }
            }
        },
        (true, None) => {}
        (false, Some(minutes)) => spec.duration_minutes = minutes,
        (false, None) => {}
    }
    if spec.duration_minutes == Some(0) {
        mistakes.add("duration_minutes", t.end_before_start().into());
    }
    spec.end = spec
        .start
        .zip(spec.duration_minutes)
        .map(|(start, minutes)| {
            ContestStart(start.0 + time::Duration::minutes(i64::from(minutes)))
        });
    if spec.late_until.is_some() {
        mistakes.add("late_until", t.late_for_homework().into());
    }
}

/// A contest's problems as `problems` lists them (`spec`: the contest so far, whose
/// problems keep their points and settings when not given), each mistake noted.
fn chosen_problems(
    config: &JudgeConfig,
    spec: &ContestSpec,
    problems: &[ProblemChange],
    mistakes: &mut Mistakes,
) -> Vec<ContestProblem> {
    let t = EditTexts::current();
    let course = config.course();
    let mut chosen: Vec<ContestProblem> = Vec::new();
    for problem in problems {
        let id = problem.id.trim();
        let listed = course
            .contests
            .iter()
            .flat_map(|c| c.problems.iter())
            .find(|p| p.id == id);
        let folder = valid_id(id) && config.problem_dir(id).is_dir();
        if listed.is_none() && !folder {
            mistakes.add("problems", t.unknown_problem(id));
            continue;
        }
        if chosen.iter().any(|p| p.id == id) {
            mistakes.add("problems", t.problem_twice(id));
            continue;
        }
        let before = spec.problems.iter().find(|p| p.id == id).or(listed);
        let points = problem
            .points
            .or_else(|| before.map(|p| p.points))
            .unwrap_or(judge_packages::import::DEFAULT_POINTS);
        if !(points.is_finite() && points >= 0.0) {
            mistakes.add("problems", t.bad_points(id));
        }
        chosen.push(ContestProblem {
            id: id.to_string(),
            points,
            groups: Vec::new(),
            test_names: before.map(|p| p.test_names).unwrap_or_default(),
            languages: None,
            feedback: problem
                .feedback
                .or_else(|| before.map(|p| p.feedback))
                .unwrap_or_default(),
        });
    }
    chosen
}

/// Runs an edit on a blocking thread (an edit reads and writes judge.toml and the store),
/// in the request's language; a task that could not run to its end is the server's
/// failure.
pub async fn blocking<T: Send + 'static>(
    state: &AppState,
    edit: impl FnOnce(&AppState) -> Result<T, EditError> + Send + 'static,
) -> Result<T, EditError> {
    let state = state.clone();
    tokio::task::spawn_blocking(judge_i18n::carried(move || edit(&state)))
        .await
        .unwrap_or_else(|error| Err(EditError::Server(ServerError::Task(error.to_string()))))
}

/// The version `asked` must be `current`'s.
fn check_version(asked: Option<&str>, current: &ContestSpec, first: bool) -> Result<(), EditError> {
    let t = EditTexts::current();
    let now = version(current, first);
    match asked.map(str::trim) {
        None | Some("") => Err(EditError::NoVersion(t.version_needed(&now))),
        Some(asked) if asked.trim_matches('"') == now => Ok(()),
        Some(_) => Err(EditError::Conflict {
            message: t.changed_meanwhile(&current.id),
            version: now,
        }),
    }
}

/// judge.toml as it is on disk now.
fn load(state: &AppState) -> Result<JudgeConfig, EditError> {
    JudgeConfig::load(&state.judge.config.file)
        .map_err(|e| EditError::Server(judge_model::JudgeError::from(e).into()))
}

/// Writes the course, then makes the server use it; judge.toml is put back as it was if
/// the server cannot take the new one in (a problem that does not load, say).
fn write_and_reload(
    state: &AppState,
    config: &JudgeConfig,
    write: impl FnOnce(&JudgeConfig) -> judge_model::Result<JudgeConfig>,
) -> Result<(), EditError> {
    let before = std::fs::read(&config.file).map_err(|cause| ServerError::Io {
        what: "reading",
        path: config.file.clone(),
        cause,
    })?;
    write(config).map_err(|e| EditError::Invalid(e.to_string()))?;
    if let Err(error) = crate::import::reload(state) {
        let restored = judge_packages::course_toml::rewrite(
            config,
            |document| {
                *document = String::from_utf8_lossy(&before)
                    .parse()
                    .map_err(|e| judge_model::JudgeError::file("judge.toml", &config.file, e))?;
                Ok(())
            },
            |_| Ok(()),
        );
        if let Err(again) = restored
            .map_err(ServerError::from)
            .and_then(|_| crate::import::reload(state).map(|_| ()))
        {
            tracing::error!("judge.toml could not be put back after a refused change: {again}");
        }
        return Err(EditError::Invalid(
            EditTexts::current().not_taken_in(&error.to_string()),
        ));
    }
    Ok(())
}

/// The clock and board actions of `change` on contest `id` of the state now.
fn act(state: &AppState, id: &str, change: &ContestChange, now_ms: i64) -> Result<(), EditError> {
    let latest = state.clone();
    let Some(contest) = latest.contests.get(id) else {
        return Err(EditError::NotFound(id.to_string()));
    };
    if change.end_now {
        contest.end_now(&latest.store, now_ms)?;
    }
    match change.frozen {
        Some(true) => contest.freeze_now(&latest.store, now_ms)?,
        Some(false) => contest.unfreeze(&latest.store, now_ms)?,
        None => {}
    }
    if let Some(published) = change.published {
        contest.set_published(&latest.store, published)?;
    }
    Ok(())
}

/// The contest `id` of the state now, as the API shows it.
fn shown(state: &AppState, id: &str, now_ms: i64) -> Result<ContestView, EditError> {
    let latest = state.clone();
    latest
        .contests
        .get(id)
        .map(|c| view(c, now_ms))
        .ok_or_else(|| EditError::NotFound(id.to_string()))
}

/// Creates a contest (blocks: run it on a blocking thread).
pub fn create(
    state: &AppState,
    change: &ContestChange,
    now_ms: i64,
) -> Result<ContestView, EditError> {
    let _one_at_a_time = state.course_lock.lock().unwrap_or_else(|e| e.into_inner());
    let latest = state.clone();
    let config = load(&latest)?;
    let spec = apply(&config, None, change)?;
    write_and_reload(&latest, &config, |config| {
        judge_packages::course_toml::put_contest(config, &spec)
    })?;
    act(&latest, &spec.id, change, now_ms)?;
    shown(&latest, &spec.id, now_ms)
}

/// Changes contest `id` from version `asked` (blocks).
pub fn update(
    state: &AppState,
    id: &str,
    asked: Option<&str>,
    change: &ContestChange,
    now_ms: i64,
) -> Result<ContestView, EditError> {
    let _one_at_a_time = state.course_lock.lock().unwrap_or_else(|e| e.into_inner());
    let latest = state.clone();
    let config = load(&latest)?;
    let course = config.course();
    let current = course
        .contest(id)
        .ok_or_else(|| EditError::NotFound(id.to_string()))?;
    let first = course.first().id == id;
    check_version(asked.or(change.version.as_deref()), current, first)?;
    if change.defines() {
        let spec = apply(&config, Some(current), change)?;
        if spec != *current {
            let window_moved = spec.start != current.start
                || spec.end != current.end
                || spec.late_until != current.late_until;
            write_and_reload(&latest, &config, |config| {
                judge_packages::course_toml::put_contest(config, &spec)
            })?;
            if window_moved {
                // judge.toml's new window is the teacher's word now: a window moved
                // earlier in the store no longer hides it.
                let fresh = latest.clone();
                if let Some(contest) = fresh.contests.get(id) {
                    contest.set_window(&fresh.store, None)?;
                }
            }
        }
    }
    act(&latest, id, change, now_ms)?;
    shown(&latest, id, now_ms)
}

/// Removes contest `id`, from version `asked` (blocks). The first contest (`[contest]`)
/// stays; a contest with submissions stays too (its submissions would lose their
/// contest): end it instead.
pub fn remove(state: &AppState, id: &str, asked: Option<&str>) -> Result<(), EditError> {
    let _one_at_a_time = state.course_lock.lock().unwrap_or_else(|e| e.into_inner());
    let t = EditTexts::current();
    let latest = state.clone();
    let config = load(&latest)?;
    let course = config.course();
    let current = course
        .contest(id)
        .ok_or_else(|| EditError::NotFound(id.to_string()))?;
    let first = course.first().id == id;
    check_version(asked, current, first)?;
    if first {
        return Err(EditError::Invalid(t.first_stays().into()));
    }
    let submissions = latest
        .store
        .submissions(&SubmissionFilter::default())?
        .iter()
        .filter(|s| s.contest.as_deref() == Some(id))
        .count();
    if submissions > 0 {
        return Err(EditError::Invalid(t.has_submissions(id, submissions)));
    }
    write_and_reload(&latest, &config, |config| {
        judge_packages::course_toml::remove_contest(config, id)
    })
}

/// A change of a problem's limits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsBody {
    /// CPU seconds.
    pub time_limit_s: Option<f64>,
    /// Memory in MiB.
    pub memory_mib: Option<u64>,
    /// The version the change was made from (or the `If-Match` header).
    pub version: Option<String>,
}

/// Problem `id`'s limits as they are on disk now (404 for a problem of no contest).
pub fn limits(state: &AppState, id: &str) -> Result<LimitsView, EditError> {
    if !state.contests.has_problem(id) {
        return Err(EditError::NotFound(id.to_string()));
    }
    let problem = judge_packages::load(&state.judge.config, id)
        .map_err(|e| EditError::Invalid(e.to_string()))?;
    let time = problem
        .time_rule
        .is_decided()
        .then_some(problem.limits.time_s);
    let origin = problem.time_rule.origin;
    let memory = problem.limits.memory_mib;
    let digest = Sha256::digest(format!("{time:?}|{memory}|{origin:?}").as_bytes());
    let (last_verify, last_verify_unreadable) =
        match judge_packages::verify_record::read(&state.judge.config, id) {
            None => (None, None),
            Some(Ok(record)) => (Some(record), None),
            Some(Err(why)) => (None, Some(why)),
        };
    Ok(LimitsView {
        id: id.to_string(),
        time_limit_s: time,
        time_limit_origin: origin,
        memory_mib: memory,
        version: digest.iter().take(8).map(|b| format!("{b:02x}")).collect(),
        last_verify,
        last_verify_unreadable,
    })
}

/// Changes problem `id`'s limits from version `asked` (blocks), then makes the server and
/// its workers use them.
pub fn set_limits(
    state: &AppState,
    id: &str,
    asked: Option<&str>,
    body: &LimitsBody,
) -> Result<LimitsView, EditError> {
    let _one_at_a_time = state.course_lock.lock().unwrap_or_else(|e| e.into_inner());
    let latest = state.clone();
    let current = limits(&latest, id)?;
    let t = EditTexts::current();
    match asked
        .or(body.version.as_deref())
        .map(|v| v.trim().trim_matches('"'))
    {
        None | Some("") => return Err(EditError::NoVersion(t.version_needed(&current.version))),
        Some(asked) if asked != current.version => {
            return Err(EditError::Conflict {
                message: t.limits_changed_meanwhile(id),
                version: current.version,
            })
        }
        Some(_) => {}
    }
    let change = judge_packages::limits_edit::LimitsChange {
        time_s: body.time_limit_s,
        memory_mib: body.memory_mib,
    };
    judge_packages::limits_edit::write(&latest.judge.config, id, change)
        .map_err(|e| EditError::Invalid(e.to_string()))?;
    crate::import::reload(&latest)?;
    limits(&latest.clone(), id)
}
