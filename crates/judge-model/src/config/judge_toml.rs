//! judge.toml: the contest, the compile limits, the sandbox settings and the language table.

use super::CompileSettings;
use super::{parse_toml, read_toml, ConfigError};
use crate::course::{
    ContestKind, ContestProblem, ContestSpec, ContestStart, Course, Feedback, Grading,
    LatePenaltyParts, Scoring, TestNames,
};
use crate::language::{Language, LanguageSpec, Languages};
use sandbox::SandboxConfig;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A problem of the contest: which problem, and what it is worth here. Its groups
/// (subtasks) are the problem's own (problem.toml `[[groups]]`, a package's test data
/// groups); the contest scales them to its points.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContestProblemToml {
    /// The problem id (its folder name under problems/ and testdata/).
    pub id: String,
    /// Points for solving it.
    #[serde(default = "default_points")]
    pub points: f64,
    /// What `judge serve` calls secret tests on students' pages (`numbers`, the default:
    /// `secret/3`; `names`: the files' names, when they do not describe the data).
    #[serde(default)]
    pub test_names: TestNames,
    /// How far a submission is judged for its student's feedback (`first-failure`, the
    /// default: as far as its score needs; `all-tests`: every test).
    #[serde(default)]
    pub feedback: Feedback,
}

fn default_points() -> f64 {
    100.0
}

/// The `[contest]` table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContestToml {
    /// Its id among the course's contests (`main` when not given): the server's
    /// `/contests/ID` pages and the contest of each stored submission.
    #[serde(default)]
    pub id: Option<String>,
    /// The contest's title.
    pub title: String,
    /// How it is scored.
    #[serde(default)]
    pub scoring: Scoring,
    /// Where problem crates live, relative to judge.toml.
    #[serde(default = "default_problems_dir")]
    pub problems_dir: PathBuf,
    /// Where stored tests live, relative to judge.toml.
    #[serde(default = "default_testdata_dir")]
    pub testdata_dir: PathBuf,
    /// The problems, in order.
    #[serde(default)]
    pub problems: Vec<ContestProblemToml>,
    /// The languages students may use (default: all in the table).
    #[serde(default)]
    pub languages: Option<Vec<String>>,
    /// When the contest started (RFC 3339, e.g. `2026-11-29T09:00:00Z`): ICPC penalty
    /// minutes count from here, and `judge serve` opens then.
    #[serde(default)]
    pub start: Option<ContestStart>,
    /// Freeze the public scoreboard for the last N minutes (server mode).
    #[serde(default)]
    pub freeze_minutes: Option<u32>,
    /// The contest's length in minutes (server mode: submissions close after it).
    #[serde(default)]
    pub duration_minutes: Option<u32>,
    /// Its weight in the course's grades (default 1).
    #[serde(default)]
    pub weight: Option<f64>,
    /// Only these groups' students take part (default: every student).
    #[serde(default)]
    pub for_groups: Vec<String>,
}

fn default_problems_dir() -> PathBuf {
    PathBuf::from("problems")
}

fn default_testdata_dir() -> PathBuf {
    PathBuf::from("testdata")
}

/// The id of `[contest]` when it gives none.
pub const FIRST_CONTEST_ID: &str = "main";

/// One `[[contests]]` entry: a further contest or homework set of the course.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseContestToml {
    /// Its id (letters, digits, `-`, `_`): `/contests/ID`.
    pub id: String,
    /// Its title.
    pub title: String,
    /// `contest` (the default) or `homework`.
    #[serde(default)]
    pub kind: ContestKind,
    /// How it is scored.
    #[serde(default)]
    pub scoring: Scoring,
    /// When it opens (RFC 3339).
    pub start: ContestStart,
    /// When a contest closes (RFC 3339; none: it stays open).
    #[serde(default)]
    pub end: Option<ContestStart>,
    /// When a homework set is due (RFC 3339): later submissions are marked late.
    #[serde(default)]
    pub deadline: Option<ContestStart>,
    /// Homework: late submissions are refused from this time on (none: always accepted).
    #[serde(default)]
    pub late_until: Option<ContestStart>,
    /// Freeze the public scoreboard for the last N minutes before the end or deadline.
    #[serde(default)]
    pub freeze_minutes: Option<u32>,
    /// Its problems, in order (a problem may be in several contests).
    #[serde(default)]
    pub problems: Vec<ContestProblemToml>,
    /// The languages students may use (default: all in the table).
    #[serde(default)]
    pub languages: Option<Vec<String>>,
    /// Its weight in the course's grades (default 1).
    #[serde(default)]
    pub weight: Option<f64>,
    /// Homework: what late work is worth (`{ factor = 0.8 }` or
    /// `{ per_day = 0.1, floor = 0.5 }`; none: late work counts in full).
    #[serde(default)]
    pub late_penalty: Option<LatePenaltyParts>,
    /// Homework: students given a later deadline (`{ ann = "2026-01-08T00:00:00Z" }`).
    #[serde(default)]
    pub extensions: std::collections::BTreeMap<String, ContestStart>,
    /// Only these groups' students take part (default: every student).
    #[serde(default)]
    pub for_groups: Vec<String>,
}

/// The `[compile]` table: limits for compilers, the same for every language.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CompileToml {
    /// Wall-clock seconds.
    pub wall_time_s: f64,
    /// CPU seconds.
    pub cpu_time_s: f64,
    /// Memory in MiB.
    pub memory_mib: u64,
    /// Processes and threads.
    pub processes: u32,
    /// Bytes of compiler messages kept.
    pub message_bytes: u64,
    /// The largest source accepted, in KiB (`judge run`, `judge contest`, `judge serve`).
    pub max_source_kib: u64,
    /// Where precompiled headers are kept (`~` is the judge's home); one per machine,
    /// compiler and flags.
    pub precompiled_header_dir: String,
}

