//! Stores made by earlier builds (tests/fixtures/stores/, see its README) open with this
//! one: their schema is brought to [`SCHEMA_VERSION`], the same as a new store's, and
//! every row they hold reads back as it was written.

use super::clarifications::InContest;
use super::submissions::{Inserted, NewSubmission, SubmissionFilter};
use super::*;
use judge_model::Verdict;
use std::path::{Path, PathBuf};

/// A fixture's path.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stores")
        .join(name)
}

/// A copy of a SQLite fixture as the store file of a temporary data folder.
fn sqlite_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(DATABASE_FILE);
    std::fs::copy(fixture(name), &file).unwrap();
    (dir, file)
}

/// The store has the schema of a new store of the same engine.
fn assert_current_schema(store: &Store, new: &Store) {
    assert_eq!(store.engine().schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(
        store.engine().schema().unwrap(),
        new.engine().schema().unwrap()
    );
}

/// The rows `sqlite-v7.sqlite3` and `postgres-v7.sql` hold read back as written, and the
/// store goes on working: new ids follow the old ones, the queue is claimed in order.
fn assert_v7_rows(store: &Store) {
    let users = store.users().unwrap();
    let names: Vec<(i64, &str, Role)> = users
        .iter()
        .map(|u| (u.id, u.name.as_str(), u.role))
        .collect();
    assert_eq!(
        names,
        vec![(1, "ann", Role::Student), (2, "teach", Role::Teacher)]
    );
    let (ann, hash) = store.user_by_name("ann").unwrap().unwrap();
    assert_eq!(hash, "hash-ann");
    let teacher = store.user_by_id(2).unwrap().unwrap();
    let session = store.session("session-ann").unwrap().unwrap();
    assert_eq!(
        (&session.user, session.csrf_token.as_str()),
        (&ann, "csrf-ann")
    );
    assert_eq!(
        store.setting("contest_start_ms").unwrap().as_deref(),
        Some("1234")
    );
    assert_eq!(
        store
            .setting(&settings::last_language(ann.id))
            .unwrap()
            .as_deref(),
        Some("python3")
    );
    assert_eq!(store.user_by_token("token-ann").unwrap(), Some(ann.clone()));
    assert_eq!(store.user_by_token("token-teach").unwrap(), None, "revoked");
    let tokens = store.tokens().unwrap();
    assert_eq!(
        tokens
            .iter()
            .map(|t| (t.id, t.user_name.as_str(), t.revoked))
            .collect::<Vec<_>>(),
        vec![(1, "ann", false), (2, "teach", true)]
    );
    let problems = store.published_problems().unwrap();
    assert_eq!(
        problems
            .iter()
            .map(|p| (p.id.as_str(), p.content_sha256.as_str()))
            .collect::<Vec<_>>(),
        vec![("a", "sha-a"), ("b", "sha-b")]
    );

    let all = store.submissions(&SubmissionFilter::default()).unwrap();
    assert_eq!(
        all.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![5, 4, 3, 2, 1],
        "newest first"
    );
    let by_id = |id: i64| all.iter().find(|s| s.id == id).unwrap();
    // 1: accepted.
    let accepted = by_id(1);
    assert_eq!(
        (accepted.state, accepted.round, accepted.claims),
        (SubmissionState::Done, 1, 1)
    );
    assert_eq!(
        (
            accepted.user_id,
            accepted.user_name.as_str(),
            accepted.problem.as_str()
        ),
        (1, "ann", "a")
    );
    assert_eq!(
        (accepted.contest.as_deref(), accepted.late),
        (Some("main"), false)
    );
    let result = accepted.current_result().unwrap();
    assert_eq!(
        (
            result.round,
            result.verdict,
            result.tests_passed,
            result.tests_total
        ),
        (1, Verdict::AC, 1, 1)
    );
    assert_eq!(
        (result.max_cpu_time_s, result.max_peak_memory_bytes),
        (0.25, 1_048_576)
    );
    assert_eq!((&result.error, &result.first_failure), (&None, &None));
    let full = store.submission(1).unwrap().unwrap();
    assert_eq!(full.source, "print('ac')");
    assert_eq!(
        full.result.unwrap().tests[0].stderr.as_deref(),
        Some("debug\n")
    );
    // 2: a judge error twice, waiting for a teacher.
    let je = by_id(2);
    assert_eq!(
        (je.state, je.round, je.claims, je.je_accepted),
        (SubmissionState::Done, 2, 2, false)
    );
    assert!(je.needs_attention());
    assert_eq!(
        je.result.as_ref().unwrap().error.as_deref(),
        Some("the checker crashed")
    );
    let history = store.result_history(2).unwrap();
    assert_eq!(
        history
            .iter()
            .map(|r| (r.round, r.verdict.as_str()))
            .collect::<Vec<_>>(),
        vec![(1, "JE"), (2, "JE")]
    );
    assert!(store.submission(2).unwrap().unwrap().result.is_none());
    // 3: a wrong answer being rejudged: round 1's result shows meanwhile.
    let rejudged = by_id(3);
    assert_eq!(
        (rejudged.state, rejudged.round),
        (SubmissionState::Queued, 2)
    );
    let shown = rejudged.rejudging().unwrap();
    assert_eq!(
        (shown.round, shown.verdict, shown.first_failure.as_deref()),
        (1, Verdict::WA, Some("secret/3"))
    );
    // 4: being judged, with progress.
    let judging = by_id(4);
    assert_eq!(
        (judging.state, judging.contest.as_deref()),
        (SubmissionState::Judging, Some("week1"))
    );
    assert_eq!(
        judging.progress,
        Some(Progress {
            compiled: true,
            tests_done: 2,
            tests_total: 5,
            first_failure: Some(Verdict::TLE),
        })
    );
    // 5: queued, late.
    let late = by_id(5);
    assert_eq!(
        (late.state, late.late, late.result.is_none()),
        (SubmissionState::Queued, true, true)
    );
    assert_eq!(store.queue_counts().unwrap(), (2, 1));

    let workers = store.workers().unwrap();
    assert_eq!(workers.len(), 1);
    assert_eq!(
        (
            workers[0].name.as_str(),
            workers[0].host.as_str(),
            workers[0].jobs,
            workers[0].stopped,
            workers[0].note.as_str()
        ),
        ("lab-1/w2", "lab-1", 2, false, "refuses c")
    );
    assert_eq!(
        (workers[0].started_at_ms, workers[0].seen_at_ms),
        (1000, 2000)
    );
    let (by_name, by_address) = store.login_failures("ann", "10.0.0.1", 0).unwrap();
    assert_eq!((by_name.count, by_name.last_ms), (2, Some(2000)));
    assert_eq!(by_address.count, 2);
    let repeated = store.repeated_login_failures(0, 2).unwrap();
    assert_eq!(
        repeated
            .iter()
            .map(|r| (r.name.as_str(), r.address.as_str(), r.count, r.last_ms))
            .collect::<Vec<_>>(),
        vec![("ann", "10.0.0.1", 2, 2000)]
    );

    let main = InContest {
        id: "main",
        first: true,
    };
    let week1 = InContest {
        id: "week1",
        first: false,
    };
    let questions = store.clarifications_for(&teacher, &main).unwrap();
    assert_eq!(questions.len(), 1);
    let question = &questions[0];
    assert_eq!(
        (
            question.user_name.as_str(),
            question.problem.as_deref(),
            question.question.as_str(),
            question.answer.as_deref(),
            question.public
        ),
        ("ann", Some("a"), "Is n > 0?", Some("Yes."), true)
    );
    assert!(question.answered_at_ms.is_some());
    let open = store.clarifications_for(&ann, &week1).unwrap();
    assert_eq!(
        (open.len(), open[0].answer.as_deref()),
        (1, None),
        "{open:?}"
    );
    let bodies: Vec<String> = store
        .announcements(&week1)
        .unwrap()
        .into_iter()
        .map(|a| a.body)
        .collect();
    assert_eq!(bodies, vec!["Week 1 is open.", "Welcome, all."]);
    let notices = store.notices(&ann).unwrap();
    assert_eq!(notices.frame(Some(&main), String::new()).unseen, 0);
    assert_eq!(notices.frame(Some(&week1), String::new()).unseen, 1);
    assert_eq!(
        store
            .notices(&teacher)
            .unwrap()
            .frame(None, String::new())
            .open_questions,
        1
    );

    // It goes on working.
    let again = NewSubmission {
        user_id: ann.id,
        problem: "b".into(),
        language: "python3".into(),
        source: "print('late')".into(),
        idempotency_key: Some("key-5".into()),
    };
    assert_eq!(
        store.insert_submission(&again, None).unwrap(),
        Inserted::Existing(5)
    );
    assert_eq!(store.add_user("cid", "h", Role::Student).unwrap(), 3);
    let new = NewSubmission {
        idempotency_key: None,
        ..again
    };
    assert_eq!(
        store.insert_submission(&new, None).unwrap(),
        Inserted::Queued(6)
    );
    let claimed = store
        .claim(&ClaimRequest {
            owner: "w3",
            lease_ms: 60_000,
            problems: &problems,
            languages: None,
        })
        .unwrap()
        .unwrap();
    assert_eq!(claimed.id, 5, "the oldest new submission before rejudges");
    assert!(store
        .finish(&claimed, &JudgeOutcome::Failed("again".into()))
        .unwrap());
}

#[test]
fn a_sqlite_store_of_version_7_opens_unchanged() {
    let (dir, _file) = sqlite_copy("sqlite-v7.sqlite3");
    let store = Store::open(dir.path()).unwrap();
    assert_current_schema(&store, &testing::sqlite_store().0);
    assert_v7_rows(&store);
}

#[test]
fn a_sqlite_store_of_version_1_is_migrated_to_the_current_version() {
    let (dir, file) = sqlite_copy("sqlite-v1.sqlite3");
    let version = |file: &Path| -> i64 {
        rusqlite::Connection::open(file)
            .unwrap()
            .query_row("PRAGMA user_version", [], |row| row.get("user_version"))
            .unwrap()
    };
    assert_eq!(version(&file), 1);
    let store = Store::open(dir.path()).unwrap();
    assert_current_schema(&store, &testing::sqlite_store().0);
    let judged = store.submission_summary(1).unwrap().unwrap();
    assert_eq!(
        (judged.state, judged.contest.as_deref(), judged.late),
        (SubmissionState::Done, None, false)
    );
    let result = judged.current_result().unwrap();
    assert_eq!(
        (result.verdict, result.first_failure.as_deref()),
        (Verdict::WA, Some("secret/2")),
        "migration 3 took the first failure out of the result"
    );
    assert!(store.submission(1).unwrap().unwrap().result.is_some());
    assert_eq!(
        store.submission_summary(2).unwrap().unwrap().state,
        SubmissionState::Queued
    );
    assert_eq!(store.place_unplaced_submissions("main").unwrap(), 2);
    drop(store);
    assert_eq!(version(&file), SCHEMA_VERSION);
    // A backup of the store as it was came first.
    let backups: Vec<PathBuf> = std::fs::read_dir(dir.path().join("backups"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    let name = backups[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with("judge-before-v2-"), "{name}");
    let kept = backup::inspect(&backups[0]).unwrap();
    assert_eq!((kept.schema_version, kept.rows("submissions")), (1, 2));
}

/// `sqlite-vN.sqlite3` (N from 2 to 6, see the README) opened with this build: a backup
/// of it as it was is kept, it is brought to the current schema, and its rows read back.
fn assert_migrated_from(version: i64) {
    let (dir, _file) = sqlite_copy(&format!("sqlite-v{version}.sqlite3"));
    let store = Store::open(dir.path()).unwrap();
    assert_current_schema(&store, &testing::sqlite_store().0);
    assert_kept_before_migrating(&store, &dir.path().join("backups"), version);
    assert_old_rows(&store, version);
}

/// `postgres-vN.sql` (N from 1 to 6) loaded into a fresh database and opened with this
/// build, keeping its backups in a folder: as [`assert_migrated_from`].
fn assert_postgres_migrated_from(version: i64) {
    let Some(database) = test_postgres::fresh_database() else {
        return;
    };
    let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
    let dump = std::fs::read_to_string(fixture(&format!("postgres-v{version}.sql"))).unwrap();
    client.batch_execute(&dump).unwrap();
    drop(client);
    let url: DatabaseUrl = database.url.parse().unwrap();
    let backups = tempfile::tempdir().unwrap();
    let store = Store::connect_keeping(&url, Some(backups.path())).unwrap();
    let new = testing::postgres_store().unwrap();
    assert_current_schema(&store, &new.0);
    assert_kept_before_migrating(&store, backups.path(), version);
    assert_old_rows(&store, version);
}

/// The store was backed up into `folder`, as it was at `version`, before it migrated.
fn assert_kept_before_migrating(store: &Store, folder: &Path, version: i64) {
    let kept = store.migration_backup().expect("a backup before migrating");
    assert!(
        kept.starts_with(folder)
            && kept
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("judge-before-v{}-", version + 1)),
        "{}",
        kept.display()
    );
    let contents = backup::inspect(kept).unwrap();
    assert_eq!(
        (
            contents.schema_version,
            contents.rows("users"),
            contents.rows("submissions"),
            contents.rows("results")
        ),
        (version, 2, 2, 1)
    );
}

/// The rows the generated fixtures of `version` hold read back, and the queue works.
fn assert_old_rows(store: &Store, version: i64) {
    let users = store.users().unwrap();
    assert_eq!(users.len(), 2);
    let (ann, hash) = store.user_by_name("ann").unwrap().unwrap();
    assert_eq!(hash, "hash-ann");
    assert_eq!(store.session("session-ann").unwrap().unwrap().user, ann);
    assert_eq!(
        store.setting("contest_start_ms").unwrap().as_deref(),
        Some("1234")
    );
    let judged = store.submission_summary(1).unwrap().unwrap();
    assert_eq!(judged.state, SubmissionState::Done);
    let result = judged.current_result().unwrap();
    assert_eq!(
        (result.verdict, result.first_failure.as_deref()),
        (Verdict::WA, Some("secret/2"))
    );
    assert!(store.submission(1).unwrap().unwrap().result.is_some());
    let queued = store.submission_summary(2).unwrap().unwrap();
    assert_eq!(queued.state, SubmissionState::Queued);
    if version >= 3 {
        assert_eq!(
            store.user_by_token("token-ann").unwrap().unwrap().name,
            "ann"
        );
    }
    let seen = store
        .read(|tx| {
            tx.query_row("SELECT count(*) AS seen FROM announcements_seen", &[])?
                .map_or(Ok(0), |row| row.get::<i64>("seen"))
        })
        .unwrap();
    // Migration 7 turns "the newest seen" into one row per announcement seen.
    assert_eq!(seen, if version >= 5 { 1 } else { 0 });
    if version >= 6 {
        assert_eq!(
            (queued.contest.as_deref(), queued.late),
            (Some("main"), true)
        );
    }
    // The store goes on working: the queued one is claimed.
    store
        .publish_problems(&[ProblemVersion {
            id: "b".into(),
            content_sha256: "x".into(),
        }])
        .unwrap();
    let problems = store.published_problems().unwrap();
    let claimed = store
        .claim(&ClaimRequest {
            owner: "w",
            lease_ms: 60_000,
            problems: &problems,
            languages: None,
        })
        .unwrap()
        .unwrap();
    assert_eq!(claimed.id, 2);
}

#[test]
fn a_sqlite_store_of_version_2_is_migrated_to_the_current_version() {
    assert_migrated_from(2);
}

#[test]
fn a_sqlite_store_of_version_3_is_migrated_to_the_current_version() {
    assert_migrated_from(3);
}

#[test]
fn a_sqlite_store_of_version_4_is_migrated_to_the_current_version() {
    assert_migrated_from(4);
}

#[test]
fn a_sqlite_store_of_version_5_is_migrated_to_the_current_version() {
    assert_migrated_from(5);
}

#[test]
fn a_sqlite_store_of_version_6_is_migrated_to_the_current_version() {
    assert_migrated_from(6);
}

#[test]
fn a_postgres_store_of_each_earlier_version_is_migrated_to_the_current_version() {
    for version in 1..=6 {
        eprintln!("-- postgres-v{version}.sql");
        assert_postgres_migrated_from(version);
    }
}

#[test]
fn a_postgres_store_of_version_7_opens_unchanged() {
    let Some(database) = test_postgres::fresh_database() else {
        return;
    };
    let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
    let dump = std::fs::read_to_string(fixture("postgres-v7.sql")).unwrap();
    client.batch_execute(&dump).unwrap();
    drop(client);
    let url: DatabaseUrl = database.url.parse().unwrap();
    let store = Store::connect(&url).unwrap();
    let new = testing::postgres_store().unwrap();
    assert_current_schema(&store, &new.0);
    assert_v7_rows(&store);
}
