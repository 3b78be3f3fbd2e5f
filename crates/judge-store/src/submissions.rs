//! Submissions and their results. The `state` column is the judging queue:
//!
//! ```text
//! queued --claim (a lease)--> judging --finish--> done
//!    ^                           |
//!    +-- lease lapsed, handed ---+      (a worker killed or stopped: judged again)
//!        back, or taken over
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
//! same transaction that marks the submission done, and only while the worker's lease is
//! still the current one and unexpired (see `leases.rs`): so a submission is never judged
//! twice into the results, a late result from a worker whose lease lapsed is discarded,
//! and a result of a round that a rejudge replaced is dropped.

use super::engine::{select, Channel, Columns, FromRow, Row, Value};
use super::progress::Progress;
use super::{now_ms, Store};
use crate::error::Result;
use judge_model::{SubmissionResult, Verdict};

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
    /// The client's key for it (an API client that sends it again after a lost answer
    /// gets the same submission, not a second one).
    pub idempotency_key: Option<String>,
}

/// Where a submission belongs: its contest, and whether it came after a homework
/// deadline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Placement {
    /// The contest's id (None: the server's first contest, set when it next starts).
    pub contest: Option<String>,
    /// Submitted after the deadline of a homework set.
    pub late: bool,
}

/// The outcome of storing a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inserted {
    /// Stored and queued, with this id.
    Queued(i64),
    /// The author already stored a submission with this idempotency key: its id.
    Existing(i64),
    /// Refused: the author reached the rate limit; they may submit again after this long.
    RateLimited {
        /// Milliseconds until the oldest submission of the window leaves it.
        retry_after_ms: i64,
    },
}

/// The latest round's result, in short.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ResultSummary {
    /// The round it is the result of (the submission's current round once judged; an
    /// earlier one while a rejudge is queued or judged).
    pub round: i64,
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
    /// The latest round's result: the current round's once done, the previous round's
    /// while a rejudge is queued or judged ([`SubmissionSummary::rejudging`]).
    pub result: Option<ResultSummary>,
    /// How far its worker has come, while it is judged.
    pub progress: Option<Progress>,
    /// Its contest's id (None only for rows stored before contests had ids, until the
    /// server starts and puts them in its first contest).
    pub contest: Option<String>,
    /// Submitted after its homework set's deadline.
    pub late: bool,
}

impl SubmissionSummary {
    /// While a new round is queued or judged: the previous round's result, which the pages
    /// and the scoreboard show (marked as being rejudged) until the new one is in.
    pub fn rejudging(&self) -> Option<&ResultSummary> {
        self.result
            .as_ref()
            .filter(|r| self.state != SubmissionState::Done && r.round < self.round)
    }

    /// The current round's result, once it is in.
    pub fn current_result(&self) -> Option<&ResultSummary> {
        self.result
            .as_ref()
            .filter(|r| self.state == SubmissionState::Done && r.round == self.round)
    }

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
    /// The latest round's full result, as [`SubmissionSummary::result`] (None before it is
    /// judged or when the judge failed).
    pub result: Option<SubmissionResult>,
}

/// A submission a worker has taken: its lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    /// Its id.
    pub id: i64,
    /// The round being judged.
    pub round: i64,
    /// The claim's number (the submission's `claims` after it): the lease's fencing
    /// token, so that a worker whose lease lapsed cannot write over the next one's.
    pub claim: i64,
    /// The worker that holds the lease.
    pub owner: String,
    /// The problem's id.
    pub problem: String,
    /// The content hash of the problem's copy it is judged on.
    pub problem_sha256: String,
    /// The language's id.
    pub language: String,
    /// The source text.
    pub source: String,
    /// Its contest's id (None: the server's first contest).
    pub contest: Option<String>,
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
    /// Only those whose latest result has this verdict (its code, `WA`).
    pub verdict: Option<String>,
    /// Only this language's (its id).
    pub language: Option<String>,
    /// Skip this many of the newest first (a page of a list).
    pub offset: usize,
    /// Only this contest's (its id).
    pub contest: Option<String>,
    /// Only those of this group's accounts.
    pub group: Option<String>,
}

