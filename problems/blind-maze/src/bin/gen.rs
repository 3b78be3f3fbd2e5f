//! Test generator for blind maze: `blind-maze-gen MODE ARGS...` writes one maze on stdout,
//! in the format of the maze problem (`n m`, then n rows of `S E # -`).
//!
//! Modes (N rows, M columns, 0-based coordinates, PCT a percentage):
//!
//! - `sample 1`, `sample 2`: the statement's samples (the exit reached, and not reachable);
//! - `fixed NAME`: a hand-made maze: `one-by-two`, `two-by-one`, `start-boxed` (S has no
//!   open neighbour), `exit-behind` (E next to S, but on the side a search in the order
//!   U D L R tries last);
//! - `open N M SR SC ER EC`: no walls, S at (SR, SC), E at (ER, EC);
//! - `serpentine N M`: one corridor through every other row, S and E at its two ends;
//! - `spiral N M`: one corridor winding inwards from S in the top left corner, E at its
//!   inner end;
//! - `lattice N M`: a wall on every cell with odd row and odd column, S and E in
//!   opposite corners;
//! - `random N M PCT SEED`: each cell a wall with probability PCT %, S and E on two random
//!   cells;
//! - `perfect N M SEED`: exactly one route between any two passages (a random depth-first
//!   carving: long winding corridors), S and E in opposite corners;
//! - `kruskal N M SEED`: the same kind of maze carved by random Kruskal (many short dead
//!   ends);
//! - `braid N M PCT SEED`: a `perfect` maze with each inner wall between two passages
//!   knocked out with probability PCT % (loops);
//!
//! and the mazes whose exit cannot be reached:
//!
//! - `enclosed N M S|E PCT SEED`: a `random` maze with a square ring of walls at distance 2
//!   around S or E (the other end kept outside it);
//! - `split N M PCT SEED`: a `random` maze cut by a full wall column, S on its left and E
//!   on its right (N x M with M >= 3).
//!
//! The random stream is seeded from the whole argument list (checker-kit's `Rng`), so the
//! same arguments give the same bytes on every machine.

use checker_kit::Rng;
use std::io::Write;
use std::process::ExitCode;

/// The largest side the problem allows.
const MAX_SIDE: usize = 500;

/// A maze being built, row by row in one vector.
struct Grid {
    rows: usize,
    columns: usize,
    cells: Vec<u8>,
}

impl Grid {
    fn new(rows: usize, columns: usize, fill: u8) -> Grid {
        Grid {
            rows,
            columns,
            cells: vec![fill; rows * columns],
        }
    }

    fn at(&mut self, row: usize, column: usize) -> &mut u8 {
        &mut self.cells[row * self.columns + column]
    }

    /// Where `byte` is (the first one).
    fn find(&self, byte: u8) -> Option<(usize, usize)> {
        let index = self.cells.iter().position(|&b| b == byte)?;
        Some((index / self.columns, index % self.columns))
    }

    /// S and E on two distinct random cells (whatever they held).
    fn random_ends(&mut self, rng: &mut Rng) {
        let size = self.cells.len() as u64;
        let start = rng.below(size) as usize;
        let exit = (start + 1 + rng.below(size - 1) as usize) % self.cells.len();
        self.cells[start] = b'S';
        self.cells[exit] = b'E';
    }

    fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.columns);
        for row in self.cells.chunks(self.columns) {
            text.extend(row.iter().map(|&b| b as char));
            text.push('\n');
        }
        text
    }
}

/// The arguments after the mode, parsed one at a time with their names in errors.
struct Args<'a> {
    args: &'a [String],
    next: usize,
}

