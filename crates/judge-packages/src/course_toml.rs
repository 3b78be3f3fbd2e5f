//! judge.toml's course tables (`[contest]`, each `[[contests]]` entry and their problems)
//! rewritten in place: the one writer of judge.toml, used by `judge import` (a problem
//! added to a contest) and by the server's contest editor (a contest created, changed or
//! removed). The file is edited as a document (toml_edit), so its comments, its layout
//! and every table it does not concern stay as they were. The new text must load as
//! judge.toml with every check it gets ([`JudgeConfig::load`]) and say what was asked
//! before it replaces the file: it is written beside it and renamed over it, so that a
//! reader (a worker, `judge contest`) sees the old file or the new one, never half of one,
//! and a refused edit leaves the file's bytes as they were.

use judge_model::config::judge_toml::{JudgeConfig, FIRST_CONTEST_ID};
use judge_model::config::ConfigError;
use judge_model::course::LatePenaltyParts;
use judge_model::course::{ContestKind, ContestSpec, ContestStart, Feedback, Scoring};
use judge_model::{JudgeError, Result};
use std::io::Write;
use std::path::Path;
use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

/// Rewrites judge.toml: `change` edits its document; the result must load and pass
/// `accept` before it replaces the file. Returns judge.toml as it now is. On any error the
/// file is untouched.
pub fn rewrite(
    config: &JudgeConfig,
    change: impl FnOnce(&mut DocumentMut) -> Result<()>,
    accept: impl FnOnce(&JudgeConfig) -> Result<()>,
) -> Result<JudgeConfig> {
    let file = &config.file;
    let before =
        std::fs::read_to_string(file).map_err(|e| JudgeError::file("judge.toml", file, e))?;
    let mut document: DocumentMut = before
        .parse()
        .map_err(|e| JudgeError::file("judge.toml", file, e))?;
    change(&mut document)?;
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut staged = tempfile::Builder::new()
        .prefix(".judge.toml-")
        .suffix(".toml")
        .tempfile_in(folder)
        .map_err(|e| JudgeError::file("judge.toml's folder", folder, e))?;
    staged
        .write_all(document.to_string().as_bytes())
        .and_then(|()| staged.as_file().sync_all())
        .map_err(|e| JudgeError::file("judge.toml", file, e))?;
    if let Ok(metadata) = std::fs::metadata(file) {
        // The new file keeps the old one's permissions (a temporary file is private).
        let _ = std::fs::set_permissions(staged.path(), metadata.permissions());
    }
    // The new text is read as judge.toml itself would be (its folder, its checks); an
    // error names judge.toml, not the temporary file.
    let candidate = JudgeConfig::load(staged.path()).map_err(|error| {
        JudgeError::from(ConfigError::new(
            file,
            error.message.replace(
                &staged.path().display().to_string(),
                &file.display().to_string(),
            ),
        ))
    })?;
    let mut candidate = candidate;
    candidate.file = file.to_path_buf();
    accept(&candidate)?;
    staged
        .persist(file)
        .map_err(|e| JudgeError::file("judge.toml", file, e.error))?;
    JudgeConfig::load(file).map_err(JudgeError::from)
}

/// The table in judge.toml that defines contest `contest`: `[contest]` for the first,
/// else its `[[contests]]` entry.
pub(crate) fn contest_table<'a>(
    document: &'a mut DocumentMut,
    first: bool,
    contest: &str,
    file: &Path,
) -> Result<&'a mut Table> {
    if first {
        return document
            .get_mut("contest")
            .and_then(|c| c.as_table_mut())
            .ok_or_else(|| JudgeError::file("judge.toml", file, "has no [contest] table"));
    }
    document
        .get_mut("contests")
        .and_then(|c| c.as_array_of_tables_mut())
        .and_then(|all| {
            all.iter_mut()
                .find(|t| t.get("id").and_then(|i| i.as_str()) == Some(contest))
        })
        .ok_or_else(|| {
            JudgeError::file(
                "judge.toml",
                file,
                format!("has no [[contests]] entry with id = {contest:?} this command can add to"),
            )
        })
}

/// Sets `key` of `table` to `value` (None: removes it), keeping the comment after an old
/// value and the key's place.
fn set(table: &mut Table, key: &str, value: Option<Value>) {
    match value {
        None => {
            table.remove(key);
        }
        Some(mut value) => {
            if let Some(old) = table.get_mut(key).and_then(Item::as_value_mut) {
                *value.decor_mut() = old.decor().clone();
                *old = value;
            } else {
                table.insert(key, Item::Value(value));
            }
        }
    }
}

