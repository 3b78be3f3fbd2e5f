//! The end-to-end test in headless Chromium (Debian's chromium, driven by playwright-core:
//! tests/browser/e2e.mjs) against a server on the repository's contest: a student submits
//! the maze's accepted C++ solution and a wrong one, the teacher sees both on the
//! scoreboard; the verdict arrives by server-sent events, and the live list shows the CPU
//! time and memory. It prints the time from submit to verdict, split into storing,
//! judging (compile, tests) and showing. The showing times are the page's own (the frame
//! after the verdict's badge changes, the reloaded page's first paint), not the moment
//! Playwright's waiting, which backs off to 500 ms between looks, notices them.
//! JUDGE_BROWSER_LIVE=poll runs it with a browser
//! without EventSource (the page polls), for comparison.
//!
//! Needs /usr/bin/chromium, node, and `npm ci` in tests/browser (scripts/setup-browser-tests
//! installs all three). Without them it prints why and passes, unless
//! JUDGE_REQUIRE_BROWSER=1, when it fails.

use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::Verdict;
use judge_server::accounts;
use judge_server::store::{Role, SubmissionFilter};
use judge_server::{Server, ServerOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub(crate) fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// What is missing for the test, if anything.
fn missing_pieces(folder: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    if !chromium().is_file() {
        missing.push(format!(
            "{} (apt-get install chromium)",
            chromium().display()
        ));
    }
    if Command::new("node")
        .arg("--version")
        .output()
        .map_or(true, |o| !o.status.success())
    {
        missing.push("node (apt-get install nodejs)".into());
    }
    if !folder
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        missing.push(format!(
            "{}/node_modules/playwright-core (npm ci there)",
            folder.display()
        ));
    }
    missing
}

/// The folder of the browser scripts when everything they need is here; None (the test
/// passes, saying why) when something is missing, unless JUDGE_REQUIRE_BROWSER=1 (CI),
/// when it fails.
pub(crate) fn browser_folder() -> Option<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let missing = missing_pieces(&folder);
    if missing.is_empty() {
        return Some(folder);
    }
    let message = format!(
        "browser test: missing {}; run scripts/setup-browser-tests",
        missing.join(", ")
    );
    if std::env::var("JUDGE_REQUIRE_BROWSER").as_deref() == Ok("1") {
        panic!("{message} (JUDGE_REQUIRE_BROWSER=1)");
    }
    println!("skipped: {message}");
    eprintln!("skipped: {message}");
    None
}

/// A server on the repository's contest with its data in `dir` (`workers`: None for the
/// default).
fn repository_server(dir: &tempfile::TempDir, workers: Option<usize>) -> Server {
    let repository = crate::common::repository();
    let config = JudgeConfig::load(&repository.join("judge.toml")).unwrap();
    let judge = Arc::new(Judge::new(config, Arc::new(AtomicBool::new(false))).unwrap());
    let defaults = ServerOptions::default();
    let options = ServerOptions {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().join("data"),
        workers: workers.unwrap_or(defaults.workers),
        ..defaults
    };
    Server::start(judge, options).unwrap()
}

/// A server answering on a free port until [`Serving::stop`].
pub(crate) struct Serving {
    pub(crate) address: std::net::SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<judge_server::Result<()>>,
}

impl Serving {
    pub(crate) fn start(runtime: &tokio::runtime::Runtime, server: Server) -> Serving {
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let address = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = runtime.spawn(server.serve(listener, async {
            let _ = stopped.await;
        }));
        Serving {
            address,
            stop,
            task,
        }
    }

    pub(crate) fn stop(self, runtime: &tokio::runtime::Runtime) {
        let _ = self.stop.send(());
        runtime.block_on(self.task).unwrap().unwrap();
    }
}

