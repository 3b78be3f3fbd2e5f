use super::*;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge/tests/fixtures/packages/polygon-sum")
}

/// A copy of the fixture package with `problem.xml` changed by `edit`.
fn edited(edit: impl Fn(String) -> String) -> tempfile::TempDir {
    let copy = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), copy.path());
    let xml = copy.path().join(XML);
    let text = std::fs::read_to_string(&xml).unwrap();
    std::fs::write(&xml, edit(text)).unwrap();
    copy
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn errors_of(dir: &Path) -> String {
    match load(dir, "p") {
        Err(JudgeError::Package(error)) => error.to_string(),
        other => panic!("expected a package error, got {other:?}"),
    }
}

#[test]
fn path_patterns_are_printf_like() {
    assert_eq!(pattern_path("tests/%02d", 7), "tests/07");
    assert_eq!(pattern_path("tests/%02d.a", 12), "tests/12.a");
    assert_eq!(pattern_path("tests/%d", 3), "tests/3");
    assert_eq!(pattern_path("t/%03d-%d", 5), "t/005-5");
}

#[test]
fn the_fixture_package_reads_into_the_model() {
    let problem = load(&fixture(), "polygon-sum").unwrap();
    assert_eq!(problem.format, Format::Polygon);
    assert_eq!(problem.title, "Sum of numbers");
    assert_eq!(problem.title_zh.as_deref(), Some("数字之和"));
    assert_eq!(problem.limits.time_s, 1.0);
    assert_eq!(problem.limits.memory_mib, 256);
    let names: Vec<&str> = problem.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sample/01",
            "secret/02",
            "secret/03",
            "secret/04",
            "secret/05",
            "secret/06",
            "secret/07"
        ]
    );
    assert!(problem.tests[6].answer.ends_with("tests/07.a"));
    assert_eq!(
        problem.tests[4].validator_args,
        ["--testset", "tests", "--group", "2"]
    );
    let groups: Vec<(&str, f64, usize, &[String])> = problem
        .groups
        .iter()
        .map(|g| {
            (
                g.name.as_str(),
                g.points,
                g.tests.len(),
                g.requires.as_slice(),
            )
        })
        .collect();
    assert_eq!(groups[0], ("0", 0.0, 1, &[][..]));
    assert_eq!(groups[1], ("1", 40.0, 3, &[][..]));
    assert_eq!(groups[2].0, "2");
    assert_eq!(groups[2].1, 60.0);
    assert_eq!(groups[2].3, ["1".to_string()]);
    assert_eq!(problem.groups[1].aggregation, Aggregation::AllOrNothing);
    let OutputCheck::Checker { program, protocol } = &problem.output else {
        panic!("{:?}", problem.output)
    };
    assert_eq!(*protocol, CheckerProtocol::Testlib);
    // The checker compiles with the package's own testlib.h.
    let files = program.files();
    assert!(files[0].ends_with("files/check.cpp"), "{files:?}");
    assert!(files.iter().any(|f| f.ends_with("files/testlib.h")));
    assert_eq!(problem.validators.len(), 1);
    assert_eq!(problem.validators[0].protocol, ValidatorProtocol::Exit0);
    assert!(problem.reference.as_ref().unwrap().files()[0].ends_with("solutions/sum.cpp"));
    let tags: Vec<String> = problem
        .submissions
        .iter()
        .map(|s| s.expected.describe())
        .collect();
    assert_eq!(tags, ["AC", "AC", "WA", "TLE", "PE or WA"]);
    assert_eq!(problem.statements.len(), 3);
    assert!(problem.statements[0].path.ends_with("problem.html"));
    assert!(problem.statements.iter().any(|s| s.language == "zh"));
}

#[test]
fn invalid_xml_is_named_with_its_line() {
    let copy = edited(|text| text.replace("</names>", "</nams>"));
    let error = errors_of(copy.path());
    assert!(error.contains("problem.xml:6: is not valid XML"), "{error}");
}

