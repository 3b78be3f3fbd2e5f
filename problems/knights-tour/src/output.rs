//! Reading an output's walk (the checker's and the visualizer's): pairs of integers `r c`,
//! one square after another, up to the end; a token that is not a number is named with its
//! place.

use checker_kit::Tokens;

/// Reads the output's walk: pairs of integers up to the end.
pub fn read_walk(output: &mut Tokens) -> Result<Vec<(i64, i64)>, String> {
    let mut walk = Vec::new();
    loop {
        let Some(row) = output.next_token() else {
            return Ok(walk);
        };
        let step = walk.len() + 1;
        let (row_text, row_at) = (row.text.to_string(), row.position);
        let Ok(row) = row_text.parse::<i64>() else {
            let shown: String = row_text.chars().take(20).collect();
            return Err(format!(
                "expected the row of square {step} at {row_at}, found {shown:?}"
            ));
        };
        let Some(col) = output.next_token() else {
            return Err(format!(
                "square {step} has a row ({row}) but no column: the output ends"
            ));
        };
        let (col_text, col_at) = (col.text.to_string(), col.position);
        let Ok(col) = col_text.parse::<i64>() else {
            let shown: String = col_text.chars().take(20).collect();
            return Err(format!(
                "expected the column of square {step} at {col_at}, found {shown:?}"
            ));
        };
        walk.push((row, col));
    }
}