#[test]
fn a_student_submits_in_chromium_and_the_teacher_sees_the_scoreboard() {
    let Some(folder) = browser_folder() else {
        return;
    };

    let repository = crate::common::repository();
    let dir = tempfile::tempdir().unwrap();
    let workers = ServerOptions::default().workers;
    // Starting builds the problems' checkers (the maze's among them), so the measured time
    // is the judging of a submission and not a one-off cargo build.
    let server = repository_server(&dir, None);
    let store = server.state().store.clone();
    let student_password = accounts::add_user(&store, "student1", Role::Student, None).unwrap();
    let teacher_password = accounts::add_user(&store, "teacher1", Role::Teacher, None).unwrap();

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;

    let maze_dir = repository.join("problems/maze/submissions");
    let output = Command::new("node")
        .arg(folder.join("e2e.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "student1")
        .env("STUDENT_PASSWORD", &student_password)
        .env("TEACHER", "teacher1")
        .env("TEACHER_PASSWORD", &teacher_password)
        .env("AC_SOURCE", maze_dir.join("accepted/bfs.cpp"))
        .env("WA_SOURCE", maze_dir.join("wrong_answer/no_modulo.cpp"))
        .env("CHROMIUM", chromium())
        // JUDGE_BROWSER_LIVE=poll: the page without EventSource (polling), for comparison.
        .env(
            "LIVE",
            std::env::var("JUDGE_BROWSER_LIVE").unwrap_or_else(|_| "events".into()),
        )
        .output()
        .unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );

    let report: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    let submissions = store.submissions(&SubmissionFilter::default()).unwrap();
    let verdicts: Vec<Verdict> = submissions
        .iter()
        .rev()
        .map(|s| s.result.as_ref().unwrap().verdict)
        .collect();
    assert_eq!(verdicts, [Verdict::AC, Verdict::WA]);
    let accepted = &submissions[1];
    let judged_at_ms = accepted.result.as_ref().unwrap().judged_at_ms;
    let judged_ms = judged_at_ms - accepted.submitted_at_ms;
    // The browser's clock and the server's are this machine's.
    let ms = |key: &str| report["accepted"][key].as_f64().unwrap();
    let stored_s = (accepted.submitted_at_ms as f64 - ms("clicked_at_ms")) / 1000.0;
    let shown_s = (ms("verdict_at_ms") - judged_at_ms as f64) / 1000.0;
    let badge_s = (ms("badge_at_ms") - judged_at_ms as f64) / 1000.0;
    let full = store
        .submission(accepted.id)
        .unwrap()
        .unwrap()
        .result
        .unwrap();
    let tests_wall_s: f64 = full.tests.iter().map(|t| t.wall_time_s).sum();
    let build = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    println!(
        "maze bfs.cpp, {workers} workers, {build} build: submit to verdict on the page {:.2} s = \
         stored {:.2} s after the click + judged {:.2} s after storing (compile {:.2} s wall, \
         {} tests {:.2} s wall) + shown {:.2} s after the result was stored (the verdict's \
         badge painted {:.2} s after it, then the page reloads and paints the tests' table; \
         times as the page reports them; the submission's page \
         loaded {:.2} s after the click); WA on {}; scoreboard cell {}",
        ms("submit_to_verdict_ms") / 1000.0,
        stored_s,
        judged_ms as f64 / 1000.0,
        full.compile.wall_time_s,
        full.tests.len(),
        tests_wall_s,
        shown_s,
        badge_s,
        ms("submit_to_page_ms") / 1000.0,
        report["failing_test"],
        report["scoreboard_cell"],
    );
}

/// The interface's language in Chromium (tests/browser/i18n.mjs): a browser that asks for
/// Chinese gets Chinese pages, the switch on the log-in page and on the problem list
/// changes the navigation's language, and the choice holds on the next page.
/// JUDGE_I18N_SCREENSHOTS=DIR saves the Chinese problem list there (docs/screenshots).
#[test]
fn the_interface_switches_language_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = repository_server(&dir, Some(0));
    let store = server.state().store.clone();
    let password = accounts::add_user(&store, "student1", Role::Student, None).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("i18n.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "student1")
        .env("STUDENT_PASSWORD", &password)
        .env("CHROMIUM", chromium());
    if let Some(screenshots) = std::env::var_os("JUDGE_I18N_SCREENSHOTS") {
        command.env("SCREENSHOT_DIR", screenshots);
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    assert!(
        output.status.success(),
        "the language test in Chromium failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Clarifications and a self-test in Chromium (tests/browser/clarifications.mjs): the
/// student asks from a problem's page and runs a program on their own input, the teacher
/// answers to everyone and announces, the student sees the answer and the notice clear.
/// Nothing of it is a submission.
#[test]
fn a_question_is_answered_and_a_self_test_runs_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = repository_server(&dir, Some(0));
    let store = server.state().store.clone();
    let student_password = accounts::add_user(&store, "student2", Role::Student, None).unwrap();
    let teacher_password = accounts::add_user(&store, "teacher2", Role::Teacher, None).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("clarifications.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "student2")
        .env("STUDENT_PASSWORD", &student_password)
        .env("TEACHER", "teacher2")
        .env("TEACHER_PASSWORD", &teacher_password)
        .env("CHROMIUM", chromium());
    // JUDGE_SCREENSHOTS=DIR keeps the pages' pictures (docs/screenshots).
    if let Some(shots) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", shots);
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    assert!(
        store
            .submissions(&SubmissionFilter::default())
            .unwrap()
            .is_empty(),
        "a self-test is not a submission"
    );
    println!("clarifications in chromium: {}", stdout.trim());
}

/// The course's contests in Chromium (tests/browser/contests.mjs): the contest list's
/// sections, the clock counting down on a running contest's pages from the server's time,
/// the frozen board, the ICPC letters. JUDGE_SCREENSHOTS=DIR saves contests.png and
/// icpc-board.png there (docs/screenshots).
#[test]
fn the_contest_list_and_the_clock_render_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let mut test_server = crate::http_contests::course(2);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // Two solves on the running ICPC contest, for the board's counts.
    runtime.block_on(async {
        for name in ["ann", "bob"] {
            let mut client = test_server.login(name).await;
            let source = crate::common::submission("ac.py");
            let id = crate::http_contests::submit_into(&mut client, "open", &source)
                .await
                .submission_id();
            test_server.wait_judged(id);
        }
    });
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("contests.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "ann")
        .env("STUDENT_PASSWORD", "annann")
        .env("CHROMIUM", chromium());
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", dir);
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the contests browser test failed:\n{stdout}\n{stderr}"
    );
    let seen: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    // Frozen for the student: both solves are pending, counted as tried.
    assert_eq!(seen["counts"], "solved / tried 0 / 2", "{seen}");
    println!("contests in chromium: {seen}");
}

/// A course run from the browser in Chromium (tests/browser/course.mjs, issue 30): the
/// teacher creates a contest and imports a class, a new student submits with the password
/// shown once, the teacher freezes the board now and unfreezes it; no file edited, no
/// restart. JUDGE_SCREENSHOTS=DIR saves the teacher's contests and accounts pages there
/// (English, Chinese, a phone).
#[test]
fn a_course_is_run_from_the_browser_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let mut test_server = crate::common::TestServer::new(1);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("course.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env(
            "AC_SOURCE",
            crate::common::fixtures().join("submissions/ac.py"),
        )
        .env("CHROMIUM", chromium());
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", dir);
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the course browser test failed:\n{stdout}\n{stderr}"
    );
    let seen: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(
        seen["imported"],
        serde_json::json!(["carol", "dave"]),
        "{seen}"
    );
    // The course had no time yet: the offset offered is the browser's (Asia/Shanghai).
    assert_eq!(seen["offered_offset"], "+08:00", "{seen}");
    let judge_toml = std::fs::read_to_string(test_server._dir.path().join("judge.toml")).unwrap();
    assert!(judge_toml.contains("id = \"week2\""), "{judge_toml}");
    println!("course in chromium: {seen}");
}

/// The gradebook in Chromium (tests/browser/grades.mjs): the teacher's whole class with a
/// late cell, in English and Chinese, on a desktop and a phone; a student's own row.
/// JUDGE_SCREENSHOTS=DIR saves grades.png, grades-zh.png and grades-phone.png there.
#[test]
fn the_gradebook_renders_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let mut test_server = crate::http_grades::course();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let source = crate::common::submission("ac.py");
        for (name, contest) in [("ann", "hw1"), ("bob", "hw1"), ("bob", "main")] {
            let mut client = test_server.login(name).await;
            let id = crate::http_contests::submit_into(&mut client, contest, &source)
                .await
                .submission_id();
            test_server.wait_judged(id);
        }
    });
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("grades.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("CHROMIUM", chromium());
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", dir);
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the grades browser test failed:\n{stdout}\n{stderr}"
    );
    println!("grades in chromium: {}", stdout.trim());
}

