//! The FPS reader, writer and loader on the fixture bank (crates/judge/tests/fixtures/fps)
//! and on files spoilt one way each.

use super::parse::{parse, TemplatePart};
use super::*;
use judge_model::compare::CheckerProtocol;
use judge_model::problem::OutputCheck;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures/fps/bank.xml")
}

fn fixture_text() -> String {
    std::fs::read_to_string(fixture()).unwrap()
}

/// A judge.toml with an empty contest and the languages of the fixture, in `dir`.
fn course(dir: &Path) -> JudgeConfig {
    let text = r#"# the course
[contest]
title = "Main"
problems = []

[languages.c]
name = "C"
extensions = ["c"]
source = "main.c"
compile = ["gcc", "main.c", "-o", "main"]
run = ["./main"]

[languages.cpp]
name = "C++"
extensions = ["cpp"]
source = "main.cpp"
compile = ["g++", "main.cpp", "-o", "main"]
run = ["./main"]

[languages.python3]
name = "Python 3"
extensions = ["py"]
source = "main.py"
run = ["python3", "main.py"]
"#;
    let file = dir.join("judge.toml");
    std::fs::write(&file, text).unwrap();
    JudgeConfig::load(&file).unwrap()
}

/// One item with `inner` after a valid title and limits, in an FPS document.
fn one_item(inner: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<fps version=\"1.2\"><item><title>Spoilt</title>\
         <time_limit unit=\"s\">1</time_limit><memory_limit unit=\"mb\">64</memory_limit>\
         {inner}</item></fps>"
    )
}

#[test]
fn the_fixture_bank_is_read_item_by_item() {
    let items = parse(&fixture_text()).unwrap();
    assert_eq!(items.len(), 4);
    let plus = &items[0];
    assert_eq!(
        (plus.title.as_str(), plus.time_s, plus.memory_mib),
        ("A plus B", 1.0, 128)
    );
    assert_eq!(plus.samples, [("1 2\n".to_string(), "3\n".to_string())]);
    assert_eq!(plus.tests.len(), 3);
    assert_eq!(plus.tests[2].1, "2000000000\n");
    let languages: Vec<(&str, &str)> = plus
        .solutions
        .iter()
        .map(|s| (s.language.as_str(), s.extension.as_str()))
        .collect();
    assert_eq!(
        languages,
        [
            ("C", "c"),
            ("C++", "cpp"),
            ("Python", "py"),
            ("Java", "java"),
            ("Pascal", "pas")
        ]
    );
    assert!(plus.template(TemplatePart::Template, "cpp").is_some());
    assert!(plus.spj.is_none());
    let sections: Vec<&str> = plus.sections.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        sections,
        ["description", "input", "output", "hint", "source"]
    );

    // Limits in ms and kb; a special judge; an image.
    let divisor = &items[1];
    assert_eq!((divisor.time_s, divisor.memory_mib), (1.0, 128));
    assert_eq!(divisor.spj.as_ref().unwrap().extension, "c");
    assert_eq!(divisor.images.len(), 1);
    assert_eq!(divisor.images[0].file_name, "divisors.png");
    assert_eq!(parse::image_type(&divisor.images[0].bytes), Some("png"));

    // Limits without units: seconds and MiB.
    let function = &items[2];
    assert_eq!((function.time_s, function.memory_mib), (1.0, 64));
    assert!(function.template(TemplatePart::Append, "c").is_some());

    assert!(items[3].tests.is_empty());
}

#[test]
fn the_statement_is_sanitised_and_its_images_are_the_items_files() {
    let items = parse(&fixture_text()).unwrap();
    let plus = html::statement(&items[0]);
    assert!(plus.contains("<h2>Description 题目描述</h2>"), "{plus}");
    assert!(plus.contains("<b>a</b>"), "{plus}");
    for gone in ["<script", "alert", "onclick", "javascript:"] {
        assert!(!plus.contains(gone), "{gone} in {plus}");
    }
    let divisor = html::statement(&items[1]);
    assert!(divisor.contains("src=\"images/divisors.png\""), "{divisor}");
    // An image elsewhere would make the reader's browser ask another site: dropped.
    assert!(!divisor.contains("tracker.example.com"), "{divisor}");
}

