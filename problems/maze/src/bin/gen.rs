//! Test generator for maze: `maze-gen MODE ARGS...` writes one input on stdout.
//!
//! Modes (N rows, M columns; coordinates 0-based; PCT a percentage):
//!
//! - `sample 1`: the sample of the statement;
//! - `fixed NAME`: a hand-made maze (`one-by-two`, `two-by-one`, `start-boxed`,
//!   `corner-detour`);
//! - `open N M SR SC ER EC`: no walls, S at (SR, SC), E at (ER, EC);
//! - `serpentine N M`: one corridor winding through every other row, S and E at its ends;
//! - `lattice N M`: a wall on every cell with odd row and odd column, S and E in opposite
//!   corners (very many shortest routes);
//! - `random N M PCT SEED`: each cell a wall with probability PCT %, S and E anywhere;
//! - `enclosed N M S|E PCT SEED`: like `random`, then a square ring of walls at distance 2
//!   around the named cell, so E cannot be reached;
//! - `perfect N M SEED`: a maze with exactly one route between any two cells (random
//!   depth-first carving), S and E in opposite corners;
//! - `braid N M PCT SEED`: a perfect maze, then each inner wall between two passages
//!   removed with probability PCT % (loops, several shortest routes).
//!
//! The random stream is seeded from the whole argument list, so the same arguments give
//! the same bytes on every machine.

use checker_kit::Rng;
use std::io::Write;
use std::process::ExitCode;

/// A maze under construction: `cells[r][c]` is one of `S E # -`.
struct Maze {
    cells: Vec<Vec<u8>>,
}

impl Maze {
    fn filled(rows: usize, columns: usize, byte: u8) -> Maze {
        Maze {
            cells: vec![vec![byte; columns]; rows],
        }
    }

    fn rows(&self) -> usize {
        self.cells.len()
    }

    fn columns(&self) -> usize {
        self.cells[0].len()
    }

    fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.rows(), self.columns());
        for row in &self.cells {
            text.push_str(std::str::from_utf8(row).expect("maze bytes are ASCII"));
            text.push('\n');
        }
        text
    }

    /// Puts S and E on two distinct random cells.
    fn place_random_ends(&mut self, rng: &mut Rng) {
        let cells = (self.rows() * self.columns()) as u64;
        let start = rng.below(cells) as usize;
        let mut exit = rng.below(cells - 1) as usize;
        if exit >= start {
            exit += 1;
        }
        let columns = self.columns();
        self.cells[start / columns][start % columns] = b'S';
        self.cells[exit / columns][exit % columns] = b'E';
    }
}

/// Parses a number argument, naming it in the error.
fn number(args: &[String], index: usize, name: &str) -> Result<usize, String> {
    let text = args
        .get(index)
        .ok_or_else(|| format!("missing argument {name}"))?;
    text.parse()
        .map_err(|_| format!("argument {name} must be a number, got {text:?}"))
}

/// Checks the maze dimensions PROBLEMS.md allows.
fn dimensions(args: &[String]) -> Result<(usize, usize), String> {
    let (rows, columns) = (number(args, 1, "N")?, number(args, 2, "M")?);
    if !(1..=1000).contains(&rows) || !(1..=1000).contains(&columns) || rows * columns < 2 {
        return Err(format!("bad size {rows} x {columns}"));
    }
    Ok((rows, columns))
}

fn fixed(name: &str) -> Result<String, String> {
    let text = match name {
        "one-by-two" => "1 2\nSE\n",
        "two-by-one" => "2 1\nE\nS\n",
        // S has no open neighbour at all.
        "start-boxed" => "4 5\n-#---\n#S#--\n-#--E\n-----\n",
        // The only route passes through cell (0, 0), vertex 0 of the seed's Dijkstra, whose
        // route printing stops at the first predecessor numbered 0.
        "corner-detour" => "3 3\n-S#\n-##\nE--\n",
        _ => return Err(format!("no fixed maze named {name:?}")),
    };
    Ok(text.to_string())
}

