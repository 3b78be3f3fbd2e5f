//! `GET /metrics`: the server's figures in Prometheus' text exposition format (version
//! 0.0.4): the queue, results by verdict, how long submissions wait for their first
//! result, the workers' heartbeats, this process's store errors. Read from the store, so
//! they cover `judge worker`s on other machines too, and survive a restart.

use judge_course::Result;
use judge_store::Store;
use std::fmt::Write;

/// The wait histogram's bucket bounds, in seconds.
const WAIT_BOUNDS_SECONDS: &[f64] = &[0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 900.0];

/// The content type of the text format.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Metric families written one after the other.
#[derive(Debug, Default)]
struct Exposition {
    text: String,
}

impl Exposition {
    /// Starts a family: its help line and type (`gauge`, `counter`, `histogram`).
    fn family(&mut self, name: &str, kind: &str, help: &str) {
        // Writing to a String cannot fail.
        let _ = writeln!(self.text, "# HELP {name} {help}");
        let _ = writeln!(self.text, "# TYPE {name} {kind}");
    }

    /// One sample: `name{label="value",...} value`.
    fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: f64) {
        self.text.push_str(name);
        if !labels.is_empty() {
            let labels: Vec<String> = labels
                .iter()
                .map(|(label, value)| format!("{label}=\"{}\"", escape_label(value)))
                .collect();
            let _ = write!(self.text, "{{{}}}", labels.join(","));
        }
        let _ = writeln!(self.text, " {value}");
    }
}

/// A label's value as the format writes it: `\`, `"` and line feeds escaped.
fn escape_label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Every figure, as the text `GET /metrics` answers; `local_workers` is how many judging
/// threads this process runs.
pub fn render(store: &Store, local_workers: usize) -> Result<String> {
    let mut out = Exposition::default();
    let (queued, judging) = store.queue_counts()?;
    out.family(
        "judge_queue_submissions",
        "gauge",
        "Submissions waiting to be judged (queued) and being judged (judging).",
    );
    out.sample(
        "judge_queue_submissions",
        &[("state", "queued")],
        queued as f64,
    );
    out.sample(
        "judge_queue_submissions",
        &[("state", "judging")],
        judging as f64,
    );

    out.family(
        "judge_results_total",
        "counter",
        "Results stored, by verdict (every judging round, rejudges included).",
    );
    for (verdict, results) in store.results_by_verdict()? {
        out.sample(
            "judge_results_total",
            &[("verdict", &verdict)],
            results as f64,
        );
    }

    let waits = store.first_result_waits(WAIT_BOUNDS_SECONDS)?;
    let name = "judge_submission_wait_seconds";
    out.family(
        name,
        "histogram",
        "Time from a submission to its first result (waiting in the queue and judging).",
    );
    for (bound, count) in &waits.buckets {
        out.sample(
            &format!("{name}_bucket"),
            &[("le", &bound.to_string())],
            *count as f64,
        );
    }
    out.sample(
        &format!("{name}_bucket"),
        &[("le", "+Inf")],
        waits.count as f64,
    );
    out.sample(&format!("{name}_sum"), &[], waits.sum_seconds);
    out.sample(&format!("{name}_count"), &[], waits.count as f64);

    let workers = store.workers()?;
    out.family(
        "judge_worker_last_seen_timestamp_seconds",
        "gauge",
        "When each judging worker (judge serve's own, judge worker elsewhere) last reported, in Unix seconds.",
    );
    for worker in &workers {
        out.sample(
            "judge_worker_last_seen_timestamp_seconds",
            &[("worker", &worker.name), ("host", &worker.host)],
            worker.seen_at_ms as f64 / 1000.0,
        );
    }
    out.family(
        "judge_worker_jobs",
        "gauge",
        "Submissions each worker judges at once (0 once it stopped).",
    );
    for worker in &workers {
        let jobs = if worker.stopped { 0 } else { worker.jobs };
        out.sample(
            "judge_worker_jobs",
            &[("worker", &worker.name), ("host", &worker.host)],
            jobs as f64,
        );
    }
    out.family(
        "judge_server_workers",
        "gauge",
        "Judging threads in this judge serve process (--workers).",
    );
    out.sample("judge_server_workers", &[], local_workers as f64);

    out.family(
        "judge_store_errors_total",
        "counter",
        "Transactions of this process that failed in the database since it started.",
    );
    out.sample("judge_store_errors_total", &[], store.errors() as f64);
    Ok(out.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_written_in_the_text_format_with_labels_escaped() {
        let mut out = Exposition::default();
        out.family("judge_x", "gauge", "An example.");
        out.sample("judge_x", &[("worker", "lab \"3\"\\\n")], 2.0);
        out.sample("judge_x", &[], 0.25);
        assert_eq!(
            out.text,
            "# HELP judge_x An example.\n# TYPE judge_x gauge\njudge_x{worker=\"lab \\\"3\\\"\\\\\\n\"} 2\njudge_x 0.25\n"
        );
    }
}
