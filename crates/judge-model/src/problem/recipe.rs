//! How a native problem's inputs are made: the generator's arguments for each stored test,
//! the tests small enough for its brute-force solutions, and `judge stress`'s recipe of
//! random inputs.

/// One stored test and the generator's arguments that make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRecipe {
    /// `sample/NAME` or `secret/NAME`.
    pub name: String,
    /// The generator's arguments.
    pub args: Vec<String>,
}

/// The tests on which the slow, obviously correct solutions kept in
/// `submissions/brute_force/` must be accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BruteForce {
    /// Test names or patterns with `*` (`sample/*`, `secret/0*`).
    pub tests: Vec<String>,
}

/// The generator's arguments for `judge stress`'s random inputs: `{seed}` becomes each
/// round's seed, `{size}` a size drawn from `sizes`. Made by [`StressRecipe::new`] only,
/// so every recipe makes a new input each round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StressRecipe {
    gen: Vec<String>,
    sizes: Option<[u64; 2]>,
}

impl StressRecipe {
    /// The recipe of these arguments and sizes, or why it cannot make a new input each
    /// round.
    pub fn new(gen: Vec<String>, sizes: Option<[u64; 2]>) -> Result<StressRecipe, String> {
        let has = |key: &str| gen.iter().any(|a| a.contains(key));
        if !has("{seed}") {
            return Err(format!(
                "the generator's arguments {gen:?} have no {{seed}}: every round would make the same input"
            ));
        }
        match sizes {
            Some(_) if !has("{size}") => Err(format!(
                "sizes are given but the generator's arguments {gen:?} have no {{size}}"
            )),
            None if has("{size}") => Err(format!(
                "the generator's arguments {gen:?} have a {{size}} but no sizes = [SMALLEST, LARGEST] are given"
            )),
            Some([smallest, largest]) if smallest > largest => Err(format!(
                "sizes = [{smallest}, {largest}]: the smallest size comes first"
            )),
            _ => Ok(StressRecipe { gen, sizes }),
        }
    }

    /// The generator's arguments, with `{seed}` and maybe `{size}` in them.
    pub fn gen(&self) -> &[String] {
        &self.gen
    }

    /// The smallest and the largest `{size}`, when the arguments have one.
    pub fn sizes(&self) -> Option<[u64; 2]> {
        self.sizes
    }
}
