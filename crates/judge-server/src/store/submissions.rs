//! Submissions and their results. The `state` column is the judging queue:
//!
//! ```text
//! queued --claim--> judging --finish--> done
//!    ^                 |
//!    +---- restart ----+        (a server killed mid-judging: judged again)
//! done/queued/judging --rejudge--> queued, round + 1
//! judging --finish with JE, first time--> queued, round + 1   (judged again at once)
//! ```
//!
//! A judge error is never a free probe: the first JE of a submission is written and the
//! submission is queued again at once; a second one leaves it done but *needing
//! attention*: pending on the scoreboard (not scored, not free, not penalised) until a
//! teacher rejudges it or accepts the JE as its verdict.
//!
//! A result is written once per submission and round (the `results` primary key), in the
//! same transaction that marks the submission done, and only while the round is still the
//! one that was claimed: so a submission is never judged twice into the results, and a
//! result of a round that a rejudge replaced is dropped.

use super::{now_ms, Store};
use crate::error::Result;
use judge_core::{SubmissionResult, Verdict};
use rusqlite::{params, OptionalExtension, Row};

/// Where a submission is in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SubmissionState {
    /// Waiting for a worker.
    Queued,
    /// A worker is judging it.
    Judging,
    /// Judged (or the judge failed on it: verdict JE).
    Done,
}

impl SubmissionState {
    fn parse(text: &str) -> SubmissionState {
        // The column has a CHECK constraint: nothing else can be stored.
        match text {
            "queued" => SubmissionState::Queued,
            "judging" => SubmissionState::Judging,
            _ => SubmissionState::Done,
        }
    }

    /// The word shown to users.
    pub fn as_str(self) -> &'static str {
        match self {
            SubmissionState::Queued => "queued",
            SubmissionState::Judging => "judging",
            SubmissionState::Done => "done",
        }
    }
}

/// A submission to store.
#[derive(Debug, Clone)]
pub struct NewSubmission {
    /// Its author.
    pub user_id: i64,
    /// The problem's id.
    pub problem: String,
    /// The language's id.
    pub language: String,
    /// The source text.
    pub source: String,
}

/// The outcome of storing a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inserted {
    /// Stored and queued, with this id.
    Queued(i64),
    /// Refused: the author reached the rate limit; they may submit again after this long.
    RateLimited {
        /// Milliseconds until the oldest submission of the window leaves it.
        retry_after_ms: i64,
    },
}

/// The current round's result, in short.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ResultSummary {
    /// The overall verdict (JE when the judge failed).
    pub verdict: Verdict,
    /// Tests accepted.
    pub tests_passed: usize,
    /// Tests in the problem.
    pub tests_total: usize,
    /// The largest CPU time over the tests.
    pub max_cpu_time_s: f64,
    /// The largest peak memory over the tests.
    pub max_peak_memory_bytes: u64,
    /// When the result was written.
    pub judged_at_ms: i64,
    /// Why the judge could not judge it, if it could not.
    pub error: Option<String>,
    /// The first test that was not accepted (its name, never its data).
    pub first_failure: Option<String>,
}

/// A submission without its source.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SubmissionSummary {
    /// Its id.
    pub id: i64,
    /// Its author's id.
    pub user_id: i64,
    /// Its author's name.
    pub user_name: String,
    /// The problem's id.
    pub problem: String,
    /// The language's id.
    pub language: String,
    /// When it was stored.
    pub submitted_at_ms: i64,
    /// Where it is in the queue.
    pub state: SubmissionState,
    /// The judging round (1, then one more per rejudge).
    pub round: i64,
    /// How many times a worker took it.
    pub claims: i64,
    /// Whether a teacher accepted the current round's judge error as its verdict.
    pub je_accepted: bool,
    /// The current round's result, once done.
    pub result: Option<ResultSummary>,
}

impl SubmissionSummary {
    /// Judged, a judge error twice, and no teacher has decided yet: it counts as pending.
    pub fn needs_attention(&self) -> bool {
        self.state == SubmissionState::Done
            && !self.je_accepted
            && self
                .result
                .as_ref()
                .is_some_and(|r| r.verdict == Verdict::JE)
    }
}