/// The keys of a contest's table in the order they are written: a key added to a table
/// goes after the last key before it in this order (so `start` joins `title` and
/// `scoring`, not the end of the table below commented examples of the same keys).
const KEY_ORDER: [&str; 15] = [
    "id",
    "title",
    "kind",
    "scoring",
    "start",
    "duration_minutes",
    "end",
    "deadline",
    "late_until",
    "freeze_minutes",
    "weight",
    "late_penalty",
    "extensions",
    "languages",
    "for_groups",
];

/// Sets a key of a contest's table as [`set`] does; a new key takes its place in
/// [`KEY_ORDER`] after the keys before it (the values after that place are moved after
/// it, each with its comments).
fn set_in_order(table: &mut Table, key: &str, value: Option<Value>) {
    let new = value.is_some() && !table.contains_key(key);
    set(table, key, value);
    let Some(rank) = KEY_ORDER.iter().position(|k| *k == key) else {
        return;
    };
    if !new {
        return;
    }
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    let Some(anchor) = keys
        .iter()
        .rposition(|k| KEY_ORDER[..rank].contains(&k.as_str()))
    else {
        return;
    };
    let after: Vec<&String> = keys[anchor + 1..]
        .iter()
        .filter(|k| *k != key && table.get(k).is_some_and(Item::is_value))
        .collect();
    for moved in after {
        if let Some((moved_key, item)) = table.remove_entry(moved) {
            table.insert_formatted(&moved_key, item);
        }
    }
}

/// Points as judge.toml writes them: a whole number as an integer (`points = 100`, as
/// `judge import` writes it), else as a decimal.
pub(crate) fn points_value(points: f64) -> Value {
    let whole = points.fract() == 0.0 && points.abs() < 1e15;
    if whole {
        // Exact: a whole number below 2^53 converts to i64 without loss.
        Value::from(points as i64)
    } else {
        Value::from(points)
    }
}

/// A time as judge.toml writes it (RFC 3339).
fn time_text(time: ContestStart) -> Value {
    let text = time
        .0
        .format(&time::format_description::well_known::Rfc3339)
        // Any time a ContestStart holds was read from RFC 3339 text or made from one.
        .unwrap_or_default();
    Value::from(text)
}

fn scoring_text(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Ioi => "ioi",
        Scoring::Icpc => "icpc",
    }
}

fn feedback_text(feedback: Feedback) -> &'static str {
    match feedback {
        Feedback::FirstFailure => "first-failure",
        Feedback::AllTests => "all-tests",
    }
}

