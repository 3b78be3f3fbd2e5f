//! Helpers for the server's tests: a fixture contest (the repository's language table,
//! the fixture problems), an in-process server, and a small HTTP client with a cookie jar
//! that talks to the router directly (tower's `oneshot`).

use argon2::{Algorithm, Argon2, Params, PasswordHasher, Version};
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_server::store::{Role, Store, SubmissionState};
use judge_server::{Server, ServerOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

pub mod netns;
pub mod process;

/// The crate's fixtures.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The repository.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A fixture submission's text.
pub fn submission(name: &str) -> String {
    std::fs::read_to_string(fixtures().join("submissions").join(name)).unwrap()
}

/// Writes a judge.toml in `dir`: the repository's language table, the fixture problems
/// `add`, `ghost` (no files) and `broken` (no checker), languages python3, c and cpp;
/// `edit` changes the contest table.
/// Waits (polling every 100 ms) until `done`, failing the test after `timeout`.
pub fn wait_for(what: &str, timeout: std::time::Duration, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + timeout;
    while !done() {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// A copy of the fixture problems in `dir`, for a test that edits them (their limits).
pub fn copy_problems(dir: &Path) {
    let from = fixtures().join("problems");
    for problem in std::fs::read_dir(&from).unwrap() {
        let problem = problem.unwrap();
        let target = dir.join(problem.file_name());
        std::fs::create_dir_all(&target).unwrap();
        for file in std::fs::read_dir(problem.path()).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), target.join(file.file_name())).unwrap();
        }
    }
}

pub fn write_config(dir: &Path, edit: impl FnOnce(&mut toml::Table)) -> PathBuf {
    write_config_with(dir, edit, |_| {})
}

/// [`write_config`], then `edit_top` changes the whole file's table (`[[contests]]`).
pub fn write_config_with(
    dir: &Path,
    edit: impl FnOnce(&mut toml::Table),
    edit_top: impl FnOnce(&mut toml::Table),
) -> PathBuf {
    let text = std::fs::read_to_string(repository().join("judge.toml")).unwrap();
    let mut table: toml::Table = text.parse().unwrap();
    let contest = table["contest"].as_table_mut().unwrap();
    contest.insert("title".into(), "Test contest".into());
    contest.insert(
        "problems_dir".into(),
        fixtures().join("problems").display().to_string().into(),
    );
    contest.insert(
        "testdata_dir".into(),
        fixtures().join("testdata").display().to_string().into(),
    );
    let problems: Vec<toml::Value> = ["add", "ghost", "broken"]
        .iter()
        .map(|id| {
            let mut problem = toml::Table::new();
            problem.insert("id".into(), (*id).into());
            problem.into()
        })
        .collect();
    contest.insert("problems".into(), problems.into());
    contest.insert(
        "languages".into(),
        toml::Value::Array(vec!["python3".into(), "c".into(), "cpp".into()]),
    );
    edit(contest);
    edit_top(&mut table);
    let file = dir.join("judge.toml");
    std::fs::write(&file, toml::to_string(&table).unwrap()).unwrap();
    file
}

/// An RFC 3339 time `minutes` from now.
pub fn minutes_from_now(minutes: i64) -> String {
    let now = time::OffsetDateTime::now_utc() + time::Duration::minutes(minutes);
    now.format(&time::format_description::well_known::Rfc3339)
        .unwrap()
}

/// An argon2id hash with tiny costs: verifying it is quick even in a debug build. (The
/// server reads the costs from the hash, so these accounts log in like any other.)
pub fn cheap_hash(password: &str) -> String {
    let params = Params::new(256, 1, 1, None).unwrap();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password(password.as_bytes())
        .unwrap()
        .to_string()
}

/// A server on a fixture contest, with accounts `teacher`, `ann` and `bob` (password:
/// the name twice).
pub struct TestServer {
    /// The data and configuration folder, removed when the server is dropped.
    pub _dir: tempfile::TempDir,
    pub server: Option<Server>,
    pub router: axum::Router,
    pub store: Store,
}

impl TestServer {
    /// A server with `workers` workers and the default fixture contest.
    pub fn new(workers: usize) -> TestServer {
        TestServer::with(workers, |_| {}, |_| {})
    }

    /// A server with changes to the contest table and the options.
    pub fn with(
        workers: usize,
        edit_contest: impl FnOnce(&mut toml::Table),
        edit_options: impl FnOnce(&mut ServerOptions),
    ) -> TestServer {
        TestServer::with_course(workers, edit_contest, |_| {}, edit_options)
    }

