//! The charts drawn as SVG by plotters' SVG backend (no system font: plotters is built
//! without its font features, so text is SVG text that the browser sets, and plotters
//! escapes it, `<`, `&` and quotes included). Each SVG keeps its viewBox and takes its
//! column's width (`svg.chart` in the stylesheet), so it shrinks on a phone and prints
//! whole; there is no script in it.
//!
//! A chart that plotters cannot draw is None (the page then says so beside its table).

use super::texts::ChartTexts;
use judge_course::charts::{ProblemTests, Progress, Scores, Timeline, Verdicts};
use judge_model::text::{fit, points};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The width of every chart's viewBox (its height depends on the chart).
const WIDTH: u32 = 640;
/// The font of labels, large enough to read when the chart is shrunk to a phone's width.
const FONT: (&str, u32) = ("sans-serif", 17);
/// The font of axis descriptions and captions.
const SMALL: (&str, u32) = ("sans-serif", 14);
const INK: RGBColor = RGBColor(29, 35, 48);
const MUTED: RGBColor = RGBColor(102, 112, 133);
const LINE: RGBColor = RGBColor(208, 213, 221);
const ACCENT: RGBColor = RGBColor(36, 87, 197);
const ACCEPTED: RGBColor = RGBColor(18, 128, 92);
const DEADLINE: RGBColor = RGBColor(196, 50, 10);
const EMPTY: RGBColor = RGBColor(244, 246, 250);

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// A chart of `height` drawn by `draw`, as an SVG element that scales to its column;
/// `label` is what a screen reader says of it.
fn render(height: u32, label: &str, draw: impl FnOnce(&Area) -> Drawn) -> Option<String> {
    let mut text = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)
            .map_err(Into::into)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(Into::into))
    };
    if let Err(error) = drawn {
        tracing::warn!("a chart could not be drawn: {error}");
        return None;
    }
    // plotters writes a fixed size; the page wants the viewBox alone, as wide as its column.
    let fixed = format!("<svg width=\"{WIDTH}\" height=\"{height}\" ");
    let rest = text.strip_prefix(&fixed)?;
    let label = maud::html! { (label) }.into_string();
    Some(format!(
        "<svg class=\"chart\" role=\"img\" aria-label=\"{label}\" preserveAspectRatio=\"xMidYMid meet\" {rest}"
    ))
}

/// `#rgb` or `#rrggbb` (a verdict's colour) as a colour; grey if it is neither.
fn hex(colour: &str) -> RGBColor {
    let digits = colour.trim_start_matches('#');
    let value = |text: &str| u8::from_str_radix(text, 16).ok();
    let parsed = match digits.len() {
        3 => {
            let one = |i: usize| value(&digits[i..i + 1]).map(|v| v * 17);
            one(0).zip(one(1)).zip(one(2)).map(|((r, g), b)| (r, g, b))
        }
        6 => {
            let two = |i: usize| value(&digits[i..i + 2]);
            two(0).zip(two(2)).zip(two(4)).map(|((r, g), b)| (r, g, b))
        }
        _ => None,
    };
    let (r, g, b) = parsed.unwrap_or((152, 162, 179));
    RGBColor(r, g, b)
}

/// The colour `share` (0 to 1) of the way from [`EMPTY`] to `full`.
fn shade(full: RGBColor, share: f64) -> RGBColor {
    let share = if share.is_finite() {
        share.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * share).round() as u8;
    RGBColor(
        mix(EMPTY.0, full.0),
        mix(EMPTY.1, full.1),
        mix(EMPTY.2, full.2),
    )
}

/// A round top for a count axis, with room for the numbers over the bars.
fn count_top(most: usize) -> usize {
    (most + most / 8 + 1).max(4)
}