/// One judging round of a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    /// The round (1, then one more per rejudge or automatic second judging).
    pub round: i64,
    /// Its verdict's code.
    pub verdict: String,
    /// When it was written (Unix ms).
    pub judged_at_ms: i64,
}

/// A submission with its source and full result.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The summary.
    pub summary: SubmissionSummary,
    /// The source text.
    pub source: String,
    /// The current round's full result (None before it is judged or when the judge failed).
    pub result: Option<SubmissionResult>,
}

/// A submission a worker has taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    /// Its id.
    pub id: i64,
    /// The round being judged.
    pub round: i64,
    /// The problem's id.
    pub problem: String,
    /// The language's id.
    pub language: String,
    /// The source text.
    pub source: String,
}

/// What judging produced.
#[derive(Debug, Clone)]
pub enum JudgeOutcome {
    /// A result.
    Judged(Box<SubmissionResult>),
    /// The judge could not judge it (stored as verdict JE with this reason).
    Failed(String),
}

/// Which submissions to list.
#[derive(Debug, Clone, Default)]
pub struct SubmissionFilter {
    /// Only this author's.
    pub user_id: Option<i64>,
    /// Only this problem's.
    pub problem: Option<String>,
    /// At most this many, newest first (None: all).
    pub limit: Option<usize>,
}

/// One judged attempt with its per-test verdicts, for scoreboards and exports.
#[derive(Debug, Clone)]
pub struct JudgedAttempt {
    /// The summary.
    pub summary: SubmissionSummary,
    /// The full result (None when the judge failed or before judging).
    pub result: Option<SubmissionResult>,
}

const SUMMARY_COLUMNS: &str = "s.id, s.user_id, u.name, s.problem, s.language, s.submitted_at_ms,
    s.state, s.round, s.claims, r.verdict, r.passed, r.total, r.max_cpu_time_s,
    r.max_peak_memory_bytes, r.judged_at_ms, r.error,
    json_extract(r.result_json, '$.first_failure'), s.je_accepted";

const SUMMARY_FROM: &str = "FROM submissions s JOIN users u ON u.id = s.user_id
    LEFT JOIN results r ON r.submission_id = s.id AND r.round = s.round";

/// A verdict from its code (`AC`).
pub fn parse_verdict(code: &str) -> Option<Verdict> {
    Verdict::ALL.into_iter().find(|v| v.code() == code)
}

fn summary_from_row(row: &Row<'_>) -> rusqlite::Result<SubmissionSummary> {
    let verdict: Option<String> = row.get(9)?;
    let result = match verdict
        .as_deref()
        .map(|v| parse_verdict(v).unwrap_or(Verdict::JE))
    {
        Some(verdict) => Some(ResultSummary {
            verdict,
            tests_passed: row.get::<_, i64>(10)?.max(0) as usize,
            tests_total: row.get::<_, i64>(11)?.max(0) as usize,
            max_cpu_time_s: row.get(12)?,
            max_peak_memory_bytes: row.get::<_, i64>(13)?.max(0) as u64,
            judged_at_ms: row.get(14)?,
            error: row.get(15)?,
            first_failure: row.get(16)?,
        }),
        None => None,
    };
    Ok(SubmissionSummary {
        id: row.get(0)?,
        user_id: row.get(1)?,
        user_name: row.get(2)?,
        problem: row.get(3)?,
        language: row.get(4)?,
        submitted_at_ms: row.get(5)?,
        state: SubmissionState::parse(&row.get::<_, String>(6)?),
        round: row.get(7)?,
        claims: row.get(8)?,
        je_accepted: row.get::<_, i64>(17)? != 0,
        result,
    })
}

fn parse_result(json: Option<String>) -> Option<SubmissionResult> {
    // A result that no longer parses (a schema change) shows as "no details", not an error.
    json.and_then(|text| serde_json::from_str(&text).ok())
}