impl From<&CompileToml> for CompileSettings {
    fn from(table: &CompileToml) -> Self {
        CompileSettings {
            wall_time_s: table.wall_time_s,
            cpu_time_s: table.cpu_time_s,
            memory_mib: table.memory_mib,
            processes: table.processes,
            message_bytes: table.message_bytes,
            max_source_kib: table.max_source_kib,
            precompiled_header_dir: table.precompiled_header_dir.clone(),
        }
    }
}

impl Default for CompileToml {
    fn default() -> Self {
        CompileToml {
            wall_time_s: 30.0,
            cpu_time_s: 30.0,
            memory_mib: 1024,
            processes: 128,
            message_bytes: 64 * 1024,
            max_source_kib: 256,
            precompiled_header_dir: "~/.cache/judge/precompiled-headers".to_string(),
        }
    }
}

/// `sandbox.isolation`: how much isolation to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum IsolationToml {
    /// Full isolation when running as root, none otherwise.
    #[default]
    Auto,
    /// Namespaces, a box uid, seccomp: an error if impossible.
    Full,
    /// The judge's view of the machine (rlimits and seccomp only).
    Off,
}

impl From<IsolationToml> for sandbox::Isolation {
    fn from(value: IsolationToml) -> Self {
        match value {
            IsolationToml::Auto => sandbox::Isolation::Auto,
            IsolationToml::Full => sandbox::Isolation::Full,
            IsolationToml::Off => sandbox::Isolation::Off,
        }
    }
}

/// `sandbox.backend`: which mechanism enforces limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BackendToml {
    /// cgroup v2 if usable, else v1, else rlimits only.
    #[default]
    Auto,
    /// cgroup v2, or an error.
    CgroupV2,
    /// cgroup v1, or an error.
    CgroupV1,
    /// Resource limits only (degraded).
    Rlimit,
}

impl From<BackendToml> for sandbox::Backend {
    fn from(value: BackendToml) -> Self {
        match value {
            BackendToml::Auto => sandbox::Backend::Auto,
            BackendToml::CgroupV2 => sandbox::Backend::CgroupV2,
            BackendToml::CgroupV1 => sandbox::Backend::CgroupV1,
            BackendToml::Rlimit => sandbox::Backend::RlimitOnly,
        }
    }
}

/// The `[sandbox]` table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SandboxToml {
    /// `auto`, `full` or `off`.
    pub isolation: IsolationToml,
    /// `auto`, `cgroup-v2`, `cgroup-v1` or `rlimit`.
    pub backend: BackendToml,
    /// Host paths every box sees read-only (default: the system's libraries and tools).
    pub readonly_binds: Option<Vec<String>>,
    /// The uid of box 0 (default: the sandbox's own default); box N runs as
    /// `first_uid + N`.
    pub first_uid: u32,
    /// How many boxes may exist at once (uids `first_uid` to `first_uid + max_boxes - 1`).
    pub max_boxes: u32,
    /// Where box locks live (default `/run/judge` for root). Judges that share it share
    /// the uid range safely; a judge with its own lock folder needs its own uid range.
    pub lock_dir: Option<std::path::PathBuf>,
    /// The name of the cgroup that holds the box cgroups.
    pub cgroup_group: String,
}

impl Default for SandboxToml {
    fn default() -> Self {
        let defaults = sandbox::SandboxConfig::default();
        SandboxToml {
            isolation: IsolationToml::default(),
            backend: BackendToml::default(),
            readonly_binds: None,
            first_uid: defaults.first_uid,
            max_boxes: defaults.max_boxes,
            lock_dir: None,
            cgroup_group: defaults.cgroup_group,
        }
    }
}

/// `[sandbox]` as the sandbox's configuration: a relative `lock_dir` starts at judge.toml's
/// folder, like every path in it; the default read-only binds unless the table names its
/// own.
fn sandbox_settings(settings: &SandboxToml, root: &Path) -> SandboxConfig {
    let defaults = SandboxConfig::default();
    SandboxConfig {
        isolation: settings.isolation.into(),
        backend: settings.backend.into(),
        readonly_binds: settings
            .readonly_binds
            .clone()
            .unwrap_or(defaults.readonly_binds.clone()),
        first_uid: settings.first_uid,
        max_boxes: settings.max_boxes,
        lock_dir: settings.lock_dir.as_ref().map(|dir| root.join(dir)),
        cgroup_group: settings.cgroup_group.clone(),
        ..defaults
    }
}