/// The teacher's charts in Chromium (tests/browser/charts.mjs): five SVG charts drawn with a
/// size beside their tables, in English and Chinese, shrunk to a phone's width.
/// JUDGE_SCREENSHOTS=DIR saves charts.png and charts-zh.png there (a relative DIR is the
/// repository's: docs/screenshots).
#[test]
fn the_charts_render_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut test_server = runtime.block_on(crate::http_charts::judged_class());
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("charts.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("CHROMIUM", chromium());
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the charts browser test failed:\n{stdout}\n{stderr}"
    );
    println!("charts in chromium: {}", stdout.trim());
}

/// A long student name, for the pages that must wrap it on a phone.
const LONG_NAME: &str = "zhang_xiaoming_2026_exchange_student_class_b";

/// The phone test's course: the repository's contest (its seven problems, IOI) with an
/// ICPC contest running beside it and a warm-up contest that is over, accounts `teacher`,
/// `ann`, `bob` and [`LONG_NAME`] (password: the name twice).
fn phone_course() -> crate::common::TestServer {
    let repository = crate::common::repository();
    let text = std::fs::read_to_string(repository.join("judge.toml")).unwrap();
    let own: toml::Table = text.parse().unwrap();
    let own_contest = own["contest"].as_table().unwrap().clone();
    let server = crate::common::TestServer::with_course(
        2,
        |contest| {
            for key in ["title", "problems"] {
                contest.insert(key.into(), own_contest[key].clone());
            }
            for key in ["problems_dir", "testdata_dir"] {
                let dir = repository.join(own_contest[key].as_str().unwrap());
                contest.insert(key.into(), dir.display().to_string().into());
            }
            contest.remove("languages");
        },
        |top| {
            let t = |m: i64| toml::Value::from(crate::common::minutes_from_now(m));
            let contest = |id: &str, title: &str, start: i64, end: i64, scoring: &str| {
                let problems: Vec<toml::Value> = ["maze", "number-chain", "eight-puzzle"]
                    .iter()
                    .map(|id| toml::Table::from_iter([("id".to_string(), (*id).into())]).into())
                    .collect();
                toml::Value::from(toml::Table::from_iter([
                    ("id".to_string(), id.into()),
                    ("title".to_string(), title.into()),
                    ("start".to_string(), t(start)),
                    ("end".to_string(), t(end)),
                    ("scoring".to_string(), scoring.into()),
                    ("problems".to_string(), problems.into()),
                ]))
            };
            top.insert(
                "contests".into(),
                vec![
                    contest("icpc", "Weekly ICPC-style round", -30, 90, "icpc"),
                    contest("warmup", "Warm-up round", -180, -120, "ioi"),
                ]
                .into(),
            );
        },
        |_| {},
    );
    server
        .store
        .add_user(
            LONG_NAME,
            &crate::common::cheap_hash(&format!("{LONG_NAME}{LONG_NAME}")),
            Role::Student,
        )
        .unwrap();
    server
}

