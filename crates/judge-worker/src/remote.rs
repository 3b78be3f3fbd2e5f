//! The server's side of the queue over HTTP, for `judge worker --server URL --token
//! TOKEN`: the wire format of the worker endpoints (`/api/v1/worker/...`, served by
//! judge-server's `routes/api_workers.rs`, which decodes these same types) and
//! [`RemoteBackend`], the client that speaks it.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `POST /api/v1/worker/claim` | [`ClaimBody`] | [`ClaimAnswer`] |
//! | `POST /api/v1/worker/heartbeat` | [`HeartbeatBody`] | [`HeartbeatAnswer`] |
//! | `POST /api/v1/worker/progress` | [`ProgressBody`] | [`DoneAnswer`] |
//! | `POST /api/v1/worker/result` | [`ResultBody`] | [`DoneAnswer`] |
//! | `POST /api/v1/worker/release` | [`LeaseBody`] | [`DoneAnswer`] |
//! | `POST /api/v1/worker/release-all` | [`NameBody`] | [`CountAnswer`] |
//! | `POST /api/v1/worker/report` | [`WorkerReport`] | `{}` |
//! | `GET /api/v1/worker/queue` | | [`QueueAnswer`] |
//! | `GET /api/v1/worker/problems/{id}/{sha256}` | | the version's archive ([`crate::problem_hash`]) |
//!
//! A claim and a report carry `languages`, the ids of the languages the worker runs (at
//! most [`MAX_LANGUAGES`], each checked by [`check_language_ids`]): it is given only
//! submissions in them. A worker from before sends none and is given any language. A
//! server from before knows no such field and refuses it (422): upgrade the server first.
//!
//! Every request carries `Authorization: Bearer TOKEN`, a worker token (`judge users
//! worker-token NAME`); the leases' owner is `TOKEN'S NAME/NAME`, so one machine's token
//! touches no other machine's leases. A 401 means the token is unknown or revoked: the
//! worker stops claiming.

use crate::backend::{Backend, BackendError, BackendResult, Claimable};
use judge_model::SubmissionResult;
use judge_store::{Claimed, JudgeOutcome, ProblemVersion, Progress, WorkerReport};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The body of a claim.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimBody {
    /// The worker's name (the lease's owner, after its token's name).
    pub name: String,
    /// How long the lease lasts without a heartbeat.
    pub lease_ms: i64,
    /// Only these versions (a machine's own copies); none: any published one...
    #[serde(default)]
    pub only: Option<Vec<ProblemVersion>>,
    /// ...but these (versions the worker refused).
    #[serde(default)]
    pub except: Vec<ProblemVersion>,
    /// Only submissions in these languages (the ids of those the worker runs); none: any
    /// (a worker from before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub languages: Option<Vec<String>>,
}

/// The most language ids a claim or a report may name.
pub const MAX_LANGUAGES: usize = 256;

/// Checks a worker's language ids as the server takes them: at most [`MAX_LANGUAGES`],
/// each 1 to 64 bytes of ASCII letters, digits, `+`, `#`, `.`, `_` and `-` (an id of
/// judge.toml's language table: `cpp20`, `c#`, `python3`). The error says what is wrong.
pub fn check_language_ids(ids: &[String]) -> Result<(), String> {
    if ids.len() > MAX_LANGUAGES {
        return Err(format!(
            "languages names {} ids; at most {MAX_LANGUAGES}",
            ids.len()
        ));
    }
    let valid = |id: &str| {
        (1..=64).contains(&id.len())
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'#' | b'.' | b'_' | b'-'))
    };
    match ids.iter().find(|id| !valid(id)) {
        Some(id) => Err(format!(
            "languages: {:?} is no language id (1 to 64 letters, digits, '+', '#', '.', '_' or '-')",
            id.chars().take(80).collect::<String>()
        )),
        None => Ok(()),
    }
}

