//! The stored tests against the puzzle's rules (`judge verify` proves that the recipe
//! makes them and the reference answers them; this proves that those answers are walks
//! the rules allow), the sample against the statement, and the generator's refusals.

use number_chain::{check_walk, Board};
use std::path::PathBuf;
use std::process::Command;

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/number-chain")
}

#[test]
fn every_stored_answer_is_a_walk_the_rules_allow() {
    let mut checked = 0;
    for group in ["sample", "secret"] {
        for entry in std::fs::read_dir(testdata().join(group)).unwrap() {
            let input = entry.unwrap().path();
            if input.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let board = Board::parse(&std::fs::read_to_string(&input).unwrap()).unwrap();
            let answer = std::fs::read_to_string(input.with_extension("ans")).unwrap();
            let answer = answer.trim();
            if answer != "-1" {
                check_walk(&board, answer)
                    .unwrap_or_else(|rule| panic!("{}: {rule}", input.display()));
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no stored tests in {}", testdata().display());
}

#[test]
fn the_sample_is_the_statement_s() {
    let dir = testdata().join("sample");
    assert_eq!(
        std::fs::read_to_string(dir.join("1.in")).unwrap(),
        "3 3\n0 2 0\n1 1 1\n2 0 2\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("1.ans")).unwrap(),
        "41255214\n"
    );
}

#[test]
fn the_generator_rejects_unknown_arguments() {
    for args in [
        &["nothing"][..],
        &["fixed", "no-such-board"],
        &["walk", "11", "3", "seed=1"],
        &["walk", "4", "0", "seed=1"],
        &["pattern", "spiral", "4", "3"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_number-chain-gen"))
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?} was accepted");
    }
}
