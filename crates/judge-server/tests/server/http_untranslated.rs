//! Every page a student and a teacher can reach, as a browser that asks for Chinese
//! (`Accept-Language: zh`) gets it, must show no English: the test renders each (the
//! pages, their error pages, the notices after a form) on a course with contests of each
//! kind, judged submissions of each verdict, questions, announcements and failed log-ins,
//! takes the text a reader sees (tags, scripts, styles, code and text marked `lang="en"`
//! left out, tooltips and placeholders kept), removes the fixture's own data (account,
//! problem, test and language names), and fails naming each page and each English
//! phrase left: any word of Latin letters that is not one of the few kept as they are
//! (verdict codes, IOI, ICPC, CSV, JSON, UTC, ...), and units after a number (`3 d`).

use crate::common::{cheap_hash, minutes_from_now, submission, Client, Part, Reply, TestServer};
use judge_server::store::Role;
use std::collections::BTreeSet;

const ZH: &str = "zh";

/// Words kept as they are in Chinese text: verdict codes (and the self-test's OK), scoring
/// rules, file formats, units and standards, the name of the program and its
/// configuration file, the interface's language codes, and a few names.
const KEPT: &[&str] = &[
    "AC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE", "JE", "OK", "IOI", "ICPC", "CSV", "JSON",
    "UTC", "KiB", "MiB", "RFC", "CPU", "API", "judge", "toml", "en", "zh", "Java", "Kattis",
    "Polygon", "FPS",
];

/// Extensions of the file names the pages quote (`problem.yaml`, `pair-sum.zip`, `.zip`):
/// a file's name is not translated.
const FILE_EXTENSIONS: &[&str] = &["zip", "yaml", "xml", "toml", "csv", "json"];

