//! The language-independent token kinds that fingerprints are made of.
//!
//! A token is what a statement or an expression *does*, not what it says: every
//! identifier is [`Kind::Id`], every number [`Kind::Num`], types and comments make no
//! token at all, and each language's tokenizer writes its loops, updates, declarations and
//! I/O in one canonical form (a `for` is its `while` equivalent, `i++` is `i = i + 1`,
//! `printf`, `cout <<`, `print` and `System.out.println` are all [`Kind::Io`]), so that a
//! rewritten or translated copy gives the same kinds as its original. `else`, `continue`
//! and `!` make no token: `if (c) continue; rest` and `if (!c) { rest }` are then the same
//! code, as are the two orders of an `if` whose condition was negated and branches kept.

use serde::Serialize;

/// What a token stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[repr(u8)]
pub enum Kind {
    /// A function, method or lambda begins.
    Func = 1,
    /// `return`.
    Return,
    /// A call that is not I/O.
    Call,
    /// Reading input or writing output (a whole statement that does so is one token).
    Io,
    /// An assignment, or a declaration with a value.
    Assign,
    /// Any identifier.
    Id,
    /// Any number, boolean or null literal.
    Num,
    /// Any string or character literal.
    Str,
    /// An array or map subscript.
    Index,
    /// A member access (`a.b`, `a->b`, `a::b` on a value).
    Field,
    /// `+ -` (and `++`, `--`, `+=`...).
    Arith,
    /// `* / %` and the like.
    Mul,
    /// `< > <= >=` and membership.
    Rel,
    /// `== !=`.
    Eq,
    /// `&& || and or`.
    Logic,
    /// `& | ^ << >> ~`.
    Bit,
    /// A unary minus.
    Neg,
    /// A loop (`while`, `for`, `do`, `loop`): the condition follows.
    Loop,
    /// A loop over a collection (`for x in xs`, `for (int x : xs)`).
    ForEach,
    /// `if` (and the condition of a ternary).
    If,
    /// `break`.
    Break,
    /// `switch` / `match`.
    Switch,
    /// One case of a switch or match.
    Case,
    /// An allocation (`new`, a struct literal).
    New,
    /// A list, array or initializer literal.
    List,
    /// `try`.
    Try,
    /// `throw` / `raise`.
    Throw,
}

impl Kind {
    /// Whether the token stands for its whole source span (an identifier, a literal, an
    /// I/O statement) rather than for a construct whose span holds other tokens.
    pub fn is_leaf(self) -> bool {
        matches!(
            self,
            Kind::Id | Kind::Num | Kind::Str | Kind::Io | Kind::Break
        )
    }
}

/// One token: its kind and the bytes of the source it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Its kind.
    pub kind: Kind,
    /// The first byte of the source it stands for.
    pub start: u32,
    /// One past its last byte.
    pub end: u32,
}
