//! PostgreSQL for the judge's tests and benchmarks (never for production code).
//!
//! - [`fresh_database`]: a new, empty database on the server named by
//!   `JUDGE_TEST_POSTGRES` (a `postgres://` URL of a role that may create databases),
//!   dropped when the guard is dropped; each test gets its own, so tests run concurrently.
//! - [`PrivateServer`]: a PostgreSQL server of the test's own (initdb in a temporary
//!   folder, Debian's binaries), which the test may stop, restart or kill without
//!   disturbing anyone else's tests.
//!
//! Without `JUDGE_TEST_POSTGRES` (or the binaries) a test that needs PostgreSQL is
//! skipped with a message, unless `JUDGE_REQUIRE_POSTGRES=1` (set by CI), where it fails.
//! Linux only (it runs the server as the `postgres` user when started as root).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The variable naming the shared test server.
pub const SERVER_VARIABLE: &str = "JUDGE_TEST_POSTGRES";
/// The variable that turns a missing PostgreSQL from a skip into a failure.
pub const REQUIRE_VARIABLE: &str = "JUDGE_REQUIRE_POSTGRES";

/// Whether tests must fail rather than skip without PostgreSQL.
pub fn required() -> bool {
    std::env::var(REQUIRE_VARIABLE).is_ok_and(|v| v == "1")
}

/// Says why PostgreSQL tests cannot run: a panic under [`REQUIRE_VARIABLE`], else a line
/// on stderr (the caller then returns, skipping).
pub fn unavailable(why: &str) {
    if required() {
        panic!("PostgreSQL is required ({REQUIRE_VARIABLE}=1) but {why}");
    }
    eprintln!("skipped: {why} (set {SERVER_VARIABLE}=postgres://... to run it; CI sets {REQUIRE_VARIABLE}=1)");
}

/// A database made for one test; dropped with the guard.
#[derive(Debug)]
pub struct FreshDatabase {
    /// Its URL.
    pub url: String,
    admin_url: String,
    name: String,
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        if let Ok(mut client) = postgres::Client::connect(&self.admin_url, postgres::NoTls) {
            let _ = client.batch_execute(&format!(
                "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
                self.name
            ));
        }
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A unique database name for this process and call.
fn unique_name(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{prefix}_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    )
}

/// `url` with its database replaced by `database`.
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (url, String::new()),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    format!("{base}/{database}{query}")
}

/// Creates a fresh database on the shared test server; None (after [`unavailable`]) when
/// there is none.
pub fn fresh_database() -> Option<FreshDatabase> {
    let Ok(admin_url) = std::env::var(SERVER_VARIABLE) else {
        unavailable(&format!("{SERVER_VARIABLE} is not set"));
        return None;
    };
    Some(create_database(&admin_url))
}

/// Creates a fresh database through `admin_url` (panics if it cannot: the server was
/// named, so it must work).
pub fn create_database(admin_url: &str) -> FreshDatabase {
    let name = unique_name("judge_test");
    let mut client = postgres::Client::connect(admin_url, postgres::NoTls)
        .unwrap_or_else(|e| panic!("cannot connect to the test server {admin_url}: {e}"));
    client
        .batch_execute(&format!("CREATE DATABASE \"{name}\""))
        .unwrap_or_else(|e| panic!("cannot create a test database on {admin_url}: {e}"));
    FreshDatabase {
        url: with_database(admin_url, &name),
        admin_url: admin_url.to_string(),
        name,
    }
}

/// The folder of PostgreSQL's server programs (initdb, pg_ctl, postgres).
pub fn binaries() -> Option<PathBuf> {
    let from_pg_config = Command::new("pg_config")
        .arg("--bindir")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    let mut candidates: Vec<PathBuf> = from_pg_config.into_iter().collect();
    // Debian keeps the server's programs apart from the client's.
    if let Ok(entries) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut versions: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path().join("bin"))
            .collect();
        versions.sort();
        candidates.extend(versions.into_iter().rev());
    }
    candidates
        .into_iter()
        .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
}

/// A PostgreSQL server of one test: its own data folder, port and socket folder.
#[derive(Debug)]
pub struct PrivateServer {
    bin: PathBuf,
    dir: tempfile::TempDir,
    /// The TCP port it listens on (127.0.0.1).
    pub port: u16,
    run_as: Option<(u32, u32)>,
    durable: bool,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_or(55_432, |a| a.port())
}

/// The uid and gid of the `postgres` account (initdb refuses to run as root).
fn postgres_account() -> Option<(u32, u32)> {
    let name = std::ffi::CString::new("postgres").ok()?;
    // SAFETY: getpwnam returns a pointer to static storage or null; read at once.
    let entry = unsafe { libc::getpwnam(name.as_ptr()) };
    if entry.is_null() {
        return None;
    }
    // SAFETY: non-null, points to a valid passwd record.
    let entry = unsafe { &*entry };
    Some((entry.pw_uid, entry.pw_gid))
}

impl PrivateServer {
    /// Initialises and starts a private server without disk flushes (tests); None (after
    /// [`unavailable`]) when the binaries are missing.
    pub fn start() -> Option<PrivateServer> {
        PrivateServer::start_with(false)
    }