/// Submits a repository submission (`problems/<problem>/submissions/<file>`), or `source`
/// itself when no such file exists, into `contest` (None: the first); its id.
async fn phone_submit(
    client: &mut crate::common::Client,
    contest: Option<&str>,
    problem: &str,
    language: &str,
    file: &str,
) -> i64 {
    let path = crate::common::repository()
        .join("problems")
        .join(problem)
        .join("submissions")
        .join(file);
    let source = std::fs::read_to_string(&path).unwrap_or_else(|_| file.to_string());
    let csrf = client.csrf().await;
    let mut parts = vec![
        crate::common::Part::Text("csrf", &csrf),
        crate::common::Part::Text("problem", problem),
        crate::common::Part::Text("language", language),
        crate::common::Part::Text("source", &source),
    ];
    if let Some(contest) = contest {
        parts.push(crate::common::Part::Text("contest", contest));
    }
    client
        .post_multipart("/submit", &parts)
        .await
        .submission_id()
}

/// The paths of the server's GET routes, as its router has them
/// ([`judge_server::route_table`]), so that a page added there is visited without a change
/// here.
fn get_routes() -> Vec<String> {
    let routes: Vec<String> = judge_server::route_table()
        .into_iter()
        .filter(|(method, _)| method == axum::http::Method::GET)
        .map(|(_, path)| path.to_string())
        .collect();
    assert!(routes.len() > 20, "too few GET routes: {routes:?}");
    routes
}

