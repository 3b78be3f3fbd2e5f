//! End-to-end checks of the real binaries on the stored tests: the generator recipe in
//! problem.toml rebuilds every `.in` byte for byte, the validator accepts every `.in`, and
//! the reference reproduces every `.ans`.

use checker_kit::stored_tests::StoredTests;

fn stored() -> StoredTests {
    StoredTests::new(env!("CARGO_MANIFEST_DIR"), "eight-puzzle")
}

#[test]
fn the_recipe_rebuilds_every_stored_test() {
    let tests = stored().check_every_test(
        env!("CARGO_BIN_EXE_eight-puzzle-gen"),
        env!("CARGO_BIN_EXE_eight-puzzle-validate"),
        env!("CARGO_BIN_EXE_eight-puzzle"),
        |_| {},
    );
    assert!(tests >= 21, "a sample and at least 20 secret tests");
}

#[test]
fn no_stored_file_is_missing_from_the_recipe() {
    stored().check_nothing_unlisted();
}
