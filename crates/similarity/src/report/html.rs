//! The HTML report: one self-contained page (inline style and script, no network
//! assets). Per problem, the flagged pairs ranked; a click on a pair opens it side by
//! side, each matching fragment highlighted in the same colour on both sides (a click on
//! a fragment scrolls the other side to it). The pair view and its style are public, so
//! that the web server's teacher page shows the same.

use super::{PairRow, ProblemRows, Summary};
use crate::analysis::{Analysis, Compared, ProblemAnalysis};
use crate::pairs::Scoring;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use std::ops::Range;

/// How many fragment colours there are (fragment i gets colour i mod this).
pub const COLOURS: usize = 12;

/// At least this many pairs per problem are listed, even below the threshold.
pub const MIN_LISTED: usize = 10;

/// At most this many pairs per problem are listed with their side-by-side view (each
/// holds both files; the CSV and JSON have every pair).
pub const MAX_LISTED: usize = 100;

/// The style of the pair view and of the report's tables (no other rule depends on it).
pub const STYLE: &str = r#"
.similarity table.pairs { border-collapse: collapse; margin: 0.5em 0 1em; }
.similarity table.pairs th, .similarity table.pairs td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
.similarity table.pairs td.num { text-align: right; font-variant-numeric: tabular-nums; }
.similarity tr.below td { color: #777; }
.similarity .pair-view { border: 1px solid #bbb; padding: 0.5em 1em; margin: 1em 0; }
.similarity .sides { display: flex; gap: 1em; align-items: flex-start; }
.similarity .side { flex: 1 1 50%; min-width: 0; }
.similarity .side h4 { margin: 0.3em 0; font-size: 1em; }
.similarity pre.code { margin: 0; padding: 0.4em; background: #fafafa; border: 1px solid #ddd; overflow: auto; max-height: 80vh; font-size: 0.85em; line-height: 1.35; }
.similarity pre.code .line { display: block; white-space: pre; }
.similarity pre.code .no { display: inline-block; width: 3.2em; color: #999; user-select: none; }
.similarity mark { cursor: pointer; color: inherit; }
.similarity mark.flash { outline: 2px solid #333; }
.similarity mark.f0 { background: #ffd6d6; } .similarity mark.f1 { background: #d6f5d6; }
.similarity mark.f2 { background: #d6e4ff; } .similarity mark.f3 { background: #fff3c2; }
.similarity mark.f4 { background: #f0d6ff; } .similarity mark.f5 { background: #c9f2f2; }
.similarity mark.f6 { background: #ffe0c2; } .similarity mark.f7 { background: #e3f0c2; }
.similarity mark.f8 { background: #ffd1ec; } .similarity mark.f9 { background: #d9d9f7; }
.similarity mark.f10 { background: #e8dcc8; } .similarity mark.f11 { background: #cdebd9; }
.similarity .note { color: #555; }
@media (max-width: 40rem) { .similarity .sides { flex-direction: column; align-items: stretch; } }
"#;

const PAGE_STYLE: &str = r#"
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
.pair-view { display: none; }
.pair-view:target, .pair-view.open { display: block; }
"#;

/// Clicking a fragment scrolls the other side to the same fragment; opening a pair by
/// its link works without the script (`:target`).
pub const SCRIPT: &str = r#"
document.addEventListener('click', (event) => {
  const mark = event.target.closest('mark[data-fragment]');
  if (!mark) return;
  const view = mark.closest('.pair-view');
  const side = mark.closest('.side');
  const other = [...view.querySelectorAll('.side')].find((s) => s !== side);
  const twin = other && other.querySelector('mark[data-fragment="' + mark.dataset.fragment + '"]');
  if (!twin) return;
  twin.scrollIntoView({block: 'center'});
  view.querySelectorAll('mark.flash').forEach((m) => m.classList.remove('flash'));
  twin.classList.add('flash');
  mark.classList.add('flash');
});
"#;

/// How many of a problem's pairs are flagged.
pub fn flagged(problem: &ProblemRows, threshold: f64) -> usize {
    problem
        .pairs
        .iter()
        .take_while(|p| p.similarity >= threshold)
        .count()
}

/// The rows a problem lists: the flagged ones, at least the first [`MIN_LISTED`], at
/// most [`MAX_LISTED`].
pub fn listed(problem: &ProblemRows, threshold: f64) -> &[PairRow] {
    let count = flagged(problem, threshold)
        .clamp(MIN_LISTED, MAX_LISTED)
        .min(problem.pairs.len());
    &problem.pairs[..count]
}

/// The id of a pair's view in the page.
pub fn pair_id(problem: &str, row: &PairRow) -> String {
    let safe: String = problem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("pair-{safe}-{}", row.rank)
}

fn percent(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

/// A source with line numbers and its fragments marked (`fragments`: byte ranges and
/// fragment numbers, in any order; overlaps are clipped).
pub fn highlighted(source: &str, fragments: &[(Range<usize>, usize)]) -> Markup {
    let mut marks: Vec<(Range<usize>, usize)> = fragments.to_vec();
    marks.sort_by_key(|(r, _)| (r.start, r.end));
    let mut clipped: Vec<(Range<usize>, usize)> = Vec::new();
    for (range, n) in marks {
        let start = clipped
            .last()
            .map_or(range.start, |(r, _)| range.start.max(r.end));
        if start < range.end {
            clipped.push((start..range.end, n));
        }
    }
    // Which fragment (if any) each byte is in, as runs.
    let mut pieces: Vec<(Range<usize>, Option<usize>)> = Vec::new();
    let mut at = 0;
    for (range, n) in &clipped {
        let (s, e) = (range.start.min(source.len()), range.end.min(source.len()));
        if at < s {
            pieces.push((at..s, None));
        }
        if s < e {
            pieces.push((s..e, Some(*n)));
        }
        at = at.max(e);
    }
    if at < source.len() {
        pieces.push((at..source.len(), None));
    }
    let text = |r: &Range<usize>| source.get(r.clone()).unwrap_or("");
    // Split the pieces into lines, each with its number.
    let mut lines: Vec<Vec<(String, Option<usize>)>> = vec![Vec::new()];
    for (range, n) in &pieces {
        for (i, part) in text(range).split('\n').enumerate() {
            if i > 0 {
                lines.push(Vec::new());
            }
            let Some(line) = lines.last_mut() else {
                continue;
            };
            // Indentation before a fragment's first code on a line is not part of it.
            let (indent, code) = match n {
                Some(_) if line.is_empty() => part.split_at(part.len() - part.trim_start().len()),
                _ => ("", part),
            };
            if !indent.is_empty() {
                line.push((indent.to_string(), None));
            }
            if !code.is_empty() {
                line.push((code.to_string(), *n));
            }
        }
    }
    if source.ends_with('\n') && lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    html! {
        pre class="code" {
            @for (i, line) in lines.iter().enumerate() {
                span class="line" {
                    span class="no" { (i + 1) }
                    @for (part, n) in line {
                        @if let Some(n) = n {
                            mark class={ "f" (n % COLOURS) } data-fragment=(n) { (part) }
                        } @else {
                            (part)
                        }
                    }
                }
            }
        }
    }
}

/// The words of the pair table and the pair view, so that a page in another language can
/// give its own (the report uses [`Labels::ENGLISH`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Labels<'a> {
    /// The heading of a student column.
    pub student: &'a str,
    /// The heading of the similarity column, and the word before a pair's score.
    pub similarity: &'a str,
    /// The heading of the first file's share.
    pub share_of_first: &'a str,
    /// The heading of the second file's share.
    pub share_of_second: &'a str,
    /// The link that opens a pair.
    pub side_by_side: &'a str,
    /// After the number of a pair's fragments.
    pub fragments: &'a str,
    /// What is not highlighted.
    pub common_code: &'a str,
    /// After a file's share.
    pub matches: &'a str,
}

impl Labels<'static> {
    /// The English words.
    pub const ENGLISH: Labels<'static> = Labels {
        student: "student",
        similarity: "Similarity",
        share_of_first: "share of the first",
        share_of_second: "share of the second",
        side_by_side: "side by side",
        fragments: "matching fragments, each in the same colour on both sides (click one to find its twin).",
        common_code: "Code common to many students or handed out as base code is not highlighted and does not count.",
        matches: "matches",
    };
}

fn side(
    file: &Compared,
    share: f64,
    fragments: &[(Range<usize>, usize)],
    labels: &Labels,
) -> Markup {
    html! {
        div class="side" {
            h4 { (file.student) " — " code { (file.file) } " (" (file.language.name()) "), " (percent(share)) " " (labels.matches) }
            (highlighted(&file.source, fragments))
        }
    }
}

/// The side-by-side view of one pair of a problem (`row` names it), with `labels` its
/// words. (`_k` is not used: each problem has its own k-gram length, `problem.size`;
/// the parameter stays until the web front's call is changed with it.)
pub fn pair_view(problem: &ProblemAnalysis, row: &PairRow, _k: usize, labels: &Labels) -> Markup {
    let pair = &problem.pairs[row.index];
    let fragments = problem.fragments(pair);
    let a: Vec<(Range<usize>, usize)> = fragments
        .iter()
        .enumerate()
        .map(|(i, f)| (f.a_bytes.clone(), i))
        .collect();
    let b: Vec<(Range<usize>, usize)> = fragments
        .iter()
        .enumerate()
        .map(|(i, f)| (f.b_bytes.clone(), i))
        .collect();
    html! {
        div class="pair-body" {
            p class="note" {
                (labels.similarity) " " strong { (percent(pair.similarity)) } "; "
                (fragments.len()) " " (labels.fragments) " "
                (labels.common_code)
            }
            div class="sides" {
                (side(&problem.files[pair.a], pair.share_a, &a, labels))
                (side(&problem.files[pair.b], pair.share_b, &b, labels))
            }
        }
    }
}

/// The table of a problem's listed pairs; `href` gives each row's link, `labels` its
/// words.
pub fn pairs_table(
    problem: &ProblemRows,
    threshold: f64,
    href: &dyn Fn(&PairRow) -> String,
    labels: &Labels,
) -> Markup {
    html! {
        table class="pairs" {
            tr { th { "#" } th { (labels.student) } th { (labels.student) } th { (labels.similarity.to_lowercase()) } th { (labels.share_of_first) } th { (labels.share_of_second) } th {} }
            @for row in listed(problem, threshold) {
                tr class={ "pair" @if row.similarity < threshold { " below" } } data-pair=(pair_id(&problem.problem, row)) {
                    td class="num" { (row.rank) }
                    td { (row.student_a) br; small { code { (row.file_a) } } }
                    td { (row.student_b) br; small { code { (row.file_b) } } }
                    td class="num" { strong { (percent(row.similarity)) } }
                    td class="num" { (percent(row.share_a)) }
                    td class="num" { (percent(row.share_b)) }
                    td { a class="open" href=(href(row)) { (labels.side_by_side) } }
                }
            }
        }
    }
}

/// What the score means, in one paragraph (the report and the server say the same).
pub const MEANING: &str = "A pair's similarity is the share of both files' code that the other file also has, after both are reduced to what the code does (names, comments, layout and types do not count; loops, updates and I/O are compared in one canonical form) and code common to many students or given as base code is left out. A high score is a reason to look at the two files, not proof that one was copied: short programs for the same problem can be alike by chance, and a student may have shared their code without copying.";

/// The whole page.
pub fn render(analysis: &Analysis, summary: &Summary) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                title { "Similarity report" }
                style { (PreEscaped(PAGE_STYLE)) (PreEscaped(STYLE)) }
            }
            body class="similarity" {
                h1 { "Similarity report" }
                p class="note" { (MEANING) }
                p class="note" {
                    "Pairs at or above " (percent(summary.threshold)) " are listed (at least " (MIN_LISTED) " and at most " (MAX_LISTED) " per problem; those below the threshold are grey). "
                    "Fingerprints: k-grams of " (analysis.options.min_k) " to " (summary.k) " tokens, shorter for problems with shorter files; "
                    "in a problem of at least " (analysis.options.common_min_class) " students, a fragment in the files of " (percent(summary.common_share)) " of them (and at least " (analysis.options.common_min_students) ") is common code. "
                    "Files that are the same once comments and layout are left out score 100 % whatever is discounted."
                    @if !summary.base_files.is_empty() { " Base files: " (summary.base_files.join(", ")) "." }
                }
                @for (rows, problem) in summary.problems.iter().zip(&analysis.problems) {
                    section class="problem" id={ "problem-" (rows.problem) } {
                        h2 { (rows.problem) }
                        p class="note" {
                            (rows.students) " students, " (rows.files) " files; "
                            (flagged(rows, summary.threshold)) " pairs flagged of " (rows.pairs.len()) " that share anything; "
                            (rows.k) "-token k-grams, winnowing window " (rows.window) ", "
                            @match rows.scoring {
                                Scoring::Coverage => "pairs scored by the code their fingerprints cover; ",
                                Scoring::Tiling => "pairs scored by their one-to-one tiling (short files); ",
                            }
                            @match rows.common_threshold {
                                Some(threshold) => { (rows.common_fingerprints) " fingerprints discounted as common (in the files of " (threshold) " students or more)." }
                                None => { "nothing discounted as common (too few students to tell template code from a copying ring)." }
                            }
                        }
                        @if rows.pairs.is_empty() {
                            p { "No two students' files share anything beyond common code." }
                        } @else {
                            (pairs_table(rows, summary.threshold, &|row| format!("#{}", pair_id(&rows.problem, row)), &Labels::ENGLISH))
                            @if flagged(rows, summary.threshold) > MAX_LISTED {
                                p class="note" { "The first " (MAX_LISTED) " are shown; similarity.csv and similarity.json list all " (flagged(rows, summary.threshold)) "." }
                            }
                            @for row in listed(rows, summary.threshold) {
                                section class="pair-view" id=(pair_id(&rows.problem, row)) {
                                    h3 { (rows.problem) ": " (row.student_a) " and " (row.student_b) }
                                    (pair_view(problem, row, problem.size.k, &Labels::ENGLISH))
                                }
                            }
                        }
                    }
                }
                @if !summary.skipped.is_empty() || !summary.base_skipped.is_empty() {
                    section id="skipped" {
                        h2 { "Not compared" }
                        ul {
                            @for s in &summary.skipped { li { code { (s.file) } ": " (s.reason) } }
                            @for s in &summary.base_skipped { li { "base file " code { (s.file) } ": " (s.reason) } }
                        }
                    }
                }
                script { (PreEscaped(SCRIPT)) }
            }
        }
    };
    page.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_are_marked_per_line_escaped_and_clipped() {
        let source = "int a;\n  if (a < b) x();\nend\n";
        // Fragment 0 spans the end of line 1 and line 2; fragment 13 overlaps it.
        let html = highlighted(source, &[(4..21, 0), (19..24, 13)]).into_string();
        assert!(
            html.contains(
                "<span class=\"no\">1</span>int <mark class=\"f0\" data-fragment=\"0\">a;</mark>"
            ),
            "{html}"
        );
        assert!(html.contains("<span class=\"no\">2</span>  <mark class=\"f0\" data-fragment=\"0\">if (a &lt; b) x"), "indentation is not marked, < is escaped: {html}");
        assert!(
            html.contains("<mark class=\"f1\" data-fragment=\"13\">();</mark>"),
            "the overlap is clipped, colours wrap: {html}"
        );
        assert_eq!(html.matches("class=\"line\"").count(), 3, "{html}");
    }
}