/// One entry of the language table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageToml {
    /// The name shown to users.
    pub name: String,
    /// File extensions that select it.
    pub extensions: Vec<String>,
    /// The file name the submission is saved as.
    pub source: String,
    /// The compile command, if any.
    #[serde(default)]
    pub compile: Option<Vec<String>>,
    /// The run command.
    pub run: Vec<String>,
    /// Scales the problem's time limits.
    #[serde(default = "default_multiplier")]
    pub time_multiplier: f64,
    /// Extra host paths its toolchain needs.
    #[serde(default)]
    pub binds: Vec<String>,
    /// Extra environment for compiling and running.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Stderr text by which the runtime reports running out of memory (then MLE, not RE).
    #[serde(default)]
    pub memory_errors: Vec<String>,
    /// Another runtime for the sources of the language with this id (pypy3 for python3):
    /// chosen by `--lang`, the web form, or a `#!` first line naming its program; `judge
    /// verify` also judges that language's accepted submissions with it.
    #[serde(default)]
    pub alternative_for: Option<String>,
    /// An alternative (`alternative_for`) that only a `#!` line or `--lang` chooses:
    /// `judge verify` does not judge the language's accepted submissions on it too
    /// (Python 2 for python3's sources: a Python 3 program is not a Python 2 one).
    #[serde(default)]
    pub shebang_only: bool,
    /// System headers compiled once and reused by the sources that include them
    /// (`bits/stdc++.h`); C and C++ compilers only.
    #[serde(default)]
    pub precompiled_headers: Vec<String>,
    /// A program of several source files (a folder submission, a package's validator
    /// folder) has every one of them compiled: they are named after `source` in the
    /// compile command (C, C++, Java, Python's syntax check, Prolog's saved state).
    #[serde(default)]
    pub compile_all_sources: bool,
    /// Extensions of the files a folder submission brings beside its sources that are
    /// copied into the box but never named to the compiler (`h`, `hpp`).
    #[serde(default)]
    pub headers: Vec<String>,
    /// Text that marks a folder submission's entry source when neither its name nor the
    /// folder's says which one it is (`public static void main`, `if __name__`): the
    /// one source holding it is the entry.
    #[serde(default)]
    pub entry_markers: Vec<String>,
    /// Extensions that name it in a Kattis package where this table gives them to another
    /// language (Kattis' `.pl` is Prolog; this table's is Perl): such a package's
    /// submissions in those files are judged in it, and a folder submission in it takes
    /// them as its sources.
    #[serde(default)]
    pub kattis_extensions: Vec<String>,
    /// The order the sources of a program of several are named to the compiler
    /// (`compile_all_sources`): `"entry-first"` (the default), or `"ocaml-modules"` and
    /// `"fortran-modules"`, each module before the sources that use it, read from the
    /// sources' text, for compilers that need that order.
    #[serde(default)]
    pub source_order: crate::language::SourceOrder,
    /// How to get the language's toolchain, said where it is missing (Python 2: Debian 12
    /// has none); without it, that scripts/setup-languages installs its Debian packages.
    #[serde(default)]
    pub how_to_get: Option<String>,
}

fn default_multiplier() -> f64 {
    1.0
}

impl From<&LanguageToml> for LanguageSpec {
    fn from(entry: &LanguageToml) -> Self {
        LanguageSpec {
            name: entry.name.clone(),
            extensions: entry.extensions.clone(),
            source: entry.source.clone(),
            compile: entry.compile.clone(),
            run: entry.run.clone(),
            time_multiplier: entry.time_multiplier,
            binds: entry.binds.clone(),
            env: entry.env.clone(),
            memory_errors: entry.memory_errors.clone(),
            alternative_for: entry.alternative_for.clone(),
            shebang_only: entry.shebang_only,
            precompiled_headers: entry.precompiled_headers.clone(),
            compile_all_sources: entry.compile_all_sources,
            headers: entry.headers.clone(),
            entry_markers: entry.entry_markers.clone(),
            kattis_extensions: entry.kattis_extensions.clone(),
            source_order: entry.source_order,
            how_to_get: entry.how_to_get.clone(),
        }
    }
}

/// The built-in language table's file (config/languages.toml), the one copy of it: a
/// judge.toml without a `[languages]` table gets it.
pub const BUILTIN_LANGUAGES_TOML: &str = include_str!("languages.toml");

/// The built-in language table as a file holds it (its `[languages.*]` tables).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LanguagesFile {
    languages: BTreeMap<String, LanguageToml>,
}

/// The built-in language table, parsed.
pub fn builtin_languages() -> BTreeMap<String, LanguageToml> {
    // The file is part of the binary and `the_builtin_language_table_is_valid` parses and
    // checks it, so this cannot fail in a build whose tests passed.
    parse_toml::<LanguagesFile>(Path::new("languages.toml"), BUILTIN_LANGUAGES_TOML)
        .expect("the built-in language table parses")
        .languages
}

impl Languages {
    /// The table of judge.toml's `[languages]` entries, of which the contest allows
    /// `allowed` (`None`: all).
    pub fn from_table(
        table: &BTreeMap<String, LanguageToml>,
        allowed: Option<Vec<String>>,
    ) -> Languages {
        Languages::new(
            table
                .iter()
                .map(|(id, entry)| Language {
                    id: id.clone(),
                    spec: LanguageSpec::from(entry),
                })
                .collect(),
            allowed,
        )
    }

    /// The built-in table ([`builtin_languages`]), every language allowed: a machine's
    /// table when it has no judge.toml (`judge worker --server` in an empty folder).
    pub fn builtin() -> Languages {
        Languages::from_table(&builtin_languages(), None)
    }
}

/// The whole judge.toml.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeToml {
    /// The contest (the course's first one, for `judge serve`).
    pub contest: ContestToml,
    /// The course's further contests and homework sets (`judge serve`).
    #[serde(default)]
    pub contests: Vec<CourseContestToml>,
    /// Compile limits.
    #[serde(default)]
    pub compile: CompileToml,
    /// Sandbox settings.
    #[serde(default)]
    pub sandbox: SandboxToml,
    /// The language table, by id (default: the built-in one, [`builtin_languages`]).
    #[serde(default = "builtin_languages")]
    pub languages: BTreeMap<String, LanguageToml>,
    /// The web server's settings (`judge serve`, `judge worker`, `judge users`): the
    /// server's own table, which judge-server reads strictly itself.
    #[serde(default)]
    pub server: toml::Table,
}

