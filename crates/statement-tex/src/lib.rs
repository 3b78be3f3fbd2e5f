//! Problem statements written in LaTeX to HTML: the subset that Kattis' problemtools
//! (`problem.tex`, `\problemname`, `\section*{Input}`, `\illustration`) and Polygon
//! (`\begin{problem}`, `\InputFile`, `$$$...$$$`, its statement sections) statements use,
//! with their math as MathML rendered here ([`math`]).
//!
//! What it is not: a TeX engine. It runs no macros a statement defines (`\newcommand` is
//! dropped), lays out no pages, and knows no packages. A command it does not know becomes
//! the text of its arguments, an environment it does not know its content; nothing it is
//! given becomes raw LaTeX on the page or a panic. A statement is untrusted input: its
//! text is escaped, its nesting is bounded ([`MAX_DEPTH`]), its length too
//! ([`MAX_INPUT_BYTES`]), and the work is linear in its length. The HTML made is meant to
//! go through the caller's sanitiser all the same (links are made from the statement's
//! text; images are only those the caller's `image` function gives an address).
//!
//! The full list of what is understood is in docs/problem-format.md ("LaTeX statements").

pub mod math;

/// The longest statement converted, in bytes; the rest is cut.
pub const MAX_INPUT_BYTES: usize = 1 << 20;
/// The deepest nesting of groups and environments followed; deeper braces are ignored.
pub const MAX_DEPTH: usize = 40;
/// The farthest `\verb` looks for its closing delimiter, in bytes.
const MAX_VERB_BYTES: usize = 1024;
/// The farthest an optional argument (`[...]`) looks for its `]`, in bytes.
const MAX_OPTIONAL_BYTES: usize = 1024;

/// A statement converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// Its title (`\problemname{...}` or Polygon's `\begin{problem}{...}`), as text.
    pub title: Option<String>,
    /// Its body as HTML.
    pub html: String,
    /// The images it names (`\includegraphics`, `\illustration`), as written.
    pub images: Vec<String>,
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// Converts a LaTeX statement to HTML. `language` (`en`, `zh`, ...) names the headings
/// of Polygon's section macros (`\InputFile`); `image` gives the address of an image the
/// statement names, or None to leave it out.
pub fn to_html(
    tex: &str,
    language: &str,
    image: &mut dyn FnMut(&str) -> Option<String>,
) -> Converted {
    let mut end = tex.len().min(MAX_INPUT_BYTES);
    while !tex.is_char_boundary(end) {
        end -= 1;
    }
    let mut converter = Converter {
        src: &tex[..end],
        pos: 0,
        out: String::with_capacity(end + end / 4),
        depth: 0,
        paragraph_open: false,
        flow: vec![true],
        tables: Vec::new(),
        lists: Vec::new(),
        title: None,
        images: Vec::new(),
        image,
        headings: Headings::of(language),
        next_closer: [Closer::Unknown; CLOSERS.len()],
    };
    converter.run(Stop::End);
    converter.close_paragraph();
    Converted {
        title: converter.title,
        html: converter.out,
        images: converter.images,
    }
}

/// The headings of the section macros, in one language.
struct Headings {
    input: &'static str,
    output: &'static str,
    interaction: &'static str,
    scoring: &'static str,
    notes: &'static str,
}

impl Headings {
    fn of(language: &str) -> Headings {
        if language.starts_with("zh") {
            Headings {
                input: "输入",
                output: "输出",
                interaction: "交互",
                scoring: "评分",
                notes: "说明",
            }
        } else {
            Headings {
                input: "Input",
                output: "Output",
                interaction: "Interaction",
                scoring: "Scoring",
                notes: "Notes",
            }
        }
    }
}

/// What ends a run of the converter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The end of the input.
    End,
    /// A `}`.
    Brace,
    /// An `\end{...}`.
    Environment,
    /// A `]` (an optional argument).
    Bracket,
}

/// Where the next closing math delimiter is, known from an earlier search: the searches
/// only move forward, so each delimiter's input is scanned once (a statement of many
/// unclosed `$` costs no more than one of few).
#[derive(Debug, Clone, Copy)]
enum Closer {
    Unknown,
    At(usize),
    None,
}

