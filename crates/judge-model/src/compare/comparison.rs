//! What a comparison concludes, and how it quotes what it found in its message.

use crate::verdict::Verdict;

/// What a comparison concluded.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// AC, WA, PE (checkers only) or JE (a broken checker).
    pub verdict: Verdict,
    /// The fraction of the test's points, when a checker gave points (testlib's exit 7).
    pub score: Option<f64>,
    /// Why, in one line (empty for AC from a built-in mode).
    pub message: String,
}

impl Comparison {
    /// Accepted.
    pub fn accepted() -> Comparison {
        Comparison {
            verdict: Verdict::AC,
            score: None,
            message: String::new(),
        }
    }

    /// Wrong answer, with the reason.
    pub fn wrong(message: impl Into<String>) -> Comparison {
        Comparison {
            verdict: Verdict::WA,
            score: None,
            message: message.into(),
        }
    }
}

/// Shows a token or line in a message: quoted, escaped, cut to a readable length.
pub fn show(text: &[u8]) -> String {
    const LIMIT: usize = 40;
    let text = String::from_utf8_lossy(text);
    let mut shown: String = text.chars().take(LIMIT).collect();
    if text.chars().count() > LIMIT {
        shown.push('…');
    }
    format!("{shown:?}")
}
