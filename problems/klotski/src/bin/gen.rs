//! Test generator for klotski: `klotski-gen MODE ARGS...` writes one board on stdout.
//!
//! SET is a piece set besides the 2 x 2 block, written `T<tall>W<wide>S<small>` with
//! 2·tall + 2·wide + small = 14 (the classic one is `T4W1S4`). Modes:
//!
//! - `sample N`: the samples of the statement (1 and 2);
//! - `classic NAME [SEED]`: one of the ten classic layouts (below), pieces lettered A, B, ...
//!   in reading order, or with shuffled letters when a SEED is given;
//! - `fixed NAME`: a hand-made board (`at-exit`, `frozen`, `frozen-2`,
//!   `one-step`, `edge-trap`);
//! - `random SET SEED`: a state of SET drawn uniformly from all of them;
//! - `distance SET D SEED`: a state exactly D moves from the exit, drawn uniformly from
//!   those of the largest component of SET that has an exit state (a component: the
//!   states moves connect);
//! - `farthest SET SEED`: like `distance` with the largest D of that component;
//! - `hardest SET TRIES SEED`: of TRIES states drawn from that component, the one whose
//!   shortest-path search stores the most states;
//! - `stuck SET SEED`: a state drawn uniformly from SET's largest component that has no
//!   exit state (the answer is -1).
//!
//! Except for `classic` without a SEED and `fixed`, the pieces get distinct letters drawn
//! at random from A-Z, so that no solution may count on the block being `A` or on letters
//! in order. The random stream is seeded from the whole argument list, so the same
//! arguments give the same bytes on every machine.

use checker_kit::Rng;
use klotski::board::{Board, CELLS, EMPTY};
use klotski::census::{self, PieceSet};
use klotski::search;
use klotski::state::State;
use std::io::Write;
use std::process::ExitCode;

/// The ten classic layouts: the name, the Chinese name, the board (pieces lettered in
/// reading order). The cells follow the layouts as the game's level lists give them.
const CLASSICS: [(&str, &str, &str); 10] = [
    ("heng-dao-li-ma", "横刀立马", "ABBC ABBC DEEF DGHF I..J"),
    ("zhi-hui-ruo-ding", "指挥若定", "ABBC ABBC DEEF GHIJ G..J"),
    (
        "jiang-yong-cao-ying",
        "将拥曹营",
        ".AA. BAAC BDEC FDEG HHIJ",
    ),
    ("qi-tou-bing-jin", "齐头并进", "ABBC ABBC DEFG HIIJ H..J"),
    ("bing-fen-san-lu", "兵分三路", "ABBC DBBE DFFE GHIJ G..J"),
    ("yu-sheng-xi-li", "雨声淅沥", "ABBC ABBD EFFG EH.G IH.J"),
    ("zuo-you-bu-bing", "左右布兵", "ABBC DBBE FGHI FGHI .JJ."),
    ("tao-hua-yuan-zhong", "桃花园中", "ABBC DBBE DFGE HFGI .JJ."),
    ("yi-lu-jin-jun", "一路进军", "ABBC ABBD EFGH EFGI .JJ."),
    ("yi-lu-shun-feng", "一路顺风", "ABBC ABBD EFFG EHIG .JI."),
];

/// The board of a classic layout, by its name.
fn classic(name: &str) -> Result<Board, String> {
    let (_, _, rows) = CLASSICS
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| {
            let names: Vec<&str> = CLASSICS.iter().map(|(n, _, _)| *n).collect();
            format!("no classic layout {name:?} (known: {})", names.join(", "))
        })?;
    Board::parse(rows)
}

fn fixed(name: &str) -> Result<Board, String> {
    let rows = match name {
        // Already at the exit: 0 moves.
        "at-exit" => "ABCD EFGH I..J KLLM NLLO",
        // No piece can move at all, and the block is not at the exit.
        "frozen" => "ABCC DB.E FGGE F.HH IIHH",
        // Frozen too, with no 1 x 1 piece at all.
        "frozen-2" => "AABC D.BC DEEF GG.F GGHH",
        // One step: the block moves down into the gap.
        "one-step" => "ABCD EFGH IJJK LJJM N..O",
        // The block reaches the bottom rows at columns 2-3 in one move; the exit takes
        // longer, so a solution that stops at any bottom position is wrong.
        "edge-trap" => "ABCD EFGH IJKK LMKK NO..",
        _ => return Err(format!("no fixed board named {name:?}")),
    };
    Board::parse(rows)
}

