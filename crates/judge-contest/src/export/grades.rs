//! The gradebook's exports: grades.csv (ours), and the CSV shapes Moodle's and Canvas'
//! grade imports take. Every cell goes through the one CSV writer
//! ([`judge_model::text::csv::write`]).
//!
//! - grades.csv: `student`, one column per contest headed by its id (the points that
//!   count, late rule applied), `total` (the sum of weight x points);
//! - Moodle (Grades > Import > CSV file): the identifier column (`Username`,
//!   `Email address` or `ID number`, which the teacher maps on import to the user field of
//!   the same name), then one column per contest headed `TITLE (ID)`, the points to two
//!   decimals. No total: Moodle computes its own.
//! - Canvas (Grades > Import): `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section`,
//!   then one column per contest headed `TITLE (ID)`; the first row under the header is
//!   `Points Possible` with each contest's maximum. The identifier goes into
//!   `SIS User ID` when it is an id from the class list, else into `SIS Login ID`.

use crate::gradebook::Gradebook;
use judge_model::text::csv::write;
use judge_model::text::{points, points_exact};
use std::collections::BTreeMap;

/// Which LMS an export is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lms {
    /// Moodle's CSV grade import.
    Moodle,
    /// Canvas' gradebook import.
    Canvas,
}

/// How students are named to the LMS.
#[derive(Debug, Clone, PartialEq)]
pub enum Identifier {
    /// By their log-in name here.
    Name,
    /// By their e-mail address, from the class list.
    Email(BTreeMap<String, String>),
    /// By an id number, from the class list.
    IdNumber(BTreeMap<String, String>),
}

impl Identifier {
    /// Reads the class list: a CSV with a header naming a `name` column (the log-in
    /// name) and the `column` to identify students by. `column` names the kind:
    /// `email` (or `e-mail`) is an e-mail address, anything else an id number.
    pub fn from_class_list(csv_text: &str, column: &str) -> Result<Identifier, String> {
        let mut reader = ::csv::ReaderBuilder::new()
            .trim(::csv::Trim::All)
            .flexible(false)
            .from_reader(csv_text.as_bytes());
        let header = reader
            .headers()
            .map_err(|e| format!("the class list's header: {e}"))?
            .clone();
        let find = |wanted: &str| {
            header
                .iter()
                .position(|h| h.eq_ignore_ascii_case(wanted))
                .ok_or_else(|| {
                    format!(
                        "the class list has no {wanted:?} column (its columns: {})",
                        header.iter().collect::<Vec<_>>().join(", ")
                    )
                })
        };
        let name_at = find("name")?;
        let value_at = find(column)?;
        let mut ids = BTreeMap::new();
        for (index, record) in reader.records().enumerate() {
            let line = index + 2;
            let record = record.map_err(|e| format!("the class list, line {line}: {e}"))?;
            let name = record.get(name_at).unwrap_or_default();
            let value = record.get(value_at).unwrap_or_default();
            if name.is_empty() {
                continue;
            }
            if value.is_empty() {
                return Err(format!(
                    "the class list, line {line}: {name} has no {column}"
                ));
            }
            if ids.insert(name.to_string(), value.to_string()).is_some() {
                return Err(format!(
                    "the class list, line {line}: {name} is listed twice"
                ));
            }
        }
        Ok(
            if matches!(column.to_ascii_lowercase().as_str(), "email" | "e-mail") {
                Identifier::Email(ids)
            } else {
                Identifier::IdNumber(ids)
            },
        )
    }

    /// A student's identifier; a student missing from the class list is an error, so no
    /// grade goes to the LMS without a student to land on.
    fn of(&self, student: &str) -> Result<String, String> {
        match self {
            Identifier::Name => Ok(student.to_string()),
            Identifier::Email(ids) | Identifier::IdNumber(ids) => {
                ids.get(student).cloned().ok_or_else(|| {
                    format!("{student} is not in the class list, so has no identifier for the LMS")
                })
            }
        }
    }

    fn moodle_header(&self) -> &'static str {
        match self {
            Identifier::Name => "Username",
            Identifier::Email(_) => "Email address",
            Identifier::IdNumber(_) => "ID number",
        }
    }
}

/// grades.csv: `student`, one column per contest (its id), `total`.
pub fn gradebook_csv(book: &Gradebook) -> String {
    let mut header = vec!["student".to_string()];
    header.extend(book.columns.iter().map(|c| c.id.clone()));
    header.push("total".into());
    let mut rows = vec![header];
    for row in &book.rows {
        let mut line = vec![row.student.clone()];
        line.extend(row.cells.iter().map(|c| points_exact(c.points)));
        line.push(points_exact(row.total));
        rows.push(line);
    }
    write(rows)
}