fn open(args: &[String]) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    let mut maze = Maze::filled(rows, columns, b'-');
    let start = (number(args, 3, "SR")?, number(args, 4, "SC")?);
    let exit = (number(args, 5, "ER")?, number(args, 6, "EC")?);
    if start == exit || start.0 >= rows || exit.0 >= rows || start.1 >= columns || exit.1 >= columns
    {
        return Err("S and E must be two distinct cells of the maze".to_string());
    }
    maze.cells[start.0][start.1] = b'S';
    maze.cells[exit.0][exit.1] = b'E';
    Ok(maze.text())
}

fn serpentine(args: &[String]) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    if rows < 3 || columns < 2 {
        return Err("a serpentine needs at least 3 rows and 2 columns".to_string());
    }
    let mut maze = Maze::filled(rows, columns, b'-');
    for r in (1..rows).step_by(2) {
        let gap = if r % 4 == 1 { columns - 1 } else { 0 };
        for (c, cell) in maze.cells[r].iter_mut().enumerate() {
            if c != gap {
                *cell = b'#';
            }
        }
    }
    // The corridor of the last even row runs to the right when its index / 2 is even.
    let last = (rows - 1) / 2 * 2;
    maze.cells[0][0] = b'S';
    maze.cells[last][if last % 4 == 0 { columns - 1 } else { 0 }] = b'E';
    Ok(maze.text())
}

fn lattice(args: &[String]) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    let mut maze = Maze::filled(rows, columns, b'-');
    for r in (1..rows).step_by(2) {
        for c in (1..columns).step_by(2) {
            maze.cells[r][c] = b'#';
        }
    }
    maze.cells[0][0] = b'S';
    maze.cells[rows - 1][columns - 1] = b'E';
    Ok(maze.text())
}

fn percentage(args: &[String], index: usize) -> Result<u64, String> {
    let pct = number(args, index, "PCT")? as u64;
    if pct > 100 {
        return Err(format!("PCT must be at most 100, got {pct}"));
    }
    Ok(pct)
}

fn random_maze(rows: usize, columns: usize, pct: u64, rng: &mut Rng) -> Maze {
    let mut maze = Maze::filled(rows, columns, b'-');
    for row in maze.cells.iter_mut() {
        for cell in row.iter_mut() {
            if rng.chance(pct, 100) {
                *cell = b'#';
            }
        }
    }
    maze.place_random_ends(rng);
    maze
}

fn random(args: &[String], rng: &mut Rng) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    let pct = percentage(args, 3)?;
    Ok(random_maze(rows, columns, pct, rng).text())
}

fn enclosed(args: &[String], rng: &mut Rng) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    let target = match args.get(3).map(String::as_str) {
        Some("S") => b'S',
        Some("E") => b'E',
        other => return Err(format!("expected S or E, got {other:?}")),
    };
    let pct = percentage(args, 4)?;
    let mut maze = random_maze(rows, columns, pct, rng);
    let find = |maze: &Maze, byte: u8| {
        (0..rows)
            .flat_map(|r| (0..columns).map(move |c| (r, c)))
            .find(|&(r, c)| maze.cells[r][c] == byte)
            .expect("the maze has S and E")
    };
    let (tr, tc) = find(&maze, target);
    let other = if target == b'S' { b'E' } else { b'S' };
    // Keep the other end outside the ring: move it to the farthest corner if needed.
    let (or, oc) = find(&maze, other);
    if or.abs_diff(tr) <= 2 && oc.abs_diff(tc) <= 2 {
        maze.cells[or][oc] = b'-';
        let corner = (
            if tr < rows / 2 { rows - 1 } else { 0 },
            if tc < columns / 2 { columns - 1 } else { 0 },
        );
        if corner.0.abs_diff(tr) <= 2 && corner.1.abs_diff(tc) <= 2 {
            return Err("the maze is too small for a ring".to_string());
        }
        maze.cells[corner.0][corner.1] = other;
    }
    for r in tr.saturating_sub(2)..=(tr + 2).min(rows - 1) {
        for c in tc.saturating_sub(2)..=(tc + 2).min(columns - 1) {
            let on_ring = r.abs_diff(tr) == 2 || c.abs_diff(tc) == 2;
            maze.cells[r][c] = if on_ring {
                b'#'
            } else if (r, c) == (tr, tc) {
                target
            } else {
                b'-'
            };
        }
    }
    Ok(maze.text())
}