fn sample(number: &str) -> Result<Board, String> {
    match number {
        "1" => Board::parse("ABCC DEEF GEEF HIJK H..L"),
        "2" => fixed("frozen"),
        other => Err(format!("no sample {other:?}")),
    }
}

/// Letters a state's pieces in reading order with letters drawn from `rng` (all distinct).
fn lettered(state: State, rng: &mut Rng) -> Board {
    let mut letters: Vec<u8> = (b'A'..=b'Z').collect();
    rng.shuffle(&mut letters);
    with_letters(state, &letters)
}

fn with_letters(state: State, letters: &[u8]) -> Board {
    let mut cells = [EMPTY; CELLS];
    for ((shape, anchor), &letter) in state.pieces().into_iter().zip(letters) {
        for (cell, slot) in cells.iter_mut().enumerate() {
            if shape.mask(anchor) & (1 << cell) != 0 {
                *slot = letter;
            }
        }
    }
    Board { cells }
}

fn piece_set(args: &[String], index: usize) -> Result<PieceSet, String> {
    let text = args
        .get(index)
        .ok_or("missing argument SET (like T4W1S4)")?;
    let bad = || format!("SET must look like T4W1S4 (2·T + 2·W + S = 14), got {text:?}");
    let rest = text.strip_prefix('T').ok_or_else(bad)?;
    let (tall, rest) = rest.split_once('W').ok_or_else(bad)?;
    let (wide, small) = rest.split_once('S').ok_or_else(bad)?;
    let number = |t: &str| t.parse::<usize>().map_err(|_| bad());
    let set = PieceSet::new(number(tall)?, number(wide)?, number(small)?).ok_or_else(bad)?;
    Ok(set)
}

fn number(args: &[String], index: usize, name: &str) -> Result<usize, String> {
    let text = args
        .get(index)
        .ok_or_else(|| format!("missing argument {name}"))?;
    text.parse()
        .map_err(|_| format!("argument {name} must be a number, got {text:?}"))
}

/// Every state of a piece set, or an error when it has none.
fn states_of(set: PieceSet) -> Result<Vec<State>, String> {
    let states = set.states();
    if states.is_empty() {
        return Err(format!("the piece set {set} fits on no board"));
    }
    Ok(states)
}

/// A state `want` moves from the exit (the farthest when `want` is `None`), in the
/// largest component of `set` that has an exit state.
fn at_distance(set: PieceSet, want: Option<u32>, rng: &mut Rng) -> Result<State, String> {
    let component = census::components(set)
        .into_iter()
        .find(|c| c.iter().any(|s| s.at_exit()))
        .ok_or_else(|| format!("no state of {set} can reach the exit"))?;
    let distances = search::distances_to_exit(&component);
    let target = match want {
        Some(target) => target,
        // The component has an exit state, so some distance is known.
        None => distances.iter().flatten().max().copied().unwrap_or(0),
    };
    let candidates: Vec<State> = component
        .iter()
        .zip(&distances)
        .filter(|(_, d)| **d == Some(target))
        .map(|(s, _)| *s)
        .collect();
    rng.choose(&candidates).copied().ok_or_else(|| {
        format!("no state of {set}'s largest component is {target} moves from the exit")
    })
}

/// Of `tries` states drawn from the largest component of `set` that has an exit state,
/// the one whose shortest-path search stores the most states (the reference's hardest).
fn hardest(set: PieceSet, tries: usize, rng: &mut Rng) -> Result<State, String> {
    let component = census::components(set)
        .into_iter()
        .find(|c| c.iter().any(|s| s.at_exit()))
        .ok_or_else(|| format!("no state of {set} can reach the exit"))?;
    let mut best: Option<(usize, State)> = None;
    for _ in 0..tries {
        let state = component[rng.below(component.len() as u64) as usize];
        let explored = search::shortest(state).explored;
        if best.is_none_or(|(most, _)| explored > most) {
            best = Some((explored, state));
        }
    }
    best.map(|(_, state)| state)
        .ok_or_else(|| "TRIES must be at least 1".to_string())
}