    /// Like [`PrivateServer::start`], with PostgreSQL's default durability (each commit
    /// flushed to disk), for benchmarks.
    pub fn start_durable() -> Option<PrivateServer> {
        PrivateServer::start_with(true)
    }

    fn start_with(durable: bool) -> Option<PrivateServer> {
        let Some(bin) = binaries() else {
            unavailable("PostgreSQL's server programs (initdb, pg_ctl) are not installed (Debian: apt-get install postgresql)");
            return None;
        };
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let run_as = if root {
            match postgres_account() {
                Some(ids) => Some(ids),
                None => {
                    unavailable(
                        "running as root, and there is no postgres account to run the server as",
                    );
                    return None;
                }
            }
        } else {
            None
        };
        let dir = tempfile::Builder::new()
            .prefix("judge-pg-")
            .tempdir()
            .expect("a temporary folder");
        if let Some((uid, gid)) = run_as {
            let path = std::ffi::CString::new(dir.path().as_os_str().as_encoded_bytes())
                .expect("a path without NUL");
            // SAFETY: a valid C string path.
            let changed = unsafe { libc::chown(path.as_ptr(), uid, gid) };
            assert_eq!(
                changed,
                0,
                "cannot give {} to postgres",
                dir.path().display()
            );
        }
        let server = PrivateServer {
            bin,
            dir,
            port: free_port(),
            run_as,
            durable,
        };
        let output = server
            .command("initdb")
            .args([
                "--auth=trust",
                "--username=judge",
                "--encoding=UTF8",
                "--no-sync",
                "-D",
            ])
            .arg(server.data_dir())
            .output()
            .expect("initdb runs");
        assert!(
            output.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        server.pg_ctl_start();
        Some(server)
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The server's log file.
    pub fn log_file(&self) -> PathBuf {
        self.dir.path().join("server.log")
    }

    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(self.bin.join(program));
        command.stdin(Stdio::null());
        if let Some((uid, gid)) = self.run_as {
            use std::os::unix::process::CommandExt;
            command.uid(uid).gid(gid);
        }
        command
    }

    fn pg_ctl_start(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c max_connections=200{}",
            self.port,
            self.dir.path().display(),
            if self.durable { "" } else { " -c fsync=off" }
        );
        let output = self
            .command("pg_ctl")
            .args(["start", "-w", "-t", "60", "-D"])
            .arg(self.data_dir())
            .arg("-l")
            .arg(self.log_file())
            .args(["-o", &options])
            .stdout(Stdio::null())
            .output()
            .expect("pg_ctl runs");
        assert!(
            output.status.success(),
            "pg_ctl start failed: {}; log: {}",
            String::from_utf8_lossy(&output.stderr),
            std::fs::read_to_string(self.log_file()).unwrap_or_default()
        );
        self.wait_ready();
    }

    fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while postgres::Client::connect(&self.url("postgres"), postgres::NoTls).is_err() {
            assert!(
                Instant::now() < deadline,
                "the private server does not answer"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The URL of `database` on this server.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://judge@127.0.0.1:{}/{database}", self.port)
    }

    /// Creates a database; returns its URL.
    pub fn create_database(&self, database: &str) -> String {
        let mut client = postgres::Client::connect(&self.url("postgres"), postgres::NoTls)
            .expect("the private server answers");
        client
            .batch_execute(&format!("CREATE DATABASE \"{database}\""))
            .expect("CREATE DATABASE");
        self.url(database)
    }

    /// Stops the server (fast: open connections are cut, as in a crash of the clients'
    /// point of view), waits `down`, and starts it again on the same port.
    pub fn restart(&self, down: Duration) {
        self.stop();
        std::thread::sleep(down);
        self.pg_ctl_start();
    }

    /// Stops the server.
    pub fn stop(&self) {
        let _ = self
            .command("pg_ctl")
            .args(["stop", "-w", "-m", "fast", "-D"])
            .arg(self.data_dir())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }

    /// The data folder's path (for messages).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for PrivateServer {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["stop", "-w", "-m", "immediate", "-D"])
            .arg(self.data_dir())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_names_replace_the_path() {
        assert_eq!(
            with_database("postgres://u:p@h:5432/postgres?sslmode=disable", "x"),
            "postgres://u:p@h:5432/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
    }

    #[test]
    fn a_fresh_database_is_empty_and_goes_away() {
        let Some(database) = fresh_database() else {
            return;
        };
        let mut client = postgres::Client::connect(&database.url, postgres::NoTls).unwrap();
        let tables: i64 = client
            .query_one(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(tables, 0);
        drop(client);
        let admin = database.admin_url.clone();
        let name = database.name.clone();
        drop(database);
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
        let left: i64 = client
            .query_one(
                "SELECT count(*) FROM pg_database WHERE datname = $1",
                &[&name],
            )
            .unwrap()
            .get(0);
        assert_eq!(left, 0);
    }

    #[test]
    fn a_private_server_restarts_on_its_port() {
        let Some(server) = PrivateServer::start() else {
            return;
        };
        let url = server.create_database("one");
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client.batch_execute("CREATE TABLE t (x BIGINT)").unwrap();
        server.restart(Duration::from_millis(100));
        assert!(
            client.batch_execute("SELECT 1").is_err(),
            "the old connection is cut"
        );
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client.batch_execute("INSERT INTO t VALUES (1)").unwrap();
    }
}