#[test]
fn every_problem_of_a_bad_package_is_listed() {
    let copy = edited(|text| {
        text.replace("tag=\"accepted\"", "tag=\"sometimes\"")
            .replace("<dependency group=\"1\"/>", "<dependency group=\"9\"/>")
            .replace("<test-count>7</test-count>", "<test-count>8</test-count>")
            .replace(
                "files/val.cpp\" type=\"cpp.g++17\"/>\n            </validator>",
                "files/gone.cpp\"/>\n            </validator>",
            )
    });
    std::fs::remove_file(copy.path().join("tests/03.a")).unwrap();
    let error = errors_of(copy.path());
    for wanted in [
        "unknown solution tag \"sometimes\"",
        "depends on group \"9\"",
        "test-count says 8 tests but <tests> lists 7",
        "the validator's source files/gone.cpp is missing",
        "test 3's answer tests/03.a is missing",
    ] {
        assert!(error.contains(wanted), "{wanted:?} not in {error}");
    }
    let copy = edited(|text| text.replace("files/check.cpp", "../check.cpp"));
    assert!(errors_of(copy.path()).contains("climbs out of the problem's folder"));
}

#[test]
fn a_resource_outside_the_package_is_refused_at_load() {
    // A header named by an absolute path or by climbing out would be read (and copied into
    // the compile box) from the host.
    for (path, why) in [
        (
            "/usr/include/stdio.h",
            "the resource \"/usr/include/stdio.h\" is an absolute path",
        ),
        (
            "../../../etc/host.h",
            "the resource \"../../../etc/host.h\" is a path that climbs out",
        ),
    ] {
        let copy = edited(|text| {
            text.replace(
                "<resources>",
                &format!("<resources>\n            <file path=\"{path}\"/>"),
            )
        });
        let error = errors_of(copy.path());
        assert!(error.contains(why), "{why:?} not in {error}");
    }
}

#[test]
fn a_checker_that_is_not_testlib_is_refused() {
    let copy = edited(|text| text.replace("<checker type=\"testlib\">", "<checker type=\"exe\">"));
    assert!(errors_of(copy.path()).contains("only testlib checkers are supported"));
}

#[test]
fn generated_tests_name_their_generator_and_arguments() {
    let problem = load(&fixture(), "polygon-sum").unwrap();
    let generated: Vec<(&str, &str, Vec<&str>)> = problem
        .generated
        .iter()
        .map(|g| {
            (
                g.test.as_str(),
                g.generator.name.as_str(),
                g.args.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        generated,
        [
            ("secret/04", "files/gen.cpp", vec!["10", "100000000", "1"]),
            (
                "secret/05",
                "files/gen.cpp",
                vec!["1000", "1000000000", "2"]
            ),
            (
                "secret/06",
                "files/gen.cpp",
                vec!["1000", "1000000000", "3"]
            ),
        ]
    );
    // The generator is compiled with the package's headers, like its other programs.
    match &problem.generated[0].generator.kind {
        ProgramKind::Sources { files, .. } => {
            assert!(files.iter().any(|f| f.ends_with("files/testlib.h")))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_generated_test_whose_generator_is_not_listed_is_a_warning() {
    let copy = edited(|xml| xml.replace("cmd=\"gen 1000 1000000000 3\"", "cmd=\"other 3\""));
    let problem = load(copy.path(), "p").unwrap();
    assert_eq!(problem.generated.len(), 2);
    assert!(
        problem
            .warnings
            .iter()
            .any(|w| w.contains("secret/06") && w.contains("\"other\"")),
        "{:?}",
        problem.warnings
    );
}

#[test]
fn statement_sections_come_first_one_per_language() {
    let copy = edited(|xml| xml);
    let sections = copy.path().join("statement-sections");
    std::fs::create_dir_all(sections.join("english")).unwrap();
    std::fs::write(sections.join("english/legend.tex"), "Add them.").unwrap();
    // A folder without a legend, and a legend that is a symbolic link: not statements.
    std::fs::create_dir_all(sections.join("russian")).unwrap();
    std::fs::create_dir_all(sections.join("chinese")).unwrap();
    std::os::unix::fs::symlink(
        sections.join("english/legend.tex"),
        sections.join("chinese/legend.tex"),
    )
    .unwrap();
    let problem = load(copy.path(), "polygon-sum").unwrap();
    assert_eq!(problem.statements.len(), 4);
    assert_eq!(problem.statements[0].language, "en");
    assert_eq!(problem.statements[0].path, sections.join("english"));
    assert!(problem.statements[1].path.ends_with("problem.html"));
}