#[test]
fn a_special_judge_that_includes_testlib_speaks_testlib() {
    assert!(write::speaks_testlib(
        "#include \"testlib.h\"\nint main(int c, char** v) { registerTestlibCmd(c, v); }"
    ));
    assert!(write::speaks_testlib("  #  include <testlib.h>\n"));
    assert!(!write::speaks_testlib(
        "#include <stdio.h>\n// not testlib.h\nint main() { return 0; }"
    ));
}

#[test]
fn ids_come_from_titles_or_the_files_order() {
    assert_eq!(slug("A plus B"), "a-plus-b");
    assert_eq!(slug("  Hello, World!! "), "hello-world");
    assert_eq!(slug("阅读：输入输出"), "");
    assert_eq!(slug("第1题 Sum"), "1-sum");
    let items = parse(&fixture_text()).unwrap();
    let path = Path::new("/x/My Bank.xml");
    assert_eq!(
        ids(&items, path, None).unwrap(),
        ["a-plus-b", "any-divisor", "sum-function", "my-bank-4"]
    );
    let error = ids(&items, path, Some("one")).unwrap_err().to_string();
    assert!(
        error.contains("holds 4 items; --id names the only item"),
        "{error}"
    );
    let mut twins = items[..2].to_vec();
    twins[1].title = "A plus B".into();
    assert_eq!(ids(&twins, path, None).unwrap(), ["my-bank-1", "my-bank-2"]);
}

/// The one error `text` gets, which must name `item` and say `why`.
fn refused(text: &str, item: &str, why: &str) {
    let error = parse(text).unwrap_err();
    assert!(error.contains(item), "{item} not in {error}");
    assert!(error.contains(why), "{why} not in {error}");
}

#[test]
fn bad_input_is_one_error_naming_the_item() {
    refused("<fps><item><title>A</title>", "not well-formed XML", "");
    refused("<problems/>", "root element is <problems>", "");
    refused("<fps></fps>", "holds no <item>", "");
    refused(
        &one_item("<test_output>1</test_output>"),
        "item 1 \"Spoilt\"",
        "<test_output> without the <test_input> before it",
    );
    refused(
        &one_item(
            "<test_input>1</test_input><test_input>2</test_input><test_output>2</test_output>",
        ),
        "item 1 \"Spoilt\"",
        "has an <test_input> but the one before it has no <test_output>",
    );
    refused(
        &one_item("<test_input>1</test_input>"),
        "item 1 \"Spoilt\"",
        "has an <test_input> but no <test_output>",
    );
    refused(
        &one_item("<sample_output>1</sample_output>"),
        "item 1",
        "<sample_output> without the <sample_input>",
    );
    let limits = |time: &str, memory: &str| {
        format!("<fps><item><title>L</title>{time}{memory}</item></fps>")
    };
    let memory = "<memory_limit>64</memory_limit>";
    let time = "<time_limit>1</time_limit>";
    refused(
        &limits("<time_limit unit=\"min\">1</time_limit>", memory),
        "item 1 \"L\"",
        "<time_limit unit=\"min\">: an unknown unit",
    );
    refused(
        &limits(time, "<memory_limit unit=\"pages\">64</memory_limit>"),
        "item 1 \"L\"",
        "<memory_limit unit=\"pages\">: an unknown unit",
    );
    refused(
        &limits("<time_limit>fast</time_limit>", memory),
        "item 1",
        "\"fast\" is not a number",
    );
    refused(
        &limits("<time_limit unit=\"s\">3600</time_limit>", memory),
        "item 1",
        "more than the judge allows",
    );
    refused(
        &limits(time, "<memory_limit unit=\"gb\">1000</memory_limit>"),
        "item 1",
        "more than the judge allows",
    );
    refused(&limits("", memory), "item 1", "has no <time_limit>");
    refused(
        "<fps><item><time_limit>1</time_limit></item></fps>",
        "item 1",
        "has no <title>",
    );
    // The second item is named, with its number.
    let two = fixture_text().replacen(
        "<memory_limit unit=\"kb\">",
        "<memory_limit unit=\"furlongs\">",
        1,
    );
    refused(&two, "item 2 \"Any Divisor\"", "unknown unit");
}

