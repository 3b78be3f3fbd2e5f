use super::*;

fn html(tex: &str) -> String {
    to_html(tex, "en", &mut |_| None).html
}

#[test]
fn the_title_is_taken_out() {
    let converted = to_html("\\problemname{Odd \\& Echo}\n\nSay it.", "en", &mut |_| {
        None
    });
    assert_eq!(converted.title.as_deref(), Some("Odd & Echo"));
    assert_eq!(converted.html, "<p>Say it.</p>\n");
    let polygon = to_html(
        "\\begin{problem}{Sum}{standard input}{standard output}{1 second}{256 megabytes}\nAdd.\n\\end{problem}",
        "en",
        &mut |_| None,
    );
    assert_eq!(polygon.title.as_deref(), Some("Sum"));
    assert_eq!(polygon.html, "<p>Add.</p>\n");
}

#[test]
fn paragraphs_are_split_by_blank_lines() {
    assert_eq!(
        html("One line\nand more.\n\n  \nTwo. % a comment\n  Still two."),
        "<p>One line and more.</p>\n<p>Two. Still two.</p>\n"
    );
}

#[test]
fn sections_and_section_macros_are_headings() {
    assert_eq!(
        html("\\section*{Input}\nA line.\n\\subsection{Limits}\n\\OutputFile\nB."),
        "<h2>Input</h2>\n<p>A line.</p>\n<h3>Limits</h3>\n<h2>Output</h2>\n<p>B.</p>\n"
    );
    let zh = to_html(
        "\\InputFile\n甲\n\\begin{Output}乙\\end{Output}",
        "zh",
        &mut |_| None,
    );
    assert_eq!(
        zh.html,
        "<h2>输入</h2>\n<p>甲</p>\n<h2>输出</h2>\n<p>乙</p>\n"
    );
}

#[test]
fn emphasis_bold_and_typewriter() {
    assert_eq!(
        html("\\emph{a} \\textbf{b} \\texttt{c} {\\bf d} e"),
        "<p><em>a</em> <strong>b</strong> <code>c</code> <strong>d</strong> e</p>\n"
    );
}

#[test]
fn lists() {
    assert_eq!(
        html("\\begin{itemize}\n\\item one\n\\item two\n\\end{itemize}"),
        "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
    );
    assert_eq!(
        html("\\begin{enumerate}\\item a \\begin{itemize}\\item b\\end{itemize}\\end{enumerate}"),
        "<ol>\n<li>a <ul>\n<li>b</li>\n</ul></li>\n</ol>\n"
    );
    assert_eq!(
        html("\\begin{description}\\item[\\textbf{x}] why\\end{description}"),
        "<ul>\n<li><strong><strong>x</strong></strong> why</li>\n</ul>\n"
    );
}

#[test]
fn tables() {
    assert_eq!(
        html("\\begin{tabular}{|l|r|}\n\\hline\n$n$ & Points \\\\ \\hline\n1 & {a \\& b} \\\\\n\\end{tabular}"),
        "<table>\n<tr><td><math display=\"inline\"><mi>n</mi></math></td><td>Points</td></tr>\n\
         <tr><td>1</td><td>a &amp; b</td></tr>\n</table>\n"
    );
}

#[test]
fn images_are_those_the_caller_gives_an_address() {
    let mut image = |file: &str| (file == "figure.png").then(|| format!("/s/{file}"));
    let converted = to_html(
        "\\includegraphics[width=0.5\\textwidth]{figure.png}\n\n\\includegraphics{figure}\n\n\\includegraphics{../../etc/passwd}\n\n\\illustration{0.3}{figure.png}{A \\emph{map}}",
        "en",
        &mut image,
    );
    assert_eq!(
        converted.html,
        "<p><img src=\"/s/figure.png\" alt=\"\"></p>\n<p><img src=\"/s/figure.png\" alt=\"\"></p>\n\
         <p><img src=\"/s/figure.png\" alt=\"A map\"><br><em>A <em>map</em></em></p>\n"
    );
    assert_eq!(
        converted.images,
        ["figure.png", "figure", "../../etc/passwd", "figure.png"]
    );
}

