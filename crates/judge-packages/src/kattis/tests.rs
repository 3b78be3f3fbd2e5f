//! The Kattis loader on the fixture packages of crates/judge/tests/fixtures/packages and
//! on small broken ones written here.

use super::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../judge/tests/fixtures/packages")
        .join(name)
}

fn write(dir: &Path, relative: &str, text: &str) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn errors(dir: &Path) -> Vec<String> {
    match load(dir, "p") {
        Err(JudgeError::Package(error)) => error.errors.iter().map(|e| e.to_string()).collect(),
        Err(other) => vec![other.to_string()],
        Ok(_) => vec![],
    }
}

#[test]
fn a_pass_fail_package_with_a_custom_validator_loads() {
    let problem = load(&fixture("kattis-pass-fail"), "pair-sum").unwrap();
    assert_eq!(problem.format, Format::Kattis2025);
    assert_eq!(problem.title, "Pair sum");
    assert_eq!(problem.limits.time_s, 1.0);
    assert_eq!(
        problem.time_rule.origin,
        TimeLimitOrigin::Given {
            file: "problem.yaml"
        }
    );
    assert_eq!(problem.limits.memory_mib, 256);
    let names: Vec<&str> = problem.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sample/1",
            "secret/01-zero",
            "secret/02-min",
            "secret/03-odd",
            "secret/04-apart"
        ]
    );
    assert!(matches!(
        problem.output,
        OutputCheck::Checker {
            protocol: CheckerProtocol::Kattis,
            ..
        }
    ));
    assert_eq!(problem.validators.len(), 1);
    assert!(problem.groups.is_empty());
    assert!(
        problem.warnings.iter().any(|w| w.contains("slow_accepted")),
        "{:?}",
        problem.warnings
    );
    assert_eq!(
        problem
            .submissions
            .iter()
            .filter(|s| s.expected == Expected::verdict(Verdict::AC))
            .count(),
        3
    );
}

