//! End-to-end checks of the real binaries on the stored tests: the generator recipe in
//! problem.toml rebuilds every `.in` byte for byte, the validator accepts every `.in`, the
//! reference reproduces every `.ans`, and every walk in an `.ans` obeys every rule.

use checker_kit::stored_tests::{run, StoredTests};
use number_chain::{check_walk, Board};

fn stored() -> StoredTests {
    StoredTests::new(env!("CARGO_MANIFEST_DIR"), "number-chain")
}

#[test]
fn the_recipe_rebuilds_every_stored_test() {
    let tests = stored().check_every_test(
        env!("CARGO_BIN_EXE_number-chain-gen"),
        env!("CARGO_BIN_EXE_number-chain-validate"),
        env!("CARGO_BIN_EXE_number-chain"),
        |test| {
            let board = Board::parse(std::str::from_utf8(test.input).unwrap()).unwrap();
            let answer = std::str::from_utf8(test.answer).unwrap().trim();
            if answer != "-1" {
                check_walk(&board, answer).unwrap_or_else(|rule| panic!("{}: {rule}", test.name));
            }
        },
    );
    assert!(tests >= 21, "a sample and at least 20 secret tests");
}

#[test]
fn no_stored_file_is_missing_from_the_recipe() {
    stored().check_nothing_unlisted();
}

#[test]
fn the_sample_is_the_statement_s() {
    let dir = stored().testdata_dir.join("sample");
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
        let output = run(env!("CARGO_BIN_EXE_number-chain-gen"), args, b"");
        assert!(!output.status.success(), "{args:?} was accepted");
    }
}
