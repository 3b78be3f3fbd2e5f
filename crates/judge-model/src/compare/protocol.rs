//! How a checker or an interactor is called and what its exit code means.

/// How a checker is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckerProtocol {
    /// `check INPUT OUTPUT ANSWER`; exit 0 AC, 1 WA, 2 PE, 3 checker failure.
    #[default]
    Testlib,
    /// Kattis output validator: `check INPUT ANSWER FEEDBACK_DIR < OUTPUT`; exit 42 AC,
    /// 43 WA.
    Kattis,
    /// HUSTOJ's special judge (FPS `<spj>`): `spj INPUT ANSWER OUTPUT`; exit 0 AC, any
    /// other exit WA. A checker only: an interactor never speaks it.
    Hustoj,
}
