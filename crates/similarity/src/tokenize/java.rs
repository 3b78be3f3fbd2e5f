//! Java (tree-sitter-java).

use super::walker::{
    binary_kind, compound_operator, conditional_assignment, is_io_name, is_type, named_children,
    statements, while_loop, Walker,
};
use crate::token::Kind;
use tree_sitter::Node;

/// A call of an I/O method (`System.out.println`, `sc.nextInt`, `br.readLine`...).
fn is_io(w: &Walker, node: Node) -> bool {
    node.kind() == "method_invocation"
        && node
            .child_by_field_name("name")
            .is_some_and(|name| is_io_name(w.text(name)))
}

/// Statements that are I/O as a whole become one token.
fn statement(w: &mut Walker, node: Node) {
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
    } else {
        w.children(node, visit);
    }
}

/// A declaration gives an assignment per declarator with a value, nothing for the others.
fn declaration(w: &mut Walker, node: Node) {
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
        return;
    }
    let mut cursor = node.walk();
    let declarators: Vec<Node> = node
        .children_by_field_name("declarator", &mut cursor)
        .collect();
    for declarator in declarators {
        if let Some(value) = declarator.child_by_field_name("value") {
            w.emit(Kind::Assign, declarator);
            w.field(declarator, "name", visit);
            w.descend(value, visit);
        }
    }
}

/// `for (init; cond; update) body` as its `while` equivalent.
fn for_statement(w: &mut Walker, node: Node) {
    let mut cursor = node.walk();
    let inits: Vec<Node> = node.children_by_field_name("init", &mut cursor).collect();
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
    for group in named_children(body) {
        // `switch_block_statement_group` (`case a: ...`) or `switch_rule` (`case a -> ...`).
        for part in named_children(group) {
            match part.kind() {
                "switch_label" => {
                    for value in named_children(part) {
                        w.emit(Kind::If, part);
                        w.emit(Kind::Eq, part);
                        w.descend(subject, visit);
                        w.descend(value, visit);
                    }
                }
                "break_statement" => {}
                _ => w.descend(part, visit),
            }
        }
    }
}

/// Declarations whose order [`statements`] makes irrelevant.
fn is_declaration(kind: &str) -> bool {
    matches!(kind, "local_variable_declaration" | "field_declaration")
}

/// One node of a Java tree.
pub fn visit(w: &mut Walker, node: Node) {
    let kind = node.kind();
    if is_type(kind) {
        return;
    }
    match kind {
        "import_declaration"
        | "package_declaration"
        | "formal_parameters"
        | "throws"
        | "superclass"
        | "super_interfaces"
        | "type_parameters" => {}
        "class_declaration"
        | "interface_declaration"
        | "enum_declaration"
        | "record_declaration" => w.field(node, "body", visit),
        "method_declaration" | "constructor_declaration" | "lambda_expression" => {
            w.emit(Kind::Func, node);
            w.field(node, "body", visit);
        }
        "local_variable_declaration" | "field_declaration" | "constant_declaration" => {
            declaration(w, node)
        }
        "expression_statement" => statement(w, node),
        "return_statement" => {
            w.emit(Kind::Return, node);
            w.children(node, visit);
        }
        "break_statement" => w.emit(Kind::Break, node),
        "continue_statement" => {}
        "if_statement"
            if conditional_assignment(w, node, node.child_by_field_name("alternative"), visit) => {}
        "if_statement" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            if let Some(alternative) = node.child_by_field_name("alternative") {
                w.descend(alternative, visit);
            }
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
        "enhanced_for_statement" => {
            w.emit(Kind::ForEach, node);
            w.field(node, "value", visit);
            w.field(node, "body", visit);
        }
        "switch_expression" => switch(w, node),
        "block" | "class_body" | "program" => {
            statements(w, &named_children(node), is_declaration, visit)
        }
        "try_statement" | "try_with_resources_statement" => {
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
            if let Some(target) = named_children(node).first().copied() {
                w.compound(node, target, Kind::Arith, None, visit);
            }
        }
        "binary_expression" => {
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
            w.field(node, "operand", visit);
        }
        "cast_expression" => w.field(node, "value", visit),
        "method_invocation" => {
            if is_io(w, node) {
                w.emit(Kind::Io, node);
                return;
            }
            w.emit(Kind::Call, node);
            match node.child_by_field_name("object") {
                Some(object) => {
                    w.emit(Kind::Field, node);
                    w.descend(object, visit);
                }
                None => w.field(node, "name", visit),
            }
            w.field(node, "arguments", visit);
        }
        "field_access" => {
            w.emit(Kind::Field, node);
            w.field(node, "object", visit);
        }
        "array_access" => {
            w.emit(Kind::Index, node);
            w.field(node, "array", visit);
            w.field(node, "index", visit);
        }
        "ternary_expression" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            w.field(node, "alternative", visit);
        }
        "object_creation_expression" | "array_creation_expression" => {
            w.emit(Kind::New, node);
            w.children(node, visit);
        }
        "array_initializer" => {
            w.emit(Kind::List, node);
            w.children(node, visit);
        }
        "identifier" | "this" | "super" => w.emit(Kind::Id, node),
        "decimal_integer_literal"
        | "hex_integer_literal"
        | "octal_integer_literal"
        | "binary_integer_literal"
        | "decimal_floating_point_literal"
        | "hex_floating_point_literal"
        | "true"
        | "false"
        | "null_literal" => w.emit(Kind::Num, node),
        "string_literal" | "character_literal" => w.emit(Kind::Str, node),
        _ => w.children(node, visit),
    }
}
