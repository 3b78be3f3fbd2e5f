//! HTTP tests of the samples (issue 17): each sample file appears once on a problem's page,
//! with copy buttons that copy its exact text; on a result, a sample test's stderr and its
//! output's diff against the answer are shown to the student (for a problem judged by a
//! checker too), escaped and capped, and a secret test's stderr never is.

use crate::common::{fixtures, submission, Client, TestServer};
use judge_model::Verdict;

/// The `parts` and `add` fixtures' secret numbers: a page that shows one to a student leaks
/// the secret input (through stderr here).
const SECRETS: [&str; 6] = [
    "70000001",
    "80000002",
    "123456789",
    "987654321",
    "31415926",
    "27182818",
];

fn leak(text: &str) -> Option<&'static str> {
    SECRETS.into_iter().find(|secret| text.contains(secret))
}

/// A server on `add` (exact comparison; its statement shows the sample's input only),
/// `parts` (a checker; its statement shows the sample's input and answer) and `pair` (a
/// Kattis package whose statement shows no sample), IOI scoring. The problems' folder is
/// in the returned directory, which must outlive the server.
pub(crate) fn server(workers: usize) -> (TestServer, tempfile::TempDir) {
    let problems = tempfile::tempdir().unwrap();
    let link = |target: std::path::PathBuf, name: &str| {
        std::os::unix::fs::symlink(target, problems.path().join(name)).unwrap();
    };
    link(fixtures().join("problems/add"), "add");
    link(fixtures().join("problems/parts"), "parts");
    link(
        crate::common::repository().join("crates/judge/tests/fixtures/packages/kattis-pass-fail"),
        "pair",
    );
    let folder = problems.path().display().to_string();
    let server = TestServer::with(
        workers,
        |contest| {
            contest.insert("problems_dir".into(), folder.into());
            let problems: Vec<toml::Value> = ["add", "parts", "pair"]
                .iter()
                .map(|id| {
                    let mut problem = toml::Table::new();
                    problem.insert("id".into(), (*id).into());
                    problem.insert("points".into(), 100.into());
                    problem.into()
                })
                .collect();
            contest.insert("problems".into(), problems.into());
        },
        |_| {},
    );
    (server, problems)
}

/// How many times `text` is the content of a code block on `page`.
fn blocks_of(page: &str, text: &str) -> usize {
    page.matches(&format!("<code>{text}</code>")).count()
}

/// The copy buttons' texts (their `data-copy`) on `page`, in order.
fn copied_texts(page: &str) -> Vec<String> {
    page.split("<button type=\"button\" class=\"copy\"")
        .skip(1)
        .map(|button| {
            let at = button.find("data-copy=\"").expect("a data-copy") + "data-copy=\"".len();
            let end = button[at..].find('"').unwrap();
            button[at..at + end].to_string()
        })
        .collect()
}

async fn problem_page(client: &mut Client, id: &str, lang: &str) -> String {
    let page = client
        .get_with(&format!("/problems/{id}"), &[("accept-language", lang)])
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.body
}

#[tokio::test]
async fn each_sample_appears_once_with_copy_buttons() {
    let (server, _problems) = server(0);
    let mut ann = server.login("ann").await;

    // `add`'s statement shows the input, not the answer, in each language: the input's
    // button is beside the statement's block, and below it comes the answer alone.
    for lang in ["en", "zh-CN"] {
        let page = problem_page(&mut ann, "add", lang).await;
        assert_eq!(blocks_of(&page, "1 2\n"), 1, "{lang}: {page}");
        assert_eq!(blocks_of(&page, "3\n"), 1, "{lang}: {page}");
        assert!(page.contains("class=\"samples\""), "{lang}: {page}");
        assert_eq!(copied_texts(&page), ["1 2\n", "3\n"], "{lang}: {page}");
        let above = if lang == "en" {
            "Its input is in the statement above."
        } else {
            "其输入见上方题面。"
        };
        assert!(page.contains(above), "{lang}: {page}");
        assert!(
            page.contains(">sample/1.ans</span></h3>")
                && !page.contains(">sample/1.in</span></h3>"),
            "{lang}: only the answer below: {page}"
        );
        assert!(page.contains("<div class=\"code-block\">\n<pre><code>1 2\n</code></pre>"));
        assert!(page.contains("<script src=\"/static/copy.js\" defer>"));
        let label = if lang == "en" {
            ">Copy</button>"
        } else {
            ">复制</button>"
        };
        assert!(
            page.contains(label),
            "{lang}: the label is translated: {page}"
        );
        // Hidden until the script shows it: no dead button without JavaScript.
        assert!(page.contains("class=\"copy\" hidden"), "{page}");
    }

    // `parts` (a checker) shows input and answer in its statement: a button for each.
    let page = problem_page(&mut ann, "parts", "en").await;
    assert_eq!(blocks_of(&page, "1 2\n"), 1, "{page}");
    assert_eq!(blocks_of(&page, "3\n"), 1, "{page}");
    assert_eq!(copied_texts(&page), ["1 2\n", "3\n"]);
    assert!(!page.contains("class=\"samples\""), "{page}");

    // The package's statement has no sample: the stored one is shown below it, once,
    // input and answer with a button each.
    let page = problem_page(&mut ann, "pair", "en").await;
    assert_eq!(
        page.matches("data-sample=\"sample/1\"").count(),
        1,
        "{page}"
    );
    assert_eq!(blocks_of(&page, "3 4\n"), 2, "input and answer: {page}");
    assert_eq!(copied_texts(&page), ["3 4\n", "3 4\n"]);
    assert!(page.contains("sample/1.in") && page.contains("sample/1.ans"));
    let page = problem_page(&mut ann, "pair", "zh-CN").await;
    assert!(
        page.contains("<h3>输入 ") && page.contains("<h3>答案 "),
        "{page}"
    );

    let script = ann.get("/static/copy.js").await;
    assert_eq!(script.status, 200);
    assert!(script.body.contains("clipboard"), "{}", script.body);
}