/// One judged attempt with its per-test verdicts, for scoreboards and exports.
#[derive(Debug, Clone)]
pub struct JudgedAttempt {
    /// The summary.
    pub summary: SubmissionSummary,
    /// The full result (None when the judge failed or before judging).
    pub result: Option<SubmissionResult>,
}

/// The tables behind [`SubmissionSummary::COLUMNS`]: the latest round's result (the current round's
/// once it is in; while a rejudge is queued or judged, the round before, which stays in
/// view and on the scoreboard until the new one replaces it, as DOMjudge does), and the
/// progress of the current claim while it is judged.
pub(super) const SUMMARY_FROM: &str = "FROM submissions s JOIN users u ON u.id = s.user_id
    LEFT JOIN results r ON r.submission_id = s.id
        AND r.round = (SELECT max(l.round) FROM results l WHERE l.submission_id = s.id)
    LEFT JOIN progress p ON p.submission_id = s.id AND p.claim = s.claims AND s.state = 'judging'";

/// A verdict from its code (`AC`).
pub fn parse_verdict(code: &str) -> Option<Verdict> {
    Verdict::ALL.into_iter().find(|v| v.code() == code)
}

/// A count as what the type says (a count is never negative).
fn count(row: &Row, name: &str) -> Result<usize> {
    Ok(usize::try_from(row.get::<i64>(name)?.max(0)).unwrap_or(usize::MAX))
}

impl FromRow for SubmissionSummary {
    /// Of [`SUMMARY_FROM`].
    const COLUMNS: Columns = Columns(&[
        "s.id",
        "s.user_id",
        "u.name AS user_name",
        "s.problem",
        "s.language",
        "s.submitted_at_ms",
        "s.state",
        "s.round",
        "s.claims",
        "s.je_accepted",
        "s.contest",
        "s.late",
        "r.round AS result_round",
        "r.verdict",
        "r.passed",
        "r.total",
        "r.max_cpu_time_s",
        "r.max_peak_memory_bytes",
        "r.judged_at_ms",
        "r.error",
        "r.first_failure",
        "p.compiled",
        "p.tests_done",
        "p.tests_total",
        "p.first_failure AS progress_first_failure",
    ]);

    fn from_row(row: &Row) -> Result<SubmissionSummary> {
        let result = match row.get::<Option<String>>("verdict")? {
            Some(code) => Some(ResultSummary {
                round: row.get("result_round")?,
                verdict: parse_verdict(&code).unwrap_or(Verdict::JE),
                tests_passed: count(row, "passed")?,
                tests_total: count(row, "total")?,
                max_cpu_time_s: row.get("max_cpu_time_s")?,
                max_peak_memory_bytes: u64::try_from(
                    row.get::<i64>("max_peak_memory_bytes")?.max(0),
                )
                .unwrap_or(0),
                judged_at_ms: row.get("judged_at_ms")?,
                error: row.get("error")?,
                first_failure: row.get("first_failure")?,
            }),
            None => None,
        };
        let state = SubmissionState::parse(&row.get::<String>("state")?);
        let progress = match row.get::<Option<bool>>("compiled")? {
            Some(compiled) => Some(Progress {
                compiled,
                tests_done: count(row, "tests_done")?,
                tests_total: count(row, "tests_total")?,
                first_failure: row
                    .get::<Option<String>>("progress_first_failure")?
                    .and_then(|code| parse_verdict(&code)),
            }),
            None => None,
        };
        Ok(SubmissionSummary {
            id: row.get("id")?,
            user_id: row.get("user_id")?,
            user_name: row.get("user_name")?,
            problem: row.get("problem")?,
            language: row.get("language")?,
            submitted_at_ms: row.get("submitted_at_ms")?,
            state,
            round: row.get("round")?,
            claims: row.get("claims")?,
            je_accepted: row.get("je_accepted")?,
            result,
            progress: progress.filter(|_| state == SubmissionState::Judging),
            contest: row.get("contest")?,
            late: row.get("late")?,
        })
    }
}

impl FromRow for RoundResult {
    /// Of `results`.
    const COLUMNS: Columns = Columns(&["round", "verdict", "judged_at_ms"]);

    fn from_row(row: &Row) -> Result<RoundResult> {
        Ok(RoundResult {
            round: row.get("round")?,
            verdict: row.get("verdict")?,
            judged_at_ms: row.get("judged_at_ms")?,
        })
    }
}

