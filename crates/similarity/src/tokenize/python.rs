//! Python (tree-sitter-python).

use super::walker::{
    binary_kind, compound_operator, conditional_assignment, is_io_name, is_type, named_children,
    while_loop, Walker,
};
use crate::token::Kind;
use tree_sitter::Node;

/// A call of `print`, `input`, `sys.stdin.readline`, `sys.stdout.write`...
fn is_io(w: &Walker, node: Node) -> bool {
    if node.kind() != "call" {
        return false;
    }
    let Some(function) = node.child_by_field_name("function") else {
        return false;
    };
    match function.kind() {
        "identifier" => is_io_name(w.text(function)),
        "attribute" => function
            .child_by_field_name("attribute")
            .is_some_and(|a| is_io_name(w.text(a))),
        _ => false,
    }
}

/// Statements that are I/O as a whole become one token.
fn statement(w: &mut Walker, node: Node) {
    let parts = named_children(node);
    if parts.len() == 1 && matches!(parts[0].kind(), "string" | "concatenated_string") {
        // A docstring is a comment.
        return;
    }
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
    } else {
        w.children(node, visit);
    }
}

/// `for i in range(a, b, s)` as the `while` loop it stands for (`i = a`, loop while
/// `i < b`, body, `i = i + s`), the same tokens as C's `for (i = a; i < b; i += s)`.
fn range_loop(w: &mut Walker, node: Node, variable: Node, args: &[Node]) {
    let (start, end, step) = match args {
        [end] => (None, *end, None),
        [start, end] => (Some(*start), *end, None),
        [start, end, step, ..] => (Some(*start), *end, Some(*step)),
        [] => return,
    };
    w.emit(Kind::Assign, node);
    w.descend(variable, visit);
    match start {
        Some(start) => w.descend(start, visit),
        None => w.emit(Kind::Num, node),
    }
    w.emit(Kind::Loop, node);
    w.emit(Kind::Rel, node);
    w.descend(variable, visit);
    w.descend(end, visit);
    w.field(node, "body", visit);
    w.compound(node, variable, Kind::Arith, step, visit);
}

fn for_statement(w: &mut Walker, node: Node) {
    let (Some(left), Some(right)) = (
        node.child_by_field_name("left"),
        node.child_by_field_name("right"),
    ) else {
        return;
    };
    if right.kind() == "call"
        && left.kind() == "identifier"
        && right
            .child_by_field_name("function")
            .is_some_and(|f| w.text(f) == "range")
    {
        let args: Vec<Node> = right
            .child_by_field_name("arguments")
            .map(named_children)
            .unwrap_or_default();
        if !args.is_empty() && args.iter().all(|a| a.kind() != "keyword_argument") {
            range_loop(w, node, left, &args);
            return;
        }
    }
    w.emit(Kind::ForEach, node);
    w.descend(right, visit);
    w.field(node, "body", visit);
    w.field(node, "alternative", visit);
}

/// `a < b <= c` as `a < b and b <= c`, as C writes it.
fn comparison(w: &mut Walker, node: Node) {
    let mut operands = Vec::new();
    let mut operators: Vec<String> = Vec::new();
    let mut pending = String::new();
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.is_named() {
            if !pending.is_empty() {
                operators.push(std::mem::take(&mut pending));
            }
            operands.push(child);
        } else {
            if !pending.is_empty() {
                pending.push(' ');
            }
            pending.push_str(w.text(child));
        }
    }
    if operands.len() < 2 || operators.len() + 1 != operands.len() {
        w.children(node, visit);
        return;
    }
    for _ in 2..operands.len() {
        w.emit(Kind::Logic, node);
    }
    for (i, op) in operators.iter().enumerate() {
        w.emit(binary_kind(op), node);
        w.descend(operands[i], visit);
        w.descend(operands[i + 1], visit);
    }
}

/// The `else` of an `if` that has no `elif`.
fn only_else(node: Node) -> Option<Node> {
    let mut cursor = node.walk();
    let alternatives: Vec<Node> = node
        .children_by_field_name("alternative", &mut cursor)
        .collect();
    match alternatives[..] {
        [only] if only.kind() == "else_clause" => Some(only),
        _ => None,
    }
}

