//! Polygon full packages (the zip Polygon builds, with problem.xml), read into the one
//! problem model.
//!
//! What is read: the names, the statements (each language's sections under
//! `statement-sections/<language>/`, then the LaTeX, HTML or PDF that problem.xml
//! lists), the `tests` testset (its time and memory limits, its tests from
//! the prebuilt files its path patterns name, samples, groups with points, points
//! policy and dependencies), the testlib checker (Polygon's standard `std::*.cpp`
//! checkers are shipped as source, like any other), the validators, the interactor, and
//! the solutions with their tags. Headers among the resources (`files/testlib.h`) are
//! compiled with every program of the package. Everything wrong is collected and
//! reported together, XML errors with their line.

use judge_model::compare::CheckerProtocol;
use judge_model::limit_bounds as bounds;
use judge_model::problem::submissions::{Expected, KeptSubmission};
use judge_model::problem::{
    Aggregation, Format, GeneratedTest, Group, OutputCheck, Problem, ProblemLimits, Statement,
    TestCase, TestGroup, TimeLimitOrigin, TimeRule, Validator, ValidatorProtocol,
};
use judge_model::verdict::Verdict;
use judge_model::{line_of, Issues, PackageError};
use judge_model::{JudgeError, Result};
use judge_model::{Program, ProgramKind};
use roxmltree::{Document, Node};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Loads the Polygon package in `dir` as problem `id`.
pub fn load(dir: &Path, id: &str) -> Result<Problem> {
    let mut issues = Issues::default();
    let problem = read(dir, id, &mut issues);
    match problem {
        Some(mut problem) if issues.is_empty() => {
            problem
                .warnings
                .extend(issues.warnings.iter().map(|w| w.to_string()));
            Ok(problem)
        }
        _ => Err(JudgeError::Package(PackageError {
            package: dir.to_path_buf(),
            errors: issues.errors,
        })),
    }
}

const XML: &str = "problem.xml";

/// The line of a node in problem.xml.
fn line(text: &str, node: Node) -> Option<usize> {
    Some(line_of(text, node.range().start))
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn children<'a, 'i>(node: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children().filter(move |c| c.has_tag_name(name))
}

fn text_of(node: Option<Node>) -> Option<String> {
    node.and_then(|n| n.text()).map(|t| t.trim().to_string())
}

/// The two-letter code of a Polygon language name.
/// The folders `statement-sections/<language>/` that hold a `legend.tex` (a plain file,
/// not a symbolic link), each one statement: the folder is its path.
fn statement_sections(dir: &Path) -> Vec<Statement> {
    let Ok(entries) = std::fs::read_dir(dir.join("statement-sections")) else {
        return Vec::new();
    };
    let mut found: Vec<Statement> = entries
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|entry| {
            std::fs::symlink_metadata(entry.path().join("legend.tex")).is_ok_and(|m| m.is_file())
        })
        .map(|entry| Statement {
            language: language_code(&entry.file_name().to_string_lossy()),
            path: entry.path(),
        })
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

fn language_code(name: &str) -> String {
    match name {
        "english" => "en",
        "chinese" => "zh",
        "russian" => "ru",
        "ukrainian" => "uk",
        "french" => "fr",
        "german" => "de",
        "spanish" => "es",
        "portuguese" => "pt",
        "japanese" => "ja",
        "korean" => "ko",
        other => other,
    }
    .to_string()
}

/// A path pattern of a testset (`tests/%02d`, `tests/%02d.a`) for test `index`.
pub fn pattern_path(pattern: &str, index: usize) -> String {
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let spec = &rest[at + 1..];
        let digits: String = spec.chars().take_while(|c| c.is_ascii_digit()).collect();
        if spec[digits.len()..].starts_with('d') {
            let width: usize = digits.trim_start_matches('0').parse().unwrap_or(0);
            out.push_str(&format!("{index:0width$}"));
            rest = &spec[digits.len() + 1..];
        } else {
            out.push('%');
            rest = spec;
        }
    }
    out.push_str(rest);
    out
}

/// What a solution's tag asks of it; `None`: not judged (`do-not-run`).
fn tag_rule(tag: &str) -> std::result::Result<Option<Expected>, String> {
    use Verdict::*;
    Ok(Some(match tag {
        "main" | "accepted" => Expected::verdict(AC),
        "rejected" => Expected::Rejected,
        "wrong-answer" => Expected::verdict(WA),
        "presentation-error" => Expected::OneOf(vec![PE, WA]),
        "time-limit-exceeded" => Expected::verdict(TLE),
        "time-limit-exceeded-or-accepted" => Expected::OneOf(vec![TLE, AC]),
        "time-limit-exceeded-or-memory-limit-exceeded" => Expected::OneOf(vec![TLE, MLE]),
        "memory-limit-exceeded" => Expected::OneOf(vec![MLE, RE]),
        "failed" => Expected::verdict(RE),
        "do-not-run" => return Ok(None),
        other => return Err(format!("unknown solution tag {other:?}")),
    }))
}

