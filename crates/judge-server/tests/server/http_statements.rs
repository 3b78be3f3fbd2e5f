//! A package is untrusted input (issue 28): its statement's HTML goes through the
//! sanitiser, its links go only to web and mail addresses or relative ones, and its
//! images are inline ones or files of its statement folder, served by the server under
//! the same rules (no `..`, no absolute path, no symbolic link, images only).
//!
//! Statements as their authors wrote them (issue 31): a Kattis `problem.tex` and Polygon's
//! statement sections rendered from their LaTeX, math as MathML made on the server,
//! Polygon's `problem.html` sanitised, the package's PDF linked, the page's language
//! first, then English.

use crate::common::{fixtures, TestServer};
use axum::http::StatusCode;
use std::collections::BTreeSet;
use std::path::Path;

/// Copies a folder.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A server whose contest has the problem `id`, a copy of the fixture package `id`
/// (`edit` changes the copy first).
fn package_server(dir: &Path, id: &str, edit: impl FnOnce(&Path)) -> TestServer {
    let problems = dir.join("problems");
    copy_folder(&fixtures().join("packages").join(id), &problems.join(id));
    edit(&problems.join(id));
    server_of(dir, &[id])
}

/// A server whose contest has the problems `ids` of `dir/problems`.
fn server_of(dir: &Path, ids: &[&str]) -> TestServer {
    let problems = dir.join("problems");
    std::fs::create_dir_all(dir.join("testdata")).unwrap();
    let listed: Vec<toml::Value> = ids
        .iter()
        .map(|id| {
            let mut problem = toml::Table::new();
            problem.insert("id".into(), (*id).into());
            toml::Value::Table(problem)
        })
        .collect();
    TestServer::with(
        0,
        |contest| {
            contest.insert("problems_dir".into(), problems.display().to_string().into());
            contest.insert(
                "testdata_dir".into(),
                dir.join("testdata").display().to_string().into(),
            );
            contest.insert("problems".into(), listed.into());
        },
        |_| {},
    )
}

/// A server whose contest has the fixture packages `latex` (a Kattis LaTeX statement)
/// and `polygon-statement` (Polygon's sections), copied into `dir` (the browser test's).
pub(crate) fn statements_server(dir: &Path) -> TestServer {
    for id in ["latex", "polygon-statement"] {
        copy_folder(
            &fixtures().join("packages").join(id),
            &dir.join("problems").join(id),
        );
    }
    server_of(dir, &["latex", "polygon-statement"])
}

/// A server whose contest has the problem `hostile` (a copy of the fixture package, its
/// statement folder given a symbolic link to an image outside it).
fn hostile_server(dir: &Path) -> TestServer {
    package_server(dir, "hostile", |package| {
        let outside = dir.join("outside.png");
        std::fs::copy(package.join("statement/figure.png"), &outside).unwrap();
        std::os::unix::fs::symlink(&outside, package.join("statement/linked.png")).unwrap();
    })
}

/// An element of the page: its name and attributes.
#[derive(Debug)]
struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
}

/// The opening tags of `html` (the page's text escapes every `<`, so each `<` starts a
/// tag; a comment is a tag named `!--`).
fn tags(html: &str) -> Vec<Tag> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with('/') {
            continue;
        }
        if rest.starts_with("!--") {
            found.push(Tag {
                name: "!--".into(),
                attributes: Vec::new(),
            });
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .unwrap();
        let name = rest[..end].to_ascii_lowercase();
        rest = &rest[end..];
        let mut attributes = Vec::new();
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
            if rest.starts_with('>') {
                break;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '>' || c == '=')
                .unwrap();
            let attribute = rest[..end].to_ascii_lowercase();
            rest = &rest[end..];
            let mut value = String::new();
            if let Some(quoted) = rest.strip_prefix("=\"") {
                let close = quoted.find('"').unwrap();
                value = quoted[..close].replace("&amp;", "&");
                rest = &quoted[close + 1..];
            }
            attributes.push((attribute, value));
        }
        found.push(Tag { name, attributes });
    }
    found
}

