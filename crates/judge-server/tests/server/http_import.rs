//! HTTP tests of the teacher's package import page: an uploaded Kattis package becomes a
//! problem that students see and that is judged, without a restart, in the contest the
//! teacher chose; students, forms without the CSRF token, oversized uploads, bad packages
//! and unknown contests are refused, and a refusal changes nothing (judge.toml and the
//! problems folder stay as they were).

use crate::common::{fixtures, Client, Part, TestServer};
use axum::http::StatusCode;
use std::io::Write;
use std::path::{Path, PathBuf};

const PATH: &str = "/teacher/problems/import";

/// A fixture package's folder.
pub fn package(name: &str) -> PathBuf {
    fixtures().join("packages").join(name)
}

fn add_entries(zip: &mut zip::ZipWriter<std::io::Cursor<Vec<u8>>>, root: &Path, dir: &Path) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let name = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if path.is_dir() {
            add_entries(zip, root, &path);
        } else {
            zip.start_file(name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(&std::fs::read(&path).unwrap()).unwrap();
        }
    }
}

/// A folder zipped (its files at the zip's top level).
pub fn zipped(folder: &Path) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    add_entries(&mut zip, folder, folder);
    zip.finish().unwrap().into_inner()
}

/// A zip of the given files.
fn zip_of(files: &[(&str, &str)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in files {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A server whose problems folder is a temporary one holding a copy of the fixture
/// problem `add` (an import writes there), its only problem.
pub fn server_with_problems_folder(
    workers: usize,
    edit_options: impl FnOnce(&mut judge_server::ServerOptions),
) -> (tempfile::TempDir, TestServer) {
    server_with_problems_folder_and_course(workers, |_| {}, edit_options)
}

/// [`server_with_problems_folder`], with `edit_top` changing the whole judge.toml (the
/// course's `[[contests]]`).
pub fn server_with_problems_folder_and_course(
    workers: usize,
    edit_top: impl FnOnce(&mut toml::Table),
    edit_options: impl FnOnce(&mut judge_server::ServerOptions),
) -> (tempfile::TempDir, TestServer) {
    let problems = tempfile::tempdir().unwrap();
    let add = problems.path().join("add");
    std::fs::create_dir(&add).unwrap();
    for file in ["problem.toml", "statement.md"] {
        std::fs::copy(fixtures().join("problems/add").join(file), add.join(file)).unwrap();
    }
    let folder = problems.path().display().to_string();
    let server = TestServer::with_course(
        workers,
        |contest| {
            contest.insert("problems_dir".into(), folder.into());
            let mut add = toml::Table::new();
            add.insert("id".into(), "add".into());
            contest.insert("problems".into(), vec![toml::Value::from(add)].into());
        },
        edit_top,
        edit_options,
    );
    (problems, server)
}

fn judge_toml(server: &TestServer) -> String {
    std::fs::read_to_string(server._dir.path().join("judge.toml")).unwrap()
}

/// The names in the problems folder (hidden staging folders included).
fn folder_names(problems: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(problems)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

async fn upload(
    client: &mut Client,
    csrf: Option<&str>,
    file: &str,
    bytes: &[u8],
    id: &str,
) -> crate::common::Reply {
    upload_to(client, csrf, file, bytes, id, None).await
}

/// [`upload`] with the form's contest field, when given.
async fn upload_to(
    client: &mut Client,
    csrf: Option<&str>,
    file: &str,
    bytes: &[u8],
    id: &str,
    contest: Option<&str>,
) -> crate::common::Reply {
    let mut parts = vec![Part::File("package", file, bytes), Part::Text("id", id)];
    if let Some(csrf) = csrf {
        parts.push(Part::Text("csrf", csrf));
    }
    if let Some(contest) = contest {
        parts.push(Part::Text("contest", contest));
    }
    client.post_multipart(PATH, &parts).await
}

#[tokio::test]
async fn a_teacher_imports_a_kattis_package_that_students_then_see_and_get_judged() {
    let (problems, server) = server_with_problems_folder(1, |_| {});
    let mut teacher = server.login("teacher").await;
    let dashboard = teacher.get("/teacher").await;
    assert!(
        dashboard.body.contains(&format!("href=\"{PATH}\"")),
        "{}",
        dashboard.body
    );
    let form = teacher.get(PATH).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(
        form.body.contains("enctype=\"multipart/form-data\""),
        "{}",
        form.body
    );
    let csrf = form.csrf();
    let mut ann = server.login("ann").await;
    assert!(!ann.get("/problems").await.body.contains("Double it"));

    let reply = upload(
        &mut teacher,
        Some(&csrf),
        "Double.zip",
        &zipped(&package("double")),
        "",
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(
        reply
            .body
            .contains("Double.zip was imported as problem double.")
            && reply.body.contains("Kattis package (2025-09), 3 tests"),
        "{}",
        reply.body
    );
    assert!(
        judge_toml(&server).contains("id = \"double\""),
        "{}",
        judge_toml(&server)
    );
    assert!(problems.path().join("double/problem.yaml").is_file());
    assert_eq!(folder_names(problems.path()), ["add", "double"]);

    // Without a restart: in the list, with its statement, and judged by the workers.
    let list = ann.get("/problems").await;
    assert!(
        list.body.contains("Double it") && list.body.contains("add"),
        "{}",
        list.body
    );
    let statement = ann.get("/problems/double").await;
    assert_eq!(statement.status, StatusCode::OK, "{}", statement.body);
    assert!(statement.body.contains("print"), "{}", statement.body);
    // problem.yaml's name heads the statement, as a native statement's own title does.
    assert!(
        statement.body.contains("<h1 lang=\"en\">Double it</h1>"),
        "{}",
        statement.body
    );
    let accepted = ann
        .submit("double", "python3", "print(2 * int(input()))\n")
        .await
        .submission_id();
    let wrong = ann
        .submit("double", "python3", "print(int(input()))\n")
        .await
        .submission_id();
    let old = ann
        .submit("add", "python3", &crate::common::submission("ac.py"))
        .await
        .submission_id();
    for (id, verdict) in [(accepted, "AC"), (wrong, "WA"), (old, "AC")] {
        let summary = server.wait_judged(id);
        let result = summary.result.expect("a result");
        assert_eq!(
            result.verdict.code(),
            verdict,
            "submission {id}: {result:?}"
        );
    }

    // The Chinese page too.
    let zh = teacher
        .get_with(PATH, &[("accept-language", "zh-CN")])
        .await;
    assert!(zh.body.contains("导入题目"), "{}", zh.body);
}

#[tokio::test]
async fn students_and_forms_without_the_token_are_refused() {
    let (problems, server) = server_with_problems_folder(0, |_| {});
    let before = judge_toml(&server);
    let bytes = zipped(&package("double"));
    let mut ann = server.login("ann").await;
    assert_eq!(ann.get(PATH).await.status, StatusCode::FORBIDDEN);
    let csrf = ann.csrf().await;
    let reply = upload(&mut ann, Some(&csrf), "double.zip", &bytes, "").await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);

    let mut teacher = server.login("teacher").await;
    let reply = upload(&mut teacher, None, "double.zip", &bytes, "").await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
    let reply = upload(&mut teacher, Some("made-up"), "double.zip", &bytes, "").await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.body);
    let mut anonymous = server.client();
    let reply = upload(&mut anonymous, Some("x"), "double.zip", &bytes, "").await;
    assert_ne!(reply.status, StatusCode::OK, "{}", reply.body);

    assert_eq!(judge_toml(&server), before);
    assert_eq!(folder_names(problems.path()), ["add"]);
}

#[tokio::test]
async fn an_oversized_package_gets_413() {
    let cap = 512 * 1024;
    let (problems, server) = server_with_problems_folder(0, |options| {
        options.max_package_bytes = cap;
    });
    let before = judge_toml(&server);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.get(PATH).await.csrf();
    // Past the route's body limit, and just past the package cap within it.
    for size in [4 * cap, cap + 10] {
        let bytes = vec![b'x'; size];
        let reply = upload(&mut teacher, Some(&csrf), "big.zip", &bytes, "").await;
        assert_eq!(
            reply.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{size}: {}",
            reply.body
        );
        assert!(
            reply.body.contains("larger than the server accepts")
                || reply.body.contains("too large"),
            "{size}: {}",
            reply.body
        );
    }
    let reply = upload(
        &mut teacher,
        Some(&csrf),
        "big.zip",
        &vec![b'x'; cap + 10],
        "",
    )
    .await;
    assert!(
        reply
            .body
            .contains("The package is too large: at most 512 KiB."),
        "{}",
        reply.body
    );
    // Larger than any other route takes (a source's cap) but within the package cap: read
    // to the end, and refused as the bad zip it is.
    let reply = upload(
        &mut teacher,
        Some(&csrf),
        "big.zip",
        &vec![b'x'; 300 * 1024],
        "",
    )
    .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("is not a readable zip"),
        "{}",
        reply.body
    );
    assert_eq!(judge_toml(&server), before);
    assert_eq!(folder_names(problems.path()), ["add"]);
    // A sound package within the cap is taken.
    let reply = upload(
        &mut teacher,
        Some(&csrf),
        "double.zip",
        &zipped(&package("double")),
        "",
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
}

#[tokio::test]
async fn a_bad_package_shows_its_errors_and_changes_nothing() {
    let (problems, server) = server_with_problems_folder(0, |_| {});
    let before = judge_toml(&server);
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.get(PATH).await.csrf();
    let good = zipped(&package("double"));
    let broken_yaml = zip_of(&[
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: [not closed\n",
        ),
        ("data/sample/1.in", "1\n"),
    ]);
    let no_tests = zip_of(&[(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Empty\n",
    )]);
    let cases: [(&str, &[u8], &str, &[&str]); 5] = [
        (
            "notes.zip",
            b"these are not the bytes of a zip",
            "",
            &["notes.zip", "is not a readable zip"],
        ),
        ("yaml.zip", &broken_yaml, "", &["problem.yaml:"]),
        ("empty.zip", &no_tests, "", &["test"]),
        (
            "double.zip",
            &good,
            "add",
            &["already lists a problem \"add\""],
        ),
        ("double.zip", &good, "../x", &["is a path"]),
    ];
    for (file, bytes, id, expected) in cases {
        let reply = upload(&mut teacher, Some(&csrf), file, bytes, id).await;
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{file}: {}",
            reply.body
        );
        assert!(
            reply.body.contains("id=\"import-errors\"")
                && reply.body.contains("was not imported; nothing was changed"),
            "{file}: {}",
            reply.body
        );
        for text in expected {
            assert!(
                reply.body.contains(&maud::html!((text)).into_string()),
                "{file}: no {text:?} in {}",
                reply.body
            );
        }
        let errors = &reply.body[reply.body.find("import-errors").unwrap()..];
        eprintln!(
            "{file}: {}",
            &errors[..errors.find("</section>").unwrap_or(errors.len())]
        );
        // The upload's temporary copy is named by the file's name only.
        assert!(
            !reply.body.contains(&format!("/{file}")),
            "{file}: a temporary path shown: {}",
            reply.body
        );
        assert_eq!(judge_toml(&server), before, "{file}");
        assert_eq!(folder_names(problems.path()), ["add"], "{file}");
    }
    assert!(!teacher
        .get("/problems")
        .await
        .body
        .contains("/problems/double\""));
    // No file at all.
    let reply = teacher
        .post_multipart(PATH, &[Part::Text("csrf", &csrf), Part::Text("id", "")])
        .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(
        reply.body.contains("Choose a package .zip"),
        "{}",
        reply.body
    );
    // The server keeps working: the good package, under an id of the teacher's, is taken.
    let reply = upload(&mut teacher, Some(&csrf), "double.zip", &good, "twice").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(teacher.get("/problems").await.body.contains("twice"));
    // And the same id again is refused, the list shown, nothing changed.
    let after = judge_toml(&server);
    let reply = upload(&mut teacher, Some(&csrf), "double.zip", &good, "twice").await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert_eq!(judge_toml(&server), after);
}

#[tokio::test]
async fn two_uploads_of_one_id_at_once_import_it_once() {
    let (problems, server) = server_with_problems_folder(0, |_| {});
    let mut first = server.login("teacher").await;
    let mut second = server.login("teacher").await;
    let (csrf1, csrf2) = (first.get(PATH).await.csrf(), second.get(PATH).await.csrf());
    let bytes = zipped(&package("double"));
    let (a, b) = tokio::join!(
        upload(&mut first, Some(&csrf1), "double.zip", &bytes, ""),
        upload(&mut second, Some(&csrf2), "double.zip", &bytes, ""),
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::UNPROCESSABLE_ENTITY],
        "{}\n{}",
        a.body,
        b.body
    );
    assert_eq!(judge_toml(&server).matches("id = \"double\"").count(), 1);
    assert_eq!(folder_names(problems.path()), ["add", "double"]);
}

#[tokio::test]
async fn a_teacher_chooses_the_contest_a_package_joins() {
    let (problems, server) = server_with_problems_folder_and_course(
        0,
        |top| {
            let mut hw1 = toml::Table::new();
            hw1.insert("id".into(), "hw1".into());
            hw1.insert("title".into(), "Homework one".into());
            hw1.insert("kind".into(), "homework".into());
            hw1.insert("start".into(), crate::common::minutes_from_now(-60).into());
            hw1.insert(
                "deadline".into(),
                crate::common::minutes_from_now(60).into(),
            );
            top.insert("contests".into(), vec![toml::Value::from(hw1)].into());
        },
        |_| {},
    );
    let mut teacher = server.login("teacher").await;
    let form = teacher.get(PATH).await;
    // A select of the course's contests, the first chosen by default.
    assert!(
        form.body
            .contains("<select name=\"contest\" id=\"import-contest\">")
            && form
                .body
                .contains("<option value=\"main\" selected>Test contest (main)</option>")
            && form
                .body
                .contains("<option value=\"hw1\">Homework one (hw1)</option>"),
        "{}",
        form.body
    );
    let csrf = form.csrf();
    let before = judge_toml(&server);
    let good = zipped(&package("double"));

    // An unknown contest: 422, said plainly, nothing changed.
    let reply = upload_to(
        &mut teacher,
        Some(&csrf),
        "double.zip",
        &good,
        "",
        Some("hw9"),
    )
    .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(
        reply
            .body
            .contains("There is no contest hw9 in judge.toml: choose one from the list."),
        "{}",
        reply.body
    );
    assert_eq!(judge_toml(&server), before);
    assert_eq!(folder_names(problems.path()), ["add"]);
    let mut zh_teacher = server
        .login("teacher")
        .await
        .with_header("accept-language", "zh-CN");
    let zh_csrf = zh_teacher.get(PATH).await.csrf();
    let zh = upload_to(
        &mut zh_teacher,
        Some(&zh_csrf),
        "double.zip",
        &good,
        "",
        Some("hw9"),
    )
    .await;
    assert_eq!(zh.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", zh.body);
    assert!(zh.body.contains("judge.toml 中没有比赛 hw9"), "{}", zh.body);

    // Into the second contest: listed there, not in the first.
    let reply = upload_to(
        &mut teacher,
        Some(&csrf),
        "double.zip",
        &good,
        "",
        Some("hw1"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(
        reply.body.contains("It is a problem of Homework one now.")
            && reply
                .body
                .contains("href=\"/contests/hw1/problems/double\"")
            && reply.body.contains("<option value=\"hw1\" selected>"),
        "{}",
        reply.body
    );
    let table: toml::Table = judge_toml(&server).parse().unwrap();
    let ids = |problems: &toml::Value| -> Vec<String> {
        problems
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids(&table["contests"][0]["problems"]), ["double"]);
    assert_eq!(ids(&table["contest"]["problems"]), ["add"]);
    let mut ann = server.login("ann").await;
    let second = ann.get("/contests/hw1/problems").await;
    assert!(second.body.contains("Double it"), "{}", second.body);
    let first = ann.get("/problems").await;
    assert!(
        first.body.contains("add") && !first.body.contains("Double it"),
        "{}",
        first.body
    );
    let statement = ann.get("/contests/hw1/problems/double").await;
    assert_eq!(statement.status, StatusCode::OK, "{}", statement.body);
}

#[tokio::test]
async fn a_packages_name_and_statement_are_in_the_interfaces_language() {
    let (_problems, server) = server_with_problems_folder(0, |_| {});
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.get(PATH).await.csrf();
    // The fixture with a name in two languages.
    let copy = tempfile::tempdir().unwrap();
    let package_dir = copy.path().join("double");
    copy_folder(&package("double"), &package_dir);
    let yaml = std::fs::read_to_string(package_dir.join("problem.yaml")).unwrap();
    let yaml = yaml.replace(
        "name: Double it\n",
        "name:\n  en: Double it\n  zh: 乘以二\n",
    );
    std::fs::write(package_dir.join("problem.yaml"), yaml).unwrap();
    // And a statement in each language: the page shows the one of its language.
    std::fs::write(
        package_dir.join("statement/problem.zh.md"),
        "读入一个整数 $n$，输出 $2n$。\n",
    )
    .unwrap();
    let reply = upload(
        &mut teacher,
        Some(&csrf),
        "double.zip",
        &zipped(&package_dir),
        "",
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);

    let english = teacher.get("/problems/double").await;
    assert!(
        english.body.contains("<h1 lang=\"en\">Double it</h1>")
            && english.body.contains("<title>Double it"),
        "{}",
        english.body
    );
    assert!(
        english.body.contains("Read one integer") && !english.body.contains("读入一个整数"),
        "{}",
        english.body
    );
    let chinese = teacher
        .get_with("/problems/double", &[("accept-language", "zh-CN")])
        .await;
    assert!(
        chinese.body.contains("<h1 lang=\"zh\">乘以二</h1>")
            && chinese.body.contains("<title>乘以二"),
        "{}",
        chinese.body
    );
    assert!(
        chinese.body.contains("读入一个整数") && !chinese.body.contains("Read one integer"),
        "{}",
        chinese.body
    );
    // Asked for by the switch, whatever the interface's language.
    let switched = teacher.get("/problems/double?lang=zh").await;
    assert!(switched.body.contains("读入一个整数"), "{}", switched.body);
    // A native statement keeps its own title, and only that one.
    let native = teacher.get("/problems/add").await;
    assert_eq!(native.body.matches("<h1").count(), 1, "{}", native.body);
    assert!(
        native.body.contains("<h1>加法 / Add</h1>"),
        "{}",
        native.body
    );
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The FPS fixture bank (crates/judge/tests/fixtures/fps/bank.xml).
fn fps_bank() -> Vec<u8> {
    std::fs::read(crate::common::repository().join("crates/judge/tests/fixtures/fps/bank.xml"))
        .unwrap()
}

#[tokio::test]
async fn an_fps_file_becomes_one_problem_per_item_and_a_bad_one_changes_nothing() {
    let (problems, server) = server_with_problems_folder(1, |_| {});
    let mut teacher = server.login("teacher").await;
    let csrf = teacher.get(PATH).await.csrf();

    // One bad item (a test output without its input) refuses the whole file.
    let before = judge_toml(&server);
    let spoilt = String::from_utf8(fps_bank()).unwrap().replacen(
        "<test_input><![CDATA[49\n]]></test_input>",
        "",
        1,
    );
    let reply = upload(&mut teacher, Some(&csrf), "bank.xml", spoilt.as_bytes(), "").await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.body
    );
    assert!(
        reply
            .body
            .contains(&maud::html!("item 2 \"Any Divisor\"").into_string()),
        "{}",
        reply.body
    );
    assert!(!reply.body.contains("/bank.xml"), "{}", reply.body);
    assert_eq!(judge_toml(&server), before);
    assert_eq!(folder_names(problems.path()), ["add"]);

    let reply = upload(&mut teacher, Some(&csrf), "bank.xml", &fps_bank(), "").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    for id in ["a-plus-b", "any-divisor", "sum-function"] {
        assert!(
            reply
                .body
                .contains(&format!("bank.xml was imported as problem {id}.")),
            "{id}: {}",
            reply.body
        );
    }
    assert!(
        reply.body.contains("FPS (FreeProblemSet) item, 4 tests")
            && reply
                .body
                .contains("has no tests: kept as a statement only"),
        "{}",
        reply.body
    );
    assert_eq!(
        folder_names(problems.path()),
        ["a-plus-b", "add", "any-divisor", "bank-4", "sum-function"]
    );
    assert!(!judge_toml(&server).contains("bank-4"));

    // Its statement is the item's HTML, sanitised, with its own image served.
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/any-divisor").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let start = page.body.find("<article class=\"statement\"").unwrap();
    let statement = &page.body[start..start + page.body[start..].find("</article>").unwrap()];
    assert!(
        statement.contains("<p>Given n ≥ 2, print any divisor d of n with 1 &lt; d ≤ n.</p>"),
        "rendered, not shown as its source: {statement}"
    );
    assert!(!statement.contains("&lt;p&gt;") && !statement.contains("example.com"));
    let image = statement
        .split("<img src=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("an image in {statement}"));
    let reply = ann.get(image).await;
    assert_eq!(reply.status, StatusCode::OK, "{image}: {}", reply.body);
    assert_eq!(reply.headers["content-type"], "image/png", "{image}");

    // Judged at once by the worker, through its special judge.
    let right = ann
        .submit("any-divisor", "python3", "print(int(input()))\n")
        .await
        .submission_id();
    let wrong = ann
        .submit("any-divisor", "python3", "input()\nprint(1)\n")
        .await
        .submission_id();
    for (id, verdict) in [(right, "AC"), (wrong, "WA")] {
        let result = server.wait_judged(id).result.expect("a result");
        assert_eq!(
            result.verdict.code(),
            verdict,
            "submission {id}: {result:?}"
        );
    }
}