/// A claimed submission, as the server sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireClaim {
    /// The submission.
    pub id: i64,
    /// The round being judged.
    pub round: i64,
    /// The lease's fencing number.
    pub claim: i64,
    /// The problem.
    pub problem: String,
    /// The version it is judged on.
    pub problem_sha256: String,
    /// The language's id.
    pub language: String,
    /// The source.
    pub source: String,
    /// Its contest.
    pub contest: Option<String>,
}

/// The answer to a claim.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimAnswer {
    /// The submission taken, if any was waiting.
    pub claimed: Option<WireClaim>,
}

/// A lease, as the worker names it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireLease {
    /// The submission.
    pub id: i64,
    /// The round.
    pub round: i64,
    /// The fencing number.
    pub claim: i64,
    /// The version it was judged on.
    pub problem_sha256: String,
}

/// A request about one lease (a hand-back).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaseBody {
    /// The worker's name.
    pub name: String,
    /// The lease.
    pub lease: WireLease,
}

/// A progress report.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgressBody {
    /// The worker's name.
    pub name: String,
    /// The lease.
    pub lease: WireLease,
    /// How far judging has come.
    pub progress: Progress,
}

/// What judging produced.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WireOutcome {
    /// A result.
    Judged(Box<SubmissionResult>),
    /// A judge error, with why.
    Failed(String),
}

/// A result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    /// The worker's name.
    pub name: String,
    /// The lease.
    pub lease: WireLease,
    /// The outcome.
    pub outcome: WireOutcome,
}

/// A heartbeat.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeartbeatBody {
    /// The worker's name.
    pub name: String,
    /// How long its leases last from now.
    pub lease_ms: i64,
}

/// The submissions a heartbeat kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeartbeatAnswer {
    /// Their ids.
    pub kept: Vec<i64>,
}

/// A request naming only the worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    /// The worker's name.
    pub name: String,
}

/// Whether a write under a lease was made.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoneAnswer {
    /// False: the lease was no longer current, nothing was written.
    pub done: bool,
}

/// How many.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountAnswer {
    /// The count.
    pub count: usize,
}

/// The queue as a worker sees it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueAnswer {
    /// The server's problem versions.
    pub published: Vec<ProblemVersion>,
    /// Submissions waiting.
    pub queued: usize,
    /// Submissions being judged.
    pub judging: usize,
}

impl From<&Claimed> for WireLease {
    fn from(claimed: &Claimed) -> WireLease {
        WireLease {
            id: claimed.id,
            round: claimed.round,
            claim: claimed.claim,
            problem_sha256: claimed.problem_sha256.clone(),
        }
    }
}

impl WireClaim {
    /// The lease as the store has it, held by `owner`.
    pub fn into_claimed(self, owner: &str) -> Claimed {
        Claimed {
            id: self.id,
            round: self.round,
            claim: self.claim,
            owner: owner.to_string(),
            problem: self.problem,
            problem_sha256: self.problem_sha256,
            language: self.language,
            source: self.source,
            contest: self.contest,
        }
    }

    /// What the server sends of a claimed submission.
    pub fn from_claimed(claimed: Claimed) -> WireClaim {
        WireClaim {
            id: claimed.id,
            round: claimed.round,
            claim: claimed.claim,
            problem: claimed.problem,
            problem_sha256: claimed.problem_sha256,
            language: claimed.language,
            source: claimed.source,
            contest: claimed.contest,
        }
    }
}

impl From<&JudgeOutcome> for WireOutcome {
    fn from(outcome: &JudgeOutcome) -> WireOutcome {
        match outcome {
            JudgeOutcome::Judged(result) => WireOutcome::Judged(result.clone()),
            JudgeOutcome::Failed(why) => WireOutcome::Failed(why.clone()),
        }
    }
}

impl From<WireOutcome> for JudgeOutcome {
    fn from(outcome: WireOutcome) -> JudgeOutcome {
        match outcome {
            WireOutcome::Judged(result) => JudgeOutcome::Judged(result),
            WireOutcome::Failed(why) => JudgeOutcome::Failed(why),
        }
    }
}

