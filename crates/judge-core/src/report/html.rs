//! The contest report: one self-contained HTML page (no network assets) with the
//! scoreboard; a click on a cell shows that student's attempts at that problem, each with
//! its per-test verdicts, times, memory and, for sample tests, the diff.

use crate::contest::log::AttemptLine;
use crate::contest::summary::{cell_text, points, ResultsFile};
use serde::Serialize;
use serde_json::json;

const STYLE: &str = r#"
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }
td.student, th.student { text-align: left; }
td.cell { cursor: pointer; }
td.cell:hover { background: #eef; }
td.full { background: #dfd; } td.part { background: #ffd; } td.none { background: #fdd; }
td.selected { outline: 2px solid #33c; }
.verdict-AC { color: #070; font-weight: bold; } .verdict-WA, .verdict-RE { color: #b00; font-weight: bold; }
.verdict-TLE, .verdict-MLE, .verdict-OLE { color: #a60; font-weight: bold; } .verdict-CE, .verdict-JE { color: #707; font-weight: bold; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
#details h2 { font-size: 1.1em; }
.note { color: #666; }
"#;

const SCRIPT: &str = r#"
const data = JSON.parse(document.getElementById('data').textContent);
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function show(student, problem, cell) {
  document.querySelectorAll('td.selected').forEach(c => c.classList.remove('selected'));
  if (cell) cell.classList.add('selected');
  const box = document.getElementById('details');
  box.replaceChildren(el('h2', {}, student + ' — ' + problem));
  const attempts = data.attempts.filter(a => a.student === student && a.problem === problem);
  if (attempts.length === 0) { box.appendChild(el('p', {class: 'note'}, 'No attempts.')); return; }
  for (const a of attempts) {
    const head = el('h3', {class: 'attempt'});
    head.appendChild(el('span', {}, a.file + ' (' + (a.language || '?') + ', ' + a.time + ') '));
    head.appendChild(el('span', {class: 'verdict-' + (a.verdict || 'JE')}, a.verdict || a.status));
    if (a.points !== null) head.appendChild(el('span', {}, '  ' + a.points + ' points'));
    box.appendChild(head);
    if (a.reason) box.appendChild(el('p', {class: 'note'}, a.reason));
    if (a.compile_message) box.appendChild(el('pre', {}, a.compile_message));
    if (a.tests.length === 0) continue;
    const table = el('table', {class: 'tests'});
    const header = el('tr');
    for (const h of ['test', 'verdict', 'CPU (s)', 'wall (s)', 'memory (MiB)', 'message']) header.appendChild(el('th', {}, h));
    table.appendChild(header);
    for (const t of a.tests) {
      const row = el('tr', {class: 'test'});
      row.appendChild(el('td', {class: 'student'}, t.name));
      row.appendChild(el('td', {class: 'verdict-' + t.verdict}, t.verdict));
      row.appendChild(el('td', {}, t.cpu.toFixed(3)));
      row.appendChild(el('td', {}, t.wall.toFixed(3)));
      row.appendChild(el('td', {}, (t.memory / 1048576).toFixed(1)));
      row.appendChild(el('td', {class: 'student'}, t.message));
      table.appendChild(row);
      if (t.diff) {
        const diffRow = el('tr');
        const cellEl = el('td', {colspan: '6', class: 'student'});
        cellEl.appendChild(el('pre', {class: 'diff'}, t.diff));
        diffRow.appendChild(cellEl);
        table.appendChild(diffRow);
      }
    }
    box.appendChild(table);
  }
}
document.querySelectorAll('td.cell').forEach(cell => {
  cell.addEventListener('click', () => show(cell.dataset.student, cell.dataset.problem, cell));
});
"#;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn utc(seconds: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .and_then(|t| {
            t.format(time::macros::format_description!(
                "[year]-[month]-[day] [hour]:[minute]:[second] UTC"
            ))
            .ok()
        })
        .unwrap_or_default()
}

#[derive(Serialize)]
struct TestData<'a> {
    name: &'a str,
    verdict: &'a str,
    cpu: f64,
    wall: f64,
    memory: u64,
    message: &'a str,
    diff: Option<&'a str>,
}

/// The report page, from results.json's contents and the full lines (for the measured
/// times and memory).
pub fn render(results: &ResultsFile, attempts: &[AttemptLine]) -> String {
    let (title, board) = (results.title.as_str(), &results.scoreboard);
    let attempt_data: Vec<serde_json::Value> = attempts
        .iter()
        .map(|a| {
            let earned = results.attempts.iter().find(|s| s.id == a.id).and_then(|s| s.points);
            let result = a.result.as_ref();
            let tests: Vec<TestData> = result
                .iter()
                .flat_map(|r| &r.tests)
                .map(|t| TestData {
                    name: &t.name,
                    verdict: t.verdict.code(),
                    cpu: t.cpu_time_s,
                    wall: t.wall_time_s,
                    memory: t.peak_memory_bytes,
                    message: &t.message,
                    // Diffs only for sample tests: the secret data stays secret.
                    diff: if t.sample { t.diff.as_deref() } else { None },
                })
                .collect();
            json!({
                "student": a.student,
                "problem": a.problem,
                "file": a.id,
                "language": a.language,
                "time": utc(a.submitted_at),
                "status": a.status,
                "reason": a.reason,
                "verdict": result.map(|r| r.verdict.code()),
                "points": earned.map(points),
                "compile_message": result.filter(|r| !r.compile.success).map(|r| r.compile.message.clone()),
                "tests": tests,
            })
        })
        .collect();
    let data = json!({ "title": title, "attempts": attempt_data });
    // A JSON text inside <script> must not contain "</".
    let data = data.to_string().replace("</", "<\\/");
    let mut table =
        String::from("<table id=\"scoreboard\"><tr><th>#</th><th class=\"student\">student</th>");
    for problem in &board.problems {
        table.push_str(&format!("<th>{}</th>", escape(problem)));
    }
    table.push_str(match board.scoring {
        crate::config::judge_toml::Scoring::Ioi => "<th>total</th></tr>\n",
        crate::config::judge_toml::Scoring::Icpc => "<th>solved</th><th>penalty</th></tr>\n",
    });
    for row in &board.rows {
        table.push_str(&format!(
            "<tr><td>{}</td><td class=\"student\">{}</td>",
            row.rank,
            escape(&row.student)
        ));
        for cell in &row.cells {
            let class = if cell.attempts == 0 {
                ""
            } else if cell.solved {
                " full"
            } else if cell.points > 0.0 {
                " part"
            } else {
                " none"
            };
            table.push_str(&format!(
                "<td class=\"cell{class}\" data-student=\"{}\" data-problem=\"{}\">{}</td>",
                escape(&row.student),
                escape(&cell.problem),
                escape(&cell_text(board.scoring, cell))
            ));
        }
        match board.scoring {
            crate::config::judge_toml::Scoring::Ioi => {
                table.push_str(&format!("<td>{}</td></tr>\n", points(row.points)))
            }
            crate::config::judge_toml::Scoring::Icpc => table.push_str(&format!(
                "<td>{}</td><td>{}</td></tr>\n",
                row.solved, row.penalty_minutes
            )),
        }
    }
    table.push_str("</table>\n");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title><style>{STYLE}</style></head>\n<body>\n<h1>{title}</h1>\n<p class=\"note\">Click a cell to see that student's attempts.</p>\n{table}<div id=\"details\"></div>\n<script type=\"application/json\" id=\"data\">{data}</script>\n<script>{SCRIPT}</script>\n</body></html>\n",
        title = escape(title),
    )
}
