//! The stored tests against the crate's binaries: every input is valid, every answer is the
//! reference's output and passes the checker, and the recipe in problem.toml makes exactly
//! these files (quick entries always; the local-search ones with `--ignored`, ~1 minute).

use checker_kit::stored_tests::{RecipeEntry, StoredTests};
use std::path::PathBuf;

fn testdata() -> PathBuf {
    stored().testdata_dir
}

fn stored() -> StoredTests {
    StoredTests::new(env!("CARGO_MANIFEST_DIR"), "pixel-placement")
}

/// The `[[tests]]` entries of problem.toml: name and generator arguments, in order.
fn recipe() -> Vec<RecipeEntry> {
    stored().recipe()
}

/// Whether `binary` succeeded, and its output.
fn run(binary: &str, args: &[String], stdin: &[u8]) -> (bool, Vec<u8>) {
    let output = checker_kit::stored_tests::run(binary, args, stdin);
    (output.status.success(), output.stdout)
}

#[test]
fn the_recipe_names_every_stored_test_and_nothing_else() {
    let mut named: Vec<String> = recipe()
        .iter()
        .flat_map(|(name, _)| [format!("{name}.in"), format!("{name}.ans")])
        .collect();
    named.sort();
    let mut stored = Vec::new();
    for group in ["sample", "secret"] {
        for entry in std::fs::read_dir(testdata().join(group)).expect("the folder exists") {
            let file = entry.expect("a readable entry").file_name();
            stored.push(format!("{group}/{}", file.to_string_lossy()));
        }
    }
    stored.sort();
    assert_eq!(named, stored);
    assert!(
        named.len() >= 2 * 21,
        "at least 20 secret tests and the sample"
    );
}

#[test]
fn every_stored_test_is_valid_and_its_answer_is_the_reference_output() {
    for (name, _) in recipe() {
        let input_path = testdata().join(format!("{name}.in"));
        let answer_path = testdata().join(format!("{name}.ans"));
        let input = std::fs::read(&input_path).expect("the input is stored");
        let (valid, _) = run(env!("CARGO_BIN_EXE_pixel-placement-validate"), &[], &input);
        assert!(valid, "{name}.in is not valid");
        let (solved, output) = run(env!("CARGO_BIN_EXE_pixel-placement"), &[], &input);
        assert!(solved, "the reference fails on {name}");
        assert_eq!(
            output,
            std::fs::read(&answer_path).expect("the answer is stored"),
            "{name}.ans is not the reference's output"
        );
        let paths = [&input_path, &answer_path, &answer_path].map(|p| p.display().to_string());
        let (accepted, _) = run(env!("CARGO_BIN_EXE_pixel-placement-check"), &paths, b"");
        assert!(accepted, "the checker rejects {name}.ans");
    }
}

fn regenerate(include_searches: bool) {
    for (name, args) in recipe() {
        if args[0] == "search" && !include_searches {
            continue;
        }
        let (ok, input) = run(env!("CARGO_BIN_EXE_pixel-placement-gen"), &args, b"");
        assert!(ok, "the generator fails on {name}");
        let stored = std::fs::read(testdata().join(format!("{name}.in"))).expect("stored");
        assert_eq!(input, stored, "the recipe does not remake {name}.in");
    }
}

#[test]
fn the_recipe_remakes_the_hand_made_and_random_tests() {
    regenerate(false);
}

#[test]
#[ignore = "runs every local search of the recipe (about a minute in release)"]
fn the_recipe_remakes_every_test() {
    regenerate(true);
}
