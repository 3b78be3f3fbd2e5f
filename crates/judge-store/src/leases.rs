//! The judging queue's leases, and what workers on any machine tell each other through
//! the store: which copy of each problem the server has, how far a claimed submission's
//! judging has come, which workers run.
//!
//! - A claim takes the oldest claimable submission (new ones before rejudges): queued, or
//!   judging under a lease that lapsed. On PostgreSQL it is `SELECT ... FOR UPDATE SKIP
//!   LOCKED`, so concurrent workers take different submissions without waiting for each
//!   other; on SQLite the write transaction holds the database.
//! - A lease lasts `lease_ms` by the database's clock and is renewed by its owner's
//!   heartbeat. Each claim increments the submission's `claims`: the lease's fencing
//!   number. A result is written only under the current, unexpired lease, in one
//!   transaction with the state change; anything else is discarded.
//! - A worker claims only submissions of problems whose content hash (see
//!   `crate::problem_hash`) matches its own copy's: a worker with other tests never
//!   judges on them.
//! - A worker that says which languages it runs (those installed on its machine) claims
//!   only submissions in them; one that says nothing (a worker from before) claims any.
//!   The live workers' languages ([`Store::live_languages`]) are what the web form offers.

use super::engine::{Channel, Columns, FromRow, Row, Tx, Value};
use super::progress::Progress;
use super::submissions::{Claimed, JudgeOutcome};
use super::{now_ms, Store};
use crate::error::Result;
use judge_model::Verdict;

/// A problem's id and the content hash of a copy of it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemVersion {
    /// The problem's id.
    pub id: String,
    /// The SHA-256 of its configuration, tests, checker and interactor sources.
    pub content_sha256: String,
}

/// What a worker asks for when it claims.
#[derive(Debug, Clone, Copy)]
pub struct ClaimRequest<'a> {
    /// Its name (the lease's owner).
    pub owner: &'a str,
    /// How long the lease lasts without a heartbeat.
    pub lease_ms: i64,
    /// The problems it can judge, with its copies' hashes.
    pub problems: &'a [ProblemVersion],
    /// The languages it runs (ids); `None`: any (a worker that does not say).
    pub languages: Option<&'a [String]>,
}

/// How recently a worker must have reported to count as running: its heartbeat comes every
/// third of a lease (30 s by default), so twice the default lease.
pub const LIVE_WORKER_MS: i64 = 60_000;

/// What a worker last reported about itself.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkerReport {
    /// Its name.
    pub name: String,
    /// Its machine.
    pub host: String,
    /// How many submissions it judges at once.
    pub jobs: i64,
    /// When it started (Unix ms, its clock).
    pub started_at_ms: i64,
    /// When it last reported (Unix ms, its clock).
    pub seen_at_ms: i64,
    /// Whether it stopped cleanly.
    pub stopped: bool,
    /// What it wants the teacher to know (problems it refuses, and why).
    pub note: String,
    /// The languages it runs (ids of those installed on its machine); `None`: it did not
    /// say (a worker from before), so any.
    #[serde(default)]
    pub languages: Option<Vec<String>>,
}

impl WorkerReport {
    /// Whether it counts as running at `now_ms`: seen within [`LIVE_WORKER_MS`] and not
    /// stopped.
    pub fn is_live(&self, now_ms: i64) -> bool {
        !self.stopped && now_ms - self.seen_at_ms < LIVE_WORKER_MS
    }
}

/// A worker's languages as `workers.languages` stores them: a JSON array of ids.
fn languages_column(languages: Option<&[String]>) -> Value {
    // A list of strings always serializes.
    languages
        .map(|list| serde_json::to_string(list).unwrap_or_default())
        .into()
}

/// A worker row's `workers.languages` read back: NULL is `None`; anything but a JSON array
/// of strings is an error naming the worker.
fn parse_languages_column(row: &Row, worker: &str) -> Result<Option<Vec<String>>> {
    let stored: Option<String> = row.get("languages")?;
    stored
        .map(|text| {
            serde_json::from_str::<Vec<String>>(&text).map_err(|error| {
                row.bad_value(format!(
                    "worker {worker}: its stored languages {text:?} are not a JSON array of language ids ({error})"
                ))
            })
        })
        .transpose()
}

impl FromRow for ProblemVersion {
    /// Of `problems p`.
    const COLUMNS: Columns = Columns(&["p.id", "p.content_sha256"]);

    fn from_row(row: &Row) -> Result<ProblemVersion> {
        Ok(ProblemVersion {
            id: row.get("id")?,
            content_sha256: row.get("content_sha256")?,
        })
    }
}

impl FromRow for WorkerReport {
    /// Of `workers`.
    const COLUMNS: Columns = Columns(&[
        "name",
        "host",
        "jobs",
        "started_at_ms",
        "seen_at_ms",
        "stopped",
        "note",
        "languages",
    ]);