/// judge.toml, read and checked, with the folder it lives in.
#[derive(Debug, Clone)]
pub struct JudgeConfig {
    /// The file.
    pub file: PathBuf,
    /// Its folder: relative paths in it start here.
    pub root: PathBuf,
    /// The contents.
    pub toml: JudgeToml,
    /// How compilers run (`[compile]`, converted once).
    pub compile: CompileSettings,
    /// The language table and the languages the contest allows (`[languages]`,
    /// `contest.languages`, converted once).
    pub languages: Languages,
    /// This machine's sandbox (`[sandbox]`, converted once; [`JudgeConfig::sandbox_config`]
    /// gives it the judge's cancel flag).
    pub sandbox: SandboxConfig,
}

impl JudgeConfig {
    /// Reads judge.toml and checks what serde cannot.
    pub fn load(file: &Path) -> Result<JudgeConfig, ConfigError> {
        let toml: JudgeToml = read_toml(file).map_err(|mut error| {
            if error.message.contains("unknown field `subtasks`") {
                error.message.push_str(
                    "; subtasks now live in the problem, as [[groups]] in its problem.toml (docs/problem-format.md)",
                );
            }
            error
        })?;
        let root = file
            .parent()
            .map(Path::to_path_buf)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| PathBuf::from("."));
        let config = JudgeConfig {
            file: file.to_path_buf(),
            sandbox: sandbox_settings(&toml.sandbox, &root),
            root,
            compile: CompileSettings::from(&toml.compile),
            languages: Languages::from_table(&toml.languages, toml.contest.languages.clone()),
            toml,
        };
        config.check()?;
        Ok(config)
    }

    /// The sandbox's configuration, stopped by `cancel` (the SIGINT/SIGTERM handler's
    /// flag).
    pub fn sandbox_config(&self, cancel: Arc<AtomicBool>) -> SandboxConfig {
        SandboxConfig {
            cancel,
            ..self.sandbox.clone()
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        let error = |message: String| Err(ConfigError::new(&self.file, message));
        if self.toml.languages.is_empty() {
            return error("the language table [languages] is empty".into());
        }
        let mut seen_extensions = BTreeMap::new();
        let mut seen_kattis_extensions = BTreeMap::new();
        for (id, language) in &self.toml.languages {
            if language.run.is_empty() {
                return error(format!("language {id}: `run` is empty"));
            }
            if language.compile.as_ref().is_some_and(Vec::is_empty) {
                return error(format!(
                    "language {id}: `compile` is empty (leave it out instead)"
                ));
            }
            if !(language.time_multiplier > 0.0 && language.time_multiplier.is_finite()) {
                return error(format!("language {id}: time_multiplier must be positive"));
            }
            if language.source.contains('/') || language.source.is_empty() {
                return error(format!("language {id}: source must be a plain file name"));
            }
            if let Some(of) = &language.alternative_for {
                match self.toml.languages.get(of) {
                    None => {
                        return error(format!(
                            "language {id}: alternative_for names no language ({of:?})"
                        ))
                    }
                    Some(other) if other.alternative_for.is_some() || of == id => {
                        return error(format!(
                            "language {id}: alternative_for must name a language that is no alternative itself ({of:?})"
                        ))
                    }
                    Some(_) => {}
                }
            }
            for extension in &language.extensions {
                // Files are matched to extensions in any case.
                let folded = extension.to_ascii_lowercase();
                if let Some(other) = seen_extensions.insert(folded, id.clone()) {
                    return error(format!(
                        "extension .{extension} belongs to both {other} and {id}"
                    ));
                }
            }
            for extension in &language.kattis_extensions {
                let folded = extension.to_ascii_lowercase();
                if let Some(other) = seen_kattis_extensions.insert(folded, id.clone()) {
                    return error(format!(
                        "kattis_extensions: .{extension} belongs to both {other} and {id}"
                    ));
                }
            }
            if let Some(both) = language.headers.iter().find(|h| {
                language
                    .extensions
                    .iter()
                    .any(|e| e.eq_ignore_ascii_case(h))
            }) {
                return error(format!(
                    "language {id}: .{both} is both a source extension and a header one"
                ));
            }
        }
        if let Some(allowed) = &self.toml.contest.languages {
            for id in allowed {
                if !self.toml.languages.contains_key(id) {
                    return error(format!(
                        "contest.languages names {id}, which is not in [languages]"
                    ));
                }
            }
        }
        if self.toml.compile.max_source_kib == 0 {
            return error("compile.max_source_kib must be at least 1".into());
        }
        if self.toml.sandbox.max_boxes == 0 {
            return error("sandbox.max_boxes must be at least 1".into());
        }
        if self.toml.sandbox.cgroup_group.is_empty() || self.toml.sandbox.cgroup_group.contains('/')
        {
            return error("sandbox.cgroup_group must be a plain name".into());
        }
        let mut ids = std::collections::BTreeSet::new();
        for problem in &self.toml.contest.problems {
            if !ids.insert(problem.id.as_str()) {
                return error(format!(
                    "problem {} is listed twice in the contest",
                    problem.id
                ));
            }
            if !(problem.points >= 0.0 && problem.points.is_finite()) {
                return error(format!("problem {}: points must be 0 or more", problem.id));
            }
        }
        self.check_contests()
    }

    /// The course: `[contest]` first, then each `[[contests]]` entry, converted once into
    /// the course model (the problems' groups are filled in when problems are loaded:
    /// judge-contest's `with_groups`).
    pub fn course(&self) -> Course {
        let first = &self.toml.contest;
        let entry = |p: &ContestProblemToml| ContestProblem {
            id: p.id.clone(),
            points: p.points,
            groups: Vec::new(),
            test_names: p.test_names,
            languages: None,
            feedback: p.feedback,
        };
        let first_end = first
            .start
            .zip(first.duration_minutes)
            .map(|(start, minutes)| {
                ContestStart(start.0 + time::Duration::minutes(i64::from(minutes)))
            });
        let mut contests = vec![ContestSpec {
            id: first
                .id
                .clone()
                .unwrap_or_else(|| FIRST_CONTEST_ID.to_string()),
            kind: ContestKind::Contest,
            title: first.title.clone(),
            scoring: first.scoring,
            problems: first.problems.iter().map(entry).collect(),
            languages: first.languages.clone(),
            start: first.start,
            end: first_end,
            duration_minutes: first.duration_minutes,
            late_until: None,
            freeze_minutes: first.freeze_minutes,
            grading: Grading {
                weight: first.weight.unwrap_or(1.0),
                ..Grading::default()
            },
            for_groups: first.for_groups.clone(),
        }];
        contests.extend(self.toml.contests.iter().map(|c| {
            ContestSpec {
                id: c.id.clone(),
                kind: c.kind,
                title: c.title.clone(),
                scoring: c.scoring,
                problems: c.problems.iter().map(entry).collect(),
                languages: c.languages.clone(),
                start: Some(c.start),
                end: c.end.or(c.deadline),
                duration_minutes: None,
                late_until: c.late_until,
                freeze_minutes: c.freeze_minutes,
                grading: Grading {
                    weight: c.weight.unwrap_or(1.0),
                    // An invalid table is refused when judge.toml is read (check_contests).
                    late_penalty: c
                        .late_penalty
                        .and_then(|t| t.rule().ok())
                        .unwrap_or_default(),
                    extensions: c.extensions.clone(),
                },
                for_groups: c.for_groups.clone(),
            }
        }));
        Course { contests }
    }

    fn check_contests(&self) -> Result<(), ConfigError> {
        let error = |message: String| Err(ConfigError::new(&self.file, message));
        let first = &self.toml.contest;
        let mut ids = std::collections::BTreeSet::new();
        for contest in self.course().contests {
            let id = &contest.id;
            let valid_id = !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !valid_id {
                return error(format!(
                    "contest {id:?}: an id is letters, digits, '-' and '_'"
                ));
            }
            if !ids.insert(id.clone()) {
                return error(format!("contest {id:?} is defined twice"));
            }
            let weight = contest.grading.weight;
            if !(weight >= 0.0 && weight.is_finite()) {
                return error(format!(
                    "contest {id:?}: weight = {weight} must be 0 or more"
                ));
            }
            let mut groups = std::collections::BTreeSet::new();
            for group in &contest.for_groups {
                crate::course::check_group_name(group)
                    .or_else(|why| error(format!("contest {id:?}: for_groups: {why}")))?;
                if !groups.insert(group) {
                    return error(format!("contest {id:?}: for_groups names {group:?} twice"));
                }
            }
        }
        for entry in &self.toml.contests {
            let id = &entry.id;
            match (entry.kind, entry.end, entry.deadline) {
                (ContestKind::Contest, _, Some(_)) => {
                    return error(format!(
                        "contest {id:?}: `deadline` is for homework (kind = \"homework\"); a contest has `end`"
                    ))
                }
                (ContestKind::Homework, Some(_), _) => {
                    return error(format!(
                        "contest {id:?}: a homework set has a `deadline`, not an `end`"
                    ))
                }
                (ContestKind::Homework, None, None) => {
                    return error(format!("contest {id:?}: a homework set needs a `deadline`"))
                }
                _ => {}
            }
            let close = entry.end.or(entry.deadline);
            if let Some(close) = close {
                if close.0 <= entry.start.0 {
                    return error(format!(
                        "contest {id:?}: its {} is not after its start",
                        if entry.kind == ContestKind::Homework {
                            "deadline"
                        } else {
                            "end"
                        }
                    ));
                }
            }
            if let Some(late) = entry.late_until {
                if entry.kind != ContestKind::Homework {
                    return error(format!(
                        "contest {id:?}: `late_until` is for homework (kind = \"homework\")"
                    ));
                }
                if close.is_some_and(|deadline| late.0 < deadline.0) {
                    return error(format!("contest {id:?}: late_until is before its deadline"));
                }
            }
            if let Some(penalty) = entry.late_penalty {
                if entry.kind != ContestKind::Homework {
                    return error(format!(
                        "contest {id:?}: `late_penalty` is for homework (kind = \"homework\")"
                    ));
                }
                if let Err(why) = penalty.rule() {
                    return error(format!("contest {id:?}: {why}"));
                }
            }
            if !entry.extensions.is_empty() && entry.kind != ContestKind::Homework {
                return error(format!(
                    "contest {id:?}: `extensions` are for homework (kind = \"homework\")"
                ));
            }
            for (student, until) in &entry.extensions {
                if close.is_some_and(|deadline| until.0 < deadline.0) {
                    return error(format!(
                        "contest {id:?}: the extension of {student:?} is before the deadline"
                    ));
                }
            }
            if entry.freeze_minutes.is_some() && close.is_none() {
                return error(format!(
                    "contest {id:?}: freeze_minutes needs an end to count back from"
                ));
            }
            let mut seen = std::collections::BTreeSet::new();
            for problem in &entry.problems {
                if !seen.insert(problem.id.as_str()) {
                    return error(format!(
                        "contest {id:?}: problem {} is listed twice",
                        problem.id
                    ));
                }
                if !(problem.points >= 0.0 && problem.points.is_finite()) {
                    return error(format!(
                        "contest {id:?}: problem {}: points must be 0 or more",
                        problem.id
                    ));
                }
                let known = first.problems.iter().any(|p| p.id == problem.id)
                    || self.problem_dir(&problem.id).is_dir();
                if !known {
                    return error(format!(
                        "contest {id:?}: unknown problem {:?} (not in [contest] and no folder {})",
                        problem.id,
                        self.problem_dir(&problem.id).display()
                    ));
                }
            }
            if let Some(allowed) = &entry.languages {
                for language in allowed {
                    if !self.toml.languages.contains_key(language) {
                        return error(format!(
                            "contest {id:?}: languages names {language}, which is not in [languages]"
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The folder the problems live in (`[contest] problems_dir`).
    pub fn problems_root(&self) -> PathBuf {
        self.root.join(&self.toml.contest.problems_dir)
    }

    /// The folder of a problem's crate.
    pub fn problem_dir(&self, id: &str) -> PathBuf {
        self.root.join(&self.toml.contest.problems_dir).join(id)
    }

    /// The folder of a problem's stored tests.
    pub fn testdata_dir(&self, id: &str) -> PathBuf {
        self.root.join(&self.toml.contest.testdata_dir).join(id)
    }

    /// Finds judge.toml in `start` or the nearest folder above it.
    pub fn find(start: &Path) -> Option<PathBuf> {
        start
            .ancestors()
            .map(|dir| dir.join("judge.toml"))
            .find(|candidate| candidate.is_file())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::LatePenalty;

    const MINIMAL: &str = r#"
[contest]
title = "t"
[[contest.problems]]
id = "a"
[languages.c]
name = "C"
extensions = ["c"]
source = "main.c"
compile = ["gcc", "main.c"]
run = ["./a.out"]
"#;

    fn load(text: &str) -> Result<JudgeConfig, ConfigError> {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        std::fs::write(&file, text).unwrap();
        JudgeConfig::load(&file)
    }

    #[test]
    fn the_repository_judge_toml_loads() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        let config = JudgeConfig::load(&file).unwrap();
        for id in ["c", "cpp", "rust", "python3", "pypy3", "java"] {
            assert!(config.toml.languages.contains_key(id), "{id}");
        }
        let ids: Vec<&str> = config
            .toml
            .contest
            .problems
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        for id in [
            "number-chain",
            "pixel-placement",
            "maze",
            "eight-puzzle",
            "klotski",
            "knights-tour",
            "blind-maze",
        ] {
            assert!(ids.contains(&id), "{id} is not in the contest: {ids:?}");
        }
    }

    #[test]
    fn the_builtin_language_table_is_valid_and_fills_in() {
        // Without [languages]: the built-in table, checked as any judge.toml's.
        let without = MINIMAL.split("[languages.c]").next().unwrap();
        let config = load(without).unwrap();
        assert_eq!(config.toml.languages, builtin_languages());
        for id in ["c", "cpp", "rust", "python3", "pypy3", "java", "go"] {
            assert!(config.toml.languages.contains_key(id), "{id}");
        }
        // A table of its own replaces it whole.
        let own = load(MINIMAL).unwrap();
        assert_eq!(own.toml.languages.keys().collect::<Vec<_>>(), ["c"]);
        // The repository's judge.toml does not repeat it.
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        let text = std::fs::read_to_string(&file).unwrap();
        let table: toml::Table = text.parse().unwrap();
        assert!(!table.contains_key("languages"));
        assert_eq!(
            JudgeConfig::load(&file).unwrap().toml.languages,
            builtin_languages()
        );
    }

    #[test]
    fn defaults_fill_in() {
        let config = load(MINIMAL).unwrap();
        assert_eq!(config.toml.contest.problems[0].points, 100.0);
        assert_eq!(config.toml.compile.memory_mib, 1024);
        assert_eq!(config.toml.languages["c"].time_multiplier, 1.0);
        assert_eq!(config.toml.contest.scoring, Scoring::Ioi);
    }

    #[test]
    fn the_sandbox_table_becomes_the_sandboxs_configuration() {
        let defaults = SandboxConfig::default();
        let plain = load(MINIMAL).unwrap().sandbox;
        assert_eq!(plain.readonly_binds, defaults.readonly_binds);
        assert_eq!(plain.lock_dir, None);
        assert_eq!(plain.isolation, sandbox::Isolation::Auto);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        let table = "[sandbox]\nisolation = \"off\"\nbackend = \"rlimit\"\nfirst_uid = 7000\n\
                     max_boxes = 4\nlock_dir = \"locks\"\nreadonly_binds = [\"/usr\"]\n\
                     cgroup_group = \"course\"\n";
        std::fs::write(&file, format!("{MINIMAL}{table}")).unwrap();
        let config = JudgeConfig::load(&file).unwrap();
        let own = &config.sandbox;
        assert_eq!(own.isolation, sandbox::Isolation::Off);
        assert_eq!(own.backend, sandbox::Backend::RlimitOnly);
        assert_eq!((own.first_uid, own.max_boxes), (7000, 4));
        // Relative to judge.toml's folder, like every path in it.
        assert_eq!(
            own.lock_dir.as_deref(),
            Some(dir.path().join("locks").as_path())
        );
        assert_eq!(own.readonly_binds, ["/usr"]);
        assert_eq!(own.cgroup_group, "course");
        // The judge's cancel flag is the one given.
        let cancel = Arc::new(AtomicBool::new(true));
        assert!(Arc::ptr_eq(
            &config.sandbox_config(cancel.clone()).cancel,
            &cancel
        ));
    }

    #[test]
    fn the_course_contests_follow_the_first() {
        let course = format!(
            "{MINIMAL}[[contests]]\nid = \"hw1\"\ntitle = \"Homework 1\"\nkind = \"homework\"\n\
             start = \"2026-01-01T00:00:00Z\"\ndeadline = \"2026-01-08T00:00:00Z\"\n\
             late_until = \"2026-01-10T00:00:00Z\"\nscoring = \"icpc\"\nweight = 2.5\n\
             late_penalty = {{ per_day = 0.1, floor = 0.4 }}\n\
             extensions = {{ ann = \"2026-01-09T00:00:00Z\" }}\n\
             [[contests.problems]]\nid = \"a\"\npoints = 10\n"
        );
        let config = load(&course).unwrap();
        let contests = config.course().contests;
        assert_eq!(
            contests.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["main", "hw1"]
        );
        // A command's --contest: the first by default, an unknown id names them all.
        let model = config.course();
        assert_eq!(model.chosen(None).unwrap().id, "main");
        assert_eq!(model.chosen(Some("hw1")).unwrap().title, "Homework 1");
        assert_eq!(
            model.chosen(Some("hw9")).unwrap_err().to_string(),
            "unknown contest \"hw9\"; judge.toml's contests: main, hw1"
        );
        let homework = &contests[1];
        assert_eq!(homework.kind, ContestKind::Homework);
        assert_eq!(homework.problems[0].points, 10.0);
        assert_eq!(homework.end.unwrap().unix_s(), 1_767_830_400);
        assert_eq!(homework.late_until.unwrap().unix_s(), 1_768_003_200);
        assert_eq!(homework.grading.weight, 2.5);
        assert_eq!(
            homework.grading.late_penalty,
            LatePenalty::PerDay {
                per_day: 0.1,
                floor: 0.4
            }
        );
        assert_eq!(homework.deadline_for("ann"), Some(1_767_916_800));
        assert_eq!(homework.deadline_for("bob"), Some(1_767_830_400));
        assert_eq!(contests[0].grading, Grading::default());
        // The problem is IOI in main, ICPC in hw1: judged for IOI (every subtask).
        assert_eq!(config.course().judging_scoring("a"), Scoring::Ioi);
        let all_icpc = course.replace("title = \"t\"", "title = \"t\"\nscoring = \"icpc\"");
        assert_eq!(
            load(&all_icpc).unwrap().course().judging_scoring("a"),
            Scoring::Icpc
        );
        let named = load(&MINIMAL.replace("title = \"t\"", "id = \"week1\"\ntitle = \"t\""));
        assert_eq!(named.unwrap().course().contests[0].id, "week1");
    }

    #[test]
    fn feedback_is_each_contests_setting_for_its_problem() {
        let course = format!(
            "{MINIMAL}[[contests]]\nid = \"hw1\"\ntitle = \"Homework 1\"\n\
             start = \"2026-01-01T00:00:00Z\"\n\
             [[contests.problems]]\nid = \"a\"\nfeedback = \"all-tests\"\n\
             [[contests.problems]]\nid = \"b\"\nfeedback = \"all-tests\"\n"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("problems/b")).unwrap();
        std::fs::write(dir.path().join("judge.toml"), &course).unwrap();
        let config = JudgeConfig::load(&dir.path().join("judge.toml")).unwrap();
        assert_eq!(config.course().feedback(None, "a"), Feedback::FirstFailure);
        assert_eq!(
            config.course().feedback(Some("main"), "a"),
            Feedback::FirstFailure
        );
        assert_eq!(
            config.course().feedback(Some("hw1"), "a"),
            Feedback::AllTests
        );
        // Not in main: the contest that lists it.
        assert_eq!(
            config.course().feedback(Some("main"), "b"),
            Feedback::AllTests
        );
        assert_eq!(
            config.course().feedback(Some("gone"), "a"),
            Feedback::FirstFailure
        );
        assert_eq!(
            config.course().feedback(Some("gone"), "b"),
            Feedback::AllTests
        );
        assert_eq!(
            config.course().feedback(None, "unlisted"),
            Feedback::FirstFailure
        );
        let wrong = load(&MINIMAL.replace("id = \"a\"", "id = \"a\"\nfeedback = \"all\""));
        let wrong = wrong.unwrap_err();
        assert!(
            wrong.to_string().contains("first-failure") && wrong.to_string().contains("all-tests"),
            "the error names the values: {wrong}"
        );
    }

    #[test]
    fn course_contest_mistakes_name_the_contest() {
        let entry = |body: &str| {
            format!(
                "{MINIMAL}[[contests]]\nid = \"hw1\"\ntitle = \"H\"\nstart = \"2026-01-02T00:00:00Z\"\n{body}\n"
            )
        };
        let problem = |id: &str| format!("[[contests.problems]]\nid = \"{id}\"\n");
        for (text, expected) in [
            (
                entry(&problem("nope")),
                "contest \"hw1\": unknown problem \"nope\" (not in [contest] and no folder",
            ),
            (
                format!("{}[[contests]]\nid = \"hw1\"\ntitle = \"again\"\nstart = \"2026-01-02T00:00:00Z\"\n", entry("")),
                "contest \"hw1\" is defined twice",
            ),
            (
                entry("id_clash = 1").replace("id = \"hw1\"", "id = \"main\"").replace("id_clash = 1", ""),
                "contest \"main\" is defined twice",
            ),
            (
                entry("end = \"2026-01-01T00:00:00Z\""),
                "contest \"hw1\": its end is not after its start",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-02T00:00:00Z\""),
                "contest \"hw1\": its deadline is not after its start",
            ),
            (
                entry("kind = \"homework\""),
                "contest \"hw1\": a homework set needs a `deadline`",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-05T00:00:00Z\"\nlate_until = \"2026-01-04T00:00:00Z\""),
                "contest \"hw1\": late_until is before its deadline",
            ),
            (
                entry("deadline = \"2026-01-05T00:00:00Z\""),
                "contest \"hw1\": `deadline` is for homework",
            ),
            (
                entry("freeze_minutes = 10"),
                "contest \"hw1\": freeze_minutes needs an end",
            ),
            (
                entry("late_penalty = { factor = 0.8 }"),
                "contest \"hw1\": `late_penalty` is for homework",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-05T00:00:00Z\"\nlate_penalty = { factor = 1.5 }"),
                "contest \"hw1\": late_penalty.factor = 1.5 is not between 0 and 1",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-05T00:00:00Z\"\nlate_penalty = { factor = 0.5, per_day = 0.1 }"),
                "contest \"hw1\": late_penalty takes either `factor`, or `per_day`",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-05T00:00:00Z\"\nlate_penalty = { floor = 0.5 }"),
                "contest \"hw1\": late_penalty needs `factor` or `per_day`",
            ),
            (
                entry("kind = \"homework\"\ndeadline = \"2026-01-05T00:00:00Z\"\nextensions = { ann = \"2026-01-04T00:00:00Z\" }"),
                "contest \"hw1\": the extension of \"ann\" is before the deadline",
            ),
            (
                entry("extensions = { ann = \"2026-01-04T00:00:00Z\" }"),
                "contest \"hw1\": `extensions` are for homework",
            ),
            (
                entry("weight = -1"),
                "contest \"hw1\": weight = -1 must be 0 or more",
            ),
            (
                entry(&format!("{}points = 5", problem("a")).replace("points = 5", "")) + &problem("a"),
                "contest \"hw1\": problem a is listed twice",
            ),
            (
                entry("languages = [\"cobol\"]"),
                "contest \"hw1\": languages names cobol",
            ),
            (
                entry("for_groups = [\"a/b\"]"),
                "contest \"hw1\": for_groups: group \"a/b\": a group has",
            ),
            (
                entry("for_groups = [\"A\", \"A\"]"),
                "contest \"hw1\": for_groups names \"A\" twice",
            ),
            (
                entry("").replace("id = \"hw1\"", "id = \"h w\""),
                "contest \"h w\": an id is letters, digits",
            ),
        ] {
            let message = load(&text).unwrap_err().to_string();
            assert!(
                message.contains("judge.toml") && message.contains(expected),
                "{expected}: {message}"
            );
        }
    }

    #[test]
    fn inconsistencies_are_named() {
        let twice = format!("{MINIMAL}[languages.c2]\nname=\"C2\"\nextensions=[\"c\"]\nsource=\"m.c\"\nrun=[\"x\"]\n");
        assert!(load(&twice)
            .unwrap_err()
            .to_string()
            .contains("extension .c belongs to both c and c2"));
        let kattis_twice = format!("{MINIMAL}[languages.p1]\nname=\"P1\"\nextensions=[]\nkattis_extensions=[\"pl\"]\nsource=\"m\"\nrun=[\"x\"]\n[languages.p2]\nname=\"P2\"\nextensions=[]\nkattis_extensions=[\"PL\"]\nsource=\"m\"\nrun=[\"x\"]\n");
        assert!(load(&kattis_twice)
            .unwrap_err()
            .to_string()
            .contains("kattis_extensions: .PL belongs to both p1 and p2"));
        let in_other_case = format!("{MINIMAL}[languages.c2]\nname=\"C2\"\nextensions=[\"C\"]\nsource=\"m.c\"\nrun=[\"x\"]\n");
        assert!(load(&in_other_case)
            .unwrap_err()
            .to_string()
            .contains("extension .C belongs to both c and c2"));
        let alternative = |of: &str| {
            format!("{MINIMAL}[languages.c2]\nname=\"C2\"\nextensions=[]\nsource=\"m.c\"\nrun=[\"x\"]\nalternative_for=\"{of}\"\n")
        };
        assert!(load(&alternative("c")).is_ok());
        assert!(load(&alternative("pascal"))
            .unwrap_err()
            .to_string()
            .contains("language c2: alternative_for names no language (\"pascal\")"));
        assert!(load(&alternative("c2"))
            .unwrap_err()
            .to_string()
            .contains("no alternative itself"));
        let old_subtasks = MINIMAL.replace(
            "id = \"a\"",
            "id = \"a\"\n[[contest.problems.subtasks]]\nname = \"s\"\npoints = 40\ntests = [\"secret/*\"]",
        );
        let message = load(&old_subtasks).unwrap_err().to_string();
        assert!(message.contains("subtasks"), "{message}");
        let bad_start = MINIMAL.replace("title = \"t\"", "title = \"t\"\nstart = \"tomorrow\"");
        let message = load(&bad_start).unwrap_err().to_string();
        assert!(
            message.contains("judge.toml: line 4")
                && message.contains("contest.start = \"tomorrow\" is not an RFC 3339 time")
                && !message.contains('\n'),
            "{message}"
        );
        let start = MINIMAL.replace(
            "title = \"t\"",
            "title = \"t\"\nstart = \"1970-01-01T08:01:00+08:00\"",
        );
        let start = load(&start).unwrap().toml.contest.start.unwrap();
        assert_eq!((start.unix_s(), start.unix_ms()), (60, 60_000));
        let bad_backend = format!("{MINIMAL}[sandbox]\nbackend = \"cgroup-v3\"\n");
        let message = load(&bad_backend).unwrap_err().to_string();
        assert!(
            message.contains("cgroup-v3") && message.contains("rlimit"),
            "{message}"
        );
        let unknown_language =
            MINIMAL.replace("title = \"t\"", "title = \"t\"\nlanguages = [\"cobol\"]");
        assert!(load(&unknown_language)
            .unwrap_err()
            .to_string()
            .contains("cobol"));
    }
}