/// `text` without file names: each word of letters, digits, `-` and `_` (or nothing)
/// followed by a dot and one of [`FILE_EXTENSIONS`], where it stands as a whole.
fn without_file_names(text: &str) -> String {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && name_char(chars[i]) {
            i += 1;
        }
        let before_ok = start == 0 || !name_char(chars[start - 1]);
        if before_ok && i < chars.len() && chars[i] == '.' {
            let mut end = i + 1;
            while end < chars.len() && chars[end].is_ascii_alphanumeric() {
                end += 1;
            }
            let extension: String = chars[i + 1..end].iter().collect();
            if FILE_EXTENSIONS.contains(&extension.as_str()) {
                out.push(' ');
                i = end;
                continue;
            }
        }
        out.extend(&chars[start..i]);
        if i < chars.len() && i == start {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Phrases of the fixture that are data, not interface: names of accounts, problems,
/// tests, languages and contests (set in this test).
fn fixture_phrases() -> Vec<String> {
    let mut phrases: Vec<String> = [
        "ann",
        "bob",
        "teacher",
        "add",
        "ghost",
        "broken",
        "Add",
        "Broken",
        "sample/1.in",
        "sample/1.ans",
        "sample/1",
        "secret/01-big",
        "secret/02-small",
        // The secret tests' numbers, as students see them.
        "secret/1",
        "secret/2",
        "python3",
        "python",
        "cpp",
        "c",
        // What the test types into addresses and forms, which the pages quote.
        "fr",
        "nope",
        "abc",
        "cobol",
        "maybe",
        "tomorrow",
        "nothing.csv",
        "nothing.zip",
        "nothing",
        // The contests' ids, as the import page's contest select shows them beside their
        // titles (only there: "open" or "later" elsewhere would be English).
        "(main)",
        "(hw1)",
        "(past)",
        "(open)",
        "(later)",
        // The commands a teacher types, which the pages quote.
        "judge import --contest",
        "judge import",
        // The import page's example of a problem id.
        "pair-sum",
        // File names and form fields the pages name.
        "scoreboard.csv",
        "scoreboard.json",
        "results.csv",
        "results.json",
        "published",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let config: toml::Table = judge_model::config::judge_toml::BUILTIN_LANGUAGES_TOML
        .parse()
        .unwrap();
    for language in config["languages"].as_table().unwrap().values() {
        phrases.push(language["name"].as_str().unwrap().to_string());
    }
    // Longest first, so that "Python 3 (PyPy)" goes before "Python 3".
    phrases.sort_by_key(|p| std::cmp::Reverse(p.len()));
    phrases
}

/// Elements whose content is not the interface's text.
const SKIPPED: &[&str] = &["script", "style", "code", "pre", "textarea", "samp", "kbd"];

/// Elements without content.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Attributes a reader sees (tooltips, placeholders, names read aloud).
const SHOWN_ATTRIBUTES: &[&str] = &["title", "placeholder", "aria-label", "alt"];

fn decode(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

/// A tag's name and attributes (`<a href="x" hidden>`, without the brackets).
fn parse_tag(inside: &str) -> (String, Vec<(String, String)>) {
    let inside = inside.trim_end_matches('/');
    let name_end = inside
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inside.len());
    let name = inside[..name_end].to_ascii_lowercase();
    let mut attributes = Vec::new();
    let mut rest = inside[name_end..].trim_start();
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let attribute = rest[..end].to_ascii_lowercase();
        rest = rest[end..].trim_start();
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            if let Some(quoted) = after.strip_prefix('"') {
                let close = quoted.find('"').unwrap_or(quoted.len());
                value = decode(&quoted[..close]);
                rest = quoted.get(close + 1..).unwrap_or("").trim_start();
            } else {
                let close = after
                    .find(|c: char| c.is_whitespace())
                    .unwrap_or(after.len());
                value = decode(&after[..close]);
                rest = after[close..].trim_start();
            }
        }
        attributes.push((attribute, value));
    }
    (name, attributes)
}

/// The pieces of text a reader of `html` sees: each text between tags and each shown
/// attribute, outside skipped elements and elements marked English.
fn visible_texts(html: &str) -> Vec<String> {
    let mut texts = Vec::new();
    // Open elements, each with whether its content is skipped.
    let mut open: Vec<(String, bool)> = Vec::new();
    let mut rest = html;
    loop {
        let skipping = open.iter().any(|(_, skip)| *skip);
        let Some(lt) = rest.find('<') else {
            if !skipping {
                texts.push(decode(rest));
            }
            break;
        };
        if !skipping {
            texts.push(decode(&rest[..lt]));
        }
        rest = &rest[lt..];
        if let Some(comment) = rest.strip_prefix("<!--") {
            rest = comment.split_once("-->").map_or("", |(_, after)| after);
            continue;
        }
        let gt = rest.find('>').expect("a tag's end");
        let inside = &rest[1..gt];
        rest = &rest[gt + 1..];
        if inside.starts_with('!') {
            continue;
        }
        if let Some(closing) = inside.strip_prefix('/') {
            let name = closing.trim().to_ascii_lowercase();
            if let Some(at) = open.iter().rposition(|(n, _)| *n == name) {
                open.truncate(at);
            }
            continue;
        }
        let (name, attributes) = parse_tag(inside);
        let english = attributes
            .iter()
            .any(|(a, v)| a == "lang" && v.starts_with("en"));
        let skip = english || SKIPPED.contains(&name.as_str());
        if !skipping && !english {
            for (attribute, value) in &attributes {
                let button = name == "input"
                    && attribute == "value"
                    && attributes
                        .iter()
                        .any(|(a, v)| a == "type" && (v == "submit" || v == "button"));
                if SHOWN_ATTRIBUTES.contains(&attribute.as_str()) || button {
                    texts.push(value.clone());
                }
            }
        }
        if name == "script" || name == "style" {
            // Raw text up to the closing tag.
            let close = format!("</{name}");
            let end = rest.find(&close).unwrap_or(rest.len());
            rest = &rest[end..];
            rest = rest.find('>').map_or("", |gt| &rest[gt + 1..]);
            continue;
        }
        if !VOID.contains(&name.as_str()) {
            open.push((name, skip));
        }
    }
    texts
        .into_iter()
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|t| !t.is_empty())
        .collect()
}