/// Bars per verdict, each in the verdict's colour, with its count over it.
pub fn verdicts(t: ChartTexts, verdicts: &Verdicts) -> Option<String> {
    let rows = &verdicts.rows;
    let top = count_top(rows.iter().map(|r| r.attempts).max().unwrap_or(0));
    // A bar per verdict on a number line, each from i to i + 1, its code under it at
    // i + 0.5 (plotters' segmented axis mislays a single segment).
    render(320, t.verdicts_title(), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..rows.len().max(1) as f64, 0..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(EMPTY)
            .bold_line_style(LINE)
            .x_labels(0)
            .y_labels(5)
            .y_desc(t.attempts())
            .label_style(FONT)
            .axis_desc_style(SMALL)
            .draw()?;
        chart.draw_series(rows.iter().enumerate().map(|(i, row)| {
            let x = i as f64;
            Rectangle::new(
                [(x + 0.15, 0), (x + 0.85, row.attempts)],
                hex(row.verdict.colour()).filled(),
            )
        }))?;
        let at = |v: VPos| {
            TextStyle::from(FONT.into_font())
                .color(&INK)
                .pos(Pos::new(HPos::Center, v))
        };
        chart.draw_series(rows.iter().enumerate().flat_map(|(i, row)| {
            let x = i as f64 + 0.5;
            [
                Text::new(
                    row.attempts.to_string(),
                    (x, row.attempts),
                    at(VPos::Bottom),
                ),
                Text::new(row.verdict.code().to_string(), (x, 0), at(VPos::Top)),
            ]
        }))?;
        Ok(())
    })
}

/// One row of a grid of shaded cells: its label, its cells (a share from 0 to 1 and a
/// text, maybe empty), and a caption under the cells.
struct GridRow {
    label: String,
    cells: Vec<(f64, String)>,
    caption: Option<String>,
}

/// Rows of shaded cells, one row per item, the cells of each from the left: the heat maps.
fn grid(t_label: &str, head: &[String], rows: &[GridRow], colour: RGBColor) -> Option<String> {
    const LABEL_WIDTH: i32 = 150;
    const HEAD: i32 = 28;
    let row_height: i32 = if rows.iter().any(|r| r.caption.is_some()) {
        52
    } else {
        30
    };
    let columns = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0).max(1);
    let height = HEAD + row_height * rows.len() as i32 + 8;
    let cell_width = (WIDTH as i32 - LABEL_WIDTH - 8) / columns as i32;
    // A cell's text is shown only where it fits (the table has every number).
    let fits = |text: &str| (text.chars().count() as i32) * 8 + 6 <= cell_width;
    render(height.max(60) as u32, t_label, |root| {
        let label_style = TextStyle::from(FONT.into_font())
            .color(&INK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let small = TextStyle::from(SMALL.into_font())
            .color(&MUTED)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let centred = |colour: &'static RGBColor| {
            TextStyle::from(SMALL.into_font())
                .color(colour)
                .pos(Pos::new(HPos::Center, VPos::Center))
        };
        for (i, text) in head.iter().enumerate().take(columns) {
            if fits(text) {
                let x = LABEL_WIDTH + cell_width * i as i32 + cell_width / 2;
                root.draw(&Text::new(text.as_str(), (x, HEAD / 2), centred(&MUTED)))?;
            }
        }
        for (r, row) in rows.iter().enumerate() {
            let top = HEAD + row_height * r as i32;
            let label = fit(&row.label, 17);
            root.draw(&Text::new(
                label.as_ref(),
                (4, top + 14),
                label_style.clone(),
            ))?;
            for (c, (share, text)) in row.cells.iter().enumerate() {
                let left = LABEL_WIDTH + cell_width * c as i32;
                let cell = [(left + 1, top + 1), (left + cell_width - 1, top + 27)];
                root.draw(&Rectangle::new(cell, shade(colour, *share).filled()))?;
                if !text.is_empty() && fits(text) {
                    let ink = if *share > 0.55 { &WHITE } else { &INK };
                    let centre = (left + cell_width / 2, top + 14);
                    root.draw(&Text::new(text.as_str(), centre, centred(ink)))?;
                }
            }
            if let Some(caption) = &row.caption {
                let caption = fit(caption, 60);
                root.draw(&Text::new(
                    caption.as_ref(),
                    (LABEL_WIDTH, top + 40),
                    small.clone(),
                ))?;
            }
        }
        Ok(())
    })
}