/// The math delimiters searched for.
const CLOSERS: [&str; 6] = ["$", "$$", "$$$", "$$$$$$", "\\]", "\\)"];

/// A table being read: its finished rows and the cells of the current one.
struct Table {
    rows: Vec<Vec<String>>,
    cells: Vec<String>,
    /// Where the current cell's HTML starts in the output.
    cell_start: usize,
    /// The depth of the table's environment (an `&` deeper than that is text).
    depth: usize,
}

struct Converter<'a, 'i> {
    src: &'a str,
    pos: usize,
    out: String,
    depth: usize,
    paragraph_open: bool,
    /// Whether text here flows in paragraphs (not in a heading, cell or list item).
    flow: Vec<bool>,
    tables: Vec<Table>,
    /// For each open list, whether an item is open.
    lists: Vec<bool>,
    title: Option<String>,
    images: Vec<String>,
    image: &'i mut dyn FnMut(&str) -> Option<String>,
    headings: Headings,
    next_closer: [Closer; CLOSERS.len()],
}

impl<'a> Converter<'a, '_> {
    fn rest(&self) -> &'a str {
        let src: &'a str = self.src;
        &src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn in_flow(&self) -> bool {
        self.flow.last().copied().unwrap_or(false)
    }

    /// Opens a paragraph before text, where text flows in paragraphs.
    fn text_starts(&mut self) {
        if !self.paragraph_open && self.in_flow() {
            self.out.push_str("<p>");
            self.paragraph_open = true;
        }
    }

    fn close_paragraph(&mut self) {
        if self.paragraph_open {
            // No space left before the paragraph's end.
            let trimmed = self.out.trim_end_matches([' ', '\n']).len();
            self.out.truncate(trimmed);
            self.out.push_str("</p>\n");
            self.paragraph_open = false;
        }
    }

    fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.text_starts();
        escape_into(&mut self.out, text);
    }

    fn push_html(&mut self, html: &str) {
        self.text_starts();
        self.out.push_str(html);
    }

    /// Converts until `stop` (consumed) or the end of the input; the declarations
    /// (`\bf`) made in this run end with it.
    fn run(&mut self, stop: Stop) {
        let mut closers: Vec<&'static str> = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '}' => {
                    self.pos += 1;
                    if stop == Stop::Brace {
                        break;
                    }
                }
                ']' if stop == Stop::Bracket => {
                    self.pos += 1;
                    break;
                }
                '{' => {
                    self.pos += 1;
                    self.group();
                }
                '%' => self.comment(),
                '$' => self.dollar_math(),
                '\\' => {
                    if self.rest().starts_with("\\end") && !is_letter_at(self.rest(), 4) {
                        // Whichever environment it names ends the innermost one open.
                        self.pos += 4;
                        let _ = self.argument_raw();
                        if stop == Stop::Environment {
                            break;
                        }
                        continue;
                    }
                    if let Some(closer) = self.command() {
                        closers.push(closer);
                    }
                }
                '&' if self.tables.last().is_some_and(|t| t.depth == self.depth) => {
                    self.pos += 1;
                    self.end_cell();
                }
                '\n' | ' ' | '\t' | '\r' => self.whitespace(),
                '~' => {
                    self.pos += 1;
                    self.push_text("\u{a0}");
                }
                _ => self.plain_text(stop),
            }
        }
        for closer in closers.into_iter().rev() {
            self.out.push_str(closer);
        }
    }

    /// A run of text with no special character, with TeX's ligatures (`--`, ``` `` ```).
    fn plain_text(&mut self, stop: Stop) {
        let rest = self.rest();
        let special = |c: char| {
            matches!(
                c,
                '{' | '}' | '%' | '$' | '\\' | '&' | '~' | ' ' | '\n' | '\t' | '\r'
            ) || (c == ']' && stop == Stop::Bracket)
        };
        let end = rest
            .find(special)
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8));
        let text = rest[..end]
            .replace("---", "—")
            .replace("--", "–")
            .replace("``", "“")
            .replace("''", "”")
            .replace('`', "‘");
        self.pos += end;
        self.push_text(&text);
    }

    /// Blank space: a blank line ends a paragraph, other space is one space.
    fn whitespace(&mut self) {
        let rest = self.rest();
        let end = rest
            .find(|c: char| !matches!(c, ' ' | '\t' | '\r' | '\n'))
            .unwrap_or(rest.len());
        let newlines = rest[..end].matches('\n').count();
        self.pos += end;
        if newlines >= 2 && self.in_flow() {
            self.close_paragraph();
        } else if self.paragraph_open || !self.in_flow() {
            let after_opening = [
                "<p>", "<li>", "<br>", "<td>", "<strong>", "<em>", "<code>", "<u>", "<sup>",
                "<sub>",
            ]
            .iter()
            .any(|tag| self.out.ends_with(tag));
            if !self.out.is_empty() && !self.out.ends_with([' ', '\n']) && !after_opening {
                self.out.push(' ');
            }
        }
    }

    /// `%` to the end of the line, and the next line's leading blanks (as TeX reads it).
    fn comment(&mut self) {
        let rest = self.rest();
        let end = rest.find('\n').map_or(rest.len(), |n| n + 1);
        self.pos += end;
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start_matches([' ', '\t']).len();
    }

    /// A `{...}` group.
    fn group(&mut self) {
        if self.depth >= MAX_DEPTH {
            return; // Too deep: its braces are ignored, its content read as it comes.
        }
        self.depth += 1;
        self.run(Stop::Brace);
        self.depth -= 1;
    }

    /// Skips blanks (one line break at most: a blank line ends an argument list).
    fn skip_blanks(&mut self) {
        let rest = self.rest();
        let mut end = 0;
        let mut newlines = 0;
        for (at, c) in rest.char_indices() {
            match c {
                ' ' | '\t' | '\r' => {}
                '\n' if newlines == 0 => newlines += 1,
                _ => {
                    end = at;
                    break;
                }
            }
            end = at + c.len_utf8();
        }
        self.pos += end;
    }

    /// The text of a `{...}` argument as written (braces balanced), or of the next
    /// character; empty when there is none.
    fn argument_raw(&mut self) -> String {
        self.skip_blanks();
        let rest = self.rest();
        if !rest.starts_with('{') {
            // One token: a command name or a character.
            if let Some(stripped) = rest.strip_prefix('\\') {
                let len = 1 + command_name_len(stripped);
                self.pos += len;
                return rest[..len].to_string();
            }
            return match rest.chars().next() {
                Some(c) if c != '}' => {
                    self.pos += c.len_utf8();
                    c.to_string()
                }
                _ => String::new(),
            };
        }
        let mut depth = 0usize;
        for (at, c) in rest.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += at + 1;
                        return rest[1..at].to_string();
                    }
                }
                _ => {}
            }
        }
        // Unclosed: the rest of the input.
        self.pos = self.src.len();
        rest[1..].to_string()
    }

    /// An optional `[...]` argument as written, if there is one.
    fn optional_raw(&mut self) -> Option<String> {
        let rest = self.rest();
        let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if !rest[blanks..].starts_with('[') {
            return None;
        }
        let inner = &rest[blanks + 1..];
        let mut depth = 0usize;
        // Bounded: a statement of many `\x[` without `]` costs no more than one.
        for (at, c) in inner
            .char_indices()
            .take_while(|(at, _)| *at < MAX_OPTIONAL_BYTES)
        {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ']' if depth == 0 => {
                    self.pos += blanks + 1 + at + 1;
                    return Some(inner[..at].to_string());
                }
                '\n' if inner[..at].ends_with('\n') => break,
                _ => {}
            }
        }
        None
    }

    /// Converts a `{...}` argument (or the next token) where the output is.
    fn argument(&mut self) {
        self.skip_blanks();
        if self.rest().starts_with('{') {
            self.pos += 1;
            self.group();
        } else if self.rest().starts_with('\\') {
            if let Some(closer) = self.command() {
                self.out.push_str(closer);
            }
        } else if let Some(c) = self.peek() {
            if c != '}' {
                self.pos += c.len_utf8();
                self.push_text(&c.to_string());
            }
        }
    }

    /// Converts an argument on its own, without paragraphs, and gives its HTML.
    fn argument_html(&mut self) -> String {
        let start = self.out.len();
        let paragraph = self.paragraph_open;
        self.paragraph_open = false; // none is opened or closed inside
        self.flow.push(false);
        self.argument();
        self.flow.pop();
        self.paragraph_open = paragraph;
        self.out.split_off(start).trim().to_string()
    }

    /// An argument's text alone (its markup taken out), for a title or an `alt`.
    fn argument_text(&mut self) -> String {
        strip_tags(&self.argument_html())
    }

    fn heading(&mut self, level: u8, html: &str) {
        self.close_paragraph();
        if html.is_empty() {
            return;
        }
        self.out.push_str(&format!("<h{level}>{html}</h{level}>\n"));
    }

    /// Math between `$` delimiters (`$`, `$$`, Polygon's `$$$` and `$$$$$$`).
    fn dollar_math(&mut self) {
        // At most six: a long run of dollars is read six at a time, never counted whole.
        let run = self
            .rest()
            .bytes()
            .take(6)
            .take_while(|&b| b == b'$')
            .count();
        let (index, display) = match run {
            1 => (0, false),
            2 => (1, true),
            3..=5 => (2, false),
            _ => (3, true),
        };
        let delimiter = CLOSERS[index];
        let start = self.pos + delimiter.len();
        match self.find_closer(index, start) {
            Some(end) => {
                let formula = self.src[start..end].to_string();
                self.pos = end + delimiter.len();
                self.math(formula, display);
            }
            None => {
                // No closing delimiter: the dollars are text.
                self.pos += run;
                self.push_text(&"$".repeat(run));
            }
        }
    }

    /// Where the next `CLOSERS[index]` at or after `start` is, not escaped.
    fn find_closer(&mut self, index: usize, start: usize) -> Option<usize> {
        let from = match self.next_closer[index] {
            Closer::None => return None,
            Closer::At(at) if at >= start => return Some(at),
            _ => start,
        };
        let found = find_unescaped(self.src, from, CLOSERS[index]);
        self.next_closer[index] = found.map_or(Closer::None, Closer::At);
        found
    }

    fn math(&mut self, formula: String, display: bool) {
        if display {
            self.close_paragraph();
            let mathml = math::to_mathml(&formula, true);
            if self.in_flow() {
                self.out.push_str(&format!("<p>{mathml}</p>\n"));
            } else {
                self.out.push_str(&mathml);
            }
        } else {
            let mathml = math::to_mathml(&formula, false);
            self.push_html(&mathml);
        }
    }

    /// A table cell ends (`&`).
    fn end_cell(&mut self) {
        let Some(table) = self.tables.last_mut() else {
            return;
        };
        let cell = self.out.split_off(table.cell_start).trim().to_string();
        table.cells.push(cell);
    }

    /// A table row ends (`\\`).
    fn end_row(&mut self) {
        self.end_cell();
        if let Some(table) = self.tables.last_mut() {
            let cells = std::mem::take(&mut table.cells);
            table.rows.push(cells);
        }
    }

    /// A command, from its backslash; gives the closing tag of a declaration (`\bf`)
    /// that ends with the group.
    fn command(&mut self) -> Option<&'static str> {
        let rest = &self.rest()[1..];
        let len = command_name_len(rest);
        if len == 0 {
            // `\` at the very end.
            self.pos += 1;
            return None;
        }
        let name = rest[..len].to_string();
        self.pos += 1 + len;
        let is_word = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        if is_word {
            // A star form (`\section*`) reads as the command.
            if self.rest().starts_with('*') {
                self.pos += 1;
            }
        }
        self.named_command(&name, is_word)
    }

    fn named_command(&mut self, name: &str, is_word: bool) -> Option<&'static str> {
        match name {
            // Symbols.
            "\\" => {
                let _ = self.optional_raw();
                if self.tables.last().is_some_and(|t| t.depth == self.depth) {
                    self.end_row();
                } else {
                    self.push_html("<br>");
                }
            }
            "%" | "$" | "&" | "#" | "_" | "{" | "}" => self.push_text(name),
            " " | "," | ";" | ":" | "quad" | "qquad" | "\n" => self.push_text(" "),
            "-" | "/" | "@" | "!" | "noindent" | "centering" | "indent" | "hfill" | "vfill"
            | "raggedright" | "raggedleft" | "small" | "footnotesize" | "scriptsize" | "tiny"
            | "normalsize" | "large" | "Large" | "LARGE" | "huge" | "Huge" | "smallskip"
            | "medskip" | "bigskip" | "clearpage" | "newpage" | "pagebreak" | "nopagebreak"
            | "linebreak" | "maketitle" | "hline" | "toprule" | "midrule" | "bottomrule"
            | "sloppy" | "protect" | "relax" | "displaystyle" | "limits" => {}
            "ldots" | "dots" | "cdots" => self.push_text("…"),
            "textbackslash" => self.push_text("\\"),
            "LaTeX" => self.push_text("LaTeX"),
            "TeX" => self.push_text("TeX"),
            "textless" => self.push_text("<"),
            "textgreater" => self.push_text(">"),
            "textasciitilde" => self.push_text("~"),
            "textasciicircum" => self.push_text("^"),
            "textbar" => self.push_text("|"),
            "textendash" => self.push_text("–"),
            "textemdash" => self.push_text("—"),
            "copyright" => self.push_text("©"),
            "ss" => self.push_text("ß"),
            "o" => self.push_text("ø"),
            "O" => self.push_text("Ø"),
            "aa" => self.push_text("å"),
            "AA" => self.push_text("Å"),
            "ae" => self.push_text("æ"),
            "AE" => self.push_text("Æ"),
            "newline" => self.push_html("<br>"),
            "par" => self.close_paragraph(),
            "'" | "`" | "^" | "\"" | "~" | "c" | "=" | "." | "v" | "u" | "H" => {
                let mark = match name {
                    "'" => '\u{301}',
                    "`" => '\u{300}',
                    "^" => '\u{302}',
                    "\"" => '\u{308}',
                    "~" => '\u{303}',
                    "c" => '\u{327}',
                    "=" => '\u{304}',
                    "." => '\u{307}',
                    "v" => '\u{30c}',
                    "u" => '\u{306}',
                    _ => '\u{30b}',
                };
                let base = self.argument_text();
                self.push_text(&format!("{base}{mark}"));
            }
            // The title.
            "problemname" => {
                let title = self.argument_text();
                self.title = Some(title);
            }
            "title" => {
                let title = self.argument_text();
                self.title.get_or_insert(title);
            }
            // Sections.
            "section" | "chapter" => {
                let html = self.argument_html();
                self.heading(2, &html);
            }
            "subsection" => {
                let html = self.argument_html();
                self.heading(3, &html);
            }
            "subsubsection" | "paragraph" | "subparagraph" => {
                let html = self.argument_html();
                self.heading(4, &html);
            }
            "InputFile" | "Input" => self.heading(2, self.headings.input),
            "OutputFile" | "Output" => self.heading(2, self.headings.output),
            "Interaction" => self.heading(2, self.headings.interaction),
            "Scoring" => self.heading(2, self.headings.scoring),
            "Note" | "Notes" => self.heading(2, self.headings.notes),
            // Polygon's samples: the page shows the package's sample tests below.
            "Examples" | "Example" => {}
            "exmp" | "exmpfile" => {
                let _ = self.argument_raw();
                let _ = self.argument_raw();
            }
            // Emphasis.
            "emph" | "textit" | "textsl" => self.wrapped("<em>", "</em>"),
            "textbf" => self.wrapped("<strong>", "</strong>"),
            "texttt" => self.wrapped("<code>", "</code>"),
            "underline" => self.wrapped("<u>", "</u>"),
            "textsuperscript" => self.wrapped("<sup>", "</sup>"),
            "textsubscript" => self.wrapped("<sub>", "</sub>"),
            "bf" | "bfseries" => return Some(self.declared("<strong>", "</strong>")),
            "it" | "itshape" | "em" | "sl" | "slshape" => {
                return Some(self.declared("<em>", "</em>"))
            }
            "tt" | "ttfamily" => return Some(self.declared("<code>", "</code>")),
            // Links.
            "url" => {
                let address = self.argument_raw();
                self.link(&address, &escape(&address));
            }
            "href" => {
                let address = self.argument_raw();
                let text = self.argument_html();
                self.link(&address, &text);
            }
            "verb" => self.verb(),
            // Images.
            "includegraphics" => {
                let _ = self.optional_raw();
                let file = self.argument_raw();
                self.image(&file, "");
            }
            "illustration" => {
                let _ = self.argument_raw();
                let file = self.argument_raw();
                let caption = self.argument_html();
                self.close_paragraph();
                self.paragraph_open = false;
                self.image(&file, &strip_tags(&caption));
                if !caption.is_empty() {
                    self.push_html(&format!("<br><em>{caption}</em>"));
                }
                self.close_paragraph();
            }
            "caption" => {
                let caption = self.argument_html();
                self.close_paragraph();
                if !caption.is_empty() {
                    self.push_html(&format!("<em>{caption}</em>"));
                    self.close_paragraph();
                }
            }
            // Lists.
            "item" => self.item(),
            // Math.
            "[" => self.delimited_math(true),
            "(" => self.delimited_math(false),
            "begin" => self.environment(),
            // Whatever only sets things up, with its arguments.
            "label"
            | "ref"
            | "vspace"
            | "hspace"
            | "usepackage"
            | "documentclass"
            | "input"
            | "include"
            | "newcommand"
            | "renewcommand"
            | "providecommand"
            | "def"
            | "setlength"
            | "addtolength"
            | "pagestyle"
            | "thispagestyle"
            | "newenvironment"
            | "footnote"
            | "cline"
            | "sampletable"
            | "sampletableinteractive" => {
                let _ = self.optional_raw();
                let arguments = match name {
                    "setlength" | "addtolength" => 2,
                    "newenvironment" => 3,
                    "newcommand" | "renewcommand" | "providecommand" | "def" => {
                        // `\newcommand{\x}[1]{...}`: the name, optional counts, the body.
                        let _ = self.argument_raw();
                        let _ = self.optional_raw();
                        let _ = self.optional_raw();
                        1
                    }
                    _ => 1,
                };
                if name == "def" {
                    // `\def\x#1{...}`: the parameters up to the body.
                    let rest = self.rest();
                    let skip = rest.find(['{', '\n']).unwrap_or(rest.len());
                    self.pos += skip;
                }
                for _ in 0..arguments {
                    let _ = self.argument_raw();
                }
            }
            // Known to take one argument shown as it is.
            "textrm" | "textsf" | "textnormal" | "textsc" | "textup" | "mbox" | "text"
            | "centerline" | "fbox" => self.argument(),
            "multicolumn" => {
                let _ = self.argument_raw();
                let _ = self.argument_raw();
                self.argument();
            }
            _ if !is_word => self.push_text(name),
            // Unknown: its arguments' text.
            _ => {
                let _ = self.optional_raw();
                while self.rest().starts_with('{') {
                    self.argument();
                }
            }
        }
        None
    }

    /// `<open>argument</close>`.
    fn wrapped(&mut self, open: &str, close: &str) {
        let html = self.argument_html();
        self.push_html(&format!("{open}{html}{close}"));
    }

    /// Opens a declaration's tag; gives its closing one.
    fn declared(&mut self, open: &str, close: &'static str) -> &'static str {
        self.push_html(open);
        close
    }

    fn link(&mut self, address: &str, text_html: &str) {
        let address = address.trim();
        let text = if text_html.is_empty() {
            escape(address)
        } else {
            text_html.to_string()
        };
        self.push_html(&format!("<a href=\"{}\">{text}</a>", escape(address)));
    }

    fn image(&mut self, file: &str, alt: &str) {
        let file = file.trim();
        self.images.push(file.to_string());
        // problemtools finds `figure` as `figure.png` or `figure.jpg`.
        let src = (self.image)(file).or_else(|| {
            if file.contains('.') {
                return None;
            }
            ["png", "jpg", "jpeg", "gif", "webp"]
                .iter()
                .find_map(|extension| (self.image)(&format!("{file}.{extension}")))
        });
        if let Some(src) = src {
            self.push_html(&format!(
                "<img src=\"{}\" alt=\"{}\">",
                escape(&src),
                escape(alt)
            ));
        }
    }

    /// `\verb|text|`.
    fn verb(&mut self) {
        let Some(delimiter) = self.peek() else {
            return;
        };
        let start = self.pos + delimiter.len_utf8();
        let mut end = (start + MAX_VERB_BYTES).min(self.src.len());
        while !self.src.is_char_boundary(end) {
            end -= 1;
        }
        let window = &self.src[start..end];
        match window.find([delimiter, '\n']) {
            Some(end) if window[end..].starts_with(delimiter) => {
                let text = window[..end].to_string();
                self.pos = start + end + delimiter.len_utf8();
                self.push_html(&format!("<code>{}</code>", escape(&text)));
            }
            _ => {
                // No closing delimiter on the line: the delimiter is text.
                self.pos = start;
                self.push_text(&delimiter.to_string());
            }
        }
    }

    /// `\[...\]` or `\(...\)`; without its closing delimiter it is nothing.
    fn delimited_math(&mut self, display: bool) {
        let index = if display { 4 } else { 5 };
        let start = self.pos;
        if let Some(end) = self.find_closer(index, start) {
            let formula = self.src[start..end].to_string();
            self.pos = end + CLOSERS[index].len();
            self.math(formula, display);
        }
    }

    fn item(&mut self) {
        let rest = self.rest();
        let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let label = if rest[blanks..].starts_with('[') && self.depth < MAX_DEPTH {
            // The label is converted where it stands, up to its `]`.
            self.pos += blanks + 1;
            let start = self.out.len();
            let paragraph = self.paragraph_open;
            self.paragraph_open = false;
            self.flow.push(false);
            self.depth += 1;
            self.run(Stop::Bracket);
            self.depth -= 1;
            self.flow.pop();
            self.paragraph_open = paragraph;
            Some(self.out.split_off(start).trim().to_string())
        } else {
            None
        };
        if self.lists.is_empty() {
            self.push_text("• ");
            return;
        }
        self.close_paragraph();
        if let Some(open) = self.lists.last_mut() {
            if *open {
                let trimmed = self.out.trim_end_matches([' ', '\n']).len();
                self.out.truncate(trimmed);
                self.out.push_str("</li>\n");
            }
            *open = true;
        }
        self.out.push_str("<li>");
        if let Some(label) = label.filter(|l| !l.is_empty()) {
            self.out.push_str(&format!("<strong>{label}</strong> "));
        }
    }

    /// `\begin{name}...\end{name}`.
    fn environment(&mut self) {
        let name = self.argument_raw();
        let name = name.trim().trim_end_matches('*');
        if self.depth >= MAX_DEPTH {
            return; // Too deep: its content is read as it comes.
        }
        match name {
            "verbatim" | "lstlisting" | "minted" | "Verbatim" | "comment" => {
                let _ = self.optional_raw();
                if name == "minted" {
                    let _ = self.argument_raw();
                }
                let close = format!("\\end{{{name}}}");
                let rest = self.rest();
                let end = rest.find(&close).unwrap_or(rest.len());
                let text = rest[..end]
                    .trim_start_matches(['\r', '\n'])
                    .trim_end()
                    .to_string();
                self.pos += (end + close.len()).min(rest.len());
                if name != "comment" {
                    self.close_paragraph();
                    self.out
                        .push_str(&format!("<pre><code>{}</code></pre>\n", escape(&text)));
                }
                return;
            }
            "equation" | "displaymath" | "align" | "eqnarray" | "gather" | "multline" | "math" => {
                let close = format!("\\end{{{}", name);
                let rest = self.rest();
                let end = rest.find(&close).unwrap_or(rest.len());
                let body = rest[..end].to_string();
                let after = &rest[end..];
                let skip = after.find('}').map_or(after.len(), |n| n + 1);
                self.pos += end + skip;
                let formula = match name {
                    "align" | "eqnarray" => format!("\\begin{{aligned}}{body}\\end{{aligned}}"),
                    "gather" | "multline" => format!("\\begin{{gathered}}{body}\\end{{gathered}}"),
                    _ => body,
                };
                self.math(formula, name != "math");
                return;
            }
            _ => {}
        }
        self.depth += 1;
        match name {
            "itemize" | "enumerate" | "description" => {
                self.close_paragraph();
                let tag = if name == "enumerate" { "ol" } else { "ul" };
                self.out.push_str(&format!("<{tag}>\n"));
                self.lists.push(false);
                self.flow.push(false);
                self.run(Stop::Environment);
                self.flow.pop();
                self.close_paragraph();
                if self.lists.pop() == Some(true) {
                    let trimmed = self.out.trim_end_matches([' ', '\n']).len();
                    self.out.truncate(trimmed);
                    self.out.push_str("</li>\n");
                }
                self.out.push_str(&format!("</{tag}>\n"));
            }
            "tabular" | "tabularx" | "array" | "tabular*" => {
                if name == "tabularx" {
                    let _ = self.argument_raw();
                }
                let _ = self.optional_raw();
                let _ = self.argument_raw(); // the columns
                self.close_paragraph();
                self.flow.push(false);
                let cell_start = self.out.len();
                self.tables.push(Table {
                    rows: Vec::new(),
                    cells: Vec::new(),
                    cell_start,
                    depth: self.depth,
                });
                self.paragraph_open = false;
                // Cells are cut from the output as it is written: `&` or `\\` ends one.
                self.run(Stop::Environment);
                self.flow.pop();
                self.end_row();
                if let Some(table) = self.tables.pop() {
                    self.out.truncate(cell_start);
                    self.write_table(table);
                }
            }
            "problem" | "tutorial" => {
                let title = self.argument_text();
                if !title.is_empty() {
                    self.title.get_or_insert(title);
                }
                if name == "problem" {
                    for _ in 0..4 {
                        let _ = self.argument_raw();
                    }
                }
                self.run(Stop::Environment);
            }
            "quote" | "quotation" | "center" | "flushleft" | "flushright" | "figure" | "table"
            | "minipage" | "wrapfigure" => {
                let _ = self.optional_raw();
                if matches!(name, "minipage" | "wrapfigure") {
                    let _ = self.argument_raw();
                    if name == "wrapfigure" {
                        let _ = self.argument_raw();
                    }
                }
                self.close_paragraph();
                let quote = matches!(name, "quote" | "quotation");
                if quote {
                    self.out.push_str("<blockquote>\n");
                }
                self.flow.push(true);
                self.run(Stop::Environment);
                self.close_paragraph();
                self.flow.pop();
                if quote {
                    self.out.push_str("</blockquote>\n");
                }
            }
            "Input" | "Output" | "Interaction" | "Scoring" | "Notes" => {
                let heading = match name {
                    "Input" => self.headings.input,
                    "Output" => self.headings.output,
                    "Interaction" => self.headings.interaction,
                    "Scoring" => self.headings.scoring,
                    _ => self.headings.notes,
                };
                self.heading(2, heading);
                self.run(Stop::Environment);
                self.close_paragraph();
            }
            _ => {
                // Unknown: its content, its arguments left out.
                let _ = self.optional_raw();
                self.run(Stop::Environment);
            }
        }
        self.depth -= 1;
    }

    fn write_table(&mut self, table: Table) {
        let mut rows = table.rows;
        // A last `\\` (or `\hline`) leaves an empty row.
        while rows
            .last()
            .is_some_and(|row| row.iter().all(String::is_empty))
        {
            rows.pop();
        }
        self.out.push_str("<table>\n");
        for row in rows {
            self.out.push_str("<tr>");
            for cell in row {
                self.out.push_str(&format!("<td>{cell}</td>"));
            }
            self.out.push_str("</tr>\n");
        }
        self.out.push_str("</table>\n");
    }
}

/// The length of the command name at the start of `text` (after its backslash): letters,
/// or one other character.
fn command_name_len(text: &str) -> usize {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    if letters > 0 {
        letters
    } else {
        text.chars().next().map_or(0, char::len_utf8)
    }
}

fn is_letter_at(text: &str, at: usize) -> bool {
    text.as_bytes().get(at).is_some_and(u8::is_ascii_alphabetic)
}

/// Where the next `needle` at or after `from` is, not preceded by a backslash.
fn find_unescaped(text: &str, from: usize, needle: &str) -> Option<usize> {
    let mut start = from;
    while let Some(found) = text.get(start..)?.find(needle) {
        let at = start + found;
        let backslashes = text[..at].bytes().rev().take_while(|&b| b == b'\\').count();
        if backslashes % 2 == 0 {
            return Some(at);
        }
        start = at + needle.len();
    }
    None
}

/// HTML's text alone: its tags taken out, its entities read.
fn strip_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests;