/// How long a call (not a fetch) may take before the server counts as unreachable.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);
/// How long fetching one archive may take.
const FETCH_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// The server's worker endpoints, as a [`Backend`].
pub struct RemoteBackend {
    calls: ureq::Agent,
    fetches: ureq::Agent,
    base: String,
    authorization: String,
    max_archive_bytes: u64,
}

impl std::fmt::Debug for RemoteBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteBackend")
            .field("base", &self.base)
            .finish()
    }
}

/// Whether `text` may be one segment of an address as it is (problem ids, hashes).
fn plain_segment(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 128
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        && text != "."
        && text != ".."
}

impl RemoteBackend {
    /// A client of the server at `base_url` (`http://` or `https://`) with a worker
    /// token; archives larger than `max_archive_bytes` are refused.
    pub fn new(
        base_url: &str,
        token: &str,
        max_archive_bytes: u64,
    ) -> Result<RemoteBackend, String> {
        let base = base_url.trim_end_matches('/').to_string();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(format!(
                "--server must be an address starting with http:// or https://, not {base_url:?}"
            ));
        }
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(
                "--token must be a worker token from `judge users worker-token NAME`".into(),
            );
        }
        let agent = |timeout: Duration| -> ureq::Agent {
            ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(timeout))
                .build()
                .into()
        };
        Ok(RemoteBackend {
            calls: agent(CALL_TIMEOUT),
            fetches: agent(FETCH_TIMEOUT),
            base,
            authorization: format!("Bearer {token}"),
            max_archive_bytes,
        })
    }

    /// The error of an answer that is not a success.
    fn failure(url: &str, status: u16, body: &str) -> BackendError {
        let message = serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|json| json["error"].as_str().map(str::to_string))
            .unwrap_or_else(|| body.chars().take(200).collect());
        let said = format!("{url} answered {status}: {message}");
        match status {
            401 | 403 => BackendError::Refused(said),
            408 | 429 | 500..=599 => BackendError::Unreachable(said),
            _ => BackendError::Rejected(said),
        }
    }

    fn transport(url: &str, error: ureq::Error) -> BackendError {
        BackendError::Unreachable(format!("{url}: {error}"))
    }

    /// A JSON call: `body` POSTed (or a GET without one); the answer decoded.
    fn call<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        body: Option<&dyn erased::Json>,
    ) -> BackendResult<T> {
        let url = format!("{}{path}", self.base);
        let answer = match body {
            Some(body) => self
                .calls
                .post(&url)
                .header("Authorization", &self.authorization)
                .header("Content-Type", "application/json")
                .send(body.to_json().as_bytes()),
            None => self
                .calls
                .get(&url)
                .header("Authorization", &self.authorization)
                .call(),
        };
        let mut response = answer.map_err(|e| Self::transport(&url, e))?;
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .with_config()
            .limit(16 << 20)
            .read_to_string()
            .map_err(|e| Self::transport(&url, e))?;
        if !(200..300).contains(&status) {
            return Err(Self::failure(&url, status, &text));
        }
        serde_json::from_str(&text).map_err(|error| {
            BackendError::Unreachable(format!(
                "{url} answered {status} with unexpected JSON: {error}"
            ))
        })
    }
}

/// Bodies as JSON text, behind one object-safe trait.
mod erased {
    /// A body that serializes.
    pub trait Json {
        /// Its JSON text.
        fn to_json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn to_json(&self) -> String {
            // Plain data with string keys: serializing cannot fail.
            serde_json::to_string(self).unwrap_or_default()
        }
    }
}