/// A submission's source (of [`SUMMARY_FROM`]).
const SOURCE: Columns = Columns(&["s.source"]);

/// The full result of a submission's latest round (of [`SUMMARY_FROM`]).
const FULL_RESULT: Columns = Columns(&["r.result_json"]);

fn parse_result(json: Option<String>) -> Option<SubmissionResult> {
    // A result that no longer parses (a schema change) shows as "no details", not an error.
    json.and_then(|text| serde_json::from_str(&text).ok())
}

impl Store {
    /// Stores a submission as queued, unless its author has made `limit.0` submissions in
    /// the last `limit.1` milliseconds, or already stored one with the same idempotency
    /// key. The checks and the insert are one transaction, serialised per author.
    pub fn insert_submission(
        &self,
        new: &NewSubmission,
        limit: Option<(usize, i64)>,
    ) -> Result<Inserted> {
        self.insert_submission_into(new, &Placement::default(), limit)
    }

    /// [`Store::insert_submission`] into a contest.
    pub fn insert_submission_into(
        &self,
        new: &NewSubmission,
        placement: &Placement,
        limit: Option<(usize, i64)>,
    ) -> Result<Inserted> {
        let now = now_ms();
        self.write(|tx| {
            let lock = format!("SELECT id FROM users WHERE id = ?1{}", tx.lock_rows_sql());
            tx.query(&lock, &[new.user_id.into()])?;
            if let Some(key) = &new.idempotency_key {
                if let Some(row) = tx.query_row(
                    "SELECT id FROM submissions WHERE user_id = ?1 AND idempotency_key = ?2",
                    &[new.user_id.into(), key.into()],
                )? {
                    return Ok(Inserted::Existing(row.get("id")?));
                }
            }
            if let Some((count, window_ms)) = limit {
                let recent: Vec<i64> = tx
                    .query(
                        "SELECT submitted_at_ms FROM submissions
                         WHERE user_id = ?1 AND submitted_at_ms > ?2
                         ORDER BY submitted_at_ms DESC",
                        &[new.user_id.into(), (now - window_ms).into()],
                    )?
                    .iter()
                    .map(|row| row.get("submitted_at_ms"))
                    .collect::<Result<_>>()?;
                if recent.len() >= count.max(1) {
                    // The window frees up when the count-th newest submission leaves it.
                    let oldest_counted = recent[count.max(1) - 1];
                    return Ok(Inserted::RateLimited {
                        retry_after_ms: (oldest_counted + window_ms - now).max(1),
                    });
                }
            }
            let row = tx.query_row(
                "INSERT INTO submissions (user_id, problem, language, source, submitted_at_ms,
                     state, idempotency_key, contest, late)
                 VALUES (?1, ?2, ?3, ?4, ?5, 'queued', ?6, ?7, ?8) RETURNING id",
                &[
                    new.user_id.into(),
                    (&new.problem).into(),
                    (&new.language).into(),
                    (&new.source).into(),
                    now.into(),
                    new.idempotency_key.clone().into(),
                    placement.contest.clone().into(),
                    i64::from(placement.late).into(),
                ],
            )?;
            tx.notify(Channel::Queue)?;
            Ok(Inserted::Queued(row.map_or(Ok(0), |row| row.get("id"))?))
        })
    }

    /// Puts the submissions stored before contests had ids (and any stored without one)
    /// in `contest`, the server's first contest; returns how many.
    pub fn place_unplaced_submissions(&self, contest: &str) -> Result<usize> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE submissions SET contest = ?1 WHERE contest IS NULL",
                &[contest.into()],
            )?;
            Ok(usize::try_from(changed).unwrap_or(usize::MAX))
        })
    }

    /// Queues a submission for a new round; false if there is no such submission.
    pub fn rejudge_submission(&self, id: i64) -> Result<bool> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE submissions SET state = 'queued', round = round + 1, je_retries = 0,
                     je_accepted = 0, lease_owner = NULL, lease_expires_at_ms = NULL
                 WHERE id = ?1",
                &[id.into()],
            )?;
            tx.notify(Channel::Queue)?;
            Ok(changed == 1)
        })
    }

    /// Queues every submission of a problem for a new round; returns how many.
    pub fn rejudge_problem(&self, problem: &str) -> Result<usize> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE submissions SET state = 'queued', round = round + 1, je_retries = 0,
                     je_accepted = 0, lease_owner = NULL, lease_expires_at_ms = NULL
                 WHERE problem = ?1",
                &[problem.into()],
            )?;
            tx.notify(Channel::Queue)?;
            Ok(usize::try_from(changed).unwrap_or(usize::MAX))
        })
    }

    /// Accepts a submission's judge error as its verdict (a teacher's decision): it then
    /// counts as a JE. False if it is not a submission needing attention.
    pub fn accept_judge_error(&self, id: i64) -> Result<bool> {
        self.write(|tx| {
            Ok(tx.execute(
                "UPDATE submissions SET je_accepted = 1
                 WHERE id = ?1 AND state = 'done' AND je_accepted = 0
                   AND (SELECT verdict FROM results r
                        WHERE r.submission_id = submissions.id AND r.round = submissions.round) = 'JE'",
                &[id.into()],
            )? == 1)
        })
    }

    /// Submissions, newest first.
    pub fn submissions(&self, filter: &SubmissionFilter) -> Result<Vec<SubmissionSummary>> {
        let sql = format!(
            "SELECT {} {SUMMARY_FROM}
             WHERE (CAST(?1 AS BIGINT) IS NULL OR s.user_id = ?1)
               AND (CAST(?2 AS TEXT) IS NULL OR s.problem = ?2)
               AND (CAST(?4 AS TEXT) IS NULL OR r.verdict = ?4)
               AND (CAST(?5 AS TEXT) IS NULL OR s.language = ?5)
               AND (CAST(?7 AS TEXT) IS NULL OR s.contest = ?7)
               AND (CAST(?8 AS TEXT) IS NULL OR u.group_name = ?8)
             ORDER BY s.id DESC LIMIT ?3 OFFSET ?6",
            SubmissionSummary::COLUMNS.select()
        );
        let limit = filter
            .limit
            .map_or(i64::MAX, |l| i64::try_from(l).unwrap_or(i64::MAX));
        self.read(|tx| {
            tx.query_as(
                &sql,
                &[
                    filter.user_id.into(),
                    filter.problem.clone().into(),
                    limit.into(),
                    filter.verdict.clone().into(),
                    filter.language.clone().into(),
                    i64::try_from(filter.offset).unwrap_or(i64::MAX).into(),
                    filter.contest.clone().into(),
                    filter.group.clone().into(),
                ],
            )
        })
    }

    /// One submission's summary.
    pub fn submission_summary(&self, id: i64) -> Result<Option<SubmissionSummary>> {
        let sql = format!(
            "SELECT {} {SUMMARY_FROM} WHERE s.id = ?1",
            SubmissionSummary::COLUMNS.select()
        );
        self.read(|tx| tx.query_row_as(&sql, &[id.into()]))
    }

    /// Summaries of several submissions (those that exist), in id order.
    pub fn submission_summaries(&self, ids: &[i64]) -> Result<Vec<SubmissionSummary>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "SELECT {} {SUMMARY_FROM} WHERE s.id IN ({}) ORDER BY s.id",
            SubmissionSummary::COLUMNS.select(),
            placeholders.join(", ")
        );
        let params: Vec<Value> = ids.iter().map(|&id| id.into()).collect();
        self.read(|tx| tx.query_as(&sql, &params))
    }

    /// One submission with its source and full result.
    pub fn submission(&self, id: i64) -> Result<Option<Submission>> {
        let sql = format!(
            "SELECT {} {SUMMARY_FROM} WHERE s.id = ?1",
            select(&[SubmissionSummary::COLUMNS, SOURCE, FULL_RESULT])
        );
        let row = self.read(|tx| tx.query_row(&sql, &[id.into()]))?;
        row.map(|row| {
            Ok(Submission {
                summary: SubmissionSummary::from_row(&row)?,
                source: row.get("source")?,
                result: parse_result(row.get("result_json")?),
            })
        })
        .transpose()
    }

    /// Every submission with its current round's full result, oldest first.
    pub fn attempts(&self) -> Result<Vec<JudgedAttempt>> {
        let sql = format!(
            "SELECT {} {SUMMARY_FROM} ORDER BY s.id",
            select(&[SubmissionSummary::COLUMNS, FULL_RESULT])
        );
        let rows = self.read(|tx| tx.query(&sql, &[]))?;
        rows.iter()
            .map(|row| {
                Ok(JudgedAttempt {
                    summary: SubmissionSummary::from_row(row)?,
                    result: parse_result(row.get("result_json")?),
                })
            })
            .collect()
    }

    /// Several submissions (those that exist) with their current round's full result, in
    /// id order (a list page's points).
    pub fn attempts_of(&self, ids: &[i64]) -> Result<Vec<JudgedAttempt>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("?{i}")).collect();
        let sql = format!(
            "SELECT {} {SUMMARY_FROM} WHERE s.id IN ({}) ORDER BY s.id",
            select(&[SubmissionSummary::COLUMNS, FULL_RESULT]),
            placeholders.join(", ")
        );
        let params: Vec<Value> = ids.iter().map(|&id| id.into()).collect();
        let rows = self.read(|tx| tx.query(&sql, &params))?;
        rows.iter()
            .map(|row| {
                Ok(JudgedAttempt {
                    summary: SubmissionSummary::from_row(row)?,
                    result: parse_result(row.get("result_json")?),
                })
            })
            .collect()
    }

    /// Every round's verdict of a submission, oldest first.
    pub fn result_history(&self, id: i64) -> Result<Vec<RoundResult>> {
        let sql = format!(
            "SELECT {} FROM results WHERE submission_id = ?1 ORDER BY round",
            RoundResult::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[id.into()]))
    }

    /// How many submissions are queued and how many are being judged.
    pub fn queue_counts(&self) -> Result<(usize, usize)> {
        let row = self.read(|tx| {
            tx.query_row(
                "SELECT count(CASE WHEN state = 'queued' THEN 1 END) AS queued,
                        count(CASE WHEN state = 'judging' THEN 1 END) AS judging
                 FROM submissions",
                &[],
            )
        })?;
        row.map_or(Ok((0, 0)), |row| {
            Ok((count(&row, "queued")?, count(&row, "judging")?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::for_each_store;
    use crate::Role;

    #[test]
    fn the_rate_limit_counts_recent_submissions_of_the_author() {
        for_each_store(|store, _| {
            let user = store.add_user("ann", "h", Role::Student).unwrap();
            let other = store.add_user("bob", "h", Role::Student).unwrap();
            let new = |user_id| NewSubmission {
                user_id,
                problem: "a".into(),
                language: "c".into(),
                source: "x".into(),
                idempotency_key: None,
            };
            let limit = Some((2, 60_000));
            for _ in 0..2 {
                assert!(matches!(
                    store.insert_submission(&new(user), limit).unwrap(),
                    Inserted::Queued(_)
                ));
            }
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
            let some = store
                .submission_summaries(&[mine[0].id, 999, mine[1].id])
                .unwrap();
            assert_eq!(some.len(), 2);
        });
    }

    #[test]
    fn the_same_idempotency_key_answers_the_same_submission() {
        for_each_store(|store, _| {
            let ann = store.add_user("ann", "h", Role::Student).unwrap();
            let bob = store.add_user("bob", "h", Role::Student).unwrap();
            let new = |user_id, key: &str| NewSubmission {
                user_id,
                problem: "a".into(),
                language: "c".into(),
                source: "x".into(),
                idempotency_key: Some(key.into()),
            };
            let Inserted::Queued(first) = store.insert_submission(&new(ann, "k1"), None).unwrap()
            else {
                panic!("not queued")
            };
            assert_eq!(
                store.insert_submission(&new(ann, "k1"), None).unwrap(),
                Inserted::Existing(first)
            );
            // Another author's key is theirs.
            assert!(matches!(
                store.insert_submission(&new(bob, "k1"), None).unwrap(),
                Inserted::Queued(id) if id != first
            ));
            // A repeat is answered even past the rate limit.
            assert_eq!(
                store
                    .insert_submission(&new(ann, "k1"), Some((1, 60_000)))
                    .unwrap(),
                Inserted::Existing(first)
            );
            assert_eq!(store.queue_counts().unwrap(), (2, 0));
        });
    }
}
