//! problem.toml: a problem's title, limits, comparison and test recipe.

use judge_model::compare::{BuiltIn, CheckerProtocol};
use judge_model::config::{read_toml, ConfigError};
use judge_model::limit_bounds as bounds;
use judge_model::problem::{BruteForce, StressRecipe, TestRecipe};
use serde::Deserialize;
use std::path::Path;

/// The `[limits]` table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsToml {
    /// CPU seconds for C, C++ and Rust; other languages get judge.toml's multiplier.
    pub time_s: f64,
    /// Memory in MiB.
    pub memory_mib: u64,
    /// Wall-clock seconds (default: 2 x the CPU limit + 1 s).
    #[serde(default)]
    pub wall_time_s: Option<f64>,
    /// Output limit in MiB (default 64).
    #[serde(default)]
    pub output_mib: Option<u64>,
}

/// A checker's or an interactor's `protocol` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum CheckerProtocolToml {
    /// `testlib` (the default).
    #[default]
    Testlib,
    /// `kattis`.
    Kattis,
    /// `hustoj`.
    Hustoj,
}

impl From<CheckerProtocolToml> for CheckerProtocol {
    fn from(protocol: CheckerProtocolToml) -> Self {
        match protocol {
            CheckerProtocolToml::Testlib => CheckerProtocol::Testlib,
            CheckerProtocolToml::Kattis => CheckerProtocol::Kattis,
            CheckerProtocolToml::Hustoj => CheckerProtocol::Hustoj,
        }
    }
}

/// The `[compare]` table: its `mode` is the comparison, and each mode takes only its own
/// keys (a checker's name and protocol, a float comparison's tolerances), so a table that
/// mixes them is refused by the parser itself, naming the key.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase", deny_unknown_fields)]
pub enum CompareToml {
    /// Byte for byte.
    Exact {},
    /// Line by line, ignoring trailing spaces and trailing blank lines.
    Lines {},
    /// Whitespace-separated tokens (the default without `[compare]`).
    Tokens {},
    /// Tokens, numbers within a tolerance.
    Float {
        /// Absolute tolerance (default 1e-6).
        #[serde(default)]
        abs_tolerance: Option<f64>,
        /// Relative tolerance (default 1e-6).
        #[serde(default)]
        rel_tolerance: Option<f64>,
    },
    /// The problem's checker.
    Checker {
        /// A binary of the problem's crate, or a file in its folder (a source in any
        /// language of judge.toml's table, such as `check.cpp`, or an executable).
        checker: String,
        /// Its protocol.
        #[serde(default)]
        protocol: CheckerProtocolToml,
    },
}

impl Default for CompareToml {
    fn default() -> Self {
        CompareToml::Tokens {}
    }
}

impl CompareToml {
    /// The checker and its protocol, in checker mode.
    pub fn checker(&self) -> Option<(&str, CheckerProtocol)> {
        match self {
            CompareToml::Checker { checker, protocol } => Some((checker, (*protocol).into())),
            _ => None,
        }
    }

    /// The built-in comparison, or `None` for a checker.
    pub fn built_in(&self) -> Option<BuiltIn> {
        Some(match self {
            CompareToml::Exact {} => BuiltIn::Exact,
            CompareToml::Lines {} => BuiltIn::Lines,
            CompareToml::Tokens {} => BuiltIn::Tokens,
            CompareToml::Float {
                abs_tolerance,
                rel_tolerance,
            } => BuiltIn::Float {
                absolute: abs_tolerance.unwrap_or(1e-6),
                relative: rel_tolerance.unwrap_or(1e-6),
            },
            CompareToml::Checker { .. } => return None,
        })
    }
}

/// A table naming a program: a binary of the problem's crate (`bin = "maze-gen"`), or a
/// file in the problem's folder (`program = "validate.py"`: a source in any language of
/// judge.toml's table, or an executable). `bin` and `program` are the same key.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramToml {
    /// The binary's or file's name.
    #[serde(alias = "bin")]
    pub program: String,
}

/// A scoring group (subtask): tests worth points together, all or nothing.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupToml {
    /// Its name.
    pub name: String,
    /// Its points (judge.toml's points for the problem scale them).
    pub points: f64,
    /// Its tests: names like `secret/03-max`, or patterns with `*`.
    pub tests: Vec<String>,
}

/// One stored test and how to generate it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecipeToml {
    /// `sample/NAME` or `secret/NAME`.
    pub name: String,
    /// The generator's arguments.
    pub args: Vec<String>,
}

impl From<&RecipeToml> for TestRecipe {
    fn from(entry: &RecipeToml) -> Self {
        TestRecipe {
            name: entry.name.clone(),
            args: entry.args.clone(),
        }
    }
}