#[test]
fn groups_flags_and_time_rules_of_each_generation() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "problem.yaml", "name: Legacy\ntype: scoring\nvalidator_flags: float_tolerance 1e-3\nlimits:\n  time_multiplier: 3\n");
    write(root, "data/sample/1.in", "1\n");
    write(root, "data/sample/1.ans", "1\n");
    write(root, "data/secret/testdata.yaml", "grader_flags: sum\n");
    write(
        root,
        "data/secret/g1/testdata.yaml",
        "grader_flags: min\naccept_score: 30\n",
    );
    write(root, "data/secret/g1/1.in", "1\n");
    write(root, "data/secret/g1/1.ans", "1\n");
    write(
        root,
        "data/secret/g2/testdata.yaml",
        "accept_score: 35\noutput_validator_flags: case_sensitive\n",
    );
    write(root, "data/secret/g2/1.in", "1\n");
    write(root, "data/secret/g2/1.ans", "1\n");
    write(root, "data/secret/g2/2.in", "1\n");
    write(root, "data/secret/g2/2.ans", "1\n");
    write(
        root,
        "submissions/run_time_error/oom.c",
        "int main(void) { return 1; }\n",
    );
    let problem = load(root, "legacy").unwrap();
    assert_eq!(problem.format, Format::KattisLegacy);
    assert!(!problem.capabilities.answers_are_outputs);
    // Legacy Kattis has no MLE: a run_time_error submission may run out of memory.
    let [oom] = &problem.submissions[..] else {
        panic!("{:?}", problem.submissions);
    };
    assert!(oom.expected.holds(Verdict::MLE, None) && oom.expected.holds(Verdict::RE, None));
    assert_eq!(problem.time_rule.origin, TimeLimitOrigin::Undecided);
    assert_eq!(
        (
            problem.time_rule.accepted_factor,
            problem.time_rule.resolution
        ),
        (3.0, None)
    );
    let groups: Vec<(&str, f64, Aggregation)> = problem
        .groups
        .iter()
        .map(|g| (g.name.as_str(), g.points, g.aggregation))
        .collect();
    assert_eq!(
        groups,
        [
            ("secret/g1", 30.0, Aggregation::Min),
            ("secret/g2", 70.0, Aggregation::Sum)
        ]
    );
    let g2 = problem
        .tests
        .iter()
        .find(|t| t.name == "secret/g2/1")
        .unwrap();
    assert_eq!(
        g2.compare,
        Some(BuiltIn::Kattis(KattisFlags {
            case_sensitive: true,
            ..KattisFlags::default()
        }))
    );

    write(
        root,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: {en: Drafted, zh: 草稿}\ntype: scoring\n",
    );
    write(
        root,
        "data/secret/testdata.yaml",
        "scoring: {score: 100, aggregation: sum}\n",
    );
    write(
        root,
        "data/secret/g1/testdata.yaml",
        "scoring: {score: 40}\n",
    );
    write(
        root,
        "data/secret/g2/testdata.yaml",
        "scoring: {score: 60, aggregation: sum}\noutput_validator_args: [float_tolerance, '0.5']\n",
    );
    let problem = load(root, "drafted").unwrap();
    assert_eq!(problem.format, Format::Kattis2023);
    assert_eq!(problem.title_zh.as_deref(), Some("草稿"));
    assert_eq!(problem.time_rule.resolution, Some(1.0));
    let groups: Vec<(f64, Aggregation)> = problem
        .groups
        .iter()
        .map(|g| (g.points, g.aggregation))
        .collect();
    assert_eq!(groups, [(40.0, Aggregation::Min), (60.0, Aggregation::Sum)]);

    write(root, "problem.yaml", "problem_format_version: 2025-09\nname: Current\ntype: scoring\nlimits: {time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 2}}\n");
    std::fs::remove_file(root.join("data/secret/testdata.yaml")).unwrap();
    std::fs::remove_file(root.join("data/secret/g1/testdata.yaml")).unwrap();
    std::fs::remove_file(root.join("data/secret/g2/testdata.yaml")).unwrap();
    write(root, "data/secret/g1/test_group.yaml", "max_score: 25\n");
    write(
        root,
        "data/secret/g2/test_group.yaml",
        "max_score: 75\nscore_aggregation: sum\nrequire_pass: [sample, secret/g1]\n",
    );
    let problem = load(root, "current").unwrap();
    assert_eq!(problem.format, Format::Kattis2025);
    assert_eq!(
        (
            problem.time_rule.accepted_factor,
            problem.time_rule.too_slow_factor
        ),
        (3.0, 2.0)
    );
    let names: Vec<&str> = problem.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        names,
        ["sample", "secret/g1", "secret/g2"],
        "sample is a group once required"
    );
    assert_eq!(problem.groups[2].requires, ["sample", "secret/g1"]);
    assert_eq!(problem.group_points(), 100.0);
}

#[test]
fn data_samples_own_settings_apply_to_the_samples() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Flags\n",
    );
    write(root, "data/sample/1.in", "1\n");
    write(root, "data/sample/1.ans", "1\n");
    write(
        root,
        "data/sample/test_group.yaml",
        "output_validator_args: [fraction]\n",
    );
    write(root, "data/secret/1.in", "2\n");
    write(root, "data/secret/1.ans", "2\n");
    write(
        root,
        "output_validator/check.py",
        "import sys\nsys.exit(42)\n",
    );
    let problem = load(root, "flags").unwrap();
    let args: Vec<(&str, &[String])> = problem
        .tests
        .iter()
        .map(|t| (t.name.as_str(), t.checker_args.as_slice()))
        .collect();
    assert_eq!(
        args,
        [
            ("sample/1", &["fraction".to_string()][..]),
            ("secret/1", &[][..])
        ]
    );
}

