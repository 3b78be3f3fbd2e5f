//! The text digest: a hash of a file's syntax tree with its comments and layout left out,
//! so that two files with the same digest are the same program written out the same way
//! (byte-identical, or re-indented, re-wrapped, commented differently). The comparison
//! scores such files 100 % whatever else it discounts.

use super::walker::is_comment;
use std::hash::{DefaultHasher, Hasher};
use tree_sitter::Node;

/// Written when a node's children end, so that the same leaves under another nesting
/// (a Python statement moved into a loop) give another digest.
const END_OF_CHILDREN: u8 = 0xff;

/// Whether a node stands for its whole text: a literal's content is not always a child
/// of its own (the quotes may be its only children), so it is hashed as one leaf.
fn is_literal(kind: &str) -> bool {
    kind.contains("string") || kind.contains("literal") || kind.ends_with("char")
}

/// The digest of the tree under `root` (of `source`): every node's kind, every leaf's
/// text, in order, comments left out; whitespace between tokens never counts.
pub fn text_digest(root: Node, source: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    let mut cursor = root.walk();
    let mut depth = 0usize;
    loop {
        let node = cursor.node();
        let kind = node.kind();
        let mut descend = false;
        if !is_comment(kind) {
            hasher.write_u16(node.kind_id());
            if node.child_count() == 0 || is_literal(kind) {
                let text = source
                    .get(node.start_byte()..node.end_byte())
                    .unwrap_or(&[]);
                hasher.write_usize(text.len());
                hasher.write(text);
            } else {
                descend = true;
            }
        }
        // The cursor walks the tree without recursion: a hostile file nested 100,000
        // deep costs time, not stack.
        if descend && cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if depth > 0 && cursor.goto_next_sibling() {
                break;
            }
            if depth == 0 || !cursor.goto_parent() {
                return hasher.finish();
            }
            depth -= 1;
            hasher.write_u8(END_OF_CHILDREN);
        }
    }
}