/// The `[interactor]` table: the problem is interactive, and this program talks to the
/// submission (see the engine's interactive runs).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InteractorToml {
    /// A binary of the problem's crate, or an executable file in the problem's folder.
    pub program: String,
    /// Its protocol: testlib (`interactor INPUT TOUT ANSWER`, exit 0/1/2/3) or kattis
    /// (`interactor INPUT ANSWER FEEDBACK_DIR`, exit 42/43); hustoj is refused.
    #[serde(default)]
    pub protocol: CheckerProtocolToml,
}

/// The `[brute_force]` table: where the slow, obviously correct solutions kept in
/// `submissions/brute_force/` must be accepted (`judge verify` runs them there only;
/// `judge stress` compares the reference with them on generated inputs).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BruteForceToml {
    /// Test names or patterns with `*` (`sample/*`, `secret/0*`).
    pub tests: Vec<String>,
}

impl From<&BruteForceToml> for BruteForce {
    fn from(table: &BruteForceToml) -> Self {
        BruteForce {
            tests: table.tests.clone(),
        }
    }
}

/// The `[stress]` table: the generator's arguments for `judge stress`'s small random
/// inputs. `{seed}` becomes each round's seed; `{size}`, when `sizes` is given, a size
/// in that range (each round draws one; a disagreement is shrunk toward the smallest).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StressToml {
    /// The generator's arguments, with `{seed}` and maybe `{size}` in them.
    pub gen: Vec<String>,
    /// The smallest and the largest `{size}`.
    #[serde(default)]
    pub sizes: Option<[u64; 2]>,
}

impl TryFrom<&StressToml> for StressRecipe {
    /// Why the table cannot make a new input each round.
    type Error = String;

    fn try_from(table: &StressToml) -> Result<Self, String> {
        StressRecipe::new(table.gen.clone(), table.sizes)
    }
}

/// The whole problem.toml.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemToml {
    /// English title.
    pub title: String,
    /// Chinese title.
    #[serde(default)]
    pub title_zh: Option<String>,
    /// Limits.
    pub limits: LimitsToml,
    /// The languages the problem takes, by judge.toml id (`["cpp14", "python3"]`); a
    /// `.cpp` submission is then compiled as the listed C++ profile. Default: every
    /// language the contest allows.
    #[serde(default)]
    pub languages: Option<Vec<String>>,
    /// Comparison.
    #[serde(default)]
    pub compare: CompareToml,
    /// The input validator.
    #[serde(default)]
    pub validator: Option<ProgramToml>,
    /// The test generator.
    #[serde(default)]
    pub generator: Option<ProgramToml>,
    /// The reference solution, for a problem without a crate (a file in its folder; a
    /// crate's reference is its binary named like the problem).
    #[serde(default)]
    pub reference: Option<String>,
    /// Scoring groups (subtasks), in order.
    #[serde(default)]
    pub groups: Vec<GroupToml>,
    /// The recipe of the stored tests.
    #[serde(default)]
    pub tests: Vec<RecipeToml>,
    /// The tests small enough for the brute-force solutions.
    #[serde(default)]
    pub brute_force: Option<BruteForceToml>,
    /// The interactor, for an interactive problem.
    #[serde(default)]
    pub interactor: Option<InteractorToml>,
    /// How `judge stress` makes its inputs.
    #[serde(default)]
    pub stress: Option<StressToml>,
    /// The output visualizer: draws a test's input and a program's output as SVG
    /// (`judge_core::picture`).
    #[serde(default)]
    pub visualizer: Option<ProgramToml>,
}

impl ProblemToml {
    /// Every program it names, with its key: each must be a path inside the problem's
    /// folder (or a binary of its crate).
    fn program_names(&self) -> Vec<(&'static str, &str)> {
        let mut names = Vec::new();
        if let Some((checker, _)) = self.compare.checker() {
            names.push(("compare.checker", checker));
        }
        if let Some(interactor) = &self.interactor {
            names.push(("interactor.program", interactor.program.as_str()));
        }
        if let Some(validator) = &self.validator {
            names.push(("validator.program", validator.program.as_str()));
        }
        if let Some(generator) = &self.generator {
            names.push(("generator.program", generator.program.as_str()));
        }
        if let Some(reference) = &self.reference {
            names.push(("reference", reference.as_str()));
        }
        if let Some(visualizer) = &self.visualizer {
            names.push(("visualizer.program", visualizer.program.as_str()));
        }
        names
    }

    /// The recipe of the stored tests.
    pub fn test_recipes(&self) -> Vec<TestRecipe> {
        self.tests.iter().map(TestRecipe::from).collect()
    }

    /// The tests small enough for the brute-force solutions, if `[brute_force]` names them.
    pub fn brute_force_tests(&self) -> Option<BruteForce> {
        self.brute_force.as_ref().map(BruteForce::from)
    }