impl Args<'_> {
    fn text(&mut self, name: &str) -> Result<&str, String> {
        let value = self
            .args
            .get(self.next)
            .ok_or_else(|| format!("missing argument {name}"))?;
        self.next += 1;
        Ok(value)
    }

    fn number(&mut self, name: &str) -> Result<usize, String> {
        let text = self.text(name)?;
        text.parse()
            .map_err(|_| format!("argument {name} must be a number, got {text:?}"))
    }

    /// N and M, within the problem's bounds.
    fn size(&mut self) -> Result<(usize, usize), String> {
        let (rows, columns) = (self.number("N")?, self.number("M")?);
        let side = 1..=MAX_SIDE;
        if !side.contains(&rows) || !side.contains(&columns) || rows * columns < 2 {
            return Err(format!("bad size {rows} x {columns}"));
        }
        Ok((rows, columns))
    }

    fn percentage(&mut self) -> Result<u64, String> {
        let pct = self.number("PCT")? as u64;
        if pct > 100 {
            return Err(format!("PCT must be at most 100, got {pct}"));
        }
        Ok(pct)
    }

    /// The seed is only there to tell tests apart; the stream comes from all arguments.
    fn seed(&mut self) -> Result<(), String> {
        self.number("SEED").map(|_| ())
    }
}

fn fixed(name: &str) -> Result<String, String> {
    Ok(match name {
        "one-by-two" => "1 2\nSE\n",
        "two-by-one" => "2 1\nE\nS\n",
        "start-boxed" => "3 4\n-#--\n#S#E\n-#--\n",
        // A search trying U, D, L, R in that order explores the whole left part first.
        "exit-behind" => "5 6\n------\n------\n----SE\n------\n------\n",
        _ => return Err(format!("no fixed maze named {name:?}")),
    }
    .to_string())
}

fn open(args: &mut Args) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    let start = (args.number("SR")?, args.number("SC")?);
    let exit = (args.number("ER")?, args.number("EC")?);
    let inside = |(r, c): (usize, usize)| r < rows && c < columns;
    if start == exit || !inside(start) || !inside(exit) {
        return Err("S and E must be two distinct cells of the maze".to_string());
    }
    let mut grid = Grid::new(rows, columns, b'-');
    *grid.at(start.0, start.1) = b'S';
    *grid.at(exit.0, exit.1) = b'E';
    Ok(grid)
}

fn serpentine(args: &mut Args) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    if rows < 3 || columns < 2 {
        return Err("a serpentine needs at least 3 rows and 2 columns".to_string());
    }
    let mut grid = Grid::new(rows, columns, b'#');
    // Even rows are corridors; odd row r joins rows r - 1 and r + 1 at one end,
    // alternately the right and the left.
    let mut end = (0, 0);
    for r in (0..rows).step_by(2) {
        for c in 0..columns {
            *grid.at(r, c) = b'-';
        }
        let towards_right = (r / 2) % 2 == 0;
        end = (r, if towards_right { columns - 1 } else { 0 });
        if r + 2 < rows {
            *grid.at(r + 1, end.1) = b'-';
        }
    }
    *grid.at(0, 0) = b'S';
    *grid.at(end.0, end.1) = b'E';
    Ok(grid)
}

fn spiral(args: &mut Args) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    if rows < 3 || columns < 3 {
        return Err("a spiral needs at least 3 rows and 3 columns".to_string());
    }
    // Walk inwards from (0, 0), turning right when the next cell is outside or open, or
    // the cell after it is open: the corridor keeps one wall between its rounds. It ends
    // where two turns in a row find no way on.
    let mut grid = Grid::new(rows, columns, b'#');
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let inside = |r: isize, c: isize| r >= 0 && c >= 0 && r < rows as isize && c < columns as isize;
    let open = |grid: &Grid, r: isize, c: isize| {
        inside(r, c) && grid.cells[r as usize * columns + c as usize] != b'#'
    };
    let (mut r, mut c, mut d) = (0isize, 0isize, 0usize);
    *grid.at(0, 0) = b'-';
    let mut turns_in_a_row = 0;
    while turns_in_a_row < 2 {
        let (dr, dc) = steps[d];
        let blocked = !inside(r + dr, c + dc)
            || open(&grid, r + dr, c + dc)
            || open(&grid, r + 2 * dr, c + 2 * dc);
        if blocked {
            d = (d + 1) % 4;
            turns_in_a_row += 1;
        } else {
            r += dr;
            c += dc;
            *grid.at(r as usize, c as usize) = b'-';
            turns_in_a_row = 0;
        }
    }
    *grid.at(0, 0) = b'S';
    *grid.at(r as usize, c as usize) = b'E';
    Ok(grid)
}