impl Backend for RemoteBackend {
    fn claim(
        &self,
        owner: &str,
        lease_ms: i64,
        claimable: Claimable<'_>,
        languages: Option<&[String]>,
    ) -> BackendResult<Option<Claimed>> {
        let (only, except) = match claimable {
            Claimable::Only(versions) => (Some(versions.to_vec()), Vec::new()),
            Claimable::AllBut(refused) => (None, refused.to_vec()),
        };
        let body = ClaimBody {
            name: owner.to_string(),
            lease_ms,
            only,
            except,
            languages: languages.map(<[String]>::to_vec),
        };
        let answer: ClaimAnswer = self.call("/api/v1/worker/claim", Some(&body))?;
        Ok(answer.claimed.map(|claim| claim.into_claimed(owner)))
    }

    fn heartbeat(&self, owner: &str, lease_ms: i64) -> BackendResult<Vec<i64>> {
        let body = HeartbeatBody {
            name: owner.to_string(),
            lease_ms,
        };
        let answer: HeartbeatAnswer = self.call("/api/v1/worker/heartbeat", Some(&body))?;
        Ok(answer.kept)
    }

    fn set_progress(&self, claimed: &Claimed, progress: &Progress) -> BackendResult<bool> {
        let body = ProgressBody {
            name: claimed.owner.clone(),
            lease: claimed.into(),
            progress: *progress,
        };
        let answer: DoneAnswer = self.call("/api/v1/worker/progress", Some(&body))?;
        Ok(answer.done)
    }

    fn finish(&self, claimed: &Claimed, outcome: &JudgeOutcome) -> BackendResult<bool> {
        let body = ResultBody {
            name: claimed.owner.clone(),
            lease: claimed.into(),
            outcome: outcome.into(),
        };
        let answer: DoneAnswer = self.call("/api/v1/worker/result", Some(&body))?;
        Ok(answer.done)
    }

    fn release(&self, claimed: &Claimed) -> BackendResult<bool> {
        let body = LeaseBody {
            name: claimed.owner.clone(),
            lease: claimed.into(),
        };
        let answer: DoneAnswer = self.call("/api/v1/worker/release", Some(&body))?;
        Ok(answer.done)
    }

    fn release_owner(&self, owner: &str) -> BackendResult<usize> {
        let body = NameBody {
            name: owner.to_string(),
        };
        let answer: CountAnswer = self.call("/api/v1/worker/release-all", Some(&body))?;
        Ok(answer.count)
    }

    fn published_problems(&self) -> BackendResult<Vec<ProblemVersion>> {
        let answer: QueueAnswer = self.call("/api/v1/worker/queue", None)?;
        Ok(answer.published)
    }

    fn report_worker(&self, report: &WorkerReport) -> BackendResult<()> {
        let _: serde_json::Value = self.call("/api/v1/worker/report", Some(report))?;
        Ok(())
    }

    fn queue_counts(&self) -> BackendResult<(usize, usize)> {
        let answer: QueueAnswer = self.call("/api/v1/worker/queue", None)?;
        Ok((answer.queued, answer.judging))
    }