/// `text` without the fixture's data: each phrase where it stands as a whole (not inside
/// a longer word).
fn without_fixture_data(text: &str, phrases: &[String]) -> String {
    let mut text = text.to_string();
    for phrase in phrases {
        let mut from = 0;
        while let Some(found) = text[from..].find(phrase.as_str()) {
            let at = from + found;
            let end = at + phrase.len();
            let before = text[..at].chars().next_back();
            let after = text[end..].chars().next();
            let part_of_word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
            if part_of_word(before) || part_of_word(after) {
                from = end;
            } else {
                text.replace_range(at..end, " ");
                from = at + 1;
            }
        }
    }
    text
}

/// The English in one piece of text: its words of Latin letters not kept as they are, and
/// one-letter units after a number (`5 s`, `2 d`).
fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        let letters = word.chars().filter(|c| c.is_ascii_alphabetic()).count();
        let after_number =
            start >= 2 && chars[start - 1] == ' ' && chars[start - 2].is_ascii_digit();
        let unit = letters == 1 && word.len() == 1 && word.chars().all(|c| c.is_ascii_lowercase());
        if (letters >= 2 && !KEPT.contains(&word.as_str())) || (unit && after_number) {
            found.push(word);
        }
    }
    found
}

/// What one page shows in English, as `page: "phrase" (words)` lines.
fn english_on(page: &str, reply: &Reply, phrases: &[String]) -> Vec<String> {
    let html = reply
        .headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    assert!(
        html,
        "{page}: not a page ({} {:?}): {}",
        reply.status,
        reply.headers.get("content-type"),
        reply.body
    );
    assert!(
        reply.body.contains("<html lang=\"zh-CN\">"),
        "{page}: not in Chinese: {}",
        reply.body
    );
    let mut lines = Vec::new();
    for text in visible_texts(&reply.body) {
        let words = english_words(&without_file_names(&without_fixture_data(&text, phrases)));
        if !words.is_empty() {
            lines.push(format!(
                "{page} ({}): {text:?} ({})",
                reply.status.as_u16(),
                words.join(" ")
            ));
        }
    }
    lines
}

/// A `[[contests]]` entry with the fixture problem `add`, titled in Chinese.
fn contest(id: &str, title: &str, fields: &[(&str, toml::Value)]) -> toml::Value {
    let mut table = toml::Table::new();
    table.insert("id".into(), id.into());
    table.insert("title".into(), title.into());
    for (key, value) in fields {
        table.insert((*key).into(), value.clone());
    }
    let mut problem = toml::Table::new();
    problem.insert("id".into(), "add".into());
    problem.insert("points".into(), 100.into());
    table.insert("problems".into(), vec![toml::Value::from(problem)].into());
    table.into()
}

