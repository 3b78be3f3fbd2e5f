//! Running the real `judge` binary: building it, `judge serve` as a child process, and a
//! plain HTTP/1.1 client over TCP for talking to it.

use super::{multipart_body, Part, MULTIPART_BOUNDARY};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Builds the `judge` binary (same profile and target folder as this test; a no-op when
/// it is up to date, as under `cargo test --workspace`) and returns its path.
pub fn judge_binary() -> PathBuf {
    let mut command = Command::new(env!("CARGO"));
    command.current_dir(super::repository()).args([
        "build",
        "-p",
        "judge",
        "--bin",
        "judge",
        "--message-format=json-render-diagnostics",
    ]);
    if !cfg!(debug_assertions) {
        command.arg("--release");
    }
    // What cargo sets for running this test only. A build script that reads one of these
    // (ring's reads CARGO_MANIFEST_DIR and CARGO_PKG_*) is rerun when it changes, so
    // passing them on made this build and the next `cargo test` each rebuild ring and
    // everything above it (rustls, ureq, judge-worker, judge-server, judge): minutes.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        let for_this_test = [
            "CARGO_MANIFEST_",
            "CARGO_PKG_",
            "CARGO_CRATE_NAME",
            "CARGO_BIN_NAME",
            "CARGO_PRIMARY_PACKAGE",
            "CARGO_TARGET_TMPDIR",
            "OUT_DIR",
        ]
        .iter()
        .any(|prefix| name.starts_with(prefix));
        if for_this_test {
            command.env_remove(name.as_ref());
        }
    }
    let output = command.output().expect("cargo runs");
    assert!(
        output.status.success(),
        "building judge failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "judge")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the judge executable")
}

/// Runs `judge --config CONFIG ARGS...` to completion.
pub fn judge(binary: &Path, config: &Path, args: &[&str]) -> std::process::Output {
    Command::new(binary)
        .arg("--config")
        .arg(config)
        .args(args)
        .output()
        .expect("judge runs")
}

/// A `judge serve` child process.
pub struct ServeProcess {
    pub child: Child,
    pub address: String,
    pub stderr_file: PathBuf,
}

impl ServeProcess {
    /// Starts `judge serve` on a free port and waits until it prints its address.
    pub fn start(
        binary: &Path,
        config: &Path,
        data: &Path,
        workers: usize,
        stderr_file: &Path,
    ) -> ServeProcess {
        let stderr = std::fs::File::create(stderr_file).unwrap();
        let mut child = Command::new(binary)
            .arg("--config")
            .arg(config)
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--workers",
                &workers.to_string(),
                "--data",
            ])
            .arg(data)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("judge serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| {
                panic!(
                    "judge serve did not print its address: {line:?}; stderr: {}",
                    std::fs::read_to_string(stderr_file).unwrap_or_default()
                )
            })
            .to_string();
        ServeProcess {
            child,
            address,
            stderr_file: stderr_file.to_path_buf(),
        }
    }

    /// Starts `judge --config CONFIG serve ARGS...` and waits until it prints its address.
    pub fn start_with(
        binary: &Path,
        config: &Path,
        args: &[&str],
        stderr_file: &Path,
    ) -> ServeProcess {
        let stderr = std::fs::File::create(stderr_file).unwrap();
        let mut child = Command::new(binary)
            .arg("--config")
            .arg(config)
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("judge serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| {
                panic!(
                    "judge serve did not print its address: {line:?}; stderr: {}",
                    std::fs::read_to_string(stderr_file).unwrap_or_default()
                )
            })
            .to_string();
        ServeProcess {
            child,
            address,
            stderr_file: stderr_file.to_path_buf(),
        }
    }

    /// What it wrote to stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr_file).unwrap_or_default()
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `judge worker` child process, its terminal output in a file.
pub struct WorkerProcess {
    pub child: Child,
    pub log: PathBuf,
}

impl WorkerProcess {
    /// Starts `judge --config CONFIG worker ARGS...`.
    pub fn start(binary: &Path, config: &Path, args: &[&str], log: &Path) -> WorkerProcess {
        let out = std::fs::File::create(log).unwrap();
        let child = Command::new(binary)
            .arg("--config")
            .arg(config)
            .arg("worker")
            .args(args)
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .expect("judge worker starts");
        WorkerProcess {
            child,
            log: log.to_path_buf(),
        }
    }

    /// What it printed so far.
    pub fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends SIGTERM and waits for it to exit; returns whether it exited with 0.
    pub fn terminate(&mut self) -> bool {
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        self.child.wait().map(|s| s.success()).unwrap_or(false)
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct HttpReply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpReply {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn decode_chunked(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = body.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(std::str::from_utf8(&body[..end]).unwrap().trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[end + 2..end + 2 + size]);
        body = &body[end + 2 + size + 2..];
    }
}

/// One HTTP/1.1 request on a new connection.
pub fn request(
    address: &str,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> HttpReply {
    try_request(address, method, path, headers, body).unwrap()
}

/// One HTTP/1.1 request on a new connection; an error if the server cannot be reached
/// or closes the connection before answering.
pub fn try_request(
    address: &str,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> std::io::Result<HttpReply> {
    let mut stream = TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Err(std::io::Error::other("no complete answer"));
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"))
    {
        body = decode_chunked(&body);
    }
    Ok(HttpReply {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// A logged-in session against a running server.
pub struct Browser {
    pub address: String,
    pub cookie: String,
}

impl Browser {
    /// Logs in through the form.
    pub fn log_in(address: &str, name: &str, password: &str) -> Browser {
        let form = request(address, "GET", "/login", &[], b"");
        let login_cookie = form
            .header("set-cookie")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        let csrf = csrf(&form.body);
        let body = format!("name={name}&password={password}&csrf={csrf}");
        let reply = request(
            address,
            "POST",
            "/login",
            &[
                ("Content-Type", "application/x-www-form-urlencoded".into()),
                ("Cookie", login_cookie),
            ],
            body.as_bytes(),
        );
        assert_eq!(reply.status, 303, "{}", reply.body);
        let cookie = reply
            .headers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
            .map(|(_, v)| v.split(';').next().unwrap().to_string())
            .find(|c| c.starts_with("judge_session="))
            .unwrap();
        Browser {
            address: address.to_string(),
            cookie,
        }
    }

    /// GET with the session.
    pub fn get(&self, path: &str) -> HttpReply {
        request(
            &self.address,
            "GET",
            path,
            &[("Cookie", self.cookie.clone())],
            b"",
        )
    }

    /// Submits through the multipart form.
    pub fn submit(&self, problem: &str, language: &str, source: &str) -> HttpReply {
        let token = csrf(&self.get("/submit").body);
        self.post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &token),
                Part::Text("problem", problem),
                Part::Text("language", language),
                Part::Text("source", source),
            ],
        )
    }

    /// POSTs a multipart form with the session, as a browser sends it.
    pub fn post_multipart(&self, path: &str, parts: &[Part<'_>]) -> HttpReply {
        request(
            &self.address,
            "POST",
            path,
            &[
                ("Cookie", self.cookie.clone()),
                (
                    "Content-Type",
                    format!("multipart/form-data; boundary={MULTIPART_BOUNDARY}"),
                ),
            ],
            &multipart_body(MULTIPART_BOUNDARY, parts),
        )
    }
}

/// The first CSRF token of a page.
pub fn csrf(page: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let at = page.find(marker).expect("a CSRF field") + marker.len();
    let end = page[at..].find('"').expect("the token's closing quote");
    page[at..at + end].to_string()
}
