//! The server's settings (from `judge serve`'s command line).

use judge_course::BadSetting;
use judge_store::{DatabaseUrl, DATABASE_FILE};
use std::path::PathBuf;
use std::time::Duration;

/// The default address.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
/// The default data folder.
pub const DEFAULT_DATA_DIR: &str = "judge-data";
/// A worker's lease's default length (renewed every third of it).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(30);
/// The default largest source, in bytes (64 KiB, as on most judges).
pub const DEFAULT_MAX_SOURCE_BYTES: usize = 64 * 1024;

/// The default largest package a teacher may upload, in bytes (32 MiB).
pub const DEFAULT_MAX_PACKAGE_BYTES: usize = 32 << 20;

/// Connections one address may hold by default: a classroom behind one NAT address
/// (40 browsers, a few connections each) fits; raise it for more.
pub const DEFAULT_CONNECTIONS_PER_ADDRESS: usize = 256;

/// Questions a student may ask per minute by default.
pub const DEFAULT_QUESTIONS_PER_MINUTE: usize = 3;
/// Self-tests run at once by default.
pub const DEFAULT_SELF_TEST_JOBS: usize = 1;
/// Self-tests a student may run per minute by default.
pub const DEFAULT_SELF_TESTS_PER_MINUTE: usize = 6;
/// The largest self-test input by default, in KiB.
pub const DEFAULT_MAX_SELF_TEST_INPUT_KIB: usize = 64;
/// How long a self-test waits for a free slot by default, before 503.
pub const DEFAULT_SELF_TEST_PATIENCE: Duration = Duration::from_secs(30);
/// The most self-tests a server runs at once (each compiles and runs in a sandbox of its
/// own, beside the judging workers).
pub const MAX_SELF_TEST_JOBS: usize = 64;
/// The largest self-test input a server takes, in KiB (a form is held in memory whole).
pub const MAX_SELF_TEST_INPUT_KIB: usize = 16 * 1024;

/// How the server runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerOptions {
    /// Address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub listen: String,
    /// The data folder (the SQLite file lives there, unless `database` says otherwise).
    pub data_dir: PathBuf,
    /// The store (None: the SQLite file in `data_dir`).
    pub database: Option<DatabaseUrl>,
    /// Judging workers in this process (0: none; `judge worker` processes judge).
    pub workers: usize,
    /// Cores one submission's tests may use at once while the queue is idle (1: one
    /// test at a time always).
    pub test_jobs: usize,
    /// How long a worker's claim lasts without a heartbeat.
    pub lease: Duration,
    /// The largest source accepted, in bytes.
    pub max_source_bytes: usize,
    /// Submissions a student may make per `rate_window` (0: no limit).
    pub submissions_per_window: usize,
    /// The rate limit's window.
    pub rate_window: Duration,
    /// How long a log-in lasts.
    pub session_lifetime: Duration,
    /// Mark cookies `Secure` (when the server is reached over HTTPS through a proxy).
    pub secure_cookies: bool,
    /// How long a client may take to send a request's headers (slowloris).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body.
    pub body_timeout: Duration,
    /// Connections one address may hold open at once (0: no cap).
    pub max_connections_per_address: usize,
    /// When failed log-ins start to cost waiting time.
    pub login_limits: crate::login_limits::LoginLimits,
    /// Questions (clarifications) a student may ask per minute (0: no limit).
    pub questions_per_minute: usize,
    /// Self-tests run at once, beside the judging workers (at least 1).
    pub self_test_jobs: usize,
    /// Self-tests a student may run per minute (0: no limit; one at a time always).
    pub self_tests_per_minute: usize,
    /// How long a self-test waits for a free slot before it is refused (503).
    pub self_test_patience: Duration,
    /// The largest self-test input, in bytes.
    pub max_self_test_input_bytes: usize,
    /// The largest package .zip a teacher may upload, in bytes.
    pub max_package_bytes: usize,
    /// Backups taken while the server runs (`--backup-every`), if any.
    pub backups: Option<BackupSchedule>,
}

/// Backups of the store taken by the server at a fixed interval, into the store's backups
/// folder (`backups/` beside a SQLite file, in the data folder for PostgreSQL), keeping
/// the newest few.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupSchedule {
    /// The time between two backups (the first is one interval after the start).
    pub every: Duration,
    /// How many of these backups to keep (older ones are removed; the backups taken
    /// before a migration are never removed).
    pub keep: usize,
}

/// A time span written as a number and a unit: `90s`, `15m`, `1h`, `2d` (a bare number
/// is seconds), at least a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval(pub Duration);

impl std::str::FromStr for Interval {
    type Err = String;