/// A share as a whole percentage.
fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

/// Problems x tests: each cell a test in run order, the darker the more of the attempts
/// that ran it failed it; under each problem, its test failed most, by name.
pub fn tests(t: ChartTexts, problems: &[ProblemTests]) -> Option<String> {
    let columns = problems.iter().map(|p| p.tests.len()).max().unwrap_or(0);
    let head: Vec<String> = (1..=columns).map(|i| i.to_string()).collect();
    let rows: Vec<GridRow> = problems
        .iter()
        .map(|problem| {
            let worst = problem
                .tests
                .iter()
                .filter(|test| test.failed > 0)
                .max_by(|a, b| a.failed_share().total_cmp(&b.failed_share()));
            GridRow {
                label: problem.problem.clone(),
                cells: problem
                    .tests
                    .iter()
                    .map(|test| (test.failed_share(), percent(test.failed_share())))
                    .collect(),
                caption: Some(match worst {
                    Some(test) => t.most_failed(&test.name, &percent(test.failed_share())),
                    None => t.none_failed().to_string(),
                }),
            }
        })
        .collect();
    grid(t.tests_title(), &head, &rows, DEADLINE)
}

/// Students x contests: each cell the points that count, the darker the nearer the
/// contest's maximum.
pub fn progress(t: ChartTexts, progress: &Progress) -> Option<String> {
    let head: Vec<String> = progress
        .contests
        .iter()
        .map(|(id, _, _)| id.clone())
        .collect();
    let rows: Vec<GridRow> = progress
        .rows
        .iter()
        .map(|(student, cells)| GridRow {
            label: student.clone(),
            cells: cells
                .iter()
                .zip(&progress.contests)
                .map(|(got, (_, _, max))| {
                    let share = if *max > 0.0 { got / max } else { 0.0 };
                    (share, points(*got))
                })
                .collect(),
            caption: None,
        })
        .collect();
    grid(t.progress_title(), &head, &rows, ACCEPTED)
}

/// Submissions per step from the start (accepted ones in green over them), the deadline
/// a red line.
pub fn timeline(t: ChartTexts, timeline: &Timeline) -> Option<String> {
    let hour = 3600.0;
    let hours = |s: i64| (s - timeline.start_s) as f64 / hour;
    let steps = timeline.steps.len() as i64;
    let end = (timeline.start_s + steps * timeline.step_s)
        .max(timeline.deadline_s.unwrap_or(0) + timeline.step_s / 2);
    let right = hours(end).max(0.1);
    let top = count_top(
        timeline
            .steps
            .iter()
            .map(|s| s.submissions)
            .max()
            .unwrap_or(0),
    );
    render(320, t.timeline_title(), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..right, 0..top)?;
        let hours_label = |h: &f64| points(*h);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(EMPTY)
            .bold_line_style(LINE)
            .x_labels(8)
            .y_labels(5)
            .x_label_formatter(&hours_label)
            .x_desc(t.hours_since_start())
            .y_desc(t.attempts())
            .label_style(FONT)
            .axis_desc_style(SMALL)
            .draw()?;
        let bar = |from: i64, count: usize, colour: RGBColor| {
            let mut bar = Rectangle::new(
                [(hours(from), 0), (hours(from + timeline.step_s), count)],
                colour.filled(),
            );
            bar.set_margin(0, 0, 1, 1);
            bar
        };
        chart.draw_series(
            timeline
                .steps
                .iter()
                .map(|s| bar(s.from_s, s.submissions, ACCENT)),
        )?;
        chart.draw_series(
            timeline
                .steps
                .iter()
                .filter(|s| s.accepted > 0)
                .map(|s| bar(s.from_s, s.accepted, ACCEPTED)),
        )?;
        if let Some(deadline) = timeline.deadline_s {
            let x = hours(deadline);
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, 0), (x, top)],
                DEADLINE.stroke_width(3),
            )))?;
            let style = TextStyle::from(FONT.into_font())
                .color(&DEADLINE)
                .pos(Pos::new(HPos::Right, VPos::Top));
            chart.draw_series(std::iter::once(Text::new(
                t.deadline().to_string(),
                (x, top),
                style,
            )))?;
        }
        Ok(())
    })
}