    fn from_row(row: &Row) -> Result<WorkerReport> {
        let name: String = row.get("name")?;
        let languages = parse_languages_column(row, &name)?;
        Ok(WorkerReport {
            name,
            host: row.get("host")?,
            jobs: row.get("jobs")?,
            started_at_ms: row.get("started_at_ms")?,
            seen_at_ms: row.get("seen_at_ms")?,
            stopped: row.get("stopped")?,
            note: row.get("note")?,
            languages,
        })
    }
}

/// What a claim reads of the submission it took (of `submissions`, after the update).
const CLAIMED: Columns = Columns(&[
    "id", "round", "claims", "problem", "language", "source", "contest",
]);

/// A submission's lease as [`Store::finish`] checks it, while unexpired.
struct Lease {
    round: i64,
    state: String,
    claims: i64,
    owner: String,
}

impl FromRow for Lease {
    /// Of `submissions`.
    const COLUMNS: Columns = Columns(&[
        "round",
        "state",
        "claims",
        "coalesce(lease_owner, '') AS lease_owner",
    ]);

    fn from_row(row: &Row) -> Result<Lease> {
        Ok(Lease {
            round: row.get("round")?,
            state: row.get("state")?,
            claims: row.get("claims")?,
            owner: row.get("lease_owner")?,
        })
    }
}

fn verdict_columns(outcome: &JudgeOutcome) -> [Value; 8] {
    match outcome {
        JudgeOutcome::Judged(result) => [
            result.verdict.code().into(),
            i64::try_from(result.tests_passed)
                .unwrap_or(i64::MAX)
                .into(),
            i64::try_from(result.tests_total).unwrap_or(i64::MAX).into(),
            result.max_cpu_time_s.into(),
            i64::try_from(result.max_peak_memory_bytes)
                .unwrap_or(i64::MAX)
                .into(),
            // Serializing plain data with string keys cannot fail.
            serde_json::to_string(result).ok().into(),
            Value::Null,
            result.first_failure.clone().into(),
        ],
        JudgeOutcome::Failed(reason) => [
            Verdict::JE.code().into(),
            0i64.into(),
            0i64.into(),
            0.0f64.into(),
            0i64.into(),
            Value::Null,
            reason.as_str().into(),
            Value::Null,
        ],
    }
}

/// Drops progress rows of submissions no longer being judged.
fn forget_stale_progress(tx: &mut dyn Tx) -> Result<()> {
    tx.execute(
        "DELETE FROM progress WHERE submission_id NOT IN
             (SELECT id FROM submissions WHERE state = 'judging')",
        &[],
    )?;
    Ok(())
}

impl Store {
    /// Records the server's copy of each contest problem (replacing the previous list).
    pub fn publish_problems(&self, problems: &[ProblemVersion]) -> Result<()> {
        let now = now_ms();
        self.write(|tx| {
            tx.execute("DELETE FROM problems", &[])?;
            for problem in problems {
                tx.execute(
                    "INSERT INTO problems (id, content_sha256, published_at_ms) VALUES (?1, ?2, ?3)",
                    &[
                        (&problem.id).into(),
                        (&problem.content_sha256).into(),
                        now.into(),
                    ],
                )?;
            }
            tx.notify(Channel::Queue)?;
            Ok(())
        })
    }

