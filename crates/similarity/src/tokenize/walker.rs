//! The tree walk the language modules share: emitting tokens with their source spans,
//! visiting children, and the operator classes every language maps its operators to.

use crate::token::{Kind, Token};
use tree_sitter::Node;

/// How deep the walk descends; a deeper subtree (only machine-made code nests so deep)
/// makes no tokens, so that a hostile file cannot overflow the stack.
pub const MAX_DEPTH: usize = 400;

/// The tokens written so far, and what the walk needs of the source.
pub struct Walker<'s> {
    /// The source.
    pub source: &'s [u8],
    /// The tokens so far.
    pub tokens: Vec<Token>,
    /// How deep the walk is.
    pub depth: usize,
}

impl<'s> Walker<'s> {
    /// A walk over `source`.
    pub fn new(source: &'s [u8]) -> Walker<'s> {
        Walker {
            source,
            tokens: Vec::new(),
            depth: 0,
        }
    }

    /// Emits a token standing for `node`.
    pub fn emit(&mut self, kind: Kind, node: Node) {
        self.tokens.push(Token {
            kind,
            start: node.start_byte() as u32,
            end: node.end_byte() as u32,
        });
    }

    /// The node's text ("" if it is not UTF-8, which the tokenizer has ruled out).
    pub fn text(&self, node: Node) -> &'s str {
        std::str::from_utf8(&self.source[node.start_byte()..node.end_byte()]).unwrap_or("")
    }