/// The course: the first contest (IOI, running for another hour, frozen for its last two),
/// a homework set past its deadline taking late submissions, an ICPC contest that is
/// over, one that runs, and one not started; accounts with Chinese names beside the
/// fixture's.
fn course() -> TestServer {
    let server = TestServer::with_course(
        1,
        |contest| {
            contest.insert("title".into(), "程序设计课".into());
            contest.insert("start".into(), minutes_from_now(-60).into());
            contest.insert("duration_minutes".into(), 120.into());
            contest.insert("freeze_minutes".into(), 90.into());
        },
        |top| {
            let t = |m: i64| toml::Value::from(minutes_from_now(m));
            top.insert(
                "contests".into(),
                vec![
                    contest(
                        "hw1",
                        "第一次作业",
                        &[
                            ("kind", "homework".into()),
                            ("start", t(-60)),
                            ("deadline", t(-10)),
                            ("late_until", t(50)),
                        ],
                    ),
                    contest(
                        "past",
                        "期中考试",
                        &[
                            ("start", t(-120)),
                            ("end", t(-60)),
                            ("scoring", "icpc".into()),
                        ],
                    ),
                    contest(
                        "open",
                        "练习赛",
                        &[
                            ("start", t(-30)),
                            ("end", t(3000)),
                            ("scoring", "icpc".into()),
                        ],
                    ),
                    contest("later", "期末考试", &[("start", t(60)), ("end", t(120))]),
                ]
                .into(),
            );
        },
        |options| options.submissions_per_window = 100,
    );
    for (name, role) in [
        ("李华", Role::Student),
        ("张伟", Role::Student),
        ("王老师", Role::Teacher),
    ] {
        server
            .store
            .add_user(name, &cheap_hash("password"), role)
            .unwrap();
    }
    server
}

async fn chinese_login(server: &TestServer, name: &str) -> Client {
    let mut client = server.client().with_header("accept-language", ZH);
    let reply = client.log_in(name, "password").await;
    assert_eq!(reply.status.as_u16(), 303, "{}", reply.body);
    client
}

async fn post_multipart(client: &mut Client, path: &str, fields: &[(&str, &str)]) -> Reply {
    let csrf = client.csrf().await;
    let mut parts = vec![Part::Text("csrf", &csrf)];
    parts.extend(fields.iter().map(|(k, v)| Part::Text(k, v)));
    client.post_multipart(path, &parts).await
}

async fn post_form(client: &mut Client, path: &str, fields: &[(&str, &str)]) -> Reply {
    let csrf = client.csrf().await;
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    client.post_form(path, &all).await
}