fn lattice(args: &mut Args) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    let mut grid = Grid::new(rows, columns, b'-');
    for r in (1..rows).step_by(2) {
        for c in (1..columns).step_by(2) {
            *grid.at(r, c) = b'#';
        }
    }
    *grid.at(0, 0) = b'S';
    *grid.at(rows - 1, columns - 1) = b'E';
    Ok(grid)
}

fn random_walls(rows: usize, columns: usize, pct: u64, rng: &mut Rng) -> Grid {
    let mut grid = Grid::new(rows, columns, b'-');
    for cell in &mut grid.cells {
        if rng.chance(pct, 100) {
            *cell = b'#';
        }
    }
    grid.random_ends(rng);
    grid
}

fn random(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    let pct = args.percentage()?;
    args.seed()?;
    Ok(random_walls(rows, columns, pct, rng))
}

/// The passages of a carved maze: cells with even row and even column.
fn passages(rows: usize, columns: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..rows)
        .step_by(2)
        .flat_map(move |r| (0..columns).step_by(2).map(move |c| (r, c)))
}

/// A carved maze: every passage open, then the walls between passages that `carve`
/// knocks down; S and E in opposite corners of the passages.
fn carved(rows: usize, columns: usize, knocked: Vec<(usize, usize)>) -> Grid {
    let mut grid = Grid::new(rows, columns, b'#');
    for (r, c) in passages(rows, columns).chain(knocked) {
        *grid.at(r, c) = b'-';
    }
    *grid.at(0, 0) = b'S';
    *grid.at((rows - 1) / 2 * 2, (columns - 1) / 2 * 2) = b'E';
    grid
}

/// The walls knocked down by a random depth-first walk over the passages.
fn depth_first_carving(rows: usize, columns: usize, rng: &mut Rng) -> Vec<(usize, usize)> {
    let mut seen = vec![false; rows * columns];
    let mut knocked = Vec::new();
    let mut path = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(&(r, c)) = path.last() {
        let mut fresh: Vec<(usize, usize)> = [(0, 2), (2, 0), (0, -2), (-2, 0)]
            .iter()
            .filter_map(|&(dr, dc): &(isize, isize)| {
                let nr = r.checked_add_signed(dr)?;
                let nc = c.checked_add_signed(dc)?;
                (nr < rows && nc < columns && !seen[nr * columns + nc]).then_some((nr, nc))
            })
            .collect();
        if fresh.is_empty() {
            path.pop();
            continue;
        }
        rng.shuffle(&mut fresh);
        let (nr, nc) = fresh[0];
        seen[nr * columns + nc] = true;
        knocked.push(((r + nr) / 2, (c + nc) / 2));
        path.push((nr, nc));
    }
    knocked
}

/// The walls knocked down by random Kruskal: every wall between two passages in random
/// order, knocked down when it joins two parts not yet joined.
fn kruskal_carving(rows: usize, columns: usize, rng: &mut Rng) -> Vec<(usize, usize)> {
    let mut walls: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (r, c)))
        .filter(|&(r, c)| (r % 2 == 1) != (c % 2 == 1))
        .filter(|&(r, c)| {
            if r % 2 == 1 {
                r + 1 < rows
            } else {
                c + 1 < columns
            }
        })
        .collect();
    rng.shuffle(&mut walls);
    let mut parent: Vec<usize> = (0..rows * columns).collect();
    fn root(parent: &mut [usize], mut cell: usize) -> usize {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    }
    let mut knocked = Vec::new();
    for (r, c) in walls {
        let (a, b) = if r % 2 == 1 {
            ((r - 1) * columns + c, (r + 1) * columns + c)
        } else {
            (r * columns + c - 1, r * columns + c + 1)
        };
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent[ra] = rb;
            knocked.push((r, c));
        }
    }
    knocked
}