fn image(src: &str, base64: &str) -> String {
    one_item(&format!(
        "<img><src>{src}</src><base64>{base64}</base64></img>"
    ))
}

#[test]
fn an_image_must_be_an_image_with_a_plain_address() {
    use base64::Engine;
    let encode = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let png = encode(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    assert_eq!(
        parse(&image("/a/b/fig.png", &png)).unwrap()[0].images[0].file_name,
        "fig.png"
    );
    // Named by what it is, not by its address's extension.
    assert_eq!(
        parse(&image("x.gif", &png)).unwrap()[0].images[0].file_name,
        "x.png"
    );
    assert_eq!(
        parse(&image("/a/we ird$.png", &png)).unwrap()[0].images[0].file_name,
        "image-1.png"
    );
    refused(
        &image(
            "/a/page.png",
            &encode(b"<html><script>alert(1)</script></html>"),
        ),
        "item 1 \"Spoilt\"",
        "is not an image (not PNG, JPEG, GIF or WebP)",
    );
    refused(
        &image(
            "/a/drawing.svg",
            &encode(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>"),
        ),
        "item 1",
        "is not an image",
    );
    refused(
        &image("/a/x.png", "!!!not base64!!!"),
        "item 1",
        "is not valid base64",
    );
    for (trick, why) in [
        ("../../../../etc/cron.d/x.png", "a `..` step"),
        ("/upload/..\\..\\x.png", "a backslash"),
        ("/upload/a/../../x.png", "a `..` step"),
        ("/upload/x.png&#0;", "not well-formed"),
        ("/upload/x&#9;y.png", "a control character"),
    ] {
        let error = parse(&image(trick, &png)).unwrap_err();
        assert!(error.contains(why), "{trick}: {error}");
    }
    // A huge image is refused before it is decoded.
    let huge = "A".repeat(caps::MAX_IMAGE_BYTES / 3 * 4 + 8);
    refused(&image("/big.png", &huge), "item 1", "is larger than");
}

#[test]
fn entities_and_floods_are_refused() {
    let laughs = "<?xml version=\"1.0\"?><!DOCTYPE fps [<!ENTITY a \"aaaaaaaaaa\">\
                  <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\
                  <fps><item><title>&b;</title></item></fps>";
    refused(laughs, "has a DTD", "");
    let many = format!(
        "<fps>{}</fps>",
        "<item><title>t</title></item>".repeat(caps::MAX_ITEMS + 1)
    );
    refused(&many, "holds 1001 items, more than the 1000", "");
}

#[test]
fn a_file_past_the_size_cap_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.xml");
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: no disk is used.
    file.set_len(caps::MAX_FILE_BYTES + 1).unwrap();
    let error = read(&path).unwrap_err().to_string();
    assert!(
        error.contains("more than the 536870912 an FPS file may be"),
        "{error}"
    );
}

/// What lies in `dir`/problems (staging folders included).
fn problems_folder(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("problems"))
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn each_item_becomes_a_problem_and_one_without_tests_a_statement() {
    let dir = tempfile::tempdir().unwrap();
    let config = course(dir.path());
    let done = import(&config, &fixture(), None, 50.0, None).unwrap();
    let ids: Vec<&str> = done.problems.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["a-plus-b", "any-divisor", "sum-function"]);
    assert_eq!(done.statements_only.len(), 1);
    assert_eq!(done.statements_only[0].0, "bank-4");
    assert!(
        done.notes
            .iter()
            .any(|n| n.contains("item 4") && n.contains("has no tests")),
        "{:?}",
        done.notes
    );
    assert!(
        done.notes
            .iter()
            .any(|n| n.contains("item 3") && n.contains("<prepend>/<append>")),
        "{:?}",
        done.notes
    );
    assert_eq!(
        problems_folder(dir.path()),
        ["a-plus-b", "any-divisor", "bank-4", "sum-function"]
    );
    let after = JudgeConfig::load(&config.file).unwrap();
    let listed: Vec<(String, f64)> = after.course().contests[0]
        .problems
        .iter()
        .map(|p| (p.id.clone(), p.points))
        .collect();
    assert_eq!(
        listed,
        [
            ("a-plus-b".to_string(), 50.0),
            ("any-divisor".to_string(), 50.0),
            ("sum-function".to_string(), 50.0)
        ]
    );

    // Loaded as the judge loads it.
    let plus = crate::load(&after, "a-plus-b").unwrap();
    assert_eq!(plus.format, Format::Fps);
    assert_eq!(plus.tests.len(), 4);
    assert_eq!(plus.tests[0].name, "sample/01");
    assert_eq!(plus.submissions.len(), 5);
    assert!(matches!(
        plus.output,
        OutputCheck::Compare(judge_model::compare::BuiltIn::Lines)
    ));
    let divisor = crate::load(&after, "any-divisor").unwrap();
    match &divisor.output {
        OutputCheck::Checker { protocol, program } => {
            assert_eq!(*protocol, CheckerProtocol::Hustoj);
            assert_eq!(program.name, "spj.c");
        }
        other => panic!("{other:?}"),
    }
    assert!(dir
        .path()
        .join("problems/any-divisor/images/divisors.png")
        .is_file());
    // The solution is put between the prepended and appended code.
    let function = std::fs::read_to_string(
        dir.path()
            .join("problems/sum-function/submissions/accepted/solution-1.c"),
    )
    .unwrap();
    assert!(
        function.starts_with("#include <stdio.h>\nlong long sum(")
            && function.contains("int main(void)"),
        "{function}"
    );
    assert!(dir
        .path()
        .join("problems/sum-function/templates/append.c")
        .is_file());
    // The statement without tests takes no submissions.
    let statement = crate::open_folder(&after, &dir.path().join("problems/bank-4"), "bank-4")
        .unwrap_err()
        .to_string();
    assert!(statement.contains("is a statement only"), "{statement}");

    // The same file again: its ids are taken; nothing more is written.
    let before = std::fs::read_to_string(&config.file).unwrap();
    let again = import(&after, &fixture(), None, 50.0, None)
        .unwrap_err()
        .to_string();
    assert!(
        again.contains("already lists a problem \"a-plus-b\""),
        "{again}"
    );
    assert_eq!(std::fs::read_to_string(&config.file).unwrap(), before);
    assert_eq!(problems_folder(dir.path()).len(), 4);
}