/// Whether a GET route is not a page to look at: data (JSON, events, a source as text,
/// exports, a statement's images and PDF, the metrics), the style and scripts, redirects.
fn not_a_page(route: &str) -> bool {
    route.starts_with("/api/")
        || route.contains("/statement/")
        || route.starts_with("/static/")
        || route.starts_with("/teacher/export/")
        || route.starts_with("/grades/export/")
        || route.starts_with("/teacher/charts/export/")
        || route.ends_with(".json")
        || route.ends_with(".pdf")
        || route.ends_with("/events")
        || route.ends_with("/status")
        || route.ends_with("/source")
        || ["/", "/healthz", "/metrics", "/language"].contains(&route)
}

/// A route's path with its parameters filled in from the course: `{contest}` the ICPC
/// contest, a problem's `{id}` or `{problem}` the maze, a submission's `{id}` the one
/// given; None for a parameter this test does not know (the caller then says so).
fn fill_route(route: &str, submission: i64) -> Option<String> {
    let mut filled = Vec::new();
    let mut previous = "";
    for segment in route.split('/') {
        let value = match segment {
            "{contest}" => "icpc".to_string(),
            "{problem}" => "maze".to_string(),
            "{id}" if previous == "problems" => "maze".to_string(),
            "{id}" if previous == "submissions" => submission.to_string(),
            s if s.starts_with('{') => return None,
            s => s.to_string(),
        };
        previous = segment;
        filled.push(value);
    }
    Some(filled.join("/"))
}