    /// A server with changes to the contest table, the whole judge.toml (the course's
    /// `[[contests]]`) and the options.
    pub fn with_course(
        workers: usize,
        edit_contest: impl FnOnce(&mut toml::Table),
        edit_top: impl FnOnce(&mut toml::Table),
        edit_options: impl FnOnce(&mut ServerOptions),
    ) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let file = write_config_with(dir.path(), edit_contest, edit_top);
        let config = JudgeConfig::load(&file).unwrap();
        let judge = Arc::new(Judge::new(config, Arc::new(AtomicBool::new(false))).unwrap());
        let mut options = ServerOptions {
            listen: "127.0.0.1:0".into(),
            data_dir: dir.path().join("data"),
            workers,
            ..ServerOptions::default()
        };
        edit_options(&mut options);
        let server = Server::start(judge, options).unwrap();
        let store = server.state().store.clone();
        for (name, role) in [
            ("teacher", Role::Teacher),
            ("ann", Role::Student),
            ("bob", Role::Student),
        ] {
            store
                .add_user(name, &cheap_hash(&format!("{name}{name}")), role)
                .unwrap();
        }
        TestServer {
            router: server.router(),
            server: Some(server),
            store,
            _dir: dir,
        }
    }

    /// A client without a session.
    pub fn client(&self) -> Client {
        Client {
            router: self.router.clone(),
            cookies: BTreeMap::new(),
            peer: "127.0.0.1:40000".parse().unwrap(),
            headers: Vec::new(),
        }
    }

    /// A client logged in as `name`.
    pub async fn login(&self, name: &str) -> Client {
        let mut client = self.client();
        let reply = client.log_in(name, &format!("{name}{name}")).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
        client
    }

    /// Waits until a submission is judged (at most a minute).
    pub fn wait_judged(&self, id: i64) -> judge_server::store::SubmissionSummary {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let summary = self.store.submission_summary(id).unwrap().unwrap();
            if summary.state == SubmissionState::Done {
                return summary;
            }
            assert!(
                Instant::now() < deadline,
                "submission {id} not judged in time: {summary:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}

/// An answer.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Reply {
    /// The Location header.
    pub fn location(&self) -> &str {
        self.headers
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The submission id a submit redirected to.
    pub fn submission_id(&self) -> i64 {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "{}", self.body);
        self.location()
            .strip_prefix("/submissions/")
            .unwrap()
            .parse()
            .unwrap()
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The first CSRF token in the page.
    pub fn csrf(&self) -> String {
        let marker = "name=\"csrf\" value=\"";
        let at = self.body.find(marker).expect("a form with a CSRF token") + marker.len();
        let end = self.body[at..]
            .find('"')
            .expect("the token's closing quote");
        self.body[at..at + end].to_string()
    }
}

/// One part of a multipart form.
pub enum Part<'a> {
    /// A text field.
    Text(&'a str, &'a str),
    /// A file.
    File(&'a str, &'a str, &'a [u8]),
}

/// The boundary between a test's multipart form parts.
pub const MULTIPART_BOUNDARY: &str = "----judge-test-boundary-7d93";

/// A multipart form's body, as a browser sends it.
pub fn multipart_body(boundary: &str, parts: &[Part<'_>]) -> Vec<u8> {
    let mut body: Vec<u8> = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match part {
            Part::Text(name, value) => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                        .as_bytes(),
                );
            }
            Part::File(name, file_name, bytes) => {
                body.extend_from_slice(
                    format!(
                        "Content-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    )
                    .as_bytes(),
                );
                body.extend_from_slice(bytes);
                body.extend_from_slice(b"\r\n");
            }
        }
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    body
}

/// A client with a cookie jar, as if connected from `peer`.
pub struct Client {
    router: axum::Router,
    pub cookies: BTreeMap<String, String>,
    pub peer: std::net::SocketAddr,
    /// Headers sent with every request (unless the request has its own).
    pub headers: Vec<(String, String)>,
}

impl Client {
    /// The same client, sending `name: value` with every request (a browser's
    /// `Accept-Language`).
    pub fn with_header(mut self, name: &str, value: &str) -> Client {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    async fn send(&mut self, mut request: Request<Body>) -> Reply {
        for (name, value) in &self.headers {
            if !request.headers().contains_key(name.as_str()) {
                request.headers_mut().insert(
                    header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                    value.parse().unwrap(),
                );
            }
        }
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(self.peer));
        if !self.cookies.is_empty() {
            let cookie = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; ");
            request
                .headers_mut()
                .insert(header::COOKIE, cookie.parse().unwrap());
        }
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        for value in headers.get_all(header::SET_COOKIE) {
            let text = value.to_str().unwrap();
            let (pair, attributes) = text.split_once(';').unwrap_or((text, ""));
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() || attributes.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        assert_ne!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "a 500: {}",
            String::from_utf8_lossy(&bytes)
        );
        Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    /// GET.
    pub async fn get(&mut self, path: &str) -> Reply {
        self.get_with(path, &[]).await
    }

    /// GET with extra headers.
    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Reply {
        let mut request = Request::get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::empty()).unwrap()).await
    }

    /// POST a JSON body with extra headers.
    pub async fn post_json(
        &mut self,
        path: &str,
        body: &serde_json::Value,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/json");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.send(request.body(Body::from(body.to_string())).unwrap())
            .await
    }

    /// A request of any method with a JSON body (or none) and extra headers (PATCH,
    /// DELETE).
    pub async fn json_request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
        self.send(request.body(body).unwrap()).await
    }

    /// POST an urlencoded form.
    pub async fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> Reply {
        let body = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let request = Request::post(path)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        self.send(request).await
    }

    /// POST a multipart form.
    pub async fn post_multipart(&mut self, path: &str, parts: &[Part<'_>]) -> Reply {
        let boundary = MULTIPART_BOUNDARY;
        let body = multipart_body(boundary, parts);
        let request = Request::post(path)
            .header(
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(Body::from(body))
            .unwrap();
        self.send(request).await
    }

    /// Logs in through the form.
    pub async fn log_in(&mut self, name: &str, password: &str) -> Reply {
        let csrf = self.get("/login").await.csrf();
        self.post_form(
            "/login",
            &[("name", name), ("password", password), ("csrf", &csrf)],
        )
        .await
    }

    /// The session's CSRF token (from the submit page).
    pub async fn csrf(&mut self) -> String {
        self.get("/submissions").await.csrf()
    }

    /// Submits a source through the form; returns the reply.
    pub async fn submit(&mut self, problem: &str, language: &str, source: &str) -> Reply {
        let csrf = self.csrf().await;
        self.post_multipart(
            "/submit",
            &[
                Part::Text("csrf", &csrf),
                Part::Text("problem", problem),
                Part::Text("language", language),
                Part::Text("source", source),
            ],
        )
        .await
    }
}

/// Percent-encoding for form bodies.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