impl Store {
    /// Stores a submission as queued, unless its author has made `limit.0` submissions in
    /// the last `limit.1` milliseconds. The check and the insert are one transaction.
    pub fn insert_submission(
        &self,
        new: &NewSubmission,
        limit: Option<(usize, i64)>,
    ) -> Result<Inserted> {
        let now = now_ms();
        self.with(|c| {
            let transaction = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if let Some((count, window_ms)) = limit {
                let recent: Vec<i64> = {
                    let mut statement = transaction.prepare(
                        "SELECT submitted_at_ms FROM submissions
                         WHERE user_id = ?1 AND submitted_at_ms > ?2
                         ORDER BY submitted_at_ms DESC",
                    )?;
                    let rows =
                        statement.query_map(params![new.user_id, now - window_ms], |r| r.get(0))?;
                    rows.collect::<rusqlite::Result<_>>()?
                };
                if recent.len() >= count.max(1) {
                    // The window frees up when the count-th newest submission leaves it.
                    let oldest_counted = recent[count.max(1) - 1];
                    return Ok(Inserted::RateLimited {
                        retry_after_ms: (oldest_counted + window_ms - now).max(1),
                    });
                }
            }
            transaction.execute(
                "INSERT INTO submissions (user_id, problem, language, source, submitted_at_ms, state)
                 VALUES (?1, ?2, ?3, ?4, ?5, 'queued')",
                params![new.user_id, new.problem, new.language, new.source, now],
            )?;
            let id = transaction.last_insert_rowid();
            transaction.commit()?;
            Ok(Inserted::Queued(id))
        })
    }

    /// Takes the next queued submission (new submissions before rejudges, oldest first)
    /// and marks it judging.
    pub fn claim_next(&self) -> Result<Option<Claimed>> {
        self.with(|c| {
            c.query_row(
                "UPDATE submissions SET state = 'judging', claims = claims + 1
                 WHERE id = (SELECT id FROM submissions WHERE state = 'queued'
                             ORDER BY round > 1, id LIMIT 1)
                 RETURNING id, round, problem, language, source",
                [],
                |row| {
                    Ok(Claimed {
                        id: row.get(0)?,
                        round: row.get(1)?,
                        problem: row.get(2)?,
                        language: row.get(3)?,
                        source: row.get(4)?,
                    })
                },
            )
            .optional()
        })
    }