/// Every page at a phone's width (390 x 844) in Chromium (tests/browser/phones.mjs), in
/// English and Chinese, as a student and as the teacher: the log-in page (and a failed
/// log-in), each GET route of the router that is a page (filled in from a course with
/// judged submissions: a partial result with subtasks, a compile error, ICPC and IOI
/// boards, a similar pair, a question and an announcement, failed log-ins), a refused
/// submission and a self-test's result. None may scroll sideways, and the header takes
/// at most a sixth of the screen. JUDGE_SCREENSHOTS=DIR saves the pictures of
/// docs/server.md there (a relative DIR is the repository's: docs/screenshots).
#[test]
fn no_page_scrolls_sideways_on_a_phone_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let mut test_server = phone_course();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (pages, shots) = runtime.block_on(async {
        let mut ann = test_server.login("ann").await;
        let mut bob = test_server.login("bob").await;
        let mut long = test_server.login(LONG_NAME).await;
        let mut teacher = test_server.login("teacher").await;
        let accepted = phone_submit(&mut ann, None, "maze", "cpp", "accepted/bfs.cpp").await;
        let compile_error = phone_submit(
            &mut long,
            None,
            "eight-puzzle",
            "cpp",
            "#include <vector>\nint main() { std::vector<int> moves_of_the_blank_tile; return moves_of_the_blank_tile.size() + an_undeclared_variable_with_a_long_name; }\n",
        )
        .await;
        let similar = phone_submit(&mut bob, None, "maze", "c", "accepted/bfs.c").await;
        let long_one = phone_submit(&mut long, None, "maze", "cpp", "wrong_answer/no_modulo.cpp").await;
        let icpc_ac = phone_submit(&mut ann, Some("icpc"), "maze", "cpp", "accepted/bfs.cpp").await;
        let icpc_wa = phone_submit(&mut long, Some("icpc"), "maze", "cpp", "wrong_answer/no_modulo.cpp").await;
        for id in [accepted, compile_error, similar, long_one, icpc_ac, icpc_wa] {
            test_server.wait_judged(id);
        }
        // Repeated failed log-ins, which the teacher's dashboard lists.
        let mut guesser = test_server.client();
        for _ in 0..3 {
            guesser.log_in("a_guessed_account_name_of_some_length", "guess").await;
        }
        // A question with a long word, answered to everyone, and an announcement.
        let csrf = ann.csrf().await;
        let asked = ann
            .post_form(
                "/clarifications",
                &[
                    ("csrf", &csrf),
                    ("problem", "maze"),
                    ("question", "Is https://example.org/a/very/long/address/that/does/not/break/anywhere_on_its_own allowed?"),
                ],
            )
            .await;
        let question: i64 = asked
            .location()
            .rsplit('-')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("asking: {asked:?}"));
        let csrf = teacher.csrf().await;
        teacher
            .post_form(
                &format!("/teacher/clarifications/{question}/answer"),
                &[("csrf", &csrf), ("answer", "Yes."), ("public", "1")],
            )
            .await;
        teacher
            .post_form(
                "/teacher/announcements",
                &[("csrf", &csrf), ("body", "Maze: the grid is at most 1000 x 1000 cells.")],
            )
            .await;

        // The router's pages, and more of them: the other contests, a chosen problem, a
        // filtered list, each kind of result, a similar pair, a page that is not there.
        let mut paths = Vec::new();
        for route in get_routes().iter().filter(|route| !not_a_page(route)) {
            let path = fill_route(route, long_one).unwrap_or_else(|| {
                panic!("route {route}: fill in its parameter in browser.rs fill_route")
            });
            paths.push(path);
        }
        for extra in [
            "/problems/maze?lang=zh".to_string(),
            "/submit?problem=maze".into(),
            "/self-test?problem=maze".into(),
            "/clarifications?problem=maze".into(),
            "/submissions?problem=maze".into(),
            format!("/submissions/{accepted}"),
            format!("/submissions/{compile_error}"),
            format!("/submissions/{icpc_wa}"),
            "/contests/main".into(),
            "/contests/main/scoreboard".into(),
            "/contests/warmup".into(),
            "/contests/warmup/statistics".into(),
            format!("/teacher/submissions?student={LONG_NAME}"),
            "/teacher/similarity/maze?pair=1".into(),
            "/no-such-page".into(),
        ] {
            paths.push(extra);
        }
        // Who may open each: a student not the teacher's pages nor others' submissions.
        let mut pages = serde_json::Map::new();
        for (role, client) in [("student", &mut long), ("teacher", &mut teacher)] {
            let mut open = Vec::new();
            for path in &paths {
                let reply = client.get(path).await;
                let html = reply
                    .headers
                    .get(axum::http::header::CONTENT_TYPE)
                    .is_some_and(|v| v.to_str().unwrap_or("").starts_with("text/html"));
                match reply.status.as_u16() {
                    200 | 404 if html => open.push(serde_json::Value::from(path.as_str())),
                    303 | 403 => {}
                    status => panic!("{role} {path}: {status} {}", reply.body),
                }
            }
            pages.insert(role.into(), open.into());
        }
        let shot = |name: &str, role: &str, path: String, phone: bool| {
            serde_json::json!({"name": name, "role": role, "path": path, "phone": phone})
        };
        let shots = serde_json::json!([
            shot("problems.png", "student", "/problems".into(), false),
            shot("statement.png", "student", "/problems/maze".into(), false),
            shot("submit.png", "student", "/submit?problem=maze".into(), false),
            shot("result.png", "student", format!("/submissions/{long_one}"), false),
            shot("submissions.png", "student", "/submissions".into(), false),
            shot("scoreboard-ioi.png", "student", "/scoreboard".into(), false),
            shot("languages.png", "student", "/languages".into(), false),
            shot("phone-problems.png", "student", "/problems".into(), true),
            shot("phone-result.png", "student", format!("/submissions/{long_one}"), true),
            shot("phone-scoreboard.png", "student", "/contests/icpc/scoreboard".into(), true),
            shot("teacher.png", "teacher", "/teacher".into(), false),
            shot("rejudge.png", "teacher", "/teacher/problems/maze/rejudge".into(), false),
            shot("similarity.png", "teacher", "/teacher/similarity/maze?pair=1".into(), false),
            shot("statistics.png", "teacher", "/statistics".into(), false),
        ]);
        (serde_json::Value::from(pages), shots)
    });
    let expected = 2 * pages
        .as_object()
        .unwrap()
        .values()
        .map(|paths| paths.as_array().unwrap().len() + 2)
        .sum::<usize>()
        + 4;
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("phones.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", LONG_NAME)
        .env("STUDENT_PASSWORD", format!("{LONG_NAME}{LONG_NAME}"))
        .env("TEACHER", "teacher")
        .env("TEACHER_PASSWORD", "teacherteacher")
        .env("PAGES", pages.to_string())
        .env("SHOTS", shots.to_string())
        .env("CHROMIUM", chromium());
    // A relative folder is the repository's (JUDGE_SCREENSHOTS=docs/screenshots).
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the phone test in Chromium failed:\n{stdout}\n{stderr}"
    );
    let seen: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(seen["checked"], expected, "{seen}");
    println!("phones in chromium: {seen}; pages {pages}");
}