/// Reads problem.xml and what it names; `None` when nothing usable is left.
fn read(dir: &Path, id: &str, issues: &mut Issues) -> Option<Problem> {
    let text = match std::fs::read_to_string(dir.join(XML)) {
        Ok(text) => text,
        Err(error) => {
            issues.error(XML, None, format!("cannot be read: {error}"));
            return None;
        }
    };
    let document = match Document::parse(&text) {
        Ok(document) => document,
        Err(error) => {
            issues.error(
                XML,
                Some(error.pos().row as usize),
                format!("is not valid XML: {error}"),
            );
            return None;
        }
    };
    let root = document.root_element();
    if !root.has_tag_name("problem") {
        issues.error(
            XML,
            line(&text, root),
            format!(
                "its root element is <{}>, not <problem>",
                root.tag_name().name()
            ),
        );
        return None;
    }
    let mut package = Reader {
        dir,
        text: &text,
        headers: Vec::new(),
        issues,
        generated: Vec::new(),
    };
    // Headers among the resources are compiled with every program.
    let resources: Vec<Node> = child(root, "files")
        .and_then(|f| child(f, "resources"))
        .into_iter()
        .flat_map(|r| children(r, "file"))
        .collect();
    for resource in resources {
        let Some(path) = resource.attribute("path") else {
            continue;
        };
        if path.ends_with(".h") || path.ends_with(".hpp") {
            if let Some(header) = package.file(resource, path, "the resource") {
                package.headers.push(header);
            }
        }
    }

    let (title, title_zh) = titles(root, id);
    let statements = package.statements(root);
    let judging = child(root, "judging");
    let Some(testset) = judging.and_then(|j| {
        children(j, "testset")
            .find(|t| t.attribute("name") == Some("tests"))
            .or_else(|| child(j, "testset"))
    }) else {
        package.issues.error(
            XML,
            judging.and_then(|j| line(&text, j)),
            "has no <judging><testset>: there are no tests",
        );
        return None;
    };
    if let Some(j) = judging {
        for other in children(j, "testset").filter(|t| *t != testset) {
            package.issues.warn(
                XML,
                format!(
                    "testset {:?} is not judged (only {:?} is)",
                    other.attribute("name").unwrap_or(""),
                    testset.attribute("name").unwrap_or("")
                ),
            );
        }
    }
    let limits = package.limits(testset);
    let (tests, groups) = package.tests(testset);
    let generated = package.generated_tests(root);

    let assets = child(root, "assets");
    let checker = assets
        .and_then(|a| child(a, "checker"))
        .and_then(|c| package.checker(c));
    let interactor = assets
        .and_then(|a| child(a, "interactor"))
        .and_then(|i| package.program("interactor", i, true));
    let output = match (interactor, checker) {
        (Some(program), checker) => OutputCheck::Interactive {
            program,
            protocol: CheckerProtocol::Testlib,
            checker,
        },
        (None, Some(program)) => OutputCheck::Checker {
            program,
            protocol: CheckerProtocol::Testlib,
        },
        (None, None) => {
            package.issues.error(
                XML,
                assets.and_then(|a| line(&text, a)),
                "names no checker (<assets><checker>)",
            );
            return None;
        }
    };
    let validators: Vec<Validator> = assets
        .and_then(|a| child(a, "validators"))
        .into_iter()
        .flat_map(|v| children(v, "validator"))
        .filter_map(|v| package.program("validator", v, true))
        .map(|program| Validator {
            program,
            protocol: ValidatorProtocol::Exit0,
        })
        .collect();
    if validators.is_empty() {
        package
            .issues
            .warn(XML, "no validator: inputs are not checked");
    }
    let (reference, submissions) = package.solutions(assets);
    if tests.iter().all(|t| t.group == TestGroup::Sample) && !tests.is_empty() {
        package
            .issues
            .warn(XML, "every test is a sample: nothing is secret");
    }
    Some(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        testdata_dir: dir.to_path_buf(),
        format: Format::Polygon,
        title,
        title_zh,
        statements,
        limits,
        time_rule: TimeRule {
            origin: TimeLimitOrigin::Given {
                file: "problem.xml",
            },
            ..TimeRule::default()
        },
        tests,
        groups,
        output,
        validators,
        generator: None,
        reference,
        visualizer: None,
        submissions,
        include: BTreeMap::new(),
        languages: None,
        capabilities: judge_model::problem::Capabilities::package(true),
        recipe: Vec::new(),
        generated,
        brute_force: None,
        stress: None,
        warnings: Vec::new(),
    })
}