    /// Writes the result of a claimed round and marks the submission done. Returns false,
    /// writing nothing, when the round is no longer the one being judged (a rejudge came
    /// in meanwhile) or it was already written.
    pub fn finish(&self, claimed: &Claimed, outcome: &JudgeOutcome) -> Result<bool> {
        let (verdict, passed, total, cpu, memory, json, error) = match outcome {
            JudgeOutcome::Judged(result) => (
                result.verdict,
                result.tests_passed as i64,
                result.tests_total as i64,
                result.max_cpu_time_s,
                i64::try_from(result.max_peak_memory_bytes).unwrap_or(i64::MAX),
                // Serializing plain data with string keys cannot fail.
                serde_json::to_string(result).ok(),
                None,
            ),
            JudgeOutcome::Failed(reason) => {
                (Verdict::JE, 0, 0, 0.0, 0, None, Some(reason.as_str()))
            }
        };
        self.with(|c| {
            let transaction =
                c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let current: Option<(i64, String)> = transaction
                .query_row(
                    "SELECT round, state FROM submissions WHERE id = ?1",
                    params![claimed.id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            if current != Some((claimed.round, "judging".to_string())) {
                return Ok(false);
            }
            let inserted = transaction.execute(
                "INSERT INTO results (submission_id, round, verdict, passed, total, max_cpu_time_s,
                     max_peak_memory_bytes, result_json, error, judged_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                 ON CONFLICT (submission_id, round) DO NOTHING",
                params![
                    claimed.id,
                    claimed.round,
                    verdict.code(),
                    passed,
                    total,
                    cpu,
                    memory,
                    json,
                    error,
                    now_ms()
                ],
            )?;
            // A first judge error is judged again at once, in a new round; a second one
            // stays, needing a teacher's attention.
            let judged_again = verdict == Verdict::JE
                && transaction.execute(
                    "UPDATE submissions SET state = 'queued', round = round + 1,
                         je_retries = je_retries + 1
                     WHERE id = ?1 AND round = ?2 AND je_retries = 0",
                    params![claimed.id, claimed.round],
                )? == 1;
            if !judged_again {
                transaction.execute(
                    "UPDATE submissions SET state = 'done' WHERE id = ?1 AND round = ?2",
                    params![claimed.id, claimed.round],
                )?;
            }
            transaction.commit()?;
            Ok(inserted == 1)
        })
    }

    /// Accepts a submission's judge error as its verdict (a teacher's decision): it then
    /// counts as a JE. False if it is not a submission needing attention.
    pub fn accept_judge_error(&self, id: i64) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE submissions SET je_accepted = 1
                 WHERE id = ?1 AND state = 'done' AND je_accepted = 0
                   AND (SELECT verdict FROM results r
                        WHERE r.submission_id = submissions.id AND r.round = submissions.round) = 'JE'",
                params![id],
            )? == 1)
        })
    }

    /// Puts a claimed submission back in the queue (the server is stopping).
    pub fn unclaim(&self, claimed: &Claimed) -> Result<()> {
        self.with(|c| {
            c.execute(
                "UPDATE submissions SET state = 'queued'
                 WHERE id = ?1 AND round = ?2 AND state = 'judging'",
                params![claimed.id, claimed.round],
            )?;
            Ok(())
        })
    }

    /// Puts every submission that was being judged back in the queue: run at start-up,
    /// before any worker, for submissions a stopped server left half judged.
    pub fn requeue_interrupted(&self) -> Result<usize> {
        self.with(|c| {
            c.execute(
                "UPDATE submissions SET state = 'queued' WHERE state = 'judging'",
                [],
            )
        })
    }

    /// Queues a submission for a new round; false if there is no such submission.
    pub fn rejudge_submission(&self, id: i64) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE submissions SET state = 'queued', round = round + 1, je_retries = 0,
                     je_accepted = 0
                 WHERE id = ?1",
                params![id],
            )? == 1)
        })
    }

    /// Queues every submission of a problem for a new round; returns how many.
    pub fn rejudge_problem(&self, problem: &str) -> Result<usize> {
        self.with(|c| {
            c.execute(
                "UPDATE submissions SET state = 'queued', round = round + 1, je_retries = 0,
                     je_accepted = 0
                 WHERE problem = ?1",
                params![problem],
            )
        })
    }

    /// Submissions, newest first.
    pub fn submissions(&self, filter: &SubmissionFilter) -> Result<Vec<SubmissionSummary>> {
        self.with(|c| {
            let sql = format!(
                "SELECT {SUMMARY_COLUMNS} {SUMMARY_FROM}
                 WHERE (?1 IS NULL OR s.user_id = ?1) AND (?2 IS NULL OR s.problem = ?2)
                 ORDER BY s.id DESC LIMIT ?3"
            );
            let limit = filter
                .limit
                .map_or(-1, |l| i64::try_from(l).unwrap_or(i64::MAX));
            let mut statement = c.prepare(&sql)?;
            let rows = statement.query_map(
                params![filter.user_id, filter.problem, limit],
                summary_from_row,
            )?;
            rows.collect()
        })
    }

    /// One submission's summary.
    pub fn submission_summary(&self, id: i64) -> Result<Option<SubmissionSummary>> {
        self.with(|c| {
            let sql = format!("SELECT {SUMMARY_COLUMNS} {SUMMARY_FROM} WHERE s.id = ?1");
            c.query_row(&sql, params![id], summary_from_row).optional()
        })
    }

    /// One submission with its source and full result.
    pub fn submission(&self, id: i64) -> Result<Option<Submission>> {
        self.with(|c| {
            let sql = format!(
                "SELECT {SUMMARY_COLUMNS}, s.source, r.result_json {SUMMARY_FROM} WHERE s.id = ?1"
            );
            c.query_row(&sql, params![id], |row| {
                Ok(Submission {
                    summary: summary_from_row(row)?,
                    source: row.get(18)?,
                    result: parse_result(row.get(19)?),
                })
            })
            .optional()
        })
    }

    /// Every submission with its current round's full result, oldest first.
    pub fn attempts(&self) -> Result<Vec<JudgedAttempt>> {
        self.with(|c| {
            let sql =
                format!("SELECT {SUMMARY_COLUMNS}, r.result_json {SUMMARY_FROM} ORDER BY s.id");
            let mut statement = c.prepare(&sql)?;
            let rows = statement.query_map([], |row| {
                Ok(JudgedAttempt {
                    summary: summary_from_row(row)?,
                    result: parse_result(row.get(18)?),
                })
            })?;
            rows.collect()
        })
    }

    /// Every round's verdict of a submission, oldest first.
    pub fn result_history(&self, id: i64) -> Result<Vec<RoundResult>> {
        self.with(|c| {
            let mut statement = c.prepare(
                "SELECT round, verdict, judged_at_ms FROM results WHERE submission_id = ?1
                 ORDER BY round",
            )?;
            let rows = statement.query_map(params![id], |r| {
                Ok(RoundResult {
                    round: r.get(0)?,
                    verdict: r.get(1)?,
                    judged_at_ms: r.get(2)?,
                })
            })?;
            rows.collect()
        })
    }

    /// How many submissions are queued and how many are being judged.
    pub fn queue_counts(&self) -> Result<(usize, usize)> {
        self.with(|c| {
            c.query_row(
                "SELECT coalesce(sum(state = 'queued'), 0), coalesce(sum(state = 'judging'), 0)
                 FROM submissions",
                [],
                |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize)),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Role;

    fn store() -> (tempfile::TempDir, Store, i64) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let user = store.add_user("ann", "h", Role::Student).unwrap();
        (dir, store, user)
    }

    fn submit(store: &Store, user: i64, problem: &str) -> i64 {
        let new = NewSubmission {
            user_id: user,
            problem: problem.into(),
            language: "python3".into(),
            source: "print(1)".into(),
        };
        match store.insert_submission(&new, None).unwrap() {
            Inserted::Queued(id) => id,
            other => panic!("{other:?}"),
        }
    }

    fn failed() -> JudgeOutcome {
        JudgeOutcome::Failed("no sandbox".into())
    }

    /// A judged result with this verdict.
    fn judged(verdict: Verdict) -> JudgeOutcome {
        let mut result: SubmissionResult = serde_json::from_value(serde_json::json!({
            "schema_version": 2, "problem": "a", "language": "c", "source": "s",
            "compile": { "success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false },
            "tests": [], "verdict": "AC", "first_failure": null, "passed": 0, "total": 0,
            "fraction_passed": 0.0, "max_cpu_time_s": 0.0, "max_peak_memory_bytes": 0,
            "sandbox": { "enforcement": "rlimit-only", "isolated": false, "degraded": [] }
        }))
        .unwrap();
        result.verdict = verdict;
        JudgeOutcome::Judged(Box::new(result))
    }

    #[test]
    fn a_judge_error_is_judged_again_once_then_waits_for_a_teacher() {
        let (_dir, store, user) = store();
        let id = submit(&store, user, "a");
        let first = store.claim_next().unwrap().unwrap();
        assert!(store.finish(&first, &judged(Verdict::JE)).unwrap());
        let summary = store.submission_summary(id).unwrap().unwrap();
        assert_eq!((summary.state, summary.round), (SubmissionState::Queued, 2));
        assert!(!summary.needs_attention());
        let second = store.claim_next().unwrap().unwrap();
        assert_eq!(second.round, 2);
        assert!(store.finish(&second, &failed()).unwrap());
        let summary = store.submission_summary(id).unwrap().unwrap();
        assert_eq!(summary.state, SubmissionState::Done);
        assert!(summary.needs_attention());
        assert_eq!(store.result_history(id).unwrap().len(), 2);
        assert!(store.accept_judge_error(id).unwrap());
        assert!(!store.accept_judge_error(id).unwrap(), "accepted once");
        assert!(!store
            .submission_summary(id)
            .unwrap()
            .unwrap()
            .needs_attention());
        // A teacher's rejudge starts over: one more automatic second judging.
        assert!(store.rejudge_submission(id).unwrap());
        let third = store.claim_next().unwrap().unwrap();
        assert!(store.finish(&third, &failed()).unwrap());
        assert_eq!(
            store.submission_summary(id).unwrap().unwrap().state,
            SubmissionState::Queued
        );
        // A verdict other than JE is final at once.
        let other = submit(&store, user, "a");
        let claimed = store.claim_next().unwrap().unwrap();
        let claimed = if claimed.id == other {
            claimed
        } else {
            store.claim_next().unwrap().unwrap()
        };
        assert!(store.finish(&claimed, &judged(Verdict::WA)).unwrap());
        let summary = store.submission_summary(other).unwrap().unwrap();
        assert_eq!(summary.state, SubmissionState::Done);
        assert!(!store.accept_judge_error(other).unwrap());
    }

    #[test]
    fn a_claimed_round_is_written_once() {
        let (_dir, store, user) = store();
        let id = submit(&store, user, "a");
        let claimed = store.claim_next().unwrap().unwrap();
        assert_eq!((claimed.id, claimed.round), (id, 1));
        assert_eq!(store.claim_next().unwrap(), None, "nothing else is queued");
        assert!(store.finish(&claimed, &judged(Verdict::WA)).unwrap());
        assert!(
            !store.finish(&claimed, &judged(Verdict::WA)).unwrap(),
            "a second write is dropped"
        );
        let summary = store.submission_summary(id).unwrap().unwrap();
        assert_eq!(summary.state, SubmissionState::Done);
        let result = summary.result.unwrap();
        assert_eq!(
            (result.verdict, result.error.as_deref()),
            (Verdict::WA, None)
        );
        assert_eq!(store.result_history(id).unwrap().len(), 1);
    }

    #[test]
    fn an_interrupted_claim_is_judged_again_into_the_same_round() {
        let (_dir, store, user) = store();
        let id = submit(&store, user, "a");
        let first = store.claim_next().unwrap().unwrap();
        // The server dies here; the next one starts by requeueing.
        assert_eq!(store.requeue_interrupted().unwrap(), 1);
        let second = store.claim_next().unwrap().unwrap();
        assert_eq!((second.id, second.round), (id, 1));
        assert!(store.finish(&second, &judged(Verdict::WA)).unwrap());
        // Even if the first worker somehow finished late, nothing more is written.
        assert!(!store.finish(&first, &judged(Verdict::WA)).unwrap());
        let summary = store.submission_summary(id).unwrap().unwrap();
        assert_eq!(summary.claims, 2);
        assert_eq!(store.result_history(id).unwrap().len(), 1);
    }

    #[test]
    fn a_rejudge_drops_the_running_round_and_starts_a_new_one() {
        let (_dir, store, user) = store();
        let id = submit(&store, user, "a");
        let later = submit(&store, user, "b");
        let claimed = store.claim_next().unwrap().unwrap();
        assert!(store.rejudge_submission(id).unwrap());
        assert!(!store.finish(&claimed, &judged(Verdict::WA)).unwrap());
        // New submissions go before rejudges.
        assert_eq!(store.claim_next().unwrap().unwrap().id, later);
        let again = store.claim_next().unwrap().unwrap();
        assert_eq!((again.id, again.round), (id, 2));
        assert!(store.finish(&again, &judged(Verdict::WA)).unwrap());
        assert_eq!(store.rejudge_problem("a").unwrap(), 1);
        assert_eq!(store.submission_summary(id).unwrap().unwrap().round, 3);
        assert!(!store.rejudge_submission(999).unwrap());
    }

    #[test]
    fn the_rate_limit_counts_recent_submissions_of_the_author() {
        let (_dir, store, user) = store();
        let other = store.add_user("bob", "h", Role::Student).unwrap();
        let new = |user_id| NewSubmission {
            user_id,
            problem: "a".into(),
            language: "c".into(),
            source: "x".into(),
        };
        let limit = Some((2, 60_000));
        assert!(matches!(
            store.insert_submission(&new(user), limit).unwrap(),
            Inserted::Queued(_)
        ));
        assert!(matches!(
            store.insert_submission(&new(user), limit).unwrap(),
            Inserted::Queued(_)
        ));
        match store.insert_submission(&new(user), limit).unwrap() {
            Inserted::RateLimited { retry_after_ms } => {
                assert!(retry_after_ms > 0 && retry_after_ms <= 60_000)
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            store.insert_submission(&new(other), limit).unwrap(),
            Inserted::Queued(_)
        ));
        let mine = store
            .submissions(&SubmissionFilter {
                user_id: Some(user),
                ..SubmissionFilter::default()
            })
            .unwrap();
        assert_eq!(mine.len(), 2);
        assert_eq!(store.queue_counts().unwrap(), (3, 0));
    }
}