/// The samples' copy buttons in Chromium (tests/browser/samples.mjs): the clipboard holds a
/// sample file's exact text after a click, in a statement that shows its sample and below
/// a package's that does not; without JavaScript there is no button; a result shows the
/// sample's stderr and diff. JUDGE_SCREENSHOTS=DIR saves sample-copy.png and
/// sample-result.png there (docs/screenshots).
#[test]
fn the_copy_buttons_copy_the_samples_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let (mut test_server, _problems) = crate::http_samples::server(1);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let id = runtime.block_on(async {
        let mut ann = test_server.login("ann").await;
        let source = crate::common::submission("stderr_sample.py");
        let id = ann
            .submit("parts", "python3", &source)
            .await
            .submission_id();
        test_server.wait_judged(id);
        id
    });
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("samples.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "ann")
        .env("STUDENT_PASSWORD", "annann")
        .env("SUBMISSION", id.to_string())
        .env("CHROMIUM", chromium());
    // A relative folder is the repository's (JUDGE_SCREENSHOTS=docs/screenshots).
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the samples browser test failed:\n{stdout}\n{stderr}"
    );
    let copied: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(copied["parts_in"], "1 2\n", "{copied}");
    println!("samples in chromium: {copied}");
}

/// Statements as their authors wrote them in Chromium (tests/browser/statements.mjs): a
/// Kattis LaTeX statement and a Polygon one, their formulas MathML that Chromium lays out,
/// their images loaded from the judge, no request leaving it. JUDGE_SCREENSHOTS=DIR saves
/// statement-latex.png and statement-polygon.png there (docs/screenshots).
#[test]
fn the_latex_and_polygon_statements_render_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut test_server = crate::http_statements::statements_server(dir.path());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("statements.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("STUDENT", "ann")
        .env("STUDENT_PASSWORD", "annann")
        .env("CHROMIUM", chromium());
    // A relative folder is the repository's (JUDGE_SCREENSHOTS=docs/screenshots).
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the statements browser test failed:\n{stdout}\n{stderr}"
    );
    let seen: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert!(seen["latex"]["formulas"].as_u64() > Some(3), "{seen}");
    assert!(
        seen["polygon-statement"]["formulas"].as_u64() > Some(3),
        "{seen}"
    );
    println!("statements in chromium: {seen}");
}

