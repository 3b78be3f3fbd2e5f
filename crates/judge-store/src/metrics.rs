//! What `GET /metrics` reads from the store: results by verdict and how long submissions
//! waited for their first result (both over every process that judges into the store,
//! `judge worker`s on other machines included).

use super::engine::Access;
use super::Store;
use crate::error::Result;

/// How long submissions waited from being submitted to their first result, counted into
/// cumulative buckets (a Prometheus histogram).
#[derive(Debug, Clone, PartialEq)]
pub struct Waits {
    /// (upper bound in seconds, submissions that waited at most that long), ascending.
    pub buckets: Vec<(f64, i64)>,
    /// Every submission with a first result.
    pub count: i64,
    /// Their waits added up, in seconds.
    pub sum_seconds: f64,
}

impl Store {
    /// How many results each verdict has, over every round (a counter: results are only
    /// ever added).
    pub fn results_by_verdict(&self) -> Result<Vec<(String, i64)>> {
        // Reads every result: on a connection of its own where the engine has one.
        self.transact(Access::Snapshot, |tx| {
            tx.query(
                "SELECT verdict, count(*) AS results FROM results GROUP BY verdict ORDER BY verdict",
                &[],
            )?
            .iter()
            .map(|row| Ok((row.get("verdict")?, row.get("results")?)))
            .collect()
        })
    }

    /// How long each submission waited for its first round's result, in `bounds_seconds`
    /// buckets (ascending).
    pub fn first_result_waits(&self, bounds_seconds: &[f64]) -> Result<Waits> {
        let buckets: Vec<String> = bounds_seconds
            .iter()
            .enumerate()
            .map(|(i, bound)| {
                // Our own numbers, in milliseconds.
                let ms = (bound * 1000.0).round() as i64;
                format!("CAST(coalesce(sum(CASE WHEN wait_ms <= {ms} THEN 1 ELSE 0 END), 0) AS BIGINT) AS le_{i}")
            })
            .collect();
        let sql = format!(
            "SELECT count(*) AS waits, CAST(coalesce(sum(wait_ms), 0) AS BIGINT) AS sum_ms{}{}
             FROM (SELECT r.judged_at_ms - s.submitted_at_ms AS wait_ms
                   FROM results r JOIN submissions s ON s.id = r.submission_id
                   WHERE r.round = 1) AS first_results",
            if buckets.is_empty() { "" } else { ", " },
            buckets.join(", ")
        );
        self.transact(Access::Snapshot, |tx| {
            let row = tx.query_row(&sql, &[])?;
            let Some(row) = row else {
                return Ok(Waits {
                    buckets: bounds_seconds.iter().map(|b| (*b, 0)).collect(),
                    count: 0,
                    sum_seconds: 0.0,
                });
            };
            let buckets = bounds_seconds
                .iter()
                .enumerate()
                .map(|(i, bound)| Ok((*bound, row.get::<i64>(&format!("le_{i}"))?)))
                .collect::<Result<Vec<_>>>()?;
            Ok(Waits {
                buckets,
                count: row.get("waits")?,
                sum_seconds: row.get::<i64>("sum_ms")? as f64 / 1000.0,
            })
        })
    }
}