    fn from_str(text: &str) -> Result<Interval, String> {
        let text = text.trim();
        let split = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let number: u64 = number
            .parse()
            .map_err(|_| format!("{text:?} is not a time span (write 90s, 15m, 1h or 2d)"))?;
        let seconds = match unit {
            "" | "s" => 1,
            "m" | "min" => 60,
            "h" => 3600,
            "d" => 86_400,
            _ => {
                return Err(format!(
                    "{text:?}: unknown unit {unit:?} (write 90s, 15m, 1h or 2d)"
                ))
            }
        };
        match number.checked_mul(seconds) {
            Some(0) => Err(format!("{text:?}: must be at least a second")),
            Some(total) => Ok(Interval(Duration::from_secs(total))),
            None => Err(format!("{text:?} is too long")),
        }
    }
}

impl ServerOptions {
    /// Refuses clarification and self-test limits out of range (the rate limits take any
    /// number: 0 is no limit).
    pub fn check(&self) -> Result<(), BadSetting> {
        if !(1..=MAX_SELF_TEST_JOBS).contains(&self.self_test_jobs) {
            return Err(BadSetting {
                flag: "--self-test-jobs",
                value: self.self_test_jobs,
                rule: format!("must be 1 to {MAX_SELF_TEST_JOBS} (self-tests run at once)"),
            });
        }
        let input_kib = self.max_self_test_input_bytes / 1024;
        if !self.max_self_test_input_bytes.is_multiple_of(1024)
            || !(1..=MAX_SELF_TEST_INPUT_KIB).contains(&input_kib)
        {
            return Err(BadSetting {
                flag: "--max-self-test-input-kib",
                value: input_kib,
                rule: format!(
                    "must be 1 to {MAX_SELF_TEST_INPUT_KIB} (KiB; a self-test's form is held in memory)"
                ),
            });
        }
        Ok(())
    }

    /// The store: `database`, or the SQLite file in the data folder.
    pub fn database_url(&self) -> DatabaseUrl {
        self.database
            .clone()
            .unwrap_or_else(|| DatabaseUrl::sqlite(self.data_dir.join(DATABASE_FILE)))
    }
}

/// One worker per core.
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            listen: DEFAULT_LISTEN.into(),
            data_dir: PathBuf::from(DEFAULT_DATA_DIR),
            database: None,
            workers: default_workers(),
            test_jobs: default_workers(),
            lease: DEFAULT_LEASE,
            max_source_bytes: DEFAULT_MAX_SOURCE_BYTES,
            submissions_per_window: 5,
            rate_window: Duration::from_secs(60),
            session_lifetime: Duration::from_secs(12 * 3600),
            secure_cookies: false,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections_per_address: DEFAULT_CONNECTIONS_PER_ADDRESS,
            login_limits: crate::login_limits::LoginLimits::default(),
            questions_per_minute: DEFAULT_QUESTIONS_PER_MINUTE,
            self_test_jobs: DEFAULT_SELF_TEST_JOBS,
            self_tests_per_minute: DEFAULT_SELF_TESTS_PER_MINUTE,
            self_test_patience: DEFAULT_SELF_TEST_PATIENCE,
            max_self_test_input_bytes: DEFAULT_MAX_SELF_TEST_INPUT_KIB * 1024,
            max_package_bytes: DEFAULT_MAX_PACKAGE_BYTES,
            backups: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_is_a_number_and_a_unit() {
        let parse = |text: &str| text.parse::<Interval>().map(|i| i.0.as_secs());
        assert_eq!(parse("90s"), Ok(90));
        assert_eq!(parse("15m"), Ok(900));
        assert_eq!(parse("1h"), Ok(3600));
        assert_eq!(parse("2d"), Ok(172_800));
        assert_eq!(parse("30"), Ok(30));
        assert!(parse("0s").unwrap_err().contains("at least a second"));
        assert!(parse("1w").unwrap_err().contains("unknown unit"));
        assert!(parse("h").unwrap_err().contains("not a time span"));
        assert!(parse("-1h").is_err());
    }

    #[test]
    fn self_test_limits_out_of_range_are_refused_naming_the_flag() {
        assert_eq!(ServerOptions::default().check(), Ok(()));
        let jobs = ServerOptions {
            self_test_jobs: 0,
            ..ServerOptions::default()
        };
        let error = jobs.check().unwrap_err().to_string();
        assert!(
            error.starts_with("--self-test-jobs 0: must be 1 to 64"),
            "{error}"
        );
        let input = ServerOptions {
            max_self_test_input_bytes: (MAX_SELF_TEST_INPUT_KIB + 1) * 1024,
            ..ServerOptions::default()
        };
        let error = input.check().unwrap_err().to_string();
        assert!(
            error.starts_with("--max-self-test-input-kib 16385: must be 1 to 16384"),
            "{error}"
        );
        let unlimited = ServerOptions {
            questions_per_minute: 0,
            self_tests_per_minute: 0,
            ..ServerOptions::default()
        };
        assert_eq!(unlimited.check(), Ok(()));
    }
}