fn titles(root: Node, id: &str) -> (String, Option<String>) {
    let names: Vec<(String, String)> = child(root, "names")
        .into_iter()
        .flat_map(|n| children(n, "name"))
        .filter_map(|n| {
            Some((
                n.attribute("language")?.into(),
                n.attribute("value")?.into(),
            ))
        })
        .collect();
    let find = |language: &str| {
        names
            .iter()
            .find(|(l, _)| l == language)
            .map(|(_, v)| v.clone())
    };
    let title = find("english")
        .or_else(|| names.first().map(|(_, v)| v.clone()))
        .unwrap_or_else(|| id.to_string());
    (title, find("chinese"))
}

/// The package being read: its folder, problem.xml's text (for lines) and what is wrong.
struct Reader<'a> {
    dir: &'a Path,
    text: &'a str,
    headers: Vec<PathBuf>,
    issues: &'a mut Issues,
    /// The generated tests seen: (test name, its `cmd`).
    generated: Vec<(String, String)>,
}

impl Reader<'_> {
    fn line(&self, node: Node) -> Option<usize> {
        line(self.text, node)
    }

    /// A file problem.xml names, which must exist.
    fn file(&mut self, node: Node, path: &str, what: &str) -> Option<PathBuf> {
        let full = match judge_model::package_path::inside(self.dir, path) {
            Ok(full) => full,
            Err(why) => {
                let line = self.line(node);
                self.issues
                    .error(XML, line, format!("{what} {path:?} is {why}"));
                return None;
            }
        };
        if full.is_file() {
            Some(full)
        } else {
            let line = self.line(node);
            self.issues
                .error(XML, line, format!("{what} {path} is missing"));
            None
        }
    }

    fn statements(&mut self, root: Node) -> Vec<Statement> {
        let mut found = Vec::new();
        for node in child(root, "statements")
            .into_iter()
            .flat_map(|s| children(s, "statement"))
        {
            let (Some(path), Some(language)) = (node.attribute("path"), node.attribute("language"))
            else {
                continue;
            };
            if let Some(full) = self.file(node, path, "statement") {
                found.push(Statement {
                    language: language_code(language),
                    path: full,
                });
            }
        }
        // Each language's sections (legend.tex, input.tex, ...) first: the web front
        // renders them as their author wrote them; then HTML, which it shows sanitised;
        // then LaTeX.
        found.sort_by_key(|s| s.path.extension().is_none_or(|e| e != "html"));
        let mut sections = statement_sections(self.dir);
        sections.append(&mut found);
        let found = sections;
        if found.is_empty() {
            self.issues.warn(XML, "no statement");
        }
        found
    }

    fn limits(&mut self, testset: Node) -> ProblemLimits {
        let number = |name: &str| -> Option<(f64, Node)> {
            let node = child(testset, name)?;
            Some((node.text()?.trim().parse().ok()?, node))
        };
        let time_s = match number("time-limit") {
            Some((ms, _)) if ms > 0.0 => ms / 1000.0,
            _ => {
                let line = self.line(testset);
                self.issues.error(
                    XML,
                    line,
                    "the testset has no positive <time-limit> (milliseconds)",
                );
                1.0
            }
        };
        let memory_mib = match number("memory-limit") {
            Some((bytes, _)) if bytes >= 1_048_576.0 => (bytes / 1_048_576.0).round() as u64,
            _ => {
                let line = self.line(testset);
                self.issues.error(
                    XML,
                    line,
                    "the testset has no <memory-limit> of at least 1 MiB (bytes)",
                );
                256
            }
        };
        let refused = [
            ("<time-limit>", bounds::seconds(time_s, bounds::MAX_TIME_S)),
            (
                "<memory-limit>",
                bounds::mebibytes(memory_mib, bounds::MAX_MEMORY_MIB),
            ),
        ];
        for (key, why) in refused {
            if let Some(why) = why {
                let line = self.line(testset);
                self.issues
                    .error(XML, line, format!("the testset's {key} is {why}"));
            }
        }
        ProblemLimits {
            time_s,
            memory_mib,
            wall_time_s: None,
            output_mib: None,
        }
    }

    /// The testset's tests (from its path patterns) and groups.
    fn tests(&mut self, testset: Node) -> (Vec<TestCase>, Vec<Group>) {
        let input_pattern =
            text_of(child(testset, "input-path-pattern")).unwrap_or_else(|| "tests/%02d".into());
        let answer_pattern =
            text_of(child(testset, "answer-path-pattern")).unwrap_or_else(|| "tests/%02d.a".into());
        let nodes: Vec<Node> = child(testset, "tests")
            .into_iter()
            .flat_map(|t| children(t, "test"))
            .collect();
        if let Some(count) =
            text_of(child(testset, "test-count")).and_then(|c| c.parse::<usize>().ok())
        {
            if count != nodes.len() {
                let line = self.line(testset);
                self.issues.error(
                    XML,
                    line,
                    format!(
                        "test-count says {count} tests but <tests> lists {}",
                        nodes.len()
                    ),
                );
            }
        }
        let width = nodes.len().to_string().len().max(2);
        let mut tests = Vec::new();
        // Group name -> (tests, their points), in order of first appearance.
        let mut members: Vec<(String, Vec<String>, Vec<f64>)> = Vec::new();
        for (index, node) in nodes.iter().enumerate() {
            let number = index + 1;
            let input = pattern_path(&input_pattern, number);
            let answer = pattern_path(&answer_pattern, number);
            let (Some(input), Some(answer)) = (
                self.file(*node, &input, &format!("test {number}'s input")),
                self.file(*node, &answer, &format!("test {number}'s answer")),
            ) else {
                continue;
            };
            let sample = node.attribute("sample") == Some("true");
            let group = if sample {
                TestGroup::Sample
            } else {
                TestGroup::Secret
            };
            let name = format!("{}/{number:0width$}", group.folder());
            if node.attribute("method") == Some("generated") {
                if let Some(cmd) = node.attribute("cmd") {
                    self.generated.push((name.clone(), cmd.to_string()));
                }
            }
            let mut test = TestCase::plain(name.clone(), group, input, answer);
            if let Some(group) = node.attribute("group") {
                test.validator_args = vec![
                    "--testset".into(),
                    testset.attribute("name").unwrap_or("tests").into(),
                    "--group".into(),
                    group.into(),
                ];
                let points = match node.attribute("points").map(str::parse::<f64>) {
                    None => 0.0,
                    Some(Ok(points)) if points >= 0.0 => points,
                    Some(_) => {
                        let line = self.line(*node);
                        self.issues.error(
                            XML,
                            line,
                            format!("test {number}: points must be a number of at least 0"),
                        );
                        0.0
                    }
                };
                match members.iter_mut().find(|(g, _, _)| g == group) {
                    Some((_, names, all)) => {
                        names.push(name);
                        all.push(points);
                    }
                    None => members.push((group.to_string(), vec![name], vec![points])),
                }
            }
            tests.push(test);
        }
        if nodes.is_empty() {
            let line = self.line(testset);
            self.issues.error(XML, line, "the testset lists no tests");
        }
        let declared: Vec<Node> = child(testset, "groups")
            .into_iter()
            .flat_map(|g| children(g, "group"))
            .collect();
        let mut groups = Vec::new();
        for (name, names, points) in members {
            let node = declared
                .iter()
                .find(|g| g.attribute("name") == Some(name.as_str()));
            let aggregation = match node.and_then(|n| n.attribute("points-policy")) {
                Some("each-test") => Aggregation::Sum,
                _ => Aggregation::AllOrNothing,
            };
            let own_points = node
                .and_then(|n| n.attribute("points"))
                .and_then(|p| p.parse::<f64>().ok());
            let requires: Vec<String> = node
                .and_then(|n| child(*n, "dependencies"))
                .into_iter()
                .flat_map(|d| children(d, "dependency"))
                .filter_map(|d| d.attribute("group").map(String::from))
                .collect();
            let total = own_points.unwrap_or_else(|| points.iter().sum());
            groups.push(Group {
                name,
                points: total,
                tests: names,
                aggregation,
                requires,
                test_points: if aggregation == Aggregation::Sum {
                    points
                } else {
                    vec![]
                },
            });
        }
        for node in &declared {
            let name = node.attribute("name").unwrap_or("");
            if !groups.iter().any(|g| g.name == name) {
                let line = self.line(*node);
                self.issues
                    .error(XML, line, format!("group {name:?} holds no test"));
            }
        }
        let known: Vec<String> = groups.iter().map(|g| g.name.clone()).collect();
        for group in &groups {
            for required in &group.requires {
                if !known.contains(required) {
                    self.issues.error(
                        XML,
                        None,
                        format!(
                            "group {:?} depends on group {required:?}, which holds no test",
                            group.name
                        ),
                    );
                }
            }
        }
        (tests, groups)
    }

    /// The generated tests whose generator `<files><executables>` lists (by its source's
    /// file name without the extension, as Polygon's scripts name it). A test whose
    /// generator is not there is a warning: its stored input is judged, but verify cannot
    /// rebuild it.
    fn generated_tests(&mut self, root: Node) -> Vec<GeneratedTest> {
        let mut generators: BTreeMap<String, Program> = BTreeMap::new();
        let executables: Vec<Node> = child(root, "files")
            .and_then(|f| child(f, "executables"))
            .into_iter()
            .flat_map(|e| children(e, "executable"))
            .collect();
        let wanted: Vec<String> = self
            .generated
            .iter()
            .filter_map(|(_, cmd)| cmd.split_whitespace().next().map(String::from))
            .collect();
        for executable in executables {
            let Some(path) = child(executable, "source").and_then(|s| s.attribute("path")) else {
                continue;
            };
            let Some(stem) = Path::new(path).file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            // Only the generators the tests use are read (validators are listed here too).
            if wanted.iter().any(|w| w == stem) && !generators.contains_key(stem) {
                if let Some(program) = self.program("generator", executable, true) {
                    generators.insert(stem.to_string(), program);
                }
            }
        }
        let mut generated = Vec::new();
        for (test, cmd) in std::mem::take(&mut self.generated) {
            let mut words = cmd.split_whitespace();
            let Some(name) = words.next() else {
                continue;
            };
            match generators.get(name) {
                Some(generator) => generated.push(GeneratedTest {
                    test,
                    generator: generator.clone(),
                    args: words.map(String::from).collect(),
                }),
                None => self.issues.warn(
                    XML,
                    format!(
                        "test {test} is generated by {name:?}, which <executables> does not list: verify cannot rebuild it"
                    ),
                ),
            }
        }
        generated
    }

    /// A program of `<source path=...>`, with the package's headers when it is C or C++
    /// (`with_headers`: checkers, validators, interactors).
    fn program(&mut self, what: &str, node: Node, with_headers: bool) -> Option<Program> {
        let Some(source) = child(node, "source") else {
            let line = self.line(node);
            self.issues
                .error(XML, line, format!("the {what} has no <source>"));
            return None;
        };
        let path = source.attribute("path").unwrap_or("");
        let full = self.file(source, path, &format!("the {what}'s source"))?;
        let mut files = vec![full];
        let c_like = ["c", "cpp", "cc", "cxx"]
            .iter()
            .any(|e| path.ends_with(&format!(".{e}")));
        if with_headers && c_like {
            files.extend(self.headers.iter().cloned());
        }
        Some(Program {
            name: path.to_string(),
            kind: ProgramKind::Sources {
                language: None,
                files,
            },
        })
    }

    fn checker(&mut self, node: Node) -> Option<Program> {
        if let Some(kind) = node.attribute("type") {
            if kind != "testlib" {
                let line = self.line(node);
                self.issues.error(
                    XML,
                    line,
                    format!("checker of type {kind:?}: only testlib checkers are supported"),
                );
                return None;
            }
        }
        self.program("checker", node, true)
    }

    /// The main solution (the reference) and every solution with what its tag asks.
    fn solutions(&mut self, assets: Option<Node>) -> (Option<Program>, Vec<KeptSubmission>) {
        let mut reference = None;
        let mut kept = Vec::new();
        for node in assets
            .and_then(|a| child(a, "solutions"))
            .into_iter()
            .flat_map(|s| children(s, "solution"))
        {
            let tag = node.attribute("tag").unwrap_or("");
            let rule = match tag_rule(tag) {
                Ok(rule) => rule,
                Err(message) => {
                    let line = self.line(node);
                    self.issues.error(XML, line, message);
                    continue;
                }
            };
            let Some(program) = self.program("solution", node, false) else {
                continue;
            };
            if tag == "main" {
                reference = Some(program.clone());
            }
            let path = program.files()[0].to_path_buf();
            kept.push(KeptSubmission {
                path,
                skip: rule
                    .is_none()
                    .then(|| "tagged do-not-run in problem.xml".to_string()),
                expected: rule.unwrap_or(Expected::Rejected),
                program,
            });
        }
        if reference.is_none() {
            self.issues
                .warn(XML, "no solution tagged main: verify has no reference");
        }
        (reference, kept)
    }
}

#[cfg(test)]
mod tests;
