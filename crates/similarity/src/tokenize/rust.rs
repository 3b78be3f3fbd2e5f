//! Rust (tree-sitter-rust).

use super::walker::{binary_kind, compound_operator, is_io_name, is_type, named_children, Walker};
use crate::token::Kind;
use tree_sitter::Node;

/// The macros that write output.
fn is_io_macro(name: &str) -> bool {
    matches!(
        name,
        "println" | "print" | "eprintln" | "eprint" | "write" | "writeln"
    )
}

/// An I/O macro or a call of an I/O function or method (`stdin()`, `.read_line(..)`).
fn is_io(w: &Walker, node: Node) -> bool {
    match node.kind() {
        "macro_invocation" => node
            .child_by_field_name("macro")
            .is_some_and(|m| is_io_macro(w.text(m).rsplit("::").next().unwrap_or(""))),
        "call_expression" => node.child_by_field_name("function").is_some_and(|f| {
            let name = match f.kind() {
                "field_expression" => f.child_by_field_name("field").map_or("", |n| w.text(n)),
                _ => w.text(f).rsplit("::").next().unwrap_or(""),
            };
            is_io_name(name)
        }),
        _ => false,
    }
}

/// Statements that are I/O as a whole become one token.
fn statement(w: &mut Walker, node: Node) {
    if w.contains(node, &is_io) {
        w.emit(Kind::Io, node);
    } else {
        w.children(node, visit);
    }
}

/// `for i in a..b` as the `while` loop it stands for.
fn for_expression(w: &mut Walker, node: Node) {
    let (Some(pattern), Some(value)) = (
        node.child_by_field_name("pattern"),
        node.child_by_field_name("value"),
    ) else {
        return;
    };
    let bounds = named_children(value);
    if value.kind() == "range_expression" && pattern.kind() == "identifier" && bounds.len() == 2 {
        w.emit(Kind::Assign, node);
        w.descend(pattern, visit);
        w.descend(bounds[0], visit);
        w.emit(Kind::Loop, node);
        w.emit(Kind::Rel, node);
        w.descend(pattern, visit);
        w.descend(bounds[1], visit);
        w.field(node, "body", visit);
        w.compound(node, pattern, Kind::Arith, None, visit);
        return;
    }
    w.emit(Kind::ForEach, node);
    w.descend(value, visit);
    w.field(node, "body", visit);
}

/// One node of a Rust tree.
pub fn visit(w: &mut Walker, node: Node) {
    let kind = node.kind();
    if is_type(kind) {
        return;
    }
    match kind {
        "use_declaration"
        | "extern_crate_declaration"
        | "attribute_item"
        | "inner_attribute_item"
        | "struct_item"
        | "enum_item"
        | "type_item"
        | "parameters"
        | "closure_parameters"
        | "mod_item"
        | "macro_definition"
        | "trait_item"
        | "union_item" => {}
        "function_item" | "closure_expression" => {
            w.emit(Kind::Func, node);
            w.field(node, "body", visit);
        }
        "impl_item" => w.field(node, "body", visit),
        "expression_statement" => statement(w, node),
        "let_declaration" | "const_item" | "static_item" => {
            if w.contains(node, &is_io) {
                w.emit(Kind::Io, node);
                return;
            }
            let Some(value) = node.child_by_field_name("value") else {
                return;
            };
            w.emit(Kind::Assign, node);
            w.field(node, "pattern", visit);
            w.field(node, "name", visit);
            w.descend(value, visit);
        }
        "return_expression" => {
            w.emit(Kind::Return, node);
            w.children(node, visit);
        }
        "break_expression" => w.emit(Kind::Break, node),
        "continue_expression" => {}
        "if_expression" => {
            w.emit(Kind::If, node);
            w.field(node, "condition", visit);
            w.field(node, "consequence", visit);
            w.field(node, "alternative", visit);
        }
        "else_clause" => {
            w.children(node, visit);
        }
        "while_expression" => {
            w.emit(Kind::Loop, node);
            w.field(node, "condition", visit);
            w.field(node, "body", visit);
        }
        "loop_expression" => {
            w.emit(Kind::Loop, node);
            w.field(node, "body", visit);
        }
        "for_expression" => for_expression(w, node),
        "match_expression" => {
            w.emit(Kind::Switch, node);
            w.children(node, visit);
        }
        "match_arm" => {
            w.emit(Kind::Case, node);
            w.children(node, visit);
        }
        "assignment_expression" => {
            w.emit(Kind::Assign, node);
            w.field(node, "left", visit);
            w.field(node, "right", visit);
        }
        "compound_assignment_expr" => {
            let op = node
                .child_by_field_name("operator")
                .map_or("", |o| w.text(o));
            if let Some(left) = node.child_by_field_name("left") {
                let op = compound_operator(op).unwrap_or(Kind::Arith);
                w.compound(node, left, op, node.child_by_field_name("right"), visit);
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
            let text = w.text(node);
            if text.starts_with('-') {
                w.emit(Kind::Neg, node);
            }
            w.children(node, visit);
        }
        "negative_literal" => {
            w.emit(Kind::Neg, node);
            w.emit(Kind::Num, node);
        }
        "reference_expression" => w.field(node, "value", visit),
        "type_cast_expression" => w.field(node, "value", visit),
        "call_expression" => {
            if is_io(w, node) {
                w.emit(Kind::Io, node);
                return;
            }
            w.emit(Kind::Call, node);
            w.field(node, "function", visit);
            w.field(node, "arguments", visit);
        }
        "macro_invocation" => {
            let name = node
                .child_by_field_name("macro")
                .map_or("", |m| w.text(m).rsplit("::").next().unwrap_or(""));
            if is_io_macro(name) {
                w.emit(Kind::Io, node);
            } else if name == "vec" {
                w.emit(Kind::List, node);
            } else {
                w.emit(Kind::Call, node);
            }
        }
        "field_expression" => {
            w.emit(Kind::Field, node);
            w.field(node, "value", visit);
        }
        "index_expression" => {
            w.emit(Kind::Index, node);
            w.children(node, visit);
        }
        "struct_expression" => {
            w.emit(Kind::New, node);
            w.field(node, "body", visit);
        }
        "array_expression" => {
            w.emit(Kind::List, node);
            w.children(node, visit);
        }
        "identifier"
        | "scoped_identifier"
        | "self"
        | "field_identifier"
        | "shorthand_field_identifier" => w.emit(Kind::Id, node),
        "integer_literal" | "float_literal" | "boolean_literal" => w.emit(Kind::Num, node),
        "string_literal" | "raw_string_literal" | "char_literal" => w.emit(Kind::Str, node),
        _ => w.children(node, visit),
    }
}