#[test]
fn verbatim_is_shown_as_written() {
    assert_eq!(
        html("\\begin{verbatim}\n<b> & \\textbf{x}\n\\end{verbatim}\nThen \\verb|a<b|."),
        "<pre><code>&lt;b&gt; &amp; \\textbf{x}</code></pre>\n<p>Then <code>a&lt;b</code>.</p>\n"
    );
}

#[test]
fn links() {
    assert_eq!(
        html("\\url{https://example.org/a_b} \\href{https://example.org}{the \\emph{site}}"),
        "<p><a href=\"https://example.org/a_b\">https://example.org/a_b</a> <a href=\"https://example.org\">the <em>site</em></a></p>\n"
    );
}

#[test]
fn math_inline_and_display() {
    let out = html("Let $1 \\le n$ and $$n^2$$ and \\[x_i\\] and $$$a$$$ and $$$$$$b$$$$$$.");
    assert!(
        out.starts_with("<p>Let <math display=\"inline\"><mn>1</mn><mo>≤</mo><mi>n</mi></math> and</p>\n<p><math display=\"block\">"),
        "{out}"
    );
    assert_eq!(out.matches("<math display=\"block\">").count(), 3, "{out}");
    assert_eq!(out.matches("<math display=\"inline\">").count(), 2, "{out}");
    assert!(!out.contains('$') && !out.contains('\\'), "{out}");
    assert!(html("Costs \\$5, not $5").contains("Costs $5, not $5"));
}

#[test]
fn unknown_commands_become_their_text() {
    assert_eq!(html("\\foo[x]{bar}{baz} \\qux end"), "<p>barbaz end</p>\n");
    assert_eq!(
        html("\\begin{unknown}{arg}inside\\end{unknown}"),
        "<p>arginside</p>\n"
    );
    assert_eq!(
        html("\\newcommand{\\x}[1]{#1 y}\\label{a}Text"),
        "<p>Text</p>\n"
    );
}

#[test]
fn special_characters_and_ligatures() {
    assert_eq!(
        html("a~b -- c --- ``d'' \\% \\_ <tag> & \\'e"),
        "<p>a\u{a0}b – c — “d” % _ &lt;tag&gt; &amp; e\u{301}</p>\n"
    );
}

#[test]
fn hostile_input_never_panics_nor_blows_up() {
    for tex in [
        "{",
        "}",
        "}}}{{{",
        "\\",
        "\\begin",
        "\\begin{itemize}\\item",
        "\\end{itemize}",
        "\\begin{tabular}{",
        "& \\\\ &",
        "$",
        "$$",
        "\\[",
        "\\verb",
        "\\verb|x",
        "\\href{",
        "\\item[",
        "\\'",
        "é\\verbé",
        "\\includegraphics[",
        "\\begin{verbatim}",
        "\\section",
    ] {
        let out = html(tex);
        assert!(!out.contains("<script"), "{tex}: {out}");
    }
    let deep = "{".repeat(200_000) + "x" + &"}".repeat(200_000);
    assert!(html(&deep).contains('x'));
    let deep_environments = "\\begin{center}".repeat(50_000);
    html(&deep_environments);
    let deep_items = "\\item[{".repeat(20_000);
    html(&deep_items);
    let deep_tables = "\\begin{tabular}{l}".repeat(20_000);
    html(&deep_tables);
    // Many unclosed delimiters cost no more than a few: the searches are remembered.
    let many = "$ a ".repeat(250_000);
    let started = std::time::Instant::now();
    let out = html(&many);
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert!(out.len() <= 16 * many.len(), "{}", out.len());
    for many in [
        "\\verb|",
        "\\foo[",
        "\\(",
        "\\[",
        "$$",
        "\\begin{x}[",
        "\\item[",
    ] {
        let started = std::time::Instant::now();
        html(&many.repeat(MAX_INPUT_BYTES / many.len()));
        assert!(
            started.elapsed().as_secs() < 10,
            "{many}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn text_is_escaped_everywhere() {
    let out = html("<script>alert(1)</script> \\textbf{<img src=x onerror=y>} \\url{\"><script>}");
    assert!(!out.contains("<script") && !out.contains("<img"), "{out}");
    let title = to_html("\\problemname{<b>x</b>}", "en", &mut |_| None).title;
    assert_eq!(
        title.as_deref(),
        Some("<b>x</b>"),
        "a title is text, escaped where shown"
    );
}