#[tokio::test]
async fn no_page_shows_english_to_a_chinese_reader() {
    let server = course();
    let phrases = fixture_phrases();
    let mut student = chinese_login(&server, "李华").await;
    let mut other = chinese_login(&server, "张伟").await;
    let mut teacher = chinese_login(&server, "王老师").await;

    // Submissions of each kind of result.
    let mut ids = Vec::new();
    for (by_other, problem, language, source) in [
        (false, "add", "python3", submission("ac.py")),
        (false, "add", "python3", submission("wa_sample.py")),
        (false, "add", "python3", submission("re_echo.py")),
        (false, "add", "c", "int main( {".to_string()),
        (true, "add", "python3", submission("wa_secret.py")),
        (true, "add", "python3", submission("slow.py")),
        (true, "broken", "python3", "print(1)".to_string()),
    ] {
        let client = if by_other { &mut other } else { &mut student };
        ids.push(
            client
                .submit(problem, language, &source)
                .await
                .submission_id(),
        );
    }
    for id in &ids {
        server.wait_judged(*id);
    }
    let late = crate::http_contests::submit_into(&mut student, "hw1", &submission("ac.py"))
        .await
        .submission_id();
    server.wait_judged(late);
    let icpc = crate::http_contests::submit_into(&mut other, "open", &submission("wa_sample.py"))
        .await
        .submission_id();
    server.wait_judged(icpc);
    // Two students' latest submissions alike: a pair on the similarity page.
    let alike = "import sys\n\ndef read_numbers(text):\n    values = []\n    for part in text.split():\n        values.append(int(part))\n    return values\n\ndef total(values):\n    result = 0\n    for value in values:\n        result = result + value\n    return result\n\nnumbers = read_numbers(sys.stdin.read())\nprint(total(numbers))\n";
    for client in [&mut student, &mut other] {
        let id = client.submit("add", "python3", alike).await.submission_id();
        server.wait_judged(id);
    }
    // A third student's file that cannot be compared (no code): a reason on the
    // similarity page.
    let mut bob = server.login("bob").await;
    let nothing = bob
        .submit("add", "python3", "import sys\n# nothing yet\n")
        .await
        .submission_id();
    server.wait_judged(nothing);
    // A question answered, one open, an announcement; failed log-ins.
    let asked = post_form(
        &mut student,
        "/clarifications",
        &[("problem", "add"), ("question", "输入的整数可以是负数吗？")],
    )
    .await;
    let question: i64 = asked
        .location()
        .rsplit('-')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{asked:?}"));
    post_form(
        &mut other,
        "/clarifications",
        &[("problem", ""), ("question", "比赛几点结束？")],
    )
    .await;
    post_form(
        &mut teacher,
        &format!("/teacher/clarifications/{question}/answer"),
        &[("answer", "可以。"), ("public", "1")],
    )
    .await;
    post_form(
        &mut teacher,
        "/teacher/announcements",
        &[("text", "第二题的样例已更正。")],
    )
    .await;
    for _ in 0..4 {
        server
            .client()
            .with_header("accept-language", ZH)
            .log_in("bob", "wrong password")
            .await;
    }

    let [ac, wa, re, ce, wa_secret, tle, je] = ids[..] else {
        unreachable!()
    };
    let mut english = Vec::new();
    let mut statuses = std::collections::BTreeMap::new();
    let mut check = |page: &str, reply: Reply| {
        english.extend(english_on(page, &reply, &phrases));
        statuses.insert(
            page.to_string(),
            (reply.status.as_u16(), reply.body.contains("天 ")),
        );
    };

    // What anyone sees.
    let mut anyone = server.client().with_header("accept-language", ZH);
    check("/login", anyone.get("/login").await);
    check("wrong password", anyone.log_in("李华", "nope").await);
    check(
        "logged out, no such page",
        anyone.get("/no-such-page").await,
    );
    check(
        "an unknown interface language",
        anyone.get("/language?to=fr").await,
    );

    // A student's pages.
    let mut student_pages: Vec<String> = [
        "/problems",
        "/problems/add",
        "/problems/ghost",
        "/problems/nope",
        "/submit?problem=add",
        "/submit?problem=nope",
        "/languages",
        "/submissions",
        "/submissions?verdict=WA&problem=add&page=2",
        "/submissions/999",
        "/submissions/abc",
        "/scoreboard",
        "/clarifications",
        "/self-test?problem=add",
        "/contests",
        "/contests/nope",
        "/contests/hw1/problems",
        "/contests/hw1/problems/add",
        "/contests/hw1/scoreboard",
        "/contests/hw1/statistics",
        "/contests/past/problems",
        "/contests/past/scoreboard",
        "/contests/past/statistics",
        "/contests/open/problems",
        "/contests/open/scoreboard",
        "/contests/open/statistics",
        "/contests/later/problems",
        "/contests/later/problems/add",
        "/statistics",
        "/teacher",
        "/teacher/problems/import",
        "/no-such-page",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for id in [ac, wa, re, ce, late] {
        student_pages.push(format!("/submissions/{id}"));
    }
    student_pages.push(format!("/submissions/{wa_secret}"));
    for path in &student_pages {
        check(&format!("student {path}"), student.get(path).await);
    }
    for path in [
        format!("/submissions/{tle}"),
        format!("/submissions/{je}"),
        format!("/submissions/{icpc}"),
    ] {
        check(&format!("student {path}"), other.get(&path).await);
    }
    check(
        "student submits nothing",
        post_multipart(
            &mut student,
            "/submit",
            &[("problem", "add"), ("language", "python3"), ("source", "")],
        )
        .await,
    );
    check(
        "student submits in an unknown language",
        post_multipart(
            &mut student,
            "/submit",
            &[("problem", "add"), ("language", "cobol"), ("source", "x")],
        )
        .await,
    );
    check(
        "student submits to the contest not started",
        post_multipart(
            &mut student,
            "/submit",
            &[
                ("contest", "later"),
                ("problem", "add"),
                ("language", "python3"),
                ("source", "print(1)"),
            ],
        )
        .await,
    );
    check(
        "student self-test",
        post_multipart(
            &mut student,
            "/self-test",
            &[
                ("problem", "add"),
                ("language", "python3"),
                ("source", &submission("stderr_sample.py")),
                ("input", "1 2\n"),
            ],
        )
        .await,
    );
    check(
        "student self-test that does not compile",
        post_multipart(
            &mut student,
            "/self-test",
            &[
                ("problem", "add"),
                ("language", "c"),
                ("source", "int main( {"),
                ("input", "1 2\n"),
            ],
        )
        .await,
    );
    check(
        "student asks nothing",
        post_form(
            &mut student,
            "/clarifications",
            &[("problem", "add"), ("question", "")],
        )
        .await,
    );
    check(
        "student without a form's token",
        student
            .post_form("/clarifications", &[("question", "x")])
            .await,
    );

    // The teacher's pages.
    let mut teacher_pages: Vec<String> = [
        "/problems",
        "/problems/ghost",
        "/problems/broken",
        "/teacher",
        "/teacher/submissions",
        "/teacher/submissions?rejudged=3",
        "/teacher/submissions?student=张伟&verdict=TLE",
        "/teacher/problems/add/rejudge",
        "/teacher/problems/nope/rejudge",
        "/teacher/submissions/999/rejudge",
        "/teacher/similarity/add",
        "/teacher/similarity/add?pair=1",
        "/teacher/similarity/add?pair=99",
        "/teacher/similarity/nope",
        "/teacher/export/nothing.csv",
        "/teacher/problems/import",
        "/teacher/contests",
        "/scoreboard",
        "/statistics",
        "/contests",
        "/contests/open/scoreboard",
        "/contests/later/problems",
        "/clarifications",
        "/submissions",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for id in [ac, wa, re, ce, wa_secret, tle, je, late, icpc] {
        teacher_pages.push(format!("/submissions/{id}"));
    }
    teacher_pages.push(format!("/submissions/{wa}?rejudged=1"));
    teacher_pages.push(format!("/teacher/submissions/{wa}/rejudge"));
    for path in &teacher_pages {
        check(&format!("teacher {path}"), teacher.get(path).await);
    }
    let similarity = teacher.get("/teacher/similarity/add").await.body;
    assert!(
        similarity.contains("没有代码：只有注释、声明或导入语句"),
        "bob's file is listed as not compared, with its reason: {similarity}"
    );
    for (what, fields) in [
        ("no start", vec![("start", "")]),
        ("a bad time", vec![("start", "tomorrow")]),
        (
            "an end before the start",
            vec![
                ("start", "2026-12-01T09:00:00Z"),
                ("end", "2026-12-01T08:00:00Z"),
            ],
        ),
        (
            "late submissions in a contest",
            vec![
                ("start", "2026-12-01T09:00:00Z"),
                ("late_until", "2026-12-02T09:00:00Z"),
            ],
        ),
    ] {
        check(
            &format!("teacher sets a window with {what}"),
            post_form(&mut teacher, "/contests/later/window", &fields).await,
        );
    }
    check(
        "teacher sets the window of homework closing before its deadline",
        post_form(
            &mut teacher,
            "/contests/hw1/window",
            &[
                ("start", "2026-12-01T09:00:00Z"),
                ("end", "2026-12-03T09:00:00Z"),
                ("late_until", "2026-12-02T09:00:00Z"),
            ],
        )
        .await,
    );
    check(
        "teacher publishes nonsense",
        post_form(
            &mut teacher,
            "/teacher/scoreboard/publish",
            &[("published", "maybe")],
        )
        .await,
    );
    check(
        "teacher uploads no package",
        post_multipart(&mut teacher, "/teacher/problems/import", &[("id", "")]).await,
    );
    check("teacher uploads a file that is not a package", {
        let csrf = teacher.csrf().await;
        teacher
            .post_multipart(
                "/teacher/problems/import",
                &[
                    Part::Text("csrf", &csrf),
                    Part::File("package", "nothing.zip", b"not a zip"),
                    Part::Text("id", "nothing"),
                ],
            )
            .await
    });
    check("teacher imports into a contest that is none", {
        let csrf = teacher.csrf().await;
        teacher
            .post_multipart(
                "/teacher/problems/import",
                &[
                    Part::Text("csrf", &csrf),
                    Part::Text("contest", "nope"),
                    Part::File("package", "nothing.zip", b"not a zip"),
                    Part::Text("id", "nothing"),
                ],
            )
            .await
    });
    let import = teacher.get("/teacher/problems/import").await.body;
    assert!(
        import.contains("<select name=\"contest\"") && import.contains("第一次作业 (hw1)"),
        "the import page's contest select is on the page checked: {import}"
    );
    check(
        "teacher accepts a judge error that is none",
        post_form(
            &mut teacher,
            &format!("/teacher/submissions/{ac}/accept-judge-error"),
            &[],
        )
        .await,
    );
    check(
        "teacher answers nothing",
        post_form(
            &mut teacher,
            &format!("/teacher/clarifications/{question}/answer"),
            &[("answer", ""), ("public", "0")],
        )
        .await,
    );
    check(
        "teacher announces nothing",
        post_form(&mut teacher, "/teacher/announcements", &[("text", "")]).await,
    );

    // The pages are the ones meant: the pair opens, the clock counts days.
    assert_eq!(statuses["teacher /teacher/similarity/add?pair=1"].0, 200);
    assert_eq!(statuses["teacher /teacher"].0, 200);
    assert_eq!(statuses["teacher /teacher/problems/import"].0, 200);
    assert_eq!(statuses["student /teacher/problems/import"].0, 403);
    assert_eq!(
        statuses["teacher uploads a file that is not a package"].0,
        422
    );
    assert_eq!(statuses["student /contests/open/scoreboard"], (200, true));
    assert_eq!(statuses["student /statistics"].0, 403);
    let words: BTreeSet<&str> = english
        .iter()
        .flat_map(|line| {
            line.rsplit_once(" (")
                .map_or("", |(_, w)| w)
                .trim_end_matches(')')
                .split(' ')
        })
        .collect();
    assert!(
        english.is_empty(),
        "{} English texts on the Chinese pages (words: {}):\n{}",
        english.len(),
        words.into_iter().collect::<Vec<_>>().join(" "),
        english.join("\n")
    );
}

#[test]
fn the_visible_text_is_what_a_reader_sees() {
    let page = r#"<html><head><title>题目 · Course</title><style>p { x: 1 }</style></head><body>
        <p title="tip">正文 <b>Bold</b><br>after</p><script>let s = "<p>";</script>
        <span lang="en">English</span><pre>code</pre><!-- note -->
        <input type="submit" value="Send"><input type="text" value="typed">
        <p>&lt;tag&gt; &amp; 5 s</p></body></html>"#;
    assert_eq!(
        visible_texts(page),
        [
            "题目 · Course",
            "tip",
            "正文",
            "Bold",
            "after",
            "Send",
            "<tag> & 5 s"
        ]
    );
    assert_eq!(english_words("<tag> & 5 s"), ["tag", "s"]);
    assert_eq!(
        english_words("AC 3/25 · 2 天 1:00:00 · UTC"),
        Vec::<String>::new()
    );
    assert_eq!(
        english_words(&without_file_names(
            "题目包（.zip、problem.yaml、pair-sum.zip）e.g. notes.txt judge.toml"
        )),
        ["notes", "txt"]
    );
    let phrases = ["ann".to_string(), "sample/1".to_string()];
    assert_eq!(
        english_words(&without_fixture_data(
            "ann annals sample/1 sample/10",
            &phrases
        )),
        ["annals", "sample"]
    );
}
