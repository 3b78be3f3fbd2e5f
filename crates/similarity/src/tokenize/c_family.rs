//! C and C++ (tree-sitter-c, tree-sitter-cpp: C++'s node kinds are a superset of C's, so
//! one walk serves both and a C program translated to C++ gives the same tokens where the
//! code does the same).

use super::walker::{
    binary_kind, compound_operator, conditional_assignment, is_io_name, is_type, named_children,
    statements, while_loop, Walker,
};
use crate::token::Kind;
use tree_sitter::Node;

/// The name a call calls: the last identifier of its function (`std::printf`, `q.push`).
fn callee_name<'s>(w: &Walker<'s>, call: Node) -> &'s str {
    let Some(function) = call.child_by_field_name("function") else {
        return "";
    };
    match function.kind() {
        "identifier" => w.text(function),
        "field_expression" => function
            .child_by_field_name("field")
            .map_or("", |f| w.text(f)),
        "qualified_identifier" => function
            .child_by_field_name("name")
            .map_or("", |f| w.text(f)),
        _ => "",
    }
}

/// A stream operand: `cin`, `cout`, `cerr`, `std::cout`...
fn is_stream(w: &Walker, node: Node) -> bool {
    let text = w.text(node);
    let name = text.rsplit("::").next().unwrap_or(text);
    matches!(name, "cin" | "cout" | "cerr" | "clog")
}

/// `cin >> x >> y` or `cout << x << endl`: the leftmost operand of a shift chain is a stream.
fn is_stream_shift(w: &Walker, node: Node) -> bool {
    if node.kind() != "binary_expression" {
        return false;
    }
    let mut left = node;
    while left.kind() == "binary_expression" {
        let op = left
            .child_by_field_name("operator")
            .map_or("", |o| w.text(o));
        if op != "<<" && op != ">>" {
            return false;
        }
        match left.child_by_field_name("left") {
            Some(next) => left = next,
            None => return false,
        }
    }
    is_stream(w, left)
}

/// Reads or writes: an I/O call or a stream shift.
fn is_io(w: &Walker, node: Node) -> bool {
    (node.kind() == "call_expression" && is_io_name(callee_name(w, node)))
        || is_stream_shift(w, node)
}

/// Statements that are I/O as a whole become one token.
fn statement(w: &mut Walker, node: Node) {
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
    } else {
        w.children(node, visit);
    }
}

/// `int a = 1, b[2] = {0, 1};` gives an assignment per initialised declarator; one
/// without a value gives nothing, so that where a variable is declared does not matter.
fn declaration(w: &mut Walker, node: Node) {
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
        return;
    }
    let mut cursor = node.walk();
    for declarator in node.children_by_field_name("declarator", &mut cursor) {
        if declarator.kind() == "init_declarator" {
            w.emit(Kind::Assign, declarator);
            if let Some(name) = declarator.child_by_field_name("declarator") {
                w.descend(name, declarator_name);
            }
            w.field(declarator, "value", visit);
        } else if declarator.kind() == "function_declarator" {
            // A prototype: nothing.
        }
    }
}

/// The variable a declarator declares (`*p`, `a[10]`, `&r` all give one identifier).
fn declarator_name(w: &mut Walker, node: Node) {
    match node.kind() {
        "identifier" | "field_identifier" => w.emit(Kind::Id, node),
        _ => {
            if let Some(inner) = node.child_by_field_name("declarator") {
                w.descend(inner, declarator_name);
            } else {
                for child in named_children(node) {
                    if child.kind() == "identifier" {
                        w.emit(Kind::Id, child);
                    }
                }
            }
        }
    }
}

/// `for (init; cond; update) body` as its `while` equivalent: init, loop, cond, body, update.
fn for_statement(w: &mut Walker, node: Node) {
    let mut cursor = node.walk();
    let inits: Vec<Node> = node
        .children_by_field_name("initializer", &mut cursor)
        .collect();
    for init in inits {
        w.descend(init, visit);
    }
    while_loop(
        w,
        node,
        node.child_by_field_name("condition"),
        node.child_by_field_name("body"),
        visit,
    );
    let mut cursor = node.walk();
    let updates: Vec<Node> = node.children_by_field_name("update", &mut cursor).collect();
    for update in updates {
        w.descend(update, visit);
    }
}

/// `switch (s) { case a: A; break; default: D; }` as its `if` chain, `if (s == a) A;
/// else D;`: each case value is an `if` on subject and value, `default` the final `else`
/// (no token), a `break` that ends a case nothing.
fn switch(w: &mut Walker, node: Node) {
    let (Some(subject), Some(body)) = (
        node.child_by_field_name("condition"),
        node.child_by_field_name("body"),
    ) else {
        w.children(node, visit);
        return;
    };
    for case in named_children(body) {
        if case.kind() != "case_statement" {
            w.descend(case, visit);
            continue;
        }
        let value = case.child_by_field_name("value");
        if let Some(value) = value {
            w.emit(Kind::If, case);
            w.emit(Kind::Eq, case);
            w.descend(subject, visit);
            w.descend(value, visit);
        }
        for statement in named_children(case) {
            if Some(statement) != value && statement.kind() != "break_statement" {
                w.descend(statement, visit);
            }
        }
    }
}