/// The repository's problems that have a visualizer (problem.toml's `[visualizer]`).
fn drawn_problems() -> Vec<String> {
    let problems = crate::common::repository().join("problems");
    let mut drawn: Vec<String> = std::fs::read_dir(&problems)
        .unwrap()
        .filter_map(|entry| {
            let folder = entry.unwrap().path();
            let text = std::fs::read_to_string(folder.join("problem.toml")).ok()?;
            let table: toml::Table = text.parse().unwrap();
            let name = folder.file_name()?.to_str()?.to_string();
            table.contains_key("visualizer").then_some(name)
        })
        .collect();
    drawn.sort();
    drawn
}

/// The answers drawn on their grid in Chromium (tests/browser/pictures.mjs): for each seed
/// problem with a visualizer, a student's output (tests/fixtures/submissions/pictures/, a
/// wrong step or an illegal move on the sample for most) is judged by the server, every
/// sample test it ran is drawn (a picture, not a note), and the result page shows each as
/// an image the browser decoded; the caption in Chinese too. JUDGE_SCREENSHOTS=DIR saves
/// picture-<problem>.png, pictures.png and pictures-zh.png there (a relative DIR is the
/// repository's: docs/screenshots).
#[test]
fn the_sample_pictures_render_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let drawn = drawn_problems();
    for seed in [
        "eight-puzzle",
        "klotski",
        "knights-tour",
        "maze",
        "number-chain",
        "pixel-placement",
    ] {
        assert!(
            drawn.iter().any(|p| p == seed),
            "{seed} has a visualizer: {drawn:?}"
        );
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // The repository's contest, with its seven problems.
    let mut test_server = phone_course();
    // Two students: a student may submit 5 times a minute.
    let mut students = [
        ("ann", runtime.block_on(test_server.login("ann"))),
        ("bob", runtime.block_on(test_server.login("bob"))),
    ];
    let sources = crate::common::fixtures().join("submissions/pictures");
    let mut submissions = Vec::new();
    for (index, problem) in drawn.iter().enumerate() {
        let source = std::fs::read_to_string(sources.join(format!("{problem}.py"))).unwrap();
        let (name, client) = &mut students[index % 2];
        let id = runtime.block_on(phone_submit(client, None, problem, "python3", &source));
        submissions.push((problem, id, *name));
    }
    let mut listed = Vec::new();
    for (problem, id, student) in submissions {
        test_server.wait_judged(id);
        let result = test_server
            .store
            .submission(id)
            .unwrap()
            .unwrap()
            .result
            .unwrap();
        let samples: Vec<_> = result.tests.iter().filter(|t| t.sample).collect();
        assert!(!samples.is_empty(), "{problem}: no sample test ran");
        for test in &samples {
            assert!(
                matches!(
                    test.picture,
                    Some(judge_model::verdict::Picture::Svg { .. })
                ),
                "{problem} {}: {:?}",
                test.name,
                test.picture
            );
        }
        listed.push(format!("{problem}={id}={}={student}", samples.len()));
    }
    let server = test_server.server.take().unwrap();
    let serving = Serving::start(&runtime, server);
    let address = serving.address;
    let mut command = Command::new("node");
    command
        .arg(folder.join("pictures.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{address}"))
        .env("SUBMISSIONS", listed.join(","))
        .env("CHROMIUM", chromium());
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the pictures browser test failed:\n{stdout}\n{stderr}"
    );
    println!("pictures in chromium: {}", stdout.trim());
}