/// A perfect maze: passages on cells with even row and column, carved by a depth-first
/// walk that knocks down the wall between a cell and an unvisited neighbour two steps away.
fn perfect_maze(rows: usize, columns: usize, rng: &mut Rng) -> Maze {
    let mut maze = Maze::filled(rows, columns, b'#');
    let mut stack = vec![(0usize, 0usize)];
    maze.cells[0][0] = b'-';
    while let Some(&(r, c)) = stack.last() {
        let mut choices = Vec::with_capacity(4);
        if r >= 2 && maze.cells[r - 2][c] == b'#' {
            choices.push((r - 2, c));
        }
        if r + 2 < rows && maze.cells[r + 2][c] == b'#' {
            choices.push((r + 2, c));
        }
        if c >= 2 && maze.cells[r][c - 2] == b'#' {
            choices.push((r, c - 2));
        }
        if c + 2 < columns && maze.cells[r][c + 2] == b'#' {
            choices.push((r, c + 2));
        }
        match rng.choose(&choices) {
            Some(&(nr, nc)) => {
                maze.cells[(r + nr) / 2][(c + nc) / 2] = b'-';
                maze.cells[nr][nc] = b'-';
                stack.push((nr, nc));
            }
            None => {
                stack.pop();
            }
        }
    }
    maze.cells[0][0] = b'S';
    maze.cells[(rows - 1) / 2 * 2][(columns - 1) / 2 * 2] = b'E';
    maze
}

fn perfect(args: &[String], rng: &mut Rng) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    if rows < 3 && columns < 3 {
        return Err("a perfect maze needs 3 rows or 3 columns".to_string());
    }
    Ok(perfect_maze(rows, columns, rng).text())
}

fn braid(args: &[String], rng: &mut Rng) -> Result<String, String> {
    let (rows, columns) = dimensions(args)?;
    if rows < 3 && columns < 3 {
        return Err("a braided maze needs 3 rows or 3 columns".to_string());
    }
    let pct = percentage(args, 3)?;
    let mut maze = perfect_maze(rows, columns, rng);
    for r in 0..rows {
        for c in 0..columns {
            // Walls between two passage cells: one coordinate odd, the other even.
            let between = (r % 2 == 1) != (c % 2 == 1);
            let inner = r + 1 < rows && c + 1 < columns;
            if between && inner && maze.cells[r][c] == b'#' && rng.chance(pct, 100) {
                maze.cells[r][c] = b'-';
            }
        }
    }
    Ok(maze.text())
}

fn generate(args: &[String]) -> Result<String, String> {
    let mut rng = Rng::from_text(&args.join(" "));
    match args.first().map(String::as_str) {
        Some("sample") => match args.get(1).map(String::as_str) {
            Some("1") => Ok("3 3\nS-#\n---\n#-E\n".to_string()),
            other => Err(format!("no sample {other:?}")),
        },
        Some("fixed") => fixed(args.get(1).map(String::as_str).unwrap_or("")),
        Some("open") => open(args),
        Some("serpentine") => serpentine(args),
        Some("lattice") => lattice(args),
        Some("random") => random(args, &mut rng),
        Some("enclosed") => enclosed(args, &mut rng),
        Some("perfect") => perfect(args, &mut rng),
        Some("braid") => braid(args, &mut rng),
        other => Err(format!("unknown mode {other:?}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(text.as_bytes()).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("maze-gen: {message}");
            ExitCode::FAILURE
        }
    }
}
