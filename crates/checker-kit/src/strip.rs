//! A strip of boards, for the visualizers of move sequences (the sliding puzzles): the
//! boards a sequence passes through (the start, then the board after each move) laid out
//! left to right in rows, at most a cap of them drawn. A longer sequence keeps its first
//! boards and its last ones (where a first illegal move lies) with one slot between saying
//! how many were left out, so that the picture stays small whatever the output.

use crate::svg::Svg;

/// One place of a strip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The board after this many moves (0: the start).
    Board(usize),
    /// This many boards left out here.
    Skipped(usize),
}

/// Which boards a strip draws, and where.
#[derive(Debug, Clone)]
pub struct Strip {
    slots: Vec<Slot>,
    per_row: usize,
    slot_size: (f64, f64),
}

impl Strip {
    /// The strip of `count` boards, at most `cap` of them drawn (`cap` at least 2), in rows
    /// of `per_row` slots of `slot_size` pixels (a board, its label and the gap after it).
    pub fn new(count: usize, cap: usize, per_row: usize, slot_size: (f64, f64)) -> Strip {
        let cap = cap.max(2);
        let slots = if count <= cap {
            (0..count).map(Slot::Board).collect()
        } else {
            let (head, tail) = (cap / 2, cap - cap / 2);
            let mut slots: Vec<Slot> = (0..head).map(Slot::Board).collect();
            slots.push(Slot::Skipped(count - head - tail));
            slots.extend((count - tail..count).map(Slot::Board));
            slots
        };
        Strip {
            slots,
            per_row: per_row.max(1),
            slot_size,
        }
    }

    /// The slots in order, each with its top-left corner (relative to the strip's).
    pub fn slots(&self) -> impl Iterator<Item = (Slot, (f64, f64))> + '_ {
        self.slots.iter().enumerate().map(move |(index, &slot)| {
            let (row, column) = (index / self.per_row, index % self.per_row);
            let (width, height) = self.slot_size;
            (slot, (column as f64 * width, row as f64 * height))
        })
    }

    /// How many boards are left out (0 when all are drawn).
    pub fn skipped(&self) -> usize {
        self.slots
            .iter()
            .map(|slot| match slot {
                Slot::Skipped(count) => *count,
                Slot::Board(_) => 0,
            })
            .sum()
    }

    /// The strip's width and height in pixels.
    pub fn size(&self) -> (f64, f64) {
        let columns = self.slots.len().min(self.per_row);
        let rows = self.slots.len().div_ceil(self.per_row);
        (
            columns as f64 * self.slot_size.0,
            rows as f64 * self.slot_size.1,
        )
    }
}

/// The slot of skipped boards: "… N more …" across a board's place, `board_size` pixels
/// from its top-left corner `origin`.
pub fn draw_skipped(svg: &mut Svg, origin: (f64, f64), board_size: (f64, f64), count: usize) {
    let (x, y) = (origin.0 + board_size.0 / 2.0, origin.1 + board_size.1 / 2.0);
    let style = r##"font-size="12" text-anchor="middle" fill="#607d8b""##;
    svg.text((x, y - 4.0), "…", style);
    svg.text((x, y + 12.0), &format!("{count} more"), style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_sequence_has_every_board() {
        let strip = Strip::new(3, 10, 2, (50.0, 70.0));
        let slots: Vec<_> = strip.slots().collect();
        assert_eq!(
            slots,
            [
                (Slot::Board(0), (0.0, 0.0)),
                (Slot::Board(1), (50.0, 0.0)),
                (Slot::Board(2), (0.0, 70.0)),
            ]
        );
        assert_eq!(strip.skipped(), 0);
        assert_eq!(strip.size(), (100.0, 140.0));
    }

    #[test]
    fn a_long_one_keeps_its_first_and_last_boards() {
        let strip = Strip::new(31, 5, 8, (10.0, 10.0));
        let slots: Vec<Slot> = strip.slots().map(|(slot, _)| slot).collect();
        assert_eq!(
            slots,
            [
                Slot::Board(0),
                Slot::Board(1),
                Slot::Skipped(26),
                Slot::Board(28),
                Slot::Board(29),
                Slot::Board(30),
            ]
        );
        assert_eq!(strip.skipped(), 26);
        assert_eq!(strip.size(), (60.0, 10.0));
    }
}