/// The gradebook as the LMS's import takes it.
pub fn lms_csv(book: &Gradebook, lms: Lms, identifier: &Identifier) -> Result<String, String> {
    let titles = book
        .columns
        .iter()
        .map(|c| format!("{} ({})", c.title, c.id));
    let mut rows = Vec::new();
    match lms {
        Lms::Moodle => {
            let mut header = vec![identifier.moodle_header().to_string()];
            header.extend(titles);
            rows.push(header);
            for row in &book.rows {
                let mut line = vec![identifier.of(&row.student)?];
                line.extend(row.cells.iter().map(|c| points(c.points)));
                rows.push(line);
            }
        }
        Lms::Canvas => {
            let mut header: Vec<String> =
                ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
                    .map(String::from)
                    .to_vec();
            header.extend(titles);
            rows.push(header);
            let mut possible = vec!["Points Possible".to_string()];
            possible.extend(std::iter::repeat_n(String::new(), 4));
            possible.extend(book.columns.iter().map(|c| points(c.max_points)));
            rows.push(possible);
            for row in &book.rows {
                let id = identifier.of(&row.student)?;
                let (user_id, login_id) = match identifier {
                    Identifier::IdNumber(_) => (id, String::new()),
                    _ => (String::new(), id),
                };
                let mut line = vec![
                    row.student.clone(),
                    String::new(),
                    user_id,
                    login_id,
                    String::new(),
                ];
                line.extend(row.cells.iter().map(|c| points(c.points)));
                rows.push(line);
            }
        }
    }
    Ok(write(rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gradebook::{Cell, Column, Row};

    fn book() -> Gradebook {
        let cell = |contest: &str, points: f64| Cell {
            contest: contest.into(),
            points,
            before_penalty: points,
            late_attempts: 0,
            pending: 0,
            problems: vec![],
        };
        let column = |id: &str, title: &str, weight: f64| Column {
            id: id.into(),
            title: title.into(),
            kind: "homework",
            weight,
            max_points: 150.0,
        };
        Gradebook {
            columns: vec![
                column("practice", "Practice", 0.5),
                column("hw1", "Homework 1", 2.0),
            ],
            max_total: 375.0,
            rows: vec![
                Row {
                    student: "ann".into(),
                    cells: vec![cell("practice", 100.0), cell("hw1", 200.0 / 3.0)],
                    total: 50.0 + 400.0 / 3.0,
                },
                Row {
                    student: "=bob".into(),
                    cells: vec![cell("practice", 0.0), cell("hw1", 80.0)],
                    total: 160.0,
                },
            ],
        }
    }

    fn lines(text: &str) -> Vec<Vec<String>> {
        ::csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(String::from).collect())
            .collect()
    }

    #[test]
    fn grades_csv_is_student_then_each_contest_then_the_total() {
        let rows = lines(&gradebook_csv(&book()));
        assert_eq!(rows[0], ["student", "practice", "hw1", "total"]);
        assert_eq!(rows[1], ["ann", "100", "66.666667", "183.333333"]);
        // A name that a spreadsheet would run as a formula is escaped.
        assert_eq!(rows[2][0], "'=bob");
        assert_eq!(rows[2][1..], ["0", "80", "160"]);
    }

    #[test]
    fn moodle_gets_the_identifier_then_one_column_per_contest() {
        let class = "name,email,student id\nann,ann@example.edu,1001\n=bob,bob@example.edu,1002\n";
        let by_email = Identifier::from_class_list(class, "email").unwrap();
        let rows = lines(&lms_csv(&book(), Lms::Moodle, &by_email).unwrap());
        assert_eq!(
            rows[0],
            ["Email address", "Practice (practice)", "Homework 1 (hw1)"]
        );
        assert_eq!(rows[1], ["ann@example.edu", "100", "66.67"]);
        assert_eq!(rows[2], ["bob@example.edu", "0", "80"]);
        let by_name = lines(&lms_csv(&book(), Lms::Moodle, &Identifier::Name).unwrap());
        assert_eq!(by_name[0][0], "Username");
        assert_eq!(by_name[1][0], "ann");
    }

    #[test]
    fn canvas_gets_its_five_columns_and_points_possible() {
        let class = "name,student id\nann,1001\n=bob,1002\n";
        let by_id = Identifier::from_class_list(class, "student id").unwrap();
        let rows = lines(&lms_csv(&book(), Lms::Canvas, &by_id).unwrap());
        assert_eq!(
            rows[0],
            [
                "Student",
                "ID",
                "SIS User ID",
                "SIS Login ID",
                "Section",
                "Practice (practice)",
                "Homework 1 (hw1)"
            ]
        );
        assert_eq!(rows[1], ["Points Possible", "", "", "", "", "150", "150"]);
        assert_eq!(rows[2], ["ann", "", "1001", "", "", "100", "66.67"]);
        let by_email =
            Identifier::from_class_list("name,email\nann,a@x.edu\n=bob,b@x.edu\n", "email")
                .unwrap();
        let rows = lines(&lms_csv(&book(), Lms::Canvas, &by_email).unwrap());
        assert_eq!(rows[2][2..4], ["", "a@x.edu"]);
    }

    #[test]
    fn a_class_list_that_cannot_name_every_student_is_refused() {
        let partial = Identifier::from_class_list("name,email\nann,a@x.edu\n", "email").unwrap();
        assert_eq!(
            lms_csv(&book(), Lms::Moodle, &partial).unwrap_err(),
            "=bob is not in the class list, so has no identifier for the LMS"
        );
        for (text, column, error) in [
            (
                "name,email\nann,a@x.edu\n",
                "id",
                "the class list has no \"id\" column",
            ),
            (
                "login,email\nann,a@x.edu\n",
                "email",
                "the class list has no \"name\" column",
            ),
            (
                "name,email\nann,\n",
                "email",
                "the class list, line 2: ann has no email",
            ),
            (
                "name,email\nann,a@x.edu\nann,b@x.edu\n",
                "email",
                "the class list, line 3: ann is listed twice",
            ),
            (
                "name,email\nann,a@x.edu,extra\n",
                "email",
                "the class list, line 2",
            ),
        ] {
            let got = Identifier::from_class_list(text, column).unwrap_err();
            assert!(got.starts_with(error), "{got}");
        }
    }
}