    /// Visits `node` with `visit`, unless the walk is too deep.
    pub fn descend(&mut self, node: Node, visit: fn(&mut Walker<'s>, Node)) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        visit(self, node);
        self.depth -= 1;
    }

    /// Visits every named child of `node` that is not a comment.
    pub fn children(&mut self, node: Node, visit: fn(&mut Walker<'s>, Node)) {
        for child in named_children(node) {
            self.descend(child, visit);
        }
    }

    /// Visits the child in `field`, if any.
    pub fn field(&mut self, node: Node, field: &str, visit: fn(&mut Walker<'s>, Node)) {
        if let Some(child) = node.child_by_field_name(field) {
            self.descend(child, visit);
        }
    }

    /// Emits `x = x <op> <rhs>` for a compound assignment `x op= rhs`: the canonical
    /// form, so that `i += 1`, `i++` and `i = i + 1` give the same tokens.
    pub fn compound(
        &mut self,
        node: Node,
        target: Node,
        op: Kind,
        rhs: Option<Node>,
        visit: fn(&mut Walker<'s>, Node),
    ) {
        self.emit(Kind::Assign, node);
        self.descend(target, visit);
        self.emit(op, node);
        self.descend(target, visit);
        match rhs {
            Some(rhs) => self.descend(rhs, visit),
            None => self.emit(Kind::Num, node),
        }
    }

    /// True when `node` or anything under it satisfies `test` (the walk stops at the
    /// first).
    pub fn contains(&self, node: Node, test: &dyn Fn(&Walker<'s>, Node) -> bool) -> bool {
        let mut cursor = node.walk();
        let mut depth = 0usize;
        loop {
            let current = cursor.node();
            if test(self, current) {
                return true;
            }
            if depth < MAX_DEPTH && cursor.goto_first_child() {
                depth += 1;
                continue;
            }
            loop {
                if depth == 0 {
                    return false;
                }
                if cursor.goto_next_sibling() {
                    break;
                }
                cursor.goto_parent();
                depth -= 1;
            }
        }
    }
}

/// Whether a loop's condition is always true: none (`for (;;)`), or `true`, `1` or
/// `True`, in parentheses or not.
pub fn is_always_true(w: &Walker, condition: Option<Node>) -> bool {
    let Some(condition) = condition else {
        return true;
    };
    let text = w.text(condition);
    let bare = text.trim_matches(|c: char| c == '(' || c == ')' || c.is_whitespace());
    matches!(bare, "true" | "1" | "True")
}

/// Block kinds of every grammar (a body in braces, an indented Python suite).
fn is_block(kind: &str) -> bool {
    matches!(kind, "block" | "compound_statement")
}

/// The exit test of a loop body that begins with `if (c) break;` (no `else`): that `if`'s
/// condition and the body's statements after it. `while (true) { if (c) break; rest }`
/// is then written as `while (!c) { rest }` (`!` makes no token).
pub fn leading_exit_test(body: Node) -> Option<(Node, Vec<Node>)> {
    if !is_block(body.kind()) {
        return None;
    }
    let statements = named_children(body);
    let (first, rest) = statements.split_first()?;
    if first.kind() != "if_statement" || first.child_by_field_name("alternative").is_some() {
        return None;
    }
    let consequence = first.child_by_field_name("consequence")?;
    let breaks = match consequence.kind() {
        "break_statement" => true,
        kind if is_block(kind) => {
            let inner = named_children(consequence);
            inner.len() == 1 && inner[0].kind() == "break_statement"
        }
        _ => false,
    };
    if !breaks {
        return None;
    }
    Some((first.child_by_field_name("condition")?, rest.to_vec()))
}

/// A `while` loop (or a `for` loop's loop part): `Loop`, its condition, its body; one
/// that runs for ever and tests its exit first thing is written as a loop on that test.
pub fn while_loop<'s>(
    w: &mut Walker<'s>,
    node: Node,
    condition: Option<Node>,
    body: Option<Node>,
    visit: fn(&mut Walker<'s>, Node),
) {
    w.emit(Kind::Loop, node);
    if is_always_true(w, condition) {
        if let Some((test, rest)) = body.and_then(leading_exit_test) {
            w.descend(test, visit);
            for statement in rest {
                w.descend(statement, visit);
            }
            return;
        }
    }
    if let Some(condition) = condition {
        w.descend(condition, visit);
    }
    if let Some(body) = body {
        w.descend(body, visit);
    }
}

/// Visits a block's `statements` in order, except that the variables of each run of
/// consecutive declarations (`is_declaration`) are written in one canonical order (by
/// the tokens each gives), so that neither the order in which variables are declared nor
/// how they are grouped (`int a = 0, b = 1;` or two declarations) makes a difference.
pub fn statements<'s>(
    w: &mut Walker<'s>,
    statements: &[Node],
    is_declaration: fn(&str) -> bool,
    visit: fn(&mut Walker<'s>, Node),
) {
    let mut run: Vec<Vec<Token>> = Vec::new();
    for statement in statements {
        if is_declaration(statement.kind()) {
            let start = w.tokens.len();
            w.descend(*statement, visit);
            let tokens = w.tokens.split_off(start);
            // Each variable's tokens begin with its declarator's assignment, whose span
            // holds the rest (an assignment inside its value lies within it).
            // (A declaration that is I/O as a whole is one token, one item.)
            let mut end = None;
            for token in tokens {
                match (run.last_mut(), end) {
                    (Some(item), Some(end)) if token.kind != Kind::Assign || token.start < end => {
                        item.push(token)
                    }
                    _ => {
                        end = Some(token.end);
                        run.push(vec![token]);
                    }
                }
            }
        } else {
            flush_declarations(w, &mut run);
            w.descend(*statement, visit);
        }
    }
    flush_declarations(w, &mut run);
}

/// Writes a run of declarations' tokens in canonical order.
fn flush_declarations(w: &mut Walker, run: &mut Vec<Vec<Token>>) {
    run.sort_by(|x, y| x.iter().map(|t| t.kind).cmp(y.iter().map(|t| t.kind)));
    for tokens in run.drain(..) {
        w.tokens.extend(tokens);
    }
}

/// The one statement of `node`, through blocks of one statement and `else` clauses.
fn only_statement(node: Node) -> Option<Node> {
    let mut node = node;
    for _ in 0..4 {
        match node.kind() {
            kind if is_block(kind) || kind == "else_clause" || kind == "expression_statement" => {
                match named_children(node)[..] {
                    [only] => node = only,
                    _ => return None,
                }
            }
            _ => return Some(node),
        }
    }
    Some(node)
}

/// `target = value` (a plain assignment, not `+=`): its two sides.
fn plain_assignment<'t>(w: &Walker, node: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
    let node = only_statement(node)?;
    if !matches!(node.kind(), "assignment_expression" | "assignment") {
        return None;
    }
    if node
        .child_by_field_name("operator")
        .is_some_and(|o| w.text(o) != "=")
    {
        return None;
    }
    Some((
        node.child_by_field_name("left")?,
        node.child_by_field_name("right")?,
    ))
}

/// `if (c) x = a; else x = b;` written as `x = c ? a : b;` (an assignment, then the
/// conditional's `If`, condition, both values): true if `node`, an `if` statement with
/// the one `alternative`, is such a pair of assignments to the same target.
pub fn conditional_assignment<'s>(
    w: &mut Walker<'s>,
    node: Node,
    alternative: Option<Node>,
    visit: fn(&mut Walker<'s>, Node),
) -> bool {
    let (Some(condition), Some(consequence), Some(alternative)) = (
        node.child_by_field_name("condition"),
        node.child_by_field_name("consequence"),
        alternative,
    ) else {
        return false;
    };
    let (Some((target, then)), Some((other, otherwise))) = (
        plain_assignment(w, consequence),
        plain_assignment(w, alternative),
    ) else {
        return false;
    };
    if w.text(target) != w.text(other) {
        return false;
    }
    w.emit(Kind::Assign, node);
    w.descend(target, visit);
    w.emit(Kind::If, node);
    w.descend(condition, visit);
    w.descend(then, visit);
    w.descend(otherwise, visit);
    true
}

/// The named children of `node` that are not comments.
pub fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_comment(c.kind()))
        .collect()
}

/// Comments of every grammar.
pub fn is_comment(kind: &str) -> bool {
    matches!(
        kind,
        "comment" | "line_comment" | "block_comment" | "doc_comment"
    )
}

/// Node kinds that say what type something has: they make no token, so that changing
/// `int` to `long long` or `ArrayList` to `LinkedList` changes nothing.
pub fn is_type(kind: &str) -> bool {
    kind.ends_with("_type")
        || kind.starts_with("type_")
        || kind == "type"
        || kind.ends_with("type_specifier")
        || kind.ends_with("_qualifier")
        || kind.ends_with("_specifier") && kind != "struct_specifier" && kind != "class_specifier"
        || matches!(
            kind,
            "template_argument_list"
                | "type_arguments"
                | "dimensions"
                | "modifiers"
                | "attribute"
                | "attribute_item"
                | "decorator"
                | "annotation"
                | "marker_annotation"
                | "visibility_modifier"
                | "mutable_specifier"
                | "lifetime"
                | "auto"
                | "placeholder_type_specifier"
        )
}

/// The class of a binary operator's text.
pub fn binary_kind(op: &str) -> Kind {
    match op {
        "+" | "-" => Kind::Arith,
        "*" | "/" | "%" | "//" | "**" | "@" => Kind::Mul,
        "<" | ">" | "<=" | ">=" | "in" | "not in" | "instanceof" => Kind::Rel,
        "==" | "!=" | "is" | "is not" | "<>" => Kind::Eq,
        "&&" | "||" | "and" | "or" => Kind::Logic,
        _ => Kind::Bit,
    }
}

/// The operator of a compound assignment (`+=` gives `+`), if `op` is one.
pub fn compound_operator(op: &str) -> Option<Kind> {
    let base = op.strip_suffix('=')?;
    if base.is_empty() || matches!(base, "=" | "!" | "<" | ">") {
        return None;
    }
    Some(binary_kind(base))
}

/// Names of the calls that read input or write output, in every language: a call of one
/// of them (or a method of that name) is [`Kind::Io`].
pub fn is_io_name(name: &str) -> bool {
    matches!(
        name,
        "printf"
            | "scanf"
            | "puts"
            | "putchar"
            | "getchar"
            | "gets"
            | "fgets"
            | "fputs"
            | "fprintf"
            | "fscanf"
            | "fread"
            | "fwrite"
            | "fflush"
            | "getline"
            | "getc"
            | "putc"
            | "sync_with_stdio"
            | "tie"
            | "print"
            | "println"
            | "input"
            | "readline"
            | "readlines"
            | "readLine"
            | "read"
            | "write"
            | "flush"
            | "nextInt"
            | "nextLong"
            | "nextLine"
            | "nextDouble"
            | "next"
            | "nextToken"
            | "hasNext"
            | "hasNextInt"
            | "read_line"
            | "read_to_string"
            | "stdin"
            | "stdout"
            | "lines"
    )
}