/// The statement's part of the page.
fn article(body: &str) -> &str {
    let start = body
        .find("<article class=\"statement\"")
        .unwrap_or_else(|| panic!("no statement in {body}"));
    let end = start + body[start..].find("</article>").unwrap();
    &body[start..end]
}

#[tokio::test]
async fn a_hostile_statement_keeps_only_safe_links_and_its_own_images() {
    let dir = tempfile::tempdir().unwrap();
    let server = hostile_server(dir.path());
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/hostile").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);

    // No element or attribute of the statement's raw HTML: it is shown as its text.
    let tags = tags(statement);
    let allowed = [
        "article", "h1", "h2", "p", "a", "img", "pre", "code", "div", "button", "math", "mi", "mn",
    ];
    for tag in &tags {
        assert!(
            allowed.contains(&tag.name.as_str()),
            "{tag:?} in {statement}"
        );
        for (attribute, _) in &tag.attributes {
            assert!(
                !attribute.starts_with("on") && attribute != "style",
                "{tag:?} in {statement}"
            );
        }
    }
    assert!(statement.contains("&lt;script&gt;alert"), "{statement}");
    assert!(statement.contains("&lt;iframe src="), "{statement}");

    // Links: the web, mail and relative ones stay; the others are plain text.
    let links: BTreeSet<&str> = tags
        .iter()
        .filter(|t| t.name == "a")
        .flat_map(|t| &t.attributes)
        .filter(|(name, _)| name == "href")
        .map(|(_, value)| value.as_str())
        .collect();
    assert_eq!(
        links,
        BTreeSet::from([
            "https://example.org/rules",
            "mailto:teacher@example.org",
            "other.html"
        ]),
        "{statement}"
    );
    assert!(statement.contains("click me") && statement.contains("shout"));
    assert!(
        !statement.to_ascii_lowercase().contains("javascript:"),
        "{statement}"
    );
    assert!(!statement.contains("data:text"), "{statement}");

    // Images: the package's own files, served from it, and an inline one.
    let images: BTreeSet<&str> = tags
        .iter()
        .filter(|t| t.name == "img")
        .flat_map(|t| &t.attributes)
        .filter(|(name, _)| name == "src")
        .map(|(_, value)| value.as_str())
        .collect();
    assert_eq!(
        images,
        BTreeSet::from([
            "/problems/hostile/statement/figure.png",
            "/problems/hostile/statement/images/plan.png",
            "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
        ]),
        "{statement}"
    );
    assert_eq!(
        tags.iter().filter(|t| t.name == "img").count(),
        3,
        "refused images are removed: {statement}"
    );
    for gone in [
        "example.com/x.png",
        "example.com/y.png",
        "etc/passwd",
        "hostname",
        "linked.png",
        "problem.yaml",
        "missing.png",
        "svg+xml",
    ] {
        assert!(!statement.contains(gone), "{gone} in {statement}");
    }

    // The sample's code block still gets its copy button.
    assert!(
        statement.contains("<div class=\"code-block\">\n<pre><code>4\n</code></pre>\n<button type=\"button\" class=\"copy\""),
        "{statement}"
    );
}

#[tokio::test]
async fn a_statements_images_are_served_from_its_folder_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = hostile_server(dir.path());
    let mut ann = server.login("ann").await;
    let folder = dir.path().join("problems/hostile/statement");
    for (path, file) in [
        ("/problems/hostile/statement/figure.png", "figure.png"),
        (
            "/problems/hostile/statement/images/plan.png",
            "images/plan.png",
        ),
        (
            "/contests/main/problems/hostile/statement/figure.png",
            "figure.png",
        ),
    ] {
        let reply = ann.get(path).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
        assert_eq!(reply.headers["content-type"], "image/png", "{path}");
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
        let stored = std::fs::read(folder.join(file)).unwrap();
        assert_eq!(
            reply.body.as_bytes(),
            String::from_utf8_lossy(&stored).as_bytes()
        );
    }
    // Named by the statement but refused (a symbolic link, `..`, not an image, missing),
    // or not named by it at all.
    for refused in [
        "linked.png",
        "images/../figure.png",
        "../problem.yaml",
        "missing.png",
        "problem.en.md",
        "images",
        "%2e%2e/problem.yaml",
    ] {
        let reply = ann
            .get(&format!("/problems/hostile/statement/{refused}"))
            .await;
        assert_eq!(
            reply.status,
            StatusCode::NOT_FOUND,
            "{refused}: {}",
            reply.body
        );
        assert!(
            reply.body.contains("shows no image"),
            "{refused}: {}",
            reply.body
        );
    }
    let stranger = server
        .client()
        .get("/problems/hostile/statement/figure.png")
        .await;
    assert_ne!(stranger.status, StatusCode::OK, "a session is needed");
    let zh = ann
        .get_with(
            "/problems/hostile/statement/missing.png",
            &[("accept-language", "zh")],
        )
        .await;
    assert!(zh.body.contains("题面中没有图片"), "{}", zh.body);
}