#[test]
fn a_file_with_one_bad_item_imports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let config = course(dir.path());
    let before = std::fs::read_to_string(&config.file).unwrap();
    let spoilt_dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            // The third item's test output has lost its input.
            fixture_text().replacen("<test_input><![CDATA[2 3\n]]></test_input>", "", 1),
            "item 3 \"Sum Function\"",
        ),
        (
            // The second item's special judge is in a language no checker is taken in.
            fixture_text().replacen("<spj language=\"C\">", "<spj language=\"Java\">", 1),
            "item 2 \"Any Divisor\": its <spj> is in Java",
        ),
        (
            // The last item's XML is cut short.
            fixture_text().replacen("</fps>", "", 1),
            "not well-formed XML",
        ),
    ];
    for (text, why) in cases {
        let path = spoilt_dir.path().join("bank.xml");
        std::fs::write(&path, text).unwrap();
        let error = import(&config, &path, None, 100.0, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains(why), "{why} not in {error}");
        assert_eq!(std::fs::read_to_string(&config.file).unwrap(), before);
        assert!(
            problems_folder(dir.path()).is_empty(),
            "{:?}",
            problems_folder(dir.path())
        );
    }
}

#[test]
fn id_names_a_files_only_item() {
    let dir = tempfile::tempdir().unwrap();
    let config = course(dir.path());
    let single = dir.path().join("one.xml");
    std::fs::write(
        &single,
        one_item("<test_input>1</test_input><test_output>1</test_output>"),
    )
    .unwrap();
    let done = import(&config, &single, Some("echo"), 10.0, None).unwrap();
    assert_eq!(done.problems[0].id, "echo");
    assert_eq!(done.problems[0].tests, 1);
    let problem = crate::load(&JudgeConfig::load(&config.file).unwrap(), "echo").unwrap();
    assert_eq!(problem.title, "Spoilt");
    assert_eq!(problem.limits.memory_mib, 64);
}