#[tokio::test]
async fn a_samples_stderr_and_diff_are_shown_to_the_student_and_a_secret_tests_stderr_never() {
    let (server, _problems) = server(2);
    let mut ann = server.login("ann").await;
    // Wrong by one everywhere, writing its input to stderr: on `parts` (a checker) the
    // sample fails, and the big subtask's first test runs (and fails) too.
    let parts = ann
        .submit("parts", "python3", &submission("stderr_sample.py"))
        .await
        .submission_id();
    // On `add` (exact comparison) every test runs; stderr is HTML and long.
    let noisy = "import sys\n\
                 a, b = map(int, input().split())\n\
                 sys.stderr.write('<b>debug</b> a=%d b=%d\\n' % (a, b))\n\
                 sys.stderr.write('x' * 100000)\n\
                 print(a + b + 1)\n";
    let add = ann.submit("add", "python3", noisy).await.submission_id();
    for id in [parts, add] {
        assert_eq!(server.wait_judged(id).result.unwrap().verdict, Verdict::WA);
    }

    let page = ann.get(&format!("/submissions/{parts}")).await.body;
    assert!(
        page.contains("debug: a=1 b=2"),
        "the sample's stderr: {page}"
    );
    assert!(
        page.contains("expected 3, got 4"),
        "the checker's message: {page}"
    );
    assert!(
        page.contains("-    1 | 3\n+    1 | 4"),
        "the sample's diff on a checker problem: {page}"
    );
    assert!(page.contains("Your output against the expected answer"));
    assert!(page.contains("What the program wrote to stderr"));
    assert_eq!(leak(&page), None, "{page}");
    let json = ann.get(&format!("/submissions/{parts}/result.json")).await;
    assert_eq!(leak(&json.body), None, "{}", json.body);
    let tests = &json.json()["result"]["tests"];
    assert_eq!(tests[0]["stderr"], "debug: a=1 b=2\n", "{tests}");
    assert!(tests.as_array().unwrap()[1..]
        .iter()
        .all(|t| t.get("stderr").is_none() && t["diff"].is_null()));

    let page = ann.get(&format!("/submissions/{add}")).await.body;
    assert!(
        page.contains("&lt;b&gt;debug&lt;/b&gt; a=1 b=2") && !page.contains("<b>debug"),
        "stderr is escaped: {page}"
    );
    assert!(page.contains("-    1 | 3\n+    1 | 4"), "{page}");
    assert_eq!(leak(&page), None, "{page}");
    let zh = ann
        .get_with(&format!("/submissions/{add}"), &[("accept-language", "zh")])
        .await
        .body;
    assert!(
        zh.contains("程序输出到标准错误") && zh.contains("标准答案"),
        "{zh}"
    );

    // Stored: the sample's stderr, capped; no secret test's at all (so the teacher, who
    // sees everything stored, does not see one either).
    for id in [parts, add] {
        let stored = server
            .store
            .submission(id)
            .unwrap()
            .unwrap()
            .result
            .unwrap();
        let sample = &stored.tests[0];
        assert!(sample.sample);
        let stderr = sample.stderr.as_deref().expect("the sample's stderr");
        assert!(stderr.len() <= judge_core::SAMPLE_STDERR_BYTES + 3);
        assert!(stored.tests[1..].iter().all(|t| t.stderr.is_none()));
    }
    let stored = server
        .store
        .submission(add)
        .unwrap()
        .unwrap()
        .result
        .unwrap();
    assert!(stored.tests[0].stderr.as_deref().unwrap().ends_with("xxx…"));
    let mut teacher = server.login("teacher").await;
    let page = teacher.get(&format!("/submissions/{parts}")).await.body;
    assert!(page.contains("debug: a=1 b=2") && !page.contains("debug: a=70000001"));
}