/// What no rendered statement shows: LaTeX source, escaped HTML, MathJax delimiters.
fn assert_rendered(statement: &str) {
    for raw in [
        "\\problemname",
        "\\begin",
        "\\section",
        "\\includegraphics",
        "\\textbf",
        "\\le",
        "$",
        "&lt;p&gt;",
        "&lt;h",
        "<pre><code>\\",
    ] {
        assert!(!statement.contains(raw), "{raw} in {statement}");
    }
}

#[tokio::test]
async fn a_kattis_latex_statement_is_rendered_with_its_math_table_and_image() {
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "latex", |_| {});
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/latex").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);
    assert_rendered(statement);
    assert!(
        statement.contains("<h1 lang=\"en\">Tower heights</h1>"),
        "{statement}"
    );
    assert!(statement.contains("<h2>Input</h2>") && statement.contains("<h2>Output</h2>"));
    assert!(statement.contains("<em>total</em>") && statement.contains("<strong>blocks</strong>"));
    assert!(statement.contains("<code>print</code>"), "{statement}");
    assert!(
        statement.contains("<li>each height is an integer,</li>"),
        "{statement}"
    );
    assert!(
        statement.contains("<table>") && statement.contains("<td>Group</td><td>Points</td>"),
        "{statement}"
    );
    assert!(
        statement.contains("<math display=\"inline\"><mi>n</mi></math>"),
        "{statement}"
    );
    assert!(
        statement.contains("<math display=\"block\">"),
        "{statement}"
    );
    assert!(statement.contains("<mo>≤</mo>"), "{statement}");
    assert!(
        statement.contains("<a href=\"https://example.org/rules\" rel=\"noopener noreferrer nofollow\">the rules</a>"),
        "{statement}"
    );
    assert!(
        statement.contains("<pre><code>sum = h_1 + ... + h_n</code></pre>"),
        "{statement}"
    );
    assert!(
        statement.contains("<img src=\"/problems/latex/statement/towers.png\" alt=\"\">"),
        "{statement}"
    );
    // The sample is shown below, as every statement's.
    assert!(
        page.body.contains("data-sample=\"sample/1\""),
        "{}",
        page.body
    );

    let image = ann.get("/problems/latex/statement/towers.png").await;
    assert_eq!(image.status, StatusCode::OK, "{}", image.body);
    assert_eq!(image.headers["content-type"], "image/png");

    // The PDF the package ships, linked and served.
    assert!(
        page.body
            .contains("href=\"/problems/latex/statement.pdf?lang=en\""),
        "{}",
        page.body
    );
    let pdf = ann.get("/problems/latex/statement.pdf?lang=en").await;
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.body);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    assert!(pdf.body.starts_with("%PDF-"));
}