#[test]
fn every_problem_of_a_bad_package_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "problem.yaml", "name: Bad\nlimits:\n  memory: [256\n");
    let found = errors(root);
    assert!(
        found.len() == 1
            && found[0].starts_with("problem.yaml:")
            && found[0].contains("invalid YAML"),
        "{found:?}"
    );
    write(
        root,
        "problem.yaml",
        "name: Bad\ncolour: red\nproblem_format_version: 2025-09\n",
    );
    let found = errors(root);
    assert!(
        found[0].contains("problem.yaml:2: unknown key \"colour\""),
        "{found:?}"
    );
    write(root, "problem.yaml", "name: Bad\n");
    write(root, "data/secret/1.in", "1\n");
    write(root, "data/secret/2.ans", "1\n");
    write(
        root,
        "data/secret/testdata.yaml",
        "output_validator_flags: float_tolerance\n",
    );
    let found = errors(root);
    assert!(
        found
            .iter()
            .any(|e| e.contains("data/secret/1.in: has no answer file 1.ans")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|e| e.contains("data/secret/2.ans: has no input 2.in")),
        "{found:?}"
    );
    write(root, "data/secret/2.in", "1\n");
    write(root, "data/secret/1.ans", "1\n");
    let found = errors(root);
    assert!(
        found
            .iter()
            .any(|e| e.contains("float_tolerance needs a number")),
        "{found:?}"
    );
    std::fs::remove_file(root.join("data/secret/testdata.yaml")).unwrap();
    write(root, "problem.yaml", "name: Bad\nvalidation: custom\n");
    let found = errors(root);
    assert!(
        found.iter().any(|e| e.contains("no output validator")),
        "{found:?}"
    );
    write(
        root,
        "problem.yaml",
        "name: Bad\nvalidation: custom interactive\n",
    );
    write(
        root,
        "output_validators/interactor/interactor.cpp",
        "int main() {}\n",
    );
    let problem = load(root, "p").unwrap();
    assert!(matches!(problem.output, OutputCheck::Interactive { .. }));
    write(
        root,
        "problem.yaml",
        "problem_format_version: 2019-01\nname: Bad\n",
    );
    assert!(errors(root)[0].contains("2019-01"));
}

#[test]
fn absurd_limits_are_refused_naming_the_file_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "data/secret/1.in", "1\n");
    write(root, "data/secret/1.ans", "1\n");
    write(
        root,
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Greedy\nlimits:\n  time_limit: 1000000\n  memory: 1048576\n  output: 1048576\n",
    );
    let found = errors(root).join("\n");
    for wanted in [
        "limits.time_limit = 1000000 s is more than the judge allows (60 s)",
        "limits.memory = 1048576 MiB is more than the judge allows",
        "limits.output = 1048576 MiB is more than the judge allows (1024 MiB)",
    ] {
        assert!(found.contains(wanted), "{wanted:?} not in {found}");
    }
    // The legacy .timelimit file too; and one that holds no number is an error, not the
    // provisional default in silence.
    write(root, "problem.yaml", "name: Legacy\n");
    write(root, ".timelimit", "86400\n");
    let found = errors(root).join("\n");
    assert!(
        found.contains(".timelimit")
            && found.contains("86400 s is more than the judge allows (60 s)"),
        "{found}"
    );
    write(root, ".timelimit", "soon\n");
    let found = errors(root).join("\n");
    assert!(
        found.contains(".timelimit") && found.contains("not a time limit in seconds"),
        "{found}"
    );
}

#[test]
fn problem_yamls_languages_are_the_problems_list() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "data/secret/1.in", "1\n");
    write(root, "data/secret/1.ans", "1\n");
    let listed = |yaml: &str| {
        write(root, "problem.yaml", yaml);
        load(root, "p").unwrap().languages
    };
    // Legacy: a space-separated string; `all` (or nothing) is every language.
    assert_eq!(
        listed("name: Legacy\nlanguages: cpp python3\n"),
        Some(vec!["cpp".to_string(), "python3".to_string()])
    );
    assert_eq!(listed("name: Legacy\nlanguages: all\n"), None);
    assert_eq!(listed("name: Legacy\n"), None);
    // 2023-07 and later: a list.
    assert_eq!(
        listed("problem_format_version: 2023-07-draft\nname: New\nlanguages: [cpp14, kotlin]\n"),
        Some(vec!["cpp14".to_string(), "kotlin".to_string()])
    );
}