/// Writes `spec` into `table` (the first contest's `[contest]` when `first`, else a
/// `[[contests]]` entry): every key the course model has, an unset one removed; a
/// problem already listed keeps its table (its comments, `test_names`).
fn write_contest(table: &mut Table, first: bool, spec: &ContestSpec) {
    if first {
        if table.contains_key("id") || spec.id != FIRST_CONTEST_ID {
            set_in_order(table, "id", Some(Value::from(spec.id.as_str())));
        }
    } else {
        set_in_order(table, "id", Some(Value::from(spec.id.as_str())));
    }
    set_in_order(table, "title", Some(Value::from(spec.title.as_str())));
    if !first {
        let homework = spec.kind == ContestKind::Homework;
        if homework || table.contains_key("kind") {
            let kind = if homework { "homework" } else { "contest" };
            set_in_order(table, "kind", Some(Value::from(kind)));
        }
    }
    if spec.scoring != Scoring::default() || table.contains_key("scoring") {
        set_in_order(
            table,
            "scoring",
            Some(Value::from(scoring_text(spec.scoring))),
        );
    }
    set_in_order(table, "start", spec.start.map(time_text));
    if first {
        // `[contest]` has a length, not an end.
        set_in_order(
            table,
            "duration_minutes",
            spec.duration_minutes.map(|m| Value::from(i64::from(m))),
        );
    } else {
        let (end, deadline) = match spec.kind {
            ContestKind::Contest => (spec.end, None),
            ContestKind::Homework => (None, spec.end),
        };
        set_in_order(table, "end", end.map(time_text));
        set_in_order(table, "deadline", deadline.map(time_text));
        set_in_order(table, "late_until", spec.late_until.map(time_text));
    }
    set_in_order(
        table,
        "freeze_minutes",
        spec.freeze_minutes.map(|m| Value::from(i64::from(m))),
    );
    let weight = spec.grading.weight;
    if weight != 1.0 || table.contains_key("weight") {
        set_in_order(table, "weight", Some(Value::from(weight)));
    }
    if !first {
        let penalty = LatePenaltyParts::of(spec.grading.late_penalty).map(|rule| {
            let mut inline = InlineTable::new();
            for (key, value) in [
                ("factor", rule.factor),
                ("per_day", rule.per_day),
                ("floor", rule.floor),
            ] {
                if let Some(value) = value {
                    inline.insert(key, Value::from(value));
                }
            }
            Value::InlineTable(inline)
        });
        set_in_order(table, "late_penalty", penalty);
        let extensions = (!spec.grading.extensions.is_empty()).then(|| {
            let mut inline = InlineTable::new();
            for (student, until) in &spec.grading.extensions {
                inline.insert(student, time_text(*until));
            }
            Value::InlineTable(inline)
        });
        set_in_order(table, "extensions", extensions);
    }
    set_in_order(
        table,
        "languages",
        spec.languages
            .as_ref()
            .map(|all| Value::Array(all.iter().map(String::as_str).collect())),
    );
    set_in_order(
        table,
        "for_groups",
        (!spec.for_groups.is_empty())
            .then(|| Value::Array(spec.for_groups.iter().map(String::as_str).collect())),
    );
    let mut old: Vec<Table> = table
        .get("problems")
        .and_then(Item::as_array_of_tables)
        .map(|all| all.iter().cloned().collect())
        .unwrap_or_default();
    // The document draws tables in the order of their places in it: the listed problems
    // take the places the old entries had, in the new order (one added after them).
    let mut places: Vec<isize> = old.iter().filter_map(Table::position).collect();
    places.sort_unstable();
    let mut problems = ArrayOfTables::new();
    for (index, problem) in spec.problems.iter().enumerate() {
        let mut entry = match old
            .iter()
            .position(|t| t.get("id").and_then(|i| i.as_str()) == Some(problem.id.as_str()))
        {
            Some(at) => old.remove(at),
            None => {
                let mut entry = Table::new();
                entry.insert("id", toml_edit::value(problem.id.as_str()));
                entry
            }
        };
        set(&mut entry, "points", Some(points_value(problem.points)));
        if problem.feedback != Feedback::default() || entry.contains_key("feedback") {
            set(
                &mut entry,
                "feedback",
                Some(Value::from(feedback_text(problem.feedback))),
            );
        }
        let place = places.get(index).or(places.last()).copied();
        entry.set_position(place);
        problems.push(entry);
    }
    if spec.problems.is_empty() {
        table.remove("problems");
    } else {
        table.insert("problems", Item::ArrayOfTables(problems));
    }
}

/// Whether judge.toml, as `after` reads it, defines contest `spec.id` as `spec` says.
fn defines(after: &JudgeConfig, spec: &ContestSpec) -> Result<()> {
    let course = after.course();
    let same = course.contest(&spec.id).is_some_and(|written| {
        written.title == spec.title
            && written.kind == spec.kind
            && written.scoring == spec.scoring
            && written.start == spec.start
            && written.end == spec.end
            && written.late_until == spec.late_until
            && written.freeze_minutes == spec.freeze_minutes
            && written.languages == spec.languages
            && written.for_groups == spec.for_groups
            && written.grading == spec.grading
            && written.problems.len() == spec.problems.len()
            && written
                .problems
                .iter()
                .zip(&spec.problems)
                .all(|(a, b)| a.id == b.id && a.points == b.points && a.feedback == b.feedback)
    });
    if same {
        Ok(())
    } else {
        Err(JudgeError::file(
            "judge.toml",
            &after.file,
            format!(
                "does not define contest {:?} as asked after the edit",
                spec.id
            ),
        ))
    }
}

