//! A small SVG writer for visualizers: shapes and text on a canvas of pixels, every text
//! and attribute escaped, the document closed by [`Svg::finish`]. Only what the judge keeps
//! of an SVG (shapes, text, groups, markers): no script, no style sheet, no image.

use std::fmt::Write;

/// An SVG document being written.
#[derive(Debug, Clone)]
pub struct Svg {
    text: String,
}

/// Text escaped for XML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

impl Svg {
    /// A canvas `width` x `height` pixels, drawn at that size, with a `title` (what a
    /// screen reader says, what a browser shows on hover).
    pub fn new(width: u32, height: u32, title: &str) -> Svg {
        let mut text = String::new();
        let _ = write!(
            text,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif"><title>{}</title>"#,
            escape(title)
        );
        Svg { text }
    }

    /// A rectangle; `style` is its attributes (`fill="#333"`), written as given.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &str) {
        let _ = write!(
            self.text,
            r#"<rect x="{x}" y="{y}" width="{width}" height="{height}" {style}/>"#
        );
    }

    /// A line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
        let _ = write!(
            self.text,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>"#
        );
    }

    /// A polyline through `points`.
    pub fn polyline(&mut self, points: &[(f64, f64)], style: &str) {
        self.text.push_str(r#"<polyline points=""#);
        for (i, (x, y)) in points.iter().enumerate() {
            let _ = write!(self.text, "{}{x},{y}", if i == 0 { "" } else { " " });
        }
        let _ = write!(self.text, r#"" {style}/>"#);
    }

    /// A path (`d` in SVG's path syntax).
    pub fn path(&mut self, d: &str, style: &str) {
        let _ = write!(self.text, r#"<path d="{}" {style}/>"#, escape(d));
    }

    /// The lines of a grid of `rows` x `cols` cells of `cell` pixels, its top left corner
    /// at (`left`, `top`), as one path.
    pub fn grid(
        &mut self,
        (left, top): (f64, f64),
        (rows, cols): (usize, usize),
        cell: f64,
        style: &str,
    ) {
        let (right, bottom) = (left + cols as f64 * cell, top + rows as f64 * cell);
        let mut d = String::new();
        for r in 0..=rows {
            let _ = write!(d, "M{left} {}H{right}", top + r as f64 * cell);
        }
        for c in 0..=cols {
            let _ = write!(d, "M{} {top}V{bottom}", left + c as f64 * cell);
        }
        self.path(&d, style);
    }

    /// A circle.
    pub fn circle(&mut self, (cx, cy): (f64, f64), r: f64, style: &str) {
        let _ = write!(
            self.text,
            r#"<circle cx="{cx}" cy="{cy}" r="{r}" {style}/>"#
        );
    }

    /// Text whose anchor point is (`x`, `y`).
    pub fn text(&mut self, (x, y): (f64, f64), text: &str, style: &str) {
        let _ = write!(
            self.text,
            r#"<text x="{x}" y="{y}" {style}>{}</text>"#,
            escape(text)
        );
    }

    /// The document, closed.
    pub fn finish(mut self) -> String {
        self.text.push_str("</svg>\n");
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_escaped_text() {
        let mut svg = Svg::new(20, 10, "a <maze>");
        svg.rect(0.0, 0.0, 10.0, 10.0, r##"fill="#333""##);
        svg.polyline(&[(1.0, 2.0), (3.5, 4.0)], r#"fill="none""#);
        svg.text((1.0, 9.0), "step 3 & \"R\"", "");
        svg.grid((1.0, 2.0), (1, 2), 3.0, "");
        let text = svg.finish();
        assert!(text.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10""#));
        assert!(text.contains("<title>a &lt;maze&gt;</title>"));
        assert!(text.contains(r##"<rect x="0" y="0" width="10" height="10" fill="#333"/>"##));
        assert!(text.contains(r#"<polyline points="1,2 3.5,4" fill="none"/>"#));
        assert!(text.contains("step 3 &amp; &quot;R&quot;</text>"));
        assert!(text.contains(r#"<path d="M1 2H7M1 5H7M1 2V5M4 2V5M7 2V5" />"#));
        assert!(text.ends_with("</svg>\n"));
    }
}