/// One node of a Python tree.
pub fn visit(w: &mut Walker, node: Node) {
    let kind = node.kind();
    if is_type(kind) {
        return;
    }
    match kind {
        "import_statement"
        | "import_from_statement"
        | "future_import_statement"
        | "global_statement"
        | "nonlocal_statement"
        | "pass_statement"
        | "parameters"
        | "lambda_parameters" => {}
        "function_definition" | "lambda" => {
            w.emit(Kind::Func, node);
            w.field(node, "body", visit);
        }
        "class_definition" => w.field(node, "body", visit),
        "expression_statement" => statement(w, node),
        "assignment" => {
            if w.contains(node, &is_io) {
                w.emit(Kind::Io, node);
                return;
            }
            // `x: int` alone declares without a value: nothing.
            let Some(right) = node.child_by_field_name("right") else {
                return;
            };
            w.emit(Kind::Assign, node);
            w.field(node, "left", visit);
            w.descend(right, visit);
        }
        "augmented_assignment" => {
            if w.contains(node, &is_io) {
                w.emit(Kind::Io, node);
                return;
            }
            let op = node
                .child_by_field_name("operator")
                .map_or("", |o| w.text(o));
            if let Some(left) = node.child_by_field_name("left") {
                let op = compound_operator(op).unwrap_or(Kind::Arith);
                w.compound(node, left, op, node.child_by_field_name("right"), visit);
            }
        }
        "return_statement" => {
            w.emit(Kind::Return, node);
            w.children(node, visit);
        }
        "break_statement" => w.emit(Kind::Break, node),
        "continue_statement" => {}
        "if_statement" if conditional_assignment(w, node, only_else(node), visit) => {}
        "if_statement" | "elif_clause" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            let mut cursor = node.walk();
            let alternatives: Vec<Node> = node
                .children_by_field_name("alternative", &mut cursor)
                .collect();
            for alternative in alternatives {
                w.descend(alternative, visit);
            }
        }
        "else_clause" => {
            w.children(node, visit);
        }
        "while_statement" => {
            while_loop(
                w,
                node,
                node.child_by_field_name("condition"),
                node.child_by_field_name("body"),
                visit,
            );
            w.field(node, "alternative", visit);
        }
        "for_statement" => for_statement(w, node),
        "match_statement" => {
            w.emit(Kind::Switch, node);
            w.children(node, visit);
        }
        "case_clause" => {
            w.emit(Kind::Case, node);
            w.children(node, visit);
        }
        "try_statement" => {
            w.emit(Kind::Try, node);
            w.children(node, visit);
        }
        "raise_statement" => {
            w.emit(Kind::Throw, node);
            w.children(node, visit);
        }
        "binary_operator" | "boolean_operator" => {
            let op = node
                .child_by_field_name("operator")
                .map_or("", |o| w.text(o));
            w.emit(binary_kind(op), node);
            w.field(node, "left", visit);
            w.field(node, "right", visit);
        }
        "comparison_operator" => comparison(w, node),
        "not_operator" => w.field(node, "argument", visit),
        "unary_operator" => {
            let op = node
                .child_by_field_name("operator")
                .map_or("", |o| w.text(o));
            match op {
                "-" => w.emit(Kind::Neg, node),
                "~" => w.emit(Kind::Bit, node),
                _ => {}
            }
            w.field(node, "argument", visit);
        }
        "call" => {
            if is_io(w, node) {
                w.emit(Kind::Io, node);
                return;
            }
            w.emit(Kind::Call, node);
            w.field(node, "function", visit);
            w.field(node, "arguments", visit);
        }
        "keyword_argument" => w.field(node, "value", visit),
        "attribute" => {
            w.emit(Kind::Field, node);
            w.field(node, "object", visit);
        }
        "subscript" => {
            w.emit(Kind::Index, node);
            w.field(node, "value", visit);
            let mut cursor = node.walk();
            let subscripts: Vec<Node> = node
                .children_by_field_name("subscript", &mut cursor)
                .collect();
            for subscript in subscripts {
                w.descend(subscript, visit);
            }
        }
        "conditional_expression" => {
            // `a if c else b`: the condition first, as C's `c ? a : b`.
            let parts = named_children(node);
            if let [then, condition, otherwise] = parts[..] {
                w.emit(Kind::If, node);
                w.descend(condition, visit);
                w.descend(then, visit);
                w.descend(otherwise, visit);
            } else {
                w.children(node, visit);
            }
        }
        "list" | "dictionary" | "set" => {
            w.emit(Kind::List, node);
            w.children(node, visit);
        }
        "list_comprehension"
        | "generator_expression"
        | "set_comprehension"
        | "dictionary_comprehension" => {
            w.emit(Kind::ForEach, node);
            w.children(node, visit);
        }
        "identifier" => w.emit(Kind::Id, node),
        "integer" | "float" | "true" | "false" | "none" => w.emit(Kind::Num, node),
        "string" | "concatenated_string" => w.emit(Kind::Str, node),
        _ => w.children(node, visit),
    }
}