/// A state of the largest component of `set` with no exit state.
fn stuck(set: PieceSet, rng: &mut Rng) -> Result<State, String> {
    let component = census::components(set)
        .into_iter()
        .find(|c| c.iter().all(|s| !s.at_exit()))
        .ok_or_else(|| format!("every state of {set} can reach the exit"))?;
    rng.choose(&component)
        .copied()
        .ok_or_else(|| "an empty component".to_string())
}

fn generate(args: &[String]) -> Result<Board, String> {
    let mut rng = Rng::from_text(&args.join(" "));
    let name = |index: usize| args.get(index).map(String::as_str).unwrap_or("");
    match name(0) {
        "sample" => sample(name(1)),
        "classic" => {
            let board = classic(name(1))?;
            if args.len() > 2 {
                Ok(lettered(State::of(&board)?, &mut rng))
            } else {
                Ok(board)
            }
        }
        "fixed" => fixed(name(1)),
        "random" => {
            let states = states_of(piece_set(args, 1)?)?;
            let state = states[rng.below(states.len() as u64) as usize];
            Ok(lettered(state, &mut rng))
        }
        "distance" => {
            let want = number(args, 2, "D")? as u32;
            let state = at_distance(piece_set(args, 1)?, Some(want), &mut rng)?;
            Ok(lettered(state, &mut rng))
        }
        "farthest" => {
            let state = at_distance(piece_set(args, 1)?, None, &mut rng)?;
            Ok(lettered(state, &mut rng))
        }
        "hardest" => {
            let tries = number(args, 2, "TRIES")?;
            let state = hardest(piece_set(args, 1)?, tries, &mut rng)?;
            Ok(lettered(state, &mut rng))
        }
        "stuck" => {
            let state = stuck(piece_set(args, 1)?, &mut rng)?;
            Ok(lettered(state, &mut rng))
        }
        other => Err(format!("unknown mode {other:?}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(board) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(board.to_string().as_bytes()).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("klotski-gen: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_classics_are_boards_of_the_classic_set() {
        for (name, _, _) in CLASSICS {
            let board = classic(name).unwrap();
            assert_eq!(
                PieceSet::of(State::of(&board).unwrap()),
                PieceSet::CLASSIC,
                "{name}"
            );
        }
    }

    #[test]
    fn the_fixed_boards_are_valid() {
        for name in ["at-exit", "frozen", "frozen-2", "one-step", "edge-trap"] {
            fixed(name).unwrap();
        }
        assert!(fixed("at-exit").unwrap().at_exit());
        for name in ["frozen", "frozen-2"] {
            let mut moves = 0;
            State::of(&fixed(name).unwrap())
                .unwrap()
                .for_each_move(|_, _| moves += 1);
            assert_eq!(moves, 0, "{name}");
        }
    }

    #[test]
    fn reads_piece_sets() {
        assert_eq!(piece_set(&args("T4W1S4"), 0), Ok(PieceSet::CLASSIC));
        assert!(piece_set(&args("T4W1S5"), 0).is_err());
        assert!(piece_set(&args("W1T4S4"), 0).is_err());
        assert!(generate(&args("random T7W0S0 1")).is_err());
    }

    #[test]
    fn the_same_arguments_give_the_same_board() {
        for text in [
            "random T2W2S6 1",
            "farthest T4W1S4 2",
            "distance T0W0S14 5 3",
        ] {
            assert_eq!(generate(&args(text)), generate(&args(text)), "{text}");
        }
        assert_ne!(
            generate(&args("random T2W2S6 1")),
            generate(&args("random T2W2S6 2"))
        );
    }

    #[test]
    fn distances_are_as_asked() {
        let board = generate(&args("distance T4W1S4 20 1")).unwrap();
        let moves = klotski::solve(&board).unwrap().unwrap();
        assert_eq!(moves.len(), 20);
        let stuck = generate(&args("stuck T5W0S4 1")).unwrap();
        assert_eq!(klotski::solve(&stuck).unwrap(), None);
        let farthest = generate(&args("farthest T4W1S4 1")).unwrap();
        assert_eq!(klotski::solve(&farthest).unwrap().unwrap().len(), 126);
    }
}