fn carved_size(args: &mut Args) -> Result<(usize, usize), String> {
    let (rows, columns) = args.size()?;
    if rows < 3 && columns < 3 {
        return Err("a carved maze needs 3 rows or 3 columns".to_string());
    }
    Ok((rows, columns))
}

fn perfect(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = carved_size(args)?;
    args.seed()?;
    Ok(carved(
        rows,
        columns,
        depth_first_carving(rows, columns, rng),
    ))
}

fn kruskal(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = carved_size(args)?;
    args.seed()?;
    Ok(carved(rows, columns, kruskal_carving(rows, columns, rng)))
}

fn braid(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = carved_size(args)?;
    let pct = args.percentage()?;
    args.seed()?;
    let mut grid = carved(rows, columns, depth_first_carving(rows, columns, rng));
    for r in 0..rows {
        for c in 0..columns {
            let between = (r % 2 == 1) != (c % 2 == 1);
            let inner = r + 1 < rows && c + 1 < columns;
            if between && inner && *grid.at(r, c) == b'#' && rng.chance(pct, 100) {
                *grid.at(r, c) = b'-';
            }
        }
    }
    Ok(grid)
}

fn enclosed(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    let target = match args.text("S|E")? {
        "S" => b'S',
        "E" => b'E',
        other => return Err(format!("expected S or E, got {other:?}")),
    };
    let pct = args.percentage()?;
    args.seed()?;
    let other = if target == b'S' { b'E' } else { b'S' };
    let mut grid = random_walls(rows, columns, pct, rng);
    let (tr, tc) = grid.find(target).ok_or("no target")?;
    let near = |(r, c): (usize, usize)| r.abs_diff(tr) <= 2 && c.abs_diff(tc) <= 2;
    if let Some(place) = grid.find(other).filter(|&p| near(p)) {
        // Move the other end to the corner farthest from the ring.
        *grid.at(place.0, place.1) = b'-';
        let corner = (
            if tr < rows / 2 { rows - 1 } else { 0 },
            if tc < columns / 2 { columns - 1 } else { 0 },
        );
        if near(corner) {
            return Err("the maze is too small for a ring".to_string());
        }
        *grid.at(corner.0, corner.1) = other;
    }
    for r in tr.saturating_sub(2)..=(tr + 2).min(rows - 1) {
        for c in tc.saturating_sub(2)..=(tc + 2).min(columns - 1) {
            *grid.at(r, c) = if r.abs_diff(tr) == 2 || c.abs_diff(tc) == 2 {
                b'#'
            } else if (r, c) == (tr, tc) {
                target
            } else {
                b'-'
            };
        }
    }
    Ok(grid)
}

fn split(args: &mut Args, rng: &mut Rng) -> Result<Grid, String> {
    let (rows, columns) = args.size()?;
    if columns < 3 {
        return Err("a split maze needs at least 3 columns".to_string());
    }
    let pct = args.percentage()?;
    args.seed()?;
    let mut grid = random_walls(rows, columns, pct, rng);
    for byte in [b'S', b'E'] {
        if let Some((r, c)) = grid.find(byte) {
            *grid.at(r, c) = b'-';
        }
    }
    let wall = 1 + rng.below(columns as u64 - 2) as usize;
    for r in 0..rows {
        *grid.at(r, wall) = b'#';
    }
    let start = (
        rng.below(rows as u64) as usize,
        rng.below(wall as u64) as usize,
    );
    let exit = (
        rng.below(rows as u64) as usize,
        wall + 1 + rng.below((columns - wall - 1) as u64) as usize,
    );
    *grid.at(start.0, start.1) = b'S';
    *grid.at(exit.0, exit.1) = b'E';
    Ok(grid)
}