    fn fetch_problem(&self, version: &ProblemVersion) -> BackendResult<Vec<u8>> {
        if !plain_segment(&version.id) || !plain_segment(&version.content_sha256) {
            return Err(BackendError::Rejected(format!(
                "the server named a problem version {:?}/{:?}, which is no address",
                version.id, version.content_sha256
            )));
        }
        let url = format!(
            "{}/api/v1/worker/problems/{}/{}",
            self.base, version.id, version.content_sha256
        );
        let mut response = self
            .fetches
            .get(&url)
            .header("Authorization", &self.authorization)
            .call()
            .map_err(|e| Self::transport(&url, e))?;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            let text = response
                .body_mut()
                .with_config()
                .limit(1 << 20)
                .read_to_string()
                .unwrap_or_default();
            return Err(Self::failure(&url, status, &text));
        }
        response
            .body_mut()
            .with_config()
            .limit(self.max_archive_bytes)
            .read_to_vec()
            .map_err(|error| match error {
                ureq::Error::BodyExceedsLimit(limit) => BackendError::Rejected(format!(
                    "{url}: the archive is larger than this worker takes ({limit} bytes; --max-problem-mib)"
                )),
                error => Self::transport(&url, error),
            })
    }

    fn watch_queue(&self, _wake: Box<dyn Fn() + Send + Sync>) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_format_round_trips_and_refuses_unknown_fields() {
        let claim = WireClaim {
            id: 7,
            round: 2,
            claim: 3,
            problem: "add".into(),
            problem_sha256: "ab".repeat(32),
            language: "python3".into(),
            source: "print(1)".into(),
            contest: None,
        };
        let text = serde_json::to_string(&ClaimAnswer {
            claimed: Some(claim.clone()),
        })
        .unwrap();
        let back: ClaimAnswer = serde_json::from_str(&text).unwrap();
        assert_eq!(back.claimed, Some(claim.clone()));
        let claimed = claim.into_claimed("w1");
        assert_eq!(claimed.owner, "w1");
        let failed: WireOutcome = serde_json::from_str(r#"{"failed": "no checker"}"#).unwrap();
        assert!(matches!(failed, WireOutcome::Failed(why) if why == "no checker"));
        assert!(serde_json::from_str::<HeartbeatBody>(
            r#"{"name": "w", "lease_ms": 1, "owner": "someone else"}"#
        )
        .is_err());
        assert!(RemoteBackend::new("ftp://x", "t", 1).is_err());
        assert!(RemoteBackend::new("http://x/", "t\n", 1).is_err());
        assert!(!plain_segment("../etc") || !plain_segment(".."));
        assert!(!plain_segment("a/b"));
    }

    /// A claim and a report carry the worker's languages; an old worker's, without them,
    /// still decode (any language); the server checks the ids.
    #[test]
    fn claims_and_reports_carry_the_languages_and_old_ones_without_them_decode() {
        let body = ClaimBody {
            name: "w1".into(),
            lease_ms: 3000,
            only: None,
            except: Vec::new(),
            languages: Some(vec!["c".into(), "cpp20".into()]),
        };
        let text = serde_json::to_string(&body).unwrap();
        assert!(text.contains(r#""languages":["c","cpp20"]"#), "{text}");
        let back: ClaimBody = serde_json::from_str(&text).unwrap();
        assert_eq!(back.languages, body.languages);
        let old: ClaimBody = serde_json::from_str(r#"{"name": "w1", "lease_ms": 3000}"#).unwrap();
        assert_eq!(old.languages, None, "an old worker's claim: any language");

        let report = WorkerReport {
            name: "w1".into(),
            host: "lab".into(),
            jobs: 1,
            started_at_ms: 1,
            seen_at_ms: 2,
            stopped: false,
            note: String::new(),
            languages: Some(vec!["python3".into()]),
        };
        let text = serde_json::to_string(&report).unwrap();
        assert!(text.contains(r#""languages":["python3"]"#), "{text}");
        assert_eq!(serde_json::from_str::<WorkerReport>(&text).unwrap(), report);
        let old: WorkerReport = serde_json::from_str(
            r#"{"name": "w1", "host": "lab", "jobs": 1, "started_at_ms": 1, "seen_at_ms": 2, "stopped": false, "note": ""}"#,
        )
        .unwrap();
        assert_eq!(old.languages, None);

        assert_eq!(
            check_language_ids(&["c#".into(), "cpp20".into(), "pypy3.10".into()]),
            Ok(())
        );
        assert!(check_language_ids(&[String::new()]).is_err());
        assert!(check_language_ids(&["a".repeat(65)]).is_err());
        let error = check_language_ids(&["c; drop".into()]).unwrap_err();
        assert!(error.contains(r#""c; drop" is no language id"#), "{error}");
        let many = vec!["c".to_string(); MAX_LANGUAGES + 1];
        assert!(check_language_ids(&many)
            .unwrap_err()
            .contains("at most 256"));
        assert_eq!(check_language_ids(&many[..MAX_LANGUAGES]), Ok(()));
    }
}