/// Writes contest `spec` into judge.toml: its table changed in place when the course has
/// a contest of that id (the first is `[contest]`), else a new `[[contests]]` entry.
pub fn put_contest(config: &JudgeConfig, spec: &ContestSpec) -> Result<JudgeConfig> {
    let course = config.course();
    let first = course.first().id == spec.id;
    let exists = course.contest(&spec.id).is_some();
    let file = config.file.clone();
    rewrite(
        config,
        |document| {
            if exists {
                let table = contest_table(document, first, &spec.id, &file)?;
                write_contest(table, first, spec);
                return Ok(());
            }
            let mut table = Table::new();
            write_contest(&mut table, false, spec);
            match document.get_mut("contests") {
                None => {
                    let mut all = ArrayOfTables::new();
                    all.push(table);
                    document.insert("contests", Item::ArrayOfTables(all));
                }
                Some(item) => item
                    .as_array_of_tables_mut()
                    .ok_or_else(|| {
                        JudgeError::file(
                            "judge.toml",
                            &file,
                            "lists its contests in a form that cannot be added to; use [[contests]] tables",
                        )
                    })?
                    .push(table),
            }
            Ok(())
        },
        |after| defines(after, spec),
    )
}

/// Removes contest `id` (a `[[contests]]` entry: the first, `[contest]`, cannot go) from
/// judge.toml.
pub fn remove_contest(config: &JudgeConfig, id: &str) -> Result<JudgeConfig> {
    let file = config.file.clone();
    rewrite(
        config,
        |document| {
            let all = document
                .get_mut("contests")
                .and_then(Item::as_array_of_tables_mut)
                .ok_or_else(|| {
                    JudgeError::file(
                        "judge.toml",
                        &file,
                        format!("has no [[contests]] entry {id:?}"),
                    )
                })?;
            let at = all
                .iter()
                .position(|t| t.get("id").and_then(|i| i.as_str()) == Some(id))
                .ok_or_else(|| {
                    JudgeError::file(
                        "judge.toml",
                        &file,
                        format!("has no [[contests]] entry {id:?}"),
                    )
                })?;
            all.remove(at);
            if all.is_empty() {
                document.remove("contests");
            }
            Ok(())
        },
        |after| match after.course().contest(id) {
            None => Ok(()),
            Some(_) => Err(JudgeError::file(
                "judge.toml",
                &after.file,
                format!("still defines contest {id:?} after the edit"),
            )),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::course::ContestProblem;

    const COURSE: &str = r#"# The course of the tests: keep this comment.
[contest]
title = "Main" # the title's comment
[[contest.problems]]
id = "a"
# a's comment
test_names = "names"

[[contests]]
id = "hw1"
kind = "homework"
title = "Homework 1"
start = "2026-12-01T08:00:00Z"
deadline = "2026-12-08T08:00:00Z"

[languages.python3]
name = "Python 3"
extensions = ["py"]
source = "main.py"
run = ["python3", "main.py"]
"#;

    fn course() -> (tempfile::TempDir, JudgeConfig) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("problems/b")).unwrap();
        let file = dir.path().join("judge.toml");
        std::fs::write(&file, COURSE).unwrap();
        (dir, JudgeConfig::load(&file).unwrap())
    }

    fn at(text: &str) -> ContestStart {
        ContestStart(
            time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
                .unwrap(),
        )
    }

    fn problem(id: &str, points: f64) -> ContestProblem {
        ContestProblem {
            id: id.into(),
            points,
            groups: Vec::new(),
            test_names: Default::default(),
            languages: None,
            feedback: Feedback::AllTests,
        }
    }

    #[test]
    fn a_new_contest_is_added_and_the_rest_kept() {
        let (_dir, config) = course();
        let spec = ContestSpec {
            id: "week2".into(),
            kind: ContestKind::Contest,
            title: "Week 2".into(),
            scoring: Scoring::Icpc,
            problems: vec![problem("a", 50.0), problem("b", 25.0)],
            languages: Some(vec!["python3".into()]),
            start: Some(at("2026-12-10T08:00:00Z")),
            end: Some(at("2026-12-10T10:00:00Z")),
            duration_minutes: None,
            late_until: None,
            freeze_minutes: Some(30),
            grading: Default::default(),
            for_groups: vec!["2024-A".into(), "Tuesday lab".into()],
        };
        let after = put_contest(&config, &spec).unwrap();
        let text = std::fs::read_to_string(&config.file).unwrap();
        assert!(text.starts_with("# The course of the tests: keep this comment."));
        assert!(text.contains("title = \"Main\" # the title's comment"));
        assert!(text.contains("# a's comment"));
        let written = after.course().contest("week2").unwrap().clone();
        assert_eq!(written, spec);
        assert_eq!(after.course().contests.len(), 3);
    }

    #[test]
    fn the_first_contest_changes_in_place_and_keeps_its_problems_tables() {
        let (_dir, config) = course();
        let mut spec = config.course().first().clone();
        spec.title = "Main contest".into();
        spec.problems = vec![problem("b", 30.0), problem("a", 70.0)];
        spec.problems[1].test_names = judge_model::course::TestNames::Names;
        spec.start = Some(at("2026-12-10T08:00:00Z"));
        spec.duration_minutes = Some(90);
        spec.end = Some(at("2026-12-10T09:30:00Z"));
        let after = put_contest(&config, &spec).unwrap();
        assert_eq!(after.course().first(), &spec);
        let text = std::fs::read_to_string(&config.file).unwrap();
        assert!(
            text.contains("title = \"Main contest\" # the title's comment"),
            "{text}"
        );
        assert!(text.contains("test_names = \"names\""), "{text}");
        assert!(!text.contains("id = \"main\""), "{text}");
    }

    #[test]
    fn a_refused_edit_leaves_the_bytes_as_they_were() {
        let (_dir, config) = course();
        let mut spec = config.course().contest("hw1").unwrap().clone();
        // The deadline before the start: judge.toml's own check refuses it.
        spec.end = Some(at("2026-11-01T08:00:00Z"));
        let error = put_contest(&config, &spec).unwrap_err().to_string();
        assert!(error.contains("not after its start"), "{error}");
        assert!(
            error.contains("judge.toml") && !error.contains(".judge.toml-"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&config.file).unwrap(), COURSE);
        // An unknown problem.
        let mut spec = config.course().contest("hw1").unwrap().clone();
        spec.problems = vec![problem("nowhere", 1.0)];
        assert!(put_contest(&config, &spec).is_err());
        assert_eq!(std::fs::read_to_string(&config.file).unwrap(), COURSE);
        let leftovers: Vec<_> = std::fs::read_dir(config.root.clone())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with(".judge.toml-"))
            .collect();
        assert!(leftovers.is_empty());
    }

    /// Issue 30's walk, item 16: whole points are written as `judge import` writes them
    /// (`points = 1`, not `1.0`), and a key the first contest did not have joins the keys
    /// before it, above the commented examples `judge init` wrote.
    #[test]
    fn whole_points_are_integers_and_new_keys_join_their_neighbours() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("problems/a")).unwrap();
        let file = dir.path().join("judge.toml");
        let course =
            "[contest]\nid = \"main\"\ntitle = \"Main\"\nscoring = \"ioi\"  # ioi or icpc\n\
            # start = \"2027-01-11T08:00:00Z\"  # when it opens\n\
            # freeze_minutes = 30  # the last N minutes\n\
            problems_dir = \"problems\"  # where judge import puts them\n";
        std::fs::write(&file, course).unwrap();
        let config = JudgeConfig::load(&file).unwrap();
        let mut spec = config.course().first().clone();
        spec.problems = vec![problem("a", 1.0)];
        spec.start = Some(at("2026-12-10T08:00:00Z"));
        spec.duration_minutes = Some(120);
        spec.end = Some(at("2026-12-10T10:00:00Z"));
        spec.freeze_minutes = Some(30);
        let after = put_contest(&config, &spec).unwrap();
        assert_eq!(after.course().first(), &spec);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("points = 1\n"), "{text}");
        let place = |line: &str| {
            text.find(line)
                .unwrap_or_else(|| panic!("{line} not in {text}"))
        };
        assert!(place("scoring = ") < place("start = \"2026"), "{text}");
        assert!(
            place("start = \"2026") < place("duration_minutes = 120"),
            "{text}"
        );
        assert!(
            place("duration_minutes = 120") < place("freeze_minutes = 30\n"),
            "{text}"
        );
        assert!(
            place("freeze_minutes = 30\n") < place("# start = "),
            "{text}"
        );
        assert!(
            text.contains("# freeze_minutes = 30  # the last N minutes\nproblems_dir = \"problems\"  # where judge import puts them"),
            "the examples stay above the key they were written above: {text}"
        );
        assert_eq!(points_value(2.5).to_string().trim(), "2.5");
    }

    #[test]
    fn a_contest_is_removed_and_the_first_cannot_be() {
        let (_dir, config) = course();
        let after = remove_contest(&config, "hw1").unwrap();
        assert_eq!(after.course().contests.len(), 1);
        let text = std::fs::read_to_string(&config.file).unwrap();
        assert!(!text.contains("[[contests]]"), "{text}");
        assert!(text.contains("[languages.python3]"), "{text}");
        assert!(remove_contest(&after, "main").is_err());
    }
}
