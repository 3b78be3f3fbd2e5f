//! A stress recipe made concrete for one round: the size a seed draws, and the generator's
//! arguments with `{seed}` and `{size}` replaced.

use judge_model::problem::StressRecipe;

/// A recipe from the command line's `--gen` text (split at whitespace) and sizes, or why
/// it cannot make a new input each round.
pub fn from_command_line(text: &str, sizes: Option<[u64; 2]>) -> Result<StressRecipe, String> {
    StressRecipe::new(text.split_whitespace().map(str::to_string).collect(), sizes)
}

/// The size a round with this seed uses: drawn evenly from the recipe's sizes (the same
/// for the same seed); `None` without sizes.
pub fn size_for(recipe: &StressRecipe, seed: u64) -> Option<u64> {
    let [smallest, largest] = recipe.sizes()?;
    let drawn = mix(seed);
    Some(match (largest - smallest).checked_add(1) {
        Some(span) => smallest + drawn % span,
        None => drawn,
    })
}

/// The generator's arguments for one round.
pub fn arguments(recipe: &StressRecipe, seed: u64, size: Option<u64>) -> Vec<String> {
    recipe
        .gen()
        .iter()
        .map(|argument| {
            let argument = argument.replace("{seed}", &seed.to_string());
            match size {
                Some(size) => argument.replace("{size}", &size.to_string()),
                None => argument,
            }
        })
        .collect()
}

/// SplitMix64's output function: neighbouring seeds draw unrelated sizes.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_and_sizes_are_put_in_every_place() {
        let recipe =
            from_command_line("random {size} {size}  30 seed={seed}", Some([2, 6])).unwrap();
        assert_eq!(
            arguments(&recipe, 17, Some(4)),
            ["random", "4", "4", "30", "seed=17"]
        );
        assert_eq!(
            arguments(&from_command_line("x {seed}", None).unwrap(), 3, None),
            ["x", "3"]
        );
    }

    #[test]
    fn sizes_are_drawn_evenly_and_reproducibly() {
        let recipe = from_command_line("{size} {seed}", Some([2, 6])).unwrap();
        let mut seen = [0; 7];
        for seed in 0..1000 {
            let size = size_for(&recipe, seed).unwrap();
            assert_eq!(size_for(&recipe, seed), Some(size));
            seen[size as usize] += 1;
        }
        assert_eq!(seen[..2], [0, 0]);
        assert!(seen[2..].iter().all(|&n| n > 150), "{seen:?}");
        assert_eq!(
            size_for(&from_command_line("{seed}", None).unwrap(), 5),
            None
        );
        let whole = from_command_line("{size} {seed}", Some([0, u64::MAX])).unwrap();
        assert!(size_for(&whole, 1).is_some());
    }
}
