//! `judge submit`: sends a source file to a running `judge serve` through its JSON API
//! (students and CI submitting from a terminal), and with `--wait` follows it until it is
//! judged and prints the same table as `judge run` (secret tests as the server shows
//! them to the token's user). A lost answer or a server that is restarting is retried
//! with the same idempotency key, so a retry never makes a second submission.

use super::common::{GlobalOptions, EXIT_ERROR, EXIT_JUDGED, EXIT_REJECTED};
use anyhow::{bail, Context};
use judge_contest::report::{table::TableReporter, use_colour};
use judge_model::events::{Event, Listener};
use judge_model::{SubmissionResult, Verdict};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `judge submit`.
#[derive(Debug, clap::Args)]
pub struct SubmitArgs {
    /// The server's address, e.g. http://judge.school:8080.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// An API token from `judge users token NAME` (or JUDGE_TOKEN, which keeps it off
    /// the process list).
    #[arg(
        long,
        value_name = "TOKEN",
        env = "JUDGE_TOKEN",
        hide_env_values = true
    )]
    pub token: String,
    /// The problem's id.
    #[arg(long, value_name = "ID")]
    pub problem: String,
    /// The course's contest to submit in, by id (default: the server's first contest).
    #[arg(long, value_name = "ID")]
    pub contest: Option<String>,
    /// The language's id (default: from the file's extension).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Wait for the verdict and print the result.
    #[arg(long)]
    pub wait: bool,
    /// With --wait: exit with status 3 unless the verdict is AC.
    #[arg(long, requires = "wait")]
    pub fail_on_reject: bool,
    /// With --wait: give up after this long.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub timeout: u64,
    /// The source file.
    pub file: PathBuf,
}

/// How many times a request is tried when the server cannot answer (restarting, its
/// database restarting).
const ATTEMPTS: u32 = 30;

struct Api {
    agent: ureq::Agent,
    base: String,
    authorization: String,
}

impl Api {
    /// Sends a request, retrying while the server is unreachable or answers 502-504;
    /// returns the status and the JSON body.
    fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
        key: Option<&str>,
    ) -> anyhow::Result<(u16, serde_json::Value)> {
        let url = format!("{}{path}", self.base);
        let mut last_error = String::new();
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                std::thread::sleep(Duration::from_millis(500 * u64::from(attempt.min(4))));
            }
            let answer = match (method, body) {
                ("POST", Some(body)) => {
                    let mut request = self
                        .agent
                        .post(&url)
                        .header("Authorization", &self.authorization);
                    if let Some(key) = key {
                        request = request.header("Idempotency-Key", key);
                    }
                    request.send_json(body)
                }
                _ => self
                    .agent
                    .get(&url)
                    .header("Authorization", &self.authorization)
                    .call(),
            };
            match answer {
                Ok(mut response) => {
                    let status = response.status().as_u16();
                    if matches!(status, 502..=504) {
                        last_error = format!("{url} answered {status}");
                        continue;
                    }
                    let json = response
                        .body_mut()
                        .read_json::<serde_json::Value>()
                        .with_context(|| format!("{url} answered {status} without JSON"))?;
                    return Ok((status, json));
                }
                Err(
                    error @ (ureq::Error::Io(_)
                    | ureq::Error::ConnectionFailed
                    | ureq::Error::Timeout(_)
                    | ureq::Error::HostNotFound),
                ) => {
                    last_error = format!("{url}: {error}");
                }
                Err(error) => bail!("{url}: {error}"),
            }
        }
        bail!("the server does not answer ({last_error})")
    }
}

fn error_text(status: u16, json: &serde_json::Value) -> String {
    let message = json["error"].as_str().unwrap_or("no reason given");
    format!("the server refused ({status}): {message}")
}

/// A key for this one submission (the same for every retry of it).
fn idempotency_key(source: &[u8]) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!(
        "judge-submit-{}-{nanos}-{}",
        std::process::id(),
        source.len()
    )
}

/// Runs `judge submit`.
pub fn execute(_cli: &GlobalOptions, args: &SubmitArgs) -> anyhow::Result<u8> {
    let bytes = std::fs::read(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let source = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", args.file.display()))?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let api = Api {
        agent,
        base: args.server.trim_end_matches('/').to_string(),
        authorization: format!("Bearer {}", args.token.trim()),
    };
    let file_name = args
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let body = serde_json::json!({
        "problem": args.problem,
        "contest": args.contest,
        "language": args.lang,
        "file_name": file_name,
        "source": source,
    });
    let key = idempotency_key(source.as_bytes());
    let (status, answer) = api.call("POST", "/api/v1/submissions", Some(&body), Some(&key))?;
    if !(200..300).contains(&status) {
        bail!("{}", error_text(status, &answer));
    }
    let id = answer["id"]
        .as_i64()
        .context("the server's answer has no submission id")?;
    println!(
        "submitted {} as submission {id} ({}/submissions/{id})",
        args.file.display(),
        api.base
    );
    if !args.wait {
        return Ok(EXIT_JUDGED);
    }
    let deadline = Instant::now() + Duration::from_secs(args.timeout);
    let mut shown = String::new();
    let answer = loop {
        let (status, answer) = api.call("GET", &format!("/api/v1/submissions/{id}"), None, None)?;
        if status != 200 {
            bail!("{}", error_text(status, &answer));
        }
        let line = answer["status"].as_str().unwrap_or("").to_string();
        if answer["submission"]["state"] == "done" {
            break answer;
        }
        if line != shown {
            eprintln!("{line}");
            shown = line;
        }
        if Instant::now() >= deadline {
            bail!(
                "submission {id} is not judged after {} s (it is {shown})",
                args.timeout
            );
        }
        std::thread::sleep(Duration::from_millis(700));
    };
    let verdict = answer["submission"]["result"]["verdict"]
        .as_str()
        .unwrap_or("JE")
        .to_string();
    match serde_json::from_value::<SubmissionResult>(answer["result"].clone()) {
        Ok(result) => {
            let mut table = TableReporter::new(std::io::stdout(), use_colour());
            table.on_event(&Event::Compiled(&result.compile));
            for (index, test) in result.tests.iter().enumerate() {
                table.on_event(&Event::TestFinished {
                    index,
                    result: test,
                });
            }
            table.on_event(&Event::Finished(&result));
        }
        Err(_) => {
            let why = answer["submission"]["result"]["error"]
                .as_str()
                .unwrap_or("");
            println!("verdict: {verdict} {why}");
        }
    }
    if verdict == "JE" {
        return Ok(EXIT_ERROR);
    }
    Ok(if args.fail_on_reject && verdict != Verdict::AC.code() {
        EXIT_REJECTED
    } else {
        EXIT_JUDGED
    })
}