#[tokio::test]
async fn the_chinese_interface_shows_the_english_statement_before_another_language() {
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "latex", |_| {});
    let mut ann = server.login("ann").await;
    let page = ann
        .get_with("/problems/latex", &[("accept-language", "zh")])
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);
    assert!(statement.contains("Anna builds"), "{statement}");
    assert!(!statement.contains("Anna bygger"), "{statement}");
    assert!(statement.contains("lang=\"en\""), "{statement}");

    // Without an English one, the package's first.
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "latex", |package| {
        std::fs::remove_file(package.join("problem_statement/problem.tex")).unwrap();
    });
    let mut ann = server.login("ann").await;
    let page = ann
        .get_with("/problems/latex", &[("accept-language", "zh")])
        .await;
    let statement = article(&page.body);
    assert!(statement.contains("Anna bygger"), "{statement}");
    assert!(
        statement.starts_with("<article class=\"statement\" lang=\"sv\""),
        "{statement}"
    );
    assert_rendered(statement);
}

#[tokio::test]
async fn a_polygon_statement_is_rendered_from_its_sections() {
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "polygon-statement", |_| {});
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/polygon-statement").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);
    assert_rendered(statement);
    assert!(
        statement.contains("<h1 lang=\"en\">Grid paths</h1>"),
        "{statement}"
    );
    assert!(
        statement.starts_with("<article class=\"statement\" lang=\"en\">"),
        "{statement}"
    );
    for heading in ["<h2>Input</h2>", "<h2>Output</h2>", "<h2>Notes</h2>"] {
        assert!(statement.contains(heading), "{heading} in {statement}");
    }
    assert!(statement.contains("<mo>×</mo>"), "{statement}");
    assert!(
        statement.contains("<math display=\"block\">"),
        "{statement}"
    );
    assert!(statement.contains("<strong>two</strong>"), "{statement}");
    assert!(
        statement.contains("<img src=\"/problems/polygon-statement/statement/grid.png\""),
        "{statement}"
    );
    let image = ann
        .get("/problems/polygon-statement/statement/grid.png")
        .await;
    assert_eq!(image.status, StatusCode::OK, "{}", image.body);
    let pdf = ann
        .get("/problems/polygon-statement/statement.pdf?lang=en")
        .await;
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.body);
    assert!(page.body.contains("statement.pdf?lang=en"));
}

#[tokio::test]
async fn a_polygon_html_statement_is_sanitised_with_its_math_rendered() {
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "polygon-statement", |package| {
        std::fs::remove_dir_all(package.join("statement-sections")).unwrap();
    });
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/polygon-statement").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);
    assert_rendered(statement);
    assert!(
        statement.contains("A robot walks on an <math"),
        "{statement}"
    );
    assert!(
        !statement.contains("<script") && !statement.contains("example.com"),
        "{statement}"
    );
    assert!(!statement.contains("<title>") && !statement.contains("class=\"problem-statement\""));
}

#[tokio::test]
async fn a_hostile_latex_statement_keeps_no_script_link_or_external_image() {
    let dir = tempfile::tempdir().unwrap();
    let server = package_server(dir.path(), "latex", |package| {
        std::fs::write(
            package.join("problem_statement/problem.tex"),
            "\\problemname{<script>alert(0)</script>}\n\
             Text <script>alert(1)</script> \\href{javascript:alert(2)}{click} \\url{ JaVaScript:alert(3)}\n\
             \\includegraphics{https://example.com/x.png}\\includegraphics{//example.com/y.png}\n\
             \\includegraphics{../problem.yaml}\\includegraphics{/etc/passwd}\n\
             \\textbf{<img src=x onerror=alert(4)>} $\\text{<iframe>}$ {{{{{{{{ \\begin{itemize}\\item[",
        )
        .unwrap();
    });
    let mut ann = server.login("ann").await;
    let page = ann.get("/problems/latex").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let statement = article(&page.body);
    let tags = tags(statement);
    for tag in &tags {
        assert!(
            !["script", "img", "iframe"].contains(&tag.name.as_str()),
            "{tag:?} in {statement}"
        );
        for (attribute, value) in &tag.attributes {
            assert!(!attribute.starts_with("on"), "{tag:?} in {statement}");
            assert!(
                !value.to_ascii_lowercase().contains("javascript"),
                "{tag:?} in {statement}"
            );
        }
    }
    assert!(!statement.contains("example.com"), "{statement}");
    assert!(
        statement.contains("&lt;script&gt;alert(1)"),
        "shown as text: {statement}"
    );
    assert!(statement.contains("click"), "{statement}");
}