/// A histogram of the students' points from 0 to the most there is to earn.
pub fn scores(t: ChartTexts, scores: &Scores) -> Option<String> {
    let right = if scores.max_points > 0.0 {
        scores.max_points
    } else {
        1.0
    };
    let top = count_top(scores.bins.iter().map(|b| b.students).max().unwrap_or(0));
    render(320, t.scores_title(), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .margin_right(24)
            .x_label_area_size(44)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..right, 0..top)?;
        let points_label = |p: &f64| points(*p);
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(EMPTY)
            .bold_line_style(LINE)
            .x_labels(6)
            .y_labels(5)
            .x_label_formatter(&points_label)
            .x_desc(t.points())
            .y_desc(t.students())
            .label_style(FONT)
            .axis_desc_style(SMALL)
            .draw()?;
        let to = |bin: &judge_course::charts::Bin| if bin.to > bin.from { bin.to } else { right };
        chart.draw_series(scores.bins.iter().map(|bin| {
            let mut bar = Rectangle::new([(bin.from, 0), (to(bin), bin.students)], ACCENT.filled());
            bar.set_margin(0, 0, 2, 2);
            bar
        }))?;
        let above = TextStyle::from(FONT.into_font())
            .color(&INK)
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        chart.draw_series(scores.bins.iter().filter(|b| b.students > 0).map(|bin| {
            Text::new(
                bin.students.to_string(),
                ((bin.from + to(bin)) / 2.0, bin.students),
                above.clone(),
            )
        }))?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_course::charts::build;
    use judge_course::charts::fixtures::fixed_class;
    use judge_i18n::Lang;
    use judge_model::course::Scoring;

    #[test]
    fn every_chart_is_a_scaling_svg_without_script() {
        let charts = build(&fixed_class(Scoring::Ioi), None);
        for lang in Lang::ALL {
            let t = ChartTexts(lang);
            let drawn = [
                verdicts(t, &charts.verdicts),
                tests(t, &charts.tests),
                timeline(t, &charts.timeline),
                scores(t, &charts.scores),
                progress(t, &charts.progress),
            ];
            for svg in drawn {
                let svg = svg.expect("drawn");
                assert!(svg.starts_with("<svg class=\"chart\""), "{svg}");
                assert!(svg.contains("viewBox=\"0 0 640 "), "{svg}");
                let root = svg.lines().next().unwrap_or_default();
                assert!(
                    !root.contains("width=") && !root.contains("height="),
                    "{root}"
                );
                assert!(!svg.to_lowercase().contains("<script"), "{svg}");
                assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
            }
        }
    }

    #[test]
    fn a_hostile_name_is_text_in_the_svg() {
        let mut class = fixed_class(Scoring::Ioi);
        class.book.rows[0].student = "<script>alert(1)</script>&amp".into();
        class.records[0].tests[0].0 = "<img src=x onerror=alert(1)>".into();
        let charts = build(&class, None);
        let t = ChartTexts(Lang::En);
        let svg = progress(t, &charts.progress).expect("drawn");
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains("&lt;script&gt;"), "{svg}");
        let svg = tests(t, &charts.tests).expect("drawn");
        assert!(!svg.contains("<img"), "{svg}");
        assert!(svg.contains("&lt;img"), "{svg}");
    }

    #[test]
    fn colours_are_read_from_a_verdicts_hex() {
        assert_eq!(hex("#12805c"), RGBColor(0x12, 0x80, 0x5c));
        assert_eq!(hex("#000"), RGBColor(0, 0, 0));
        assert_eq!(hex("nonsense"), RGBColor(152, 162, 179));
        assert_eq!(shade(ACCEPTED, 0.0), EMPTY);
        assert_eq!(shade(ACCEPTED, 1.0), ACCEPTED);
        assert_eq!(shade(ACCEPTED, f64::NAN), EMPTY);
    }
}
