//! A package is untrusted input (issue 28): its statement's HTML goes through the
//! sanitiser, its links go only to web and mail addresses or relative ones, and its
//! images are inline ones or files of its statement folder, served by the server under
//! the same rules (no `..`, no absolute path, no symbolic link, images only).

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

/// A server whose contest has the problem `hostile` (a copy of the fixture package, its
/// statement folder given a symbolic link to an image outside it).
fn hostile_server(dir: &Path) -> TestServer {
    let problems = dir.join("problems");
    copy_folder(
        &fixtures().join("packages/hostile"),
        &problems.join("hostile"),
    );
    std::fs::copy(
        problems.join("hostile/statement/figure.png"),
        dir.join("outside.png"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        dir.join("outside.png"),
        problems.join("hostile/statement/linked.png"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("testdata")).unwrap();
    TestServer::with(
        0,
        |contest| {
            contest.insert("problems_dir".into(), problems.display().to_string().into());
            contest.insert(
                "testdata_dir".into(),
                dir.join("testdata").display().to_string().into(),
            );
            let mut problem = toml::Table::new();
            problem.insert("id".into(), "hostile".into());
            contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
        },
        |_| {},
    )
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
        "article", "h1", "h2", "p", "a", "img", "pre", "code", "div", "button",
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