/// Declarations whose order [`statements`] makes irrelevant.
fn is_declaration(kind: &str) -> bool {
    matches!(kind, "declaration" | "field_declaration")
}

/// One node of a C or C++ tree.
pub fn visit(w: &mut Walker, node: Node) {
    let kind = node.kind();
    if is_type(kind) {
        return;
    }
    match kind {
        "break_statement" => w.emit(Kind::Break, node),
        "preproc_include"
        | "using_declaration"
        | "alias_declaration"
        | "type_definition"
        | "union_specifier"
        | "enum_specifier"
        | "preproc_call"
        | "preproc_function_def"
        | "static_assert_declaration"
        | "namespace_alias_definition"
        | "parameter_list"
        | "goto_statement"
        | "statement_identifier"
        | "template_parameter_list" => {}
        "preproc_def" => {
            // `#define N 1005` is a constant like `const int N = 1005;`.
            if node.child_by_field_name("value").is_some() {
                w.emit(Kind::Assign, node);
                w.emit(Kind::Id, node);
                w.emit(Kind::Num, node);
            }
        }
        "function_definition" => {
            w.emit(Kind::Func, node);
            w.field(node, "body", visit);
        }
        "lambda_expression" => {
            w.emit(Kind::Func, node);
            w.field(node, "body", visit);
        }
        "declaration" | "field_declaration" => declaration(w, node),
        "expression_statement" => statement(w, node),
        "return_statement" => {
            w.emit(Kind::Return, node);
            w.children(node, visit);
        }
        "continue_statement" => {}
        "if_statement"
            if conditional_assignment(w, node, node.child_by_field_name("alternative"), visit) => {}
        "if_statement" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            w.field(node, "alternative", visit);
        }
        "else_clause" => {
            w.children(node, visit);
        }
        // A do-while loop is written as the while loop it nearly is.
        "while_statement" | "do_statement" => while_loop(
            w,
            node,
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
            visit,
        ),
        "for_statement" => for_statement(w, node),
        "for_range_loop" => {
            w.emit(Kind::ForEach, node);
            w.field(node, "right", visit);
            w.field(node, "body", visit);
        }
        "switch_statement" => switch(w, node),
        "compound_statement" | "translation_unit" | "field_declaration_list" => {
            statements(w, &named_children(node), is_declaration, visit)
        }
        "try_statement" => {
            w.emit(Kind::Try, node);
            w.children(node, visit);
        }
        "throw_statement" => {
            w.emit(Kind::Throw, node);
            w.children(node, visit);
        }
        "assignment_expression" => {
            let op = node
                .child_by_field_name("operator")
                .map_or("=", |o| w.text(o));
            let (Some(left), right) = (
                node.child_by_field_name("left"),
                node.child_by_field_name("right"),
            ) else {
                return;
            };
            match compound_operator(op) {
                Some(op) => w.compound(node, left, op, right, visit),
                None => {
                    w.emit(Kind::Assign, node);
                    w.descend(left, visit);
                    if let Some(right) = right {
                        w.descend(right, visit);
                    }
                }
            }
        }
        "update_expression" => {
            if let Some(target) = node.child_by_field_name("argument") {
                w.compound(node, target, Kind::Arith, None, visit);
            }
        }
        "binary_expression" => {
            if is_stream_shift(w, node) {
                w.emit(Kind::Io, node);
                return;
            }
            let op = node
                .child_by_field_name("operator")
                .map_or("", |o| w.text(o));
            w.emit(binary_kind(op), node);
            w.field(node, "left", visit);
            w.field(node, "right", visit);
        }
        "unary_expression" => {
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
        "pointer_expression" | "cast_expression" => w.field(node, "argument", visit),
        "call_expression" => {
            if is_io(w, node) {
                w.emit(Kind::Io, node);
                return;
            }
            w.emit(Kind::Call, node);
            w.field(node, "function", visit);
            w.field(node, "arguments", visit);
        }
        "field_expression" => {
            w.emit(Kind::Field, node);
            w.field(node, "argument", visit);
        }
        "subscript_expression" => {
            w.emit(Kind::Index, node);
            w.field(node, "argument", visit);
            w.field(node, "index", visit);
            w.field(node, "indices", visit);
        }
        "conditional_expression" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            w.field(node, "alternative", visit);
        }
        "new_expression" | "compound_literal_expression" => {
            w.emit(Kind::New, node);
            w.children(node, visit);
        }
        "initializer_list" => {
            w.emit(Kind::List, node);
            w.children(node, visit);
        }
        "identifier"
        | "qualified_identifier"
        | "this"
        | "field_identifier"
        | "namespace_identifier"
        | "template_function"
        | "destructor_name" => w.emit(Kind::Id, node),
        "number_literal"
        | "true"
        | "false"
        | "null"
        | "nullptr"
        | "sizeof_expression"
        | "alignof_expression"
        | "user_defined_literal" => w.emit(Kind::Num, node),
        "string_literal"
        | "char_literal"
        | "concatenated_string"
        | "raw_string_literal"
        | "system_lib_string" => w.emit(Kind::Str, node),
        _ => w.children(node, visit),
    }
}