    /// `judge stress`'s recipe, or the error that says why `[stress]` is not one (`file`
    /// is named in it).
    pub fn stress_recipe(&self, file: &Path) -> Result<Option<StressRecipe>, ConfigError> {
        self.stress
            .as_ref()
            .map(StressRecipe::try_from)
            .transpose()
            .map_err(|message| ConfigError::new(file, format!("[stress]: {message}")))
    }

    /// Reads and checks a problem.toml.
    pub fn load(file: &Path) -> Result<ProblemToml, ConfigError> {
        let problem: ProblemToml = read_toml(file).map_err(|mut error: ConfigError| {
            // Say what a mode takes, where the parser only names the key.
            if error.message.contains("missing field `checker`") {
                error.message.push_str(
                    "; compare.mode = \"checker\" needs compare.checker (a binary of this problem's crate, or a file in its folder)",
                );
            } else if error.message.contains("unknown field `checker`")
                || error.message.contains("unknown field `protocol`")
            {
                error
                    .message
                    .push_str("; a checker is named with compare.mode = \"checker\"");
            } else if error.message.contains("missing field `mode`") {
                error.message.push_str(
                    "; [compare] starts with mode = \"exact\", \"lines\", \"tokens\", \"float\" or \"checker\"",
                );
            }
            error
        })?;
        let error = |message: String| Err(ConfigError::new(file, message));
        let limits = &problem.limits;
        let refused = [
            ("time_s", bounds::seconds(limits.time_s, bounds::MAX_TIME_S)),
            (
                "memory_mib",
                bounds::mebibytes(limits.memory_mib, bounds::MAX_MEMORY_MIB),
            ),
            (
                "wall_time_s",
                limits
                    .wall_time_s
                    .and_then(|w| bounds::seconds(w, bounds::MAX_WALL_TIME_S)),
            ),
            (
                "output_mib",
                limits
                    .output_mib
                    .and_then(|o| bounds::mebibytes(o, bounds::MAX_OUTPUT_MIB)),
            ),
        ];
        if let Some((key, why)) = refused
            .into_iter()
            .find_map(|(key, why)| why.map(|w| (key, w)))
        {
            return error(format!("limits.{key} = {why}"));
        }
        for (key, name) in problem.program_names() {
            if let Err(why) = judge_model::package_path::relative(name) {
                return error(format!("{key} = {name:?}: {why}"));
            }
        }
        if problem
            .brute_force
            .as_ref()
            .is_some_and(|b| b.tests.is_empty())
        {
            return error("brute_force.tests is empty; list the tests small enough for the brute-force solutions".into());
        }
        problem.stress_recipe(file)?;
        if let Some(interactor) = &problem.interactor {
            if problem.compare.checker().is_none() && problem.compare != CompareToml::default() {
                return error("an interactive problem's output is judged by its interactor; [compare] may only name a checker for the interactor's TOUT".into());
            }
            if interactor.protocol == CheckerProtocolToml::Hustoj {
                return error(
                    "an interactor speaks the testlib or Kattis protocol; hustoj is a checker's"
                        .into(),
                );
            }
            if interactor.protocol == CheckerProtocolToml::Kattis
                && problem.compare.checker().is_some()
            {
                return error("a Kattis interactor decides the verdict itself; a checker after it needs the testlib protocol".into());
            }
        }
        let mut group_names = std::collections::BTreeSet::new();
        for group in &problem.groups {
            if !group_names.insert(group.name.as_str()) {
                return error(format!("group {:?} is listed twice", group.name));
            }
            if !(group.points >= 0.0 && group.points.is_finite()) {
                return error(format!("group {:?}: points must be 0 or more", group.name));
            }
            if group.tests.is_empty() || group.tests.iter().any(|p| p.trim().is_empty()) {
                return error(format!(
                    "group {:?}: `tests` needs test names or patterns such as \"secret/0*\"",
                    group.name
                ));
            }
        }
        let mut names = std::collections::BTreeSet::new();
        for test in &problem.tests {
            let valid = test.name.split_once('/').is_some_and(|(group, rest)| {
                (group == "sample" || group == "secret") && !rest.is_empty() && !rest.contains('/')
            });
            if !valid {
                return error(format!(
                    "test name {:?} must be sample/NAME or secret/NAME",
                    test.name
                ));
            }
            if !names.insert(test.name.as_str()) {
                return error(format!("test {} is listed twice", test.name));
            }
        }
        Ok(problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<ProblemToml, ConfigError> {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("problem.toml");
        std::fs::write(&file, text).unwrap();
        ProblemToml::load(&file)
    }

    const BASE: &str = "title = \"T\"\n[limits]\ntime_s = 1.0\nmemory_mib = 256\n";

    #[test]
    fn defaults_to_token_comparison() {
        let problem = load(BASE).unwrap();
        assert_eq!(problem.compare, CompareToml::Tokens {});
        assert!(problem.tests.is_empty());
    }

    #[test]
    fn checker_mode_needs_a_checker_and_vice_versa() {
        let no_checker = format!("{BASE}[compare]\nmode = \"checker\"\n");
        assert!(load(&no_checker)
            .unwrap_err()
            .to_string()
            .contains("needs compare.checker"));
        let no_mode = format!("{BASE}[compare]\nchecker = \"x\"\n");
        let message = load(&no_mode).unwrap_err().to_string();
        assert!(message.contains("missing field `mode`"), "{message}");
        let stray = format!("{BASE}[compare]\nmode = \"tokens\"\nchecker = \"x\"\n");
        let message = load(&stray).unwrap_err().to_string();
        assert!(
            message.contains("unknown field `checker`")
                && message.contains("compare.mode = \"checker\""),
            "{message}"
        );
        let tolerance = format!("{BASE}[compare]\nmode = \"exact\"\nabs_tolerance = 0.1\n");
        let message = load(&tolerance).unwrap_err().to_string();
        assert!(
            message.contains("unknown field `abs_tolerance`"),
            "{message}"
        );
    }

    #[test]
    fn the_hustoj_protocol_is_a_checkers_only() {
        let checker = format!(
            "{BASE}[compare]\nmode = \"checker\"\nchecker = \"spj.c\"\nprotocol = \"hustoj\"\n"
        );
        assert_eq!(
            load(&checker).unwrap().compare.checker(),
            Some(("spj.c", CheckerProtocol::Hustoj))
        );
        let interactor =
            format!("{BASE}[interactor]\nprogram = \"talk.c\"\nprotocol = \"hustoj\"\n");
        let message = load(&interactor).unwrap_err().to_string();
        assert!(message.contains("hustoj is a checker's"), "{message}");
    }

    #[test]
    fn a_stress_recipe_needs_a_seed_and_sizes_with_its_size() {
        let with = |table: &str| load(&format!("{BASE}[stress]\n{table}"));
        assert!(with("gen = [\"random\", \"{size}\", \"seed={seed}\"]\nsizes = [1, 6]\n").is_ok());
        assert!(with("gen = [\"random\", \"{seed}\"]\n").is_ok());
        for (table, says) in [
            ("gen = [\"random\", \"5\"]\n", "no {seed}"),
            ("gen = [\"{size}\", \"{seed}\"]\n", "no sizes"),
            ("gen = [\"{seed}\"]\nsizes = [1, 2]\n", "no {size}"),
            (
                "gen = [\"{size}\", \"{seed}\"]\nsizes = [6, 1]\n",
                "smallest size comes first",
            ),
        ] {
            let message = with(table).unwrap_err().to_string();
            assert!(
                message.contains("[stress]") && message.contains(says),
                "{message}"
            );
        }
    }

    #[test]
    fn bad_values_are_named() {
        let zero_time = BASE.replace("1.0", "0");
        assert!(load(&zero_time)
            .unwrap_err()
            .to_string()
            .contains("limits.time_s = 0 s: must be a positive number of seconds"));
        // A problem from elsewhere may ask for days of CPU or a terabyte of output.
        let days = BASE.replace("1.0", "1000000");
        let message = load(&days).unwrap_err().to_string();
        assert!(
            message.contains("problem.toml")
                && message
                    .contains("limits.time_s = 1000000 s is more than the judge allows (60 s)"),
            "{message}"
        );
        let terabyte = format!("{BASE}output_mib = 1048576\n");
        let message = load(&terabyte).unwrap_err().to_string();
        assert!(
            message.contains("limits.output_mib = 1048576 MiB is more than the judge allows"),
            "{message}"
        );
        // A program must lie inside the problem's folder.
        for (name, why) in [
            ("/etc/checker.c", "absolute"),
            ("../x/check.c", "climbs out"),
        ] {
            let outside = format!("{BASE}[compare]\nmode = \"checker\"\nchecker = \"{name}\"\n");
            let message = load(&outside).unwrap_err().to_string();
            assert!(
                message.contains(&format!("compare.checker = {name:?}")) && message.contains(why),
                "{message}"
            );
        }
        let bad_name = format!("{BASE}[[tests]]\nname = \"hidden/1\"\nargs = []\n");
        assert!(load(&bad_name)
            .unwrap_err()
            .to_string()
            .contains("sample/NAME or secret/NAME"));
        let unknown_mode = format!("{BASE}[compare]\nmode = \"fuzzy\"\n");
        let message = load(&unknown_mode).unwrap_err().to_string();
        assert!(
            message.contains("fuzzy") && message.contains("line 6"),
            "{message}"
        );
    }
}