    /// The server's copies of the problems, by id.
    pub fn published_problems(&self) -> Result<Vec<ProblemVersion>> {
        let sql = format!(
            "SELECT {} FROM problems p ORDER BY p.id",
            ProblemVersion::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[]))
    }

    /// Takes the next claimable submission of a problem the worker has the server's copy
    /// of, under a new lease.
    pub fn claim(&self, request: &ClaimRequest<'_>) -> Result<Option<Claimed>> {
        if request.problems.is_empty() || request.languages.is_some_and(<[String]>::is_empty) {
            return Ok(None);
        }
        self.write(|tx| {
            let now = tx.now_ms_sql();
            let versions: Vec<String> = (0..request.problems.len())
                .map(|i| format!("?{}", i + 3))
                .collect();
            let first_language = request.problems.len() + 3;
            let languages = match request.languages {
                Some(list) => format!(
                    "\n                       AND s.language IN ({})",
                    (0..list.len())
                        .map(|i| format!("?{}", first_language + i))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => String::new(),
            };
            let sql = format!(
                "UPDATE submissions SET state = 'judging', claims = claims + 1,
                     lease_owner = ?1, lease_expires_at_ms = {now} + ?2
                 WHERE id = (
                     SELECT s.id FROM submissions s JOIN problems p ON p.id = s.problem
                     WHERE (s.state = 'queued'
                            OR (s.state = 'judging' AND coalesce(s.lease_expires_at_ms, 0) < {now}))
                       AND p.id || ':' || p.content_sha256 IN ({}){languages}
                     ORDER BY CASE WHEN s.round > 1 THEN 1 ELSE 0 END, s.id
                     LIMIT 1{})
                 RETURNING {}",
                versions.join(", "),
                tx.skip_locked_sql(),
                CLAIMED.select()
            );
            let mut params: Vec<Value> = vec![request.owner.into(), request.lease_ms.into()];
            params.extend(
                request
                    .problems
                    .iter()
                    .map(|p| Value::Text(format!("{}:{}", p.id, p.content_sha256))),
            );
            params.extend(
                request
                    .languages
                    .unwrap_or_default()
                    .iter()
                    .map(Value::from),
            );
            let Some(row) = tx.query_row(&sql, &params)? else {
                return Ok(None);
            };
            let problem: String = row.get("problem")?;
            let problem_sha256 = request
                .problems
                .iter()
                .find(|p| p.id == problem)
                .map(|p| p.content_sha256.clone())
                .unwrap_or_default();
            Ok(Some(Claimed {
                id: row.get("id")?,
                round: row.get("round")?,
                claim: row.get("claims")?,
                owner: request.owner.to_string(),
                problem,
                problem_sha256,
                language: row.get("language")?,
                source: row.get("source")?,
                contest: row.get("contest")?,
            }))
        })
    }

    /// Renews every unexpired lease `owner` holds for another `lease_ms`; returns the ids
    /// of the submissions it still holds (a lease missing here was lost).
    pub fn heartbeat(&self, owner: &str, lease_ms: i64) -> Result<Vec<i64>> {
        self.write(|tx| {
            let now = tx.now_ms_sql();
            let sql = format!(
                "UPDATE submissions SET lease_expires_at_ms = {now} + ?2
                 WHERE lease_owner = ?1 AND state = 'judging' AND lease_expires_at_ms >= {now}
                 RETURNING id"
            );
            let rows = tx.query(&sql, &[owner.into(), lease_ms.into()])?;
            rows.iter().map(|row| row.get("id")).collect()
        })
    }

    /// Records how far a claimed submission's judging has come; false (nothing written)
    /// if the claim is no longer current.
    pub fn set_progress(&self, claimed: &Claimed, progress: &Progress) -> Result<bool> {
        self.write(|tx| {
            // Progress is worth no disk flush: losing the last row to a crash is harmless.
            tx.relax_durability()?;
            let written = tx.execute(
                "INSERT INTO progress (submission_id, claim, compiled, tests_done, tests_total,
                     first_failure, updated_at_ms)
                 SELECT id, claims, CAST(?3 AS BIGINT), CAST(?4 AS BIGINT), CAST(?5 AS BIGINT),
                     CAST(?6 AS TEXT), CAST(?7 AS BIGINT)
                 FROM submissions WHERE id = ?1 AND claims = ?2 AND state = 'judging'
                 ON CONFLICT (submission_id) DO UPDATE SET claim = excluded.claim,
                     compiled = excluded.compiled, tests_done = excluded.tests_done,
                     tests_total = excluded.tests_total, first_failure = excluded.first_failure,
                     updated_at_ms = excluded.updated_at_ms",
                &[
                    claimed.id.into(),
                    claimed.claim.into(),
                    progress.compiled.into(),
                    i64::try_from(progress.tests_done)
                        .unwrap_or(i64::MAX)
                        .into(),
                    i64::try_from(progress.tests_total)
                        .unwrap_or(i64::MAX)
                        .into(),
                    progress.first_failure.map(|v| v.code()).into(),
                    now_ms().into(),
                ],
            )?;
            if written == 1 {
                tx.notify(Channel::Changes)?;
            }
            Ok(written == 1)
        })
    }

    /// Writes the result of a claimed round and marks the submission done, in one
    /// transaction. Returns false, writing nothing, when the lease is no longer current
    /// (it lapsed, another worker took the submission, or a rejudge came in meanwhile) or
    /// the result was already written.
    pub fn finish(&self, claimed: &Claimed, outcome: &JudgeOutcome) -> Result<bool> {
        let columns = verdict_columns(outcome);
        let judged_at = now_ms();
        self.write(|tx| {
            let sql = format!(
                "SELECT {} FROM submissions
                 WHERE id = ?1 AND coalesce(lease_expires_at_ms, 0) >= {}{}",
                Lease::COLUMNS.select(),
                tx.now_ms_sql(),
                tx.lock_rows_sql()
            );
            // No lease, or one that lapsed.
            let Some(lease) = tx.query_row_as::<Lease>(&sql, &[claimed.id.into()])? else {
                return Ok(false);
            };
            let current = lease.round == claimed.round
                && lease.state == "judging"
                && lease.claims == claimed.claim
                && lease.owner == claimed.owner;
            if !current {
                return Ok(false);
            }
            let mut params: Vec<Value> = vec![claimed.id.into(), claimed.round.into()];
            params.extend(columns.iter().cloned());
            params.push(judged_at.into());
            params.push((&claimed.owner).into());
            params.push((&claimed.problem_sha256).into());
            let inserted = tx.execute(
                "INSERT INTO results (submission_id, round, verdict, passed, total, max_cpu_time_s,
                     max_peak_memory_bytes, result_json, error, first_failure, judged_at_ms,
                     judged_by, problem_sha256)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                 ON CONFLICT (submission_id, round) DO NOTHING",
                &params,
            )?;
            // A first judge error is judged again at once, in a new round; a second one
            // stays, needing a teacher's attention.
            let judged_again = matches!(&columns[0], Value::Text(code) if code == Verdict::JE.code())
                && tx.execute(
                    "UPDATE submissions SET state = 'queued', round = round + 1,
                         je_retries = je_retries + 1, lease_owner = NULL, lease_expires_at_ms = NULL
                     WHERE id = ?1 AND round = ?2 AND je_retries = 0",
                    &[claimed.id.into(), claimed.round.into()],
                )? == 1;
            if judged_again {
                tx.notify(Channel::Queue)?;
            } else {
                tx.execute(
                    "UPDATE submissions SET state = 'done', lease_owner = NULL,
                         lease_expires_at_ms = NULL
                     WHERE id = ?1 AND round = ?2",
                    &[claimed.id.into(), claimed.round.into()],
                )?;
            }
            tx.execute(
                "DELETE FROM progress WHERE submission_id = ?1",
                &[claimed.id.into()],
            )?;
            tx.notify(Channel::Changes)?;
            Ok(inserted == 1)
        })
    }

    /// Hands a claimed submission back to the queue (the worker is stopping); false if
    /// the lease was no longer current.
    pub fn release(&self, claimed: &Claimed) -> Result<bool> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE submissions SET state = 'queued', lease_owner = NULL,
                     lease_expires_at_ms = NULL
                 WHERE id = ?1 AND round = ?2 AND claims = ?3 AND state = 'judging'",
                &[
                    claimed.id.into(),
                    claimed.round.into(),
                    claimed.claim.into(),
                ],
            )?;
            tx.execute(
                "DELETE FROM progress WHERE submission_id = ?1",
                &[claimed.id.into()],
            )?;
            tx.notify(Channel::Queue)?;
            Ok(changed == 1)
        })
    }

    /// Puts back in the queue every submission whose lease `owner` holds: run when a
    /// worker of that name starts, since it cannot be judging anything yet (a previous
    /// run was killed), so its submissions need not wait for their leases to lapse.
    pub fn release_owner(&self, owner: &str) -> Result<usize> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE submissions SET state = 'queued', lease_owner = NULL,
                     lease_expires_at_ms = NULL
                 WHERE state = 'judging' AND lease_owner = ?1",
                &[owner.into()],
            )?;
            forget_stale_progress(tx)?;
            if changed > 0 {
                tx.notify(Channel::Queue)?;
            }
            Ok(usize::try_from(changed).unwrap_or(usize::MAX))
        })
    }

    /// The owner and claim number of a submission's lease while it is being judged.
    pub fn lease_holder(&self, id: i64) -> Result<Option<(String, i64)>> {
        let row = self.read(|tx| {
            tx.query_row(
                "SELECT coalesce(lease_owner, '') AS lease_owner, claims FROM submissions
                 WHERE id = ?1 AND state = 'judging'",
                &[id.into()],
            )
        })?;
        row.map(|row| Ok((row.get("lease_owner")?, row.get("claims")?)))
            .transpose()
    }

    /// Records what a worker says about itself.
    pub fn report_worker(&self, report: &WorkerReport) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO workers (name, host, jobs, started_at_ms, seen_at_ms, stopped, note,
                     languages)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (name) DO UPDATE SET host = excluded.host, jobs = excluded.jobs,
                     started_at_ms = excluded.started_at_ms, seen_at_ms = excluded.seen_at_ms,
                     stopped = excluded.stopped, note = excluded.note,
                     languages = excluded.languages",
                &[
                    (&report.name).into(),
                    (&report.host).into(),
                    report.jobs.into(),
                    report.started_at_ms.into(),
                    report.seen_at_ms.into(),
                    report.stopped.into(),
                    (&report.note).into(),
                    languages_column(report.languages.as_deref()),
                ],
            )?;
            Ok(())
        })
    }

    /// Every worker that reported, most recently seen first.
    pub fn workers(&self) -> Result<Vec<WorkerReport>> {
        let sql = format!(
            "SELECT {} FROM workers ORDER BY seen_at_ms DESC, name",
            WorkerReport::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[]))
    }

    /// The workers running now ([`WorkerReport::is_live`]), most recently seen first.
    pub fn live_workers(&self) -> Result<Vec<WorkerReport>> {
        let now = now_ms();
        Ok(self
            .workers()?
            .into_iter()
            .filter(|w| w.is_live(now))
            .collect())
    }

    /// The languages the live workers ([`WorkerReport::is_live`]) run, all of theirs in
    /// id order; `None` when no worker is live, or when a live one did not say (it claims
    /// any language).
    pub fn live_languages(&self) -> Result<Option<Vec<String>>> {
        let mut union = std::collections::BTreeSet::new();
        let mut any_live = false;
        for worker in self.live_workers()? {
            any_live = true;
            match worker.languages {
                Some(languages) => union.extend(languages),
                None => return Ok(None),
            }
        }
        Ok(any_live.then(|| union.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submissions::{Inserted, NewSubmission, SubmissionState};
    use crate::testing::for_each_store;
    use crate::Role;

    const LEASE_MS: i64 = 60_000;

    fn problems() -> Vec<ProblemVersion> {
        ["a", "b"]
            .iter()
            .map(|id| ProblemVersion {
                id: id.to_string(),
                content_sha256: format!("sha-{id}"),
            })
            .collect()
    }

    fn prepare(store: &Store) -> i64 {
        store.publish_problems(&problems()).unwrap();
        store.add_user("ann", "h", Role::Student).unwrap()
    }

    fn submit(store: &Store, user: i64, problem: &str) -> i64 {
        submit_in(store, user, problem, "python3")
    }

    fn submit_in(store: &Store, user: i64, problem: &str, language: &str) -> i64 {
        let new = NewSubmission {
            user_id: user,
            problem: problem.into(),
            language: language.into(),
            source: "print(1)".into(),
            idempotency_key: None,
        };
        match store.insert_submission(&new, None).unwrap() {
            Inserted::Queued(id) => id,
            other => panic!("{other:?}"),
        }
    }

    fn claim(store: &Store, owner: &str) -> Option<Claimed> {
        let problems = problems();
        store
            .claim(&ClaimRequest {
                owner,
                lease_ms: LEASE_MS,
                problems: &problems,
                languages: None,
            })
            .unwrap()
    }

    /// A final outcome (a wrong answer: a judge error is judged again once).
    fn failed() -> JudgeOutcome {
        judged(Verdict::WA)
    }

    /// A judged result with this verdict.
    fn judged(verdict: Verdict) -> JudgeOutcome {
        let mut result: judge_model::SubmissionResult = serde_json::from_value(serde_json::json!({
            "schema_version": 2, "problem": "a", "language": "c", "source": "s",
            "compile": { "success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false },
            "tests": [], "verdict": "AC", "first_failure": "secret/1", "passed": 0, "total": 0,
            "fraction_passed": 0.0, "max_cpu_time_s": 0.0, "max_peak_memory_bytes": 0,
            "sandbox": { "enforcement": "rlimit-only", "isolated": false, "degraded": [] }
        }))
        .unwrap();
        result.verdict = verdict;
        JudgeOutcome::Judged(Box::new(result))
    }

    #[test]
    fn a_judge_error_is_judged_again_once_then_waits_for_a_teacher() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let first = claim(&store, "w1").unwrap();
            assert!(store.finish(&first, &judged(Verdict::JE)).unwrap());
            let summary = store.submission_summary(id).unwrap().unwrap();
            assert_eq!((summary.state, summary.round), (SubmissionState::Queued, 2));
            assert!(!summary.needs_attention());
            let second = claim(&store, "w2").unwrap();
            assert_eq!(second.round, 2);
            assert!(store
                .finish(&second, &JudgeOutcome::Failed("no sandbox".into()))
                .unwrap());
            let summary = store.submission_summary(id).unwrap().unwrap();
            assert_eq!(summary.state, SubmissionState::Done);
            assert!(summary.needs_attention());
            assert_eq!(summary.result.unwrap().error.as_deref(), Some("no sandbox"));
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
            let third = claim(&store, "w1").unwrap();
            assert!(store.finish(&third, &judged(Verdict::JE)).unwrap());
            assert_eq!(
                store.submission_summary(id).unwrap().unwrap().state,
                SubmissionState::Queued
            );
            // A verdict other than JE is final at once.
            let other = submit(&store, user, "b");
            let fourth = claim(&store, "w1").unwrap();
            assert_eq!(fourth.id, other, "new submissions before rejudges");
            assert!(store.finish(&fourth, &judged(Verdict::WA)).unwrap());
            assert_eq!(
                store.submission_summary(other).unwrap().unwrap().state,
                SubmissionState::Done
            );
            assert!(!store.accept_judge_error(other).unwrap());
        });
    }

    /// Makes every lease lapse (as if the time had passed).
    fn lapse(store: &Store) {
        store
            .write(|tx| {
                tx.execute(
                    "UPDATE submissions SET lease_expires_at_ms = 1 WHERE state = 'judging'",
                    &[],
                )
            })
            .unwrap();
    }

    fn result_rows(store: &Store, id: i64) -> i64 {
        store
            .read(|tx| {
                tx.query_row(
                    "SELECT count(*) AS results FROM results WHERE submission_id = ?1",
                    &[id.into()],
                )
            })
            .unwrap()
            .unwrap()
            .get("results")
            .unwrap()
    }

    #[test]
    fn a_claimed_round_is_written_once() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let claimed = claim(&store, "w1").unwrap();
            assert_eq!((claimed.id, claimed.round, claimed.claim), (id, 1, 1));
            assert_eq!(claimed.problem_sha256, "sha-a");
            assert_eq!(claim(&store, "w2"), None, "nothing else is queued");
            assert!(store.finish(&claimed, &failed()).unwrap());
            assert!(
                !store.finish(&claimed, &failed()).unwrap(),
                "a second write is dropped"
            );
            let summary = store.submission_summary(id).unwrap().unwrap();
            assert_eq!(summary.state, SubmissionState::Done);
            let result = summary.result.unwrap();
            assert_eq!(
                (result.verdict, result.first_failure.as_deref()),
                (Verdict::WA, Some("secret/1"))
            );
            assert_eq!(store.result_history(id).unwrap().len(), 1);
            let judged_by = store
                .read(|tx| {
                    tx.query_row(
                        "SELECT judged_by, problem_sha256 FROM results WHERE submission_id = ?1",
                        &[id.into()],
                    )
                })
                .unwrap()
                .unwrap();
            assert_eq!(
                (
                    judged_by.get::<String>("judged_by").unwrap(),
                    judged_by.get::<String>("problem_sha256").unwrap()
                ),
                ("w1".into(), "sha-a".into())
            );
        });
    }

    #[test]
    fn a_lapsed_lease_is_taken_by_another_worker_and_the_late_result_is_discarded() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let first = claim(&store, "w1").unwrap();
            assert_eq!(store.heartbeat("w1", LEASE_MS).unwrap(), vec![id]);
            assert_eq!(claim(&store, "w2"), None, "a live lease is not taken");
            // w1 stops renewing (killed, or cut off from the store).
            lapse(&store);
            assert_eq!(
                store.heartbeat("w1", LEASE_MS).unwrap(),
                Vec::<i64>::new(),
                "lost"
            );
            assert!(
                !store.finish(&first, &failed()).unwrap(),
                "a result under a lapsed lease is discarded even before anyone takes over"
            );
            let second = claim(&store, "w2").unwrap();
            assert_eq!((second.id, second.round, second.claim), (id, 1, 2));
            assert!(
                !store.finish(&first, &failed()).unwrap(),
                "w1's late result"
            );
            assert!(!store.release(&first).unwrap(), "nor can w1 hand it back");
            assert!(store.finish(&second, &failed()).unwrap());
            let summary = store.submission_summary(id).unwrap().unwrap();
            assert_eq!((summary.state, summary.claims), (SubmissionState::Done, 2));
            assert_eq!(result_rows(&store, id), 1);
        });
    }

    #[test]
    fn a_restarted_worker_takes_back_its_own_leases_and_a_stopping_one_hands_back() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let other = submit(&store, user, "b");
            let first = claim(&store, "w1").unwrap();
            let by_w2 = claim(&store, "w2").unwrap();
            assert_eq!(by_w2.id, other);
            // w1 was killed and starts again under the same name.
            assert_eq!(store.release_owner("w1").unwrap(), 1);
            let again = claim(&store, "w1").unwrap();
            assert_eq!((again.id, again.claim), (id, 2));
            assert!(!store.finish(&first, &failed()).unwrap());
            assert!(store.release(&again).unwrap(), "stopping: handed back");
            assert_eq!(
                store.submission_summary(id).unwrap().unwrap().state,
                SubmissionState::Queued
            );
            assert_eq!(store.heartbeat("w2", LEASE_MS).unwrap(), vec![other]);
        });
    }

    #[test]
    fn workers_claim_only_problems_whose_copy_matches_the_servers() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let stale = [ProblemVersion {
                id: "a".into(),
                content_sha256: "sha-old".into(),
            }];
            let request = ClaimRequest {
                owner: "w9",
                lease_ms: LEASE_MS,
                problems: &stale,
                languages: None,
            };
            assert_eq!(store.claim(&request).unwrap(), None);
            assert_eq!(
                store
                    .claim(&ClaimRequest {
                        problems: &[],
                        ..request
                    })
                    .unwrap(),
                None
            );
            assert_eq!(claim(&store, "w1").unwrap().id, id);
            assert_eq!(store.published_problems().unwrap(), problems());
        });
    }

    #[test]
    fn workers_claim_only_submissions_in_the_languages_they_run() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let python = submit_in(&store, user, "a", "python3");
            let c = submit_in(&store, user, "a", "c");
            let cpp = submit_in(&store, user, "b", "cpp");
            let problems = problems();
            let claim_in = |owner: &str, languages: Option<&[String]>| {
                store
                    .claim(&ClaimRequest {
                        owner,
                        lease_ms: LEASE_MS,
                        problems: &problems,
                        languages,
                    })
                    .unwrap()
            };
            let c_only = ["c".to_string()];
            let taken = claim_in("c-box", Some(&c_only)).unwrap();
            assert_eq!(
                (taken.id, taken.language.as_str()),
                (c, "c"),
                "the older python3 one is passed over"
            );
            assert_eq!(claim_in("c-box", Some(&c_only)), None, "no other c");
            assert_eq!(claim_in("nothing", Some(&[])), None, "runs nothing");
            let cpp_and_java = ["java".to_string(), "cpp".to_string()];
            assert_eq!(claim_in("cpp-box", Some(&cpp_and_java)).unwrap().id, cpp);
            // A worker that does not say (from before) takes any language.
            assert_eq!(claim_in("old", None).unwrap().id, python);
        });
    }

    #[test]
    fn the_live_workers_languages_are_what_they_reported() {
        for_each_store(|store, _| {
            assert_eq!(store.live_languages().unwrap(), None, "no worker");
            let now = now_ms();
            let report = |name: &str, languages: Option<&[&str]>| WorkerReport {
                name: name.into(),
                host: "lab".into(),
                jobs: 1,
                started_at_ms: now - 1_000,
                seen_at_ms: now,
                stopped: false,
                note: String::new(),
                languages: languages.map(|l| l.iter().map(|id| id.to_string()).collect()),
            };
            let c_box = report("c-box", Some(&["c", "cpp"]));
            store.report_worker(&c_box).unwrap();
            store
                .report_worker(&report("py-box", Some(&["python3", "c"])))
                .unwrap();
            assert_eq!(
                store.live_languages().unwrap(),
                Some(vec!["c".into(), "cpp".into(), "python3".into()]),
                "the union, in id order"
            );
            assert_eq!(
                store.workers().unwrap().iter().find(|w| w.name == "c-box"),
                Some(&c_box),
                "stored and read back"
            );
            // A stopped worker and one not seen for a minute run nothing now.
            store
                .report_worker(&WorkerReport {
                    stopped: true,
                    ..report("py-box", Some(&["python3"]))
                })
                .unwrap();
            store
                .report_worker(&WorkerReport {
                    seen_at_ms: now - LIVE_WORKER_MS - 1,
                    ..report("java-box", Some(&["java"]))
                })
                .unwrap();
            assert_eq!(
                store.live_languages().unwrap(),
                Some(vec!["c".into(), "cpp".into()])
            );
            // A live worker that did not say runs anything: nothing is known.
            store.report_worker(&report("old", None)).unwrap();
            assert_eq!(store.live_languages().unwrap(), None);
            store
                .report_worker(&WorkerReport {
                    stopped: true,
                    ..report("old", None)
                })
                .unwrap();
            assert!(store.live_languages().unwrap().is_some());
            // A stored value that is no list is an error naming the worker, not a panic.
            store
                .write(|tx| {
                    tx.execute(
                        "UPDATE workers SET languages = 'c,cpp' WHERE name = 'c-box'",
                        &[],
                    )
                })
                .unwrap();
            let error = store.live_languages().unwrap_err().to_string();
            assert!(
                error.contains("worker c-box: its stored languages \"c,cpp\""),
                "{error}"
            );
        });
    }

    #[test]
    fn a_rejudge_drops_the_running_round_and_starts_a_new_one() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let later = submit(&store, user, "b");
            let claimed = claim(&store, "w1").unwrap();
            assert!(store.rejudge_submission(id).unwrap());
            assert!(!store.finish(&claimed, &failed()).unwrap());
            // New submissions go before rejudges.
            assert_eq!(claim(&store, "w1").unwrap().id, later);
            let again = claim(&store, "w1").unwrap();
            assert_eq!((again.id, again.round), (id, 2));
            assert!(store.finish(&again, &failed()).unwrap());
            assert_eq!(store.rejudge_problem("a").unwrap(), 1);
            assert_eq!(store.submission_summary(id).unwrap().unwrap().round, 3);
            assert!(!store.rejudge_submission(999).unwrap());
        });
    }

    /// A server's live-status streams hear of a worker's progress and result stored by
    /// another process's store (PostgreSQL); on SQLite one process writes them all.
    #[test]
    fn another_processs_progress_and_result_wake_the_servers_streams() {
        let Some((server, database)) = crate::testing::postgres_store() else {
            return;
        };
        let url: crate::DatabaseUrl = database.url.parse().unwrap();
        let worker = Store::connect(&url).unwrap();
        let user = prepare(&server);
        submit(&server, user, "a");
        let mut changes = server.changes();
        let claimed = claim(&worker, "w1").unwrap();
        let woken = |changes: &mut tokio::sync::watch::Receiver<u64>| {
            // The listening connection may come up after the write: it wakes once then too.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
            while std::time::Instant::now() < deadline {
                if changes.has_changed().unwrap() {
                    changes.borrow_and_update();
                    return true;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            false
        };
        assert!(woken(&mut changes), "the listening connection came up");
        let progress = Progress {
            compiled: true,
            tests_done: 1,
            tests_total: 2,
            first_failure: None,
        };
        assert!(worker.set_progress(&claimed, &progress).unwrap());
        assert!(woken(&mut changes), "the worker's progress woke the server");
        assert!(worker.finish(&claimed, &failed()).unwrap());
        assert!(woken(&mut changes), "the worker's result woke the server");
    }

    #[test]
    fn progress_is_seen_with_the_summary_while_the_claim_is_current() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let id = submit(&store, user, "a");
            let claimed = claim(&store, "w1").unwrap();
            let progress = Progress {
                compiled: true,
                tests_done: 3,
                tests_total: 25,
                first_failure: Some(Verdict::WA),
            };
            assert!(store.set_progress(&claimed, &progress).unwrap());
            let summary = store.submission_summary(id).unwrap().unwrap();
            assert_eq!(summary.progress, Some(progress));
            assert_eq!(
                store.submissions(&Default::default()).unwrap()[0].progress,
                Some(progress)
            );
            lapse(&store);
            let second = claim(&store, "w2").unwrap();
            assert_eq!(
                store.submission_summary(id).unwrap().unwrap().progress,
                None,
                "the old claim's progress is not the new one's"
            );
            assert!(!store.set_progress(&claimed, &progress).unwrap());
            assert!(store.finish(&second, &failed()).unwrap());
            assert_eq!(
                store.submission_summary(id).unwrap().unwrap().progress,
                None
            );
        });
    }

    #[test]
    fn concurrent_workers_never_take_the_same_submission() {
        for_each_store(|store, _| {
            let user = prepare(&store);
            let ids: Vec<i64> = (0..40).map(|_| submit(&store, user, "a")).collect();
            let taken = std::sync::Mutex::new(Vec::new());
            std::thread::scope(|scope| {
                for worker in 0..4 {
                    let (store, taken) = (&store, &taken);
                    scope.spawn(move || {
                        let name = format!("w{worker}");
                        while let Some(claimed) = claim(store, &name) {
                            assert!(store.finish(&claimed, &failed()).unwrap());
                            taken.lock().unwrap().push(claimed.id);
                        }
                    });
                }
            });
            let mut taken = taken.into_inner().unwrap();
            taken.sort();
            assert_eq!(taken, ids, "each exactly once");
            for id in ids {
                assert_eq!(result_rows(&store, id), 1);
            }
        });
    }

    #[test]
    fn workers_report_themselves() {
        for_each_store(|store, _| {
            let report = WorkerReport {
                name: "lab-3/worker".into(),
                host: "lab-3".into(),
                jobs: 2,
                started_at_ms: 1,
                seen_at_ms: 2,
                stopped: false,
                note: String::new(),
                languages: Some(vec!["c".into(), "python3".into()]),
            };
            store.report_worker(&report).unwrap();
            let later = WorkerReport {
                seen_at_ms: 5,
                note: "refuses add".into(),
                ..report.clone()
            };
            store.report_worker(&later).unwrap();
            assert_eq!(store.workers().unwrap(), vec![later]);
        });
    }

    #[test]
    fn a_samples_stderr_is_stored_and_a_result_without_one_loads() {
        for_each_store(|store, reopen| {
            let user = prepare(&store);
            let test = |name: &str, stderr: Option<&str>| {
                serde_json::json!({
                    "name": name, "sample": name.starts_with("sample/"), "verdict": "WA",
                    "time_limit": null, "cpu_time_s": 0.0, "wall_time_s": 0.0,
                    "peak_memory_bytes": 0, "exit_code": 0, "signal": null,
                    "message": "", "diff": null, "stderr": stderr
                })
            };
            let JudgeOutcome::Judged(mut result) = judged(Verdict::WA) else {
                unreachable!("judged() judges")
            };
            result.tests = serde_json::from_value(serde_json::json!([
                test("sample/1", Some("debug: 1 2\n")),
                test("secret/1", None)
            ]))
            .unwrap();
            let id = submit(&store, user, "a");
            let claimed = claim(&store, "w1").unwrap();
            assert!(store
                .finish(&claimed, &JudgeOutcome::Judged(result))
                .unwrap());
            let stored = reopen().submission(id).unwrap().unwrap().result.unwrap();
            assert_eq!(stored.tests[0].stderr.as_deref(), Some("debug: 1 2\n"));
            assert_eq!(stored.tests[1].stderr, None);
            // A result stored before tests had a stderr (no such key) still loads.
            let old = submit(&store, user, "a");
            let claimed = claim(&store, "w1").unwrap();
            let mut before = serde_json::to_value(&stored).unwrap();
            for test in before["tests"].as_array_mut().unwrap() {
                test.as_object_mut().unwrap().remove("stderr");
            }
            assert!(!before.to_string().contains("stderr"));
            let before: judge_model::SubmissionResult = serde_json::from_value(before).unwrap();
            assert!(store
                .finish(&claimed, &JudgeOutcome::Judged(Box::new(before)))
                .unwrap());
            let loaded = reopen().submission(old).unwrap().unwrap().result;
            assert!(
                loaded.is_some_and(|r| r.tests.iter().all(|t| t.stderr.is_none())),
                "an old result loads"
            );
        });
    }
}