fn generate(all: &[String]) -> Result<String, String> {
    let mut rng = Rng::from_text(&all.join(" "));
    let mode = all.first().map(String::as_str).unwrap_or("");
    let mut args = Args { args: all, next: 1 };
    let grid = match mode {
        "sample" => {
            return match args.text("N")? {
                "1" => Ok("3 4\nS-#-\n-#-E\n----\n".to_string()),
                "2" => Ok("2 3\nS#E\n-#-\n".to_string()),
                other => Err(format!("no sample {other:?}")),
            }
        }
        "fixed" => return fixed(args.text("NAME")?),
        "open" => open(&mut args)?,
        "serpentine" => serpentine(&mut args)?,
        "spiral" => spiral(&mut args)?,
        "lattice" => lattice(&mut args)?,
        "random" => random(&mut args, &mut rng)?,
        "perfect" => perfect(&mut args, &mut rng)?,
        "kruskal" => kruskal(&mut args, &mut rng)?,
        "braid" => braid(&mut args, &mut rng)?,
        "enclosed" => enclosed(&mut args, &mut rng)?,
        "split" => split(&mut args, &mut rng)?,
        other => return Err(format!("unknown mode {other:?}")),
    };
    if args.next < all.len() {
        return Err(format!("unexpected argument {:?}", all[args.next]));
    }
    Ok(grid.text())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => match std::io::stdout().lock().write_all(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(message) => {
            eprintln!("blind-maze-gen: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(args: &str) -> String {
        let args: Vec<String> = args.split(' ').map(String::from).collect();
        generate(&args).unwrap()
    }

    /// The maze's rows, for assertions.
    fn rows(text: &str) -> Vec<&str> {
        text.lines().skip(1).collect()
    }

    #[test]
    fn serpentine_and_spiral_are_single_corridors() {
        assert_eq!(
            rows(&make("serpentine 5 4")),
            ["S---", "###-", "----", "-###", "---E"]
        );
        assert_eq!(
            rows(&make("spiral 5 5")),
            ["S----", "####-", "--E#-", "-###-", "-----"]
        );
    }

    #[test]
    fn carved_mazes_open_every_passage() {
        for mode in ["perfect 7 9 1", "kruskal 7 9 1"] {
            let text = make(mode);
            let grid = rows(&text);
            // A tree on the 4 x 5 passages: 20 passages and 19 knocked walls.
            let open = grid.concat().bytes().filter(|&b| b != b'#').count();
            assert_eq!(open, 20 + 19, "{mode}: {text}");
            assert_eq!(&grid[6][8..], "E");
        }
    }

    #[test]
    fn split_and_enclosed_keep_one_s_and_one_e() {
        for mode in [
            "split 20 30 20 1",
            "enclosed 20 30 S 10 1",
            "enclosed 20 30 E 10 2",
        ] {
            let text = make(mode);
            assert_eq!(text.matches('S').count(), 1, "{mode}");
            assert_eq!(text.matches('E').count(), 1, "{mode}");
        }
    }

    #[test]
    fn the_same_arguments_give_the_same_maze() {
        assert_eq!(make("braid 41 41 10 3"), make("braid 41 41 10 3"));
        assert_ne!(make("braid 41 41 10 3"), make("braid 41 41 10 4"));
    }

    #[test]
    fn bad_arguments_are_named() {
        let error = |args: &str| {
            let args: Vec<String> = args.split(' ').map(String::from).collect();
            generate(&args).unwrap_err()
        };
        assert_eq!(error("open 501 2 0 0 0 1"), "bad size 501 x 2");
        assert_eq!(
            error("random 5 5 101 1"),
            "PCT must be at most 100, got 101"
        );
        assert_eq!(error("random 5 5 10"), "missing argument SEED");
        assert_eq!(error("lattice 5 5 9"), "unexpected argument \"9\"");
        assert_eq!(
            error("open 2 2 0 0 0 0"),
            "S and E must be two distinct cells of the maze"
        );
    }
}
