//! Klotski (华容道): the board, the canonical states, the search, and the answer the
//! reference prints. The reasoning is at the top of `main.rs`.

pub mod board;
pub mod census;
pub mod search;
pub mod state;

use board::{Board, Direction};
use state::State;

/// A shortest sequence of labelled moves (piece letter, direction) that brings the 2 x 2
/// block to the exit, or `None` when no sequence does. The board must satisfy
/// [`Board::pieces`].
pub fn solve(board: &Board) -> Result<Option<Vec<(u8, Direction)>>, String> {
    let start = State::of(board)?;
    let Some(moves) = search::shortest(start).moves else {
        return Ok(None);
    };
    // The search moves shapes; the output names pieces. Replaying on the labelled board
    // turns each move's top-left cell into the letter of the piece standing there.
    let mut labelled = board.clone();
    let mut named = Vec::with_capacity(moves.len());
    for step in moves {
        let letter = labelled.cells[step.anchor];
        labelled.apply(letter, step.direction)?;
        named.push((letter, step.direction));
    }
    Ok(Some(named))
}

/// The output for a board: `-1`, or the number of moves and the moves on the next line.
pub fn answer(board: &Board) -> Result<String, String> {
    Ok(match solve(board)? {
        None => "-1\n".to_string(),
        Some(moves) => {
            let words: Vec<String> = moves
                .iter()
                .map(|&(letter, direction)| {
                    format!("{}{}", letter as char, direction.letter() as char)
                })
                .collect();
            format!("{}\n{}\n", moves.len(), words.join(" "))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(text: &str, answer: &str) -> Board {
        let mut board = Board::parse(text).unwrap();
        for word in answer.split_ascii_whitespace().skip(1) {
            let bytes = word.as_bytes();
            board
                .apply(bytes[0], Direction::from_letter(bytes[1]).unwrap())
                .unwrap();
        }
        board
    }

    #[test]
    fn heng_dao_li_ma_takes_116_steps() {
        let text = "ABBC\nABBC\nDEEF\nDHIF\nG..J\n";
        let answer = answer(&Board::parse(text).unwrap()).unwrap();
        assert!(answer.starts_with("116\n"), "{answer}");
        assert!(replay(text, &answer).at_exit());
    }

    #[test]
    fn a_board_at_the_exit_needs_no_move() {
        let text = "ADEF\nGHIJ\nK..N\nOBBP\nQBBR\n";
        assert_eq!(answer(&Board::parse(text).unwrap()).unwrap(), "0\n\n");
    }
}
