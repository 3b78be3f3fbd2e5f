//! The sizes past which an FPS file is refused, whatever it says (docs/security.md).

/// The file (tests and images are inside it; a bank of a few hundred problems with
/// their data fits).
pub const MAX_FILE_BYTES: u64 = 512 * 1024 * 1024;
/// XML nodes (elements, texts, attributes' owners) in the file.
pub const MAX_XML_NODES: u32 = 2_000_000;
/// Items in one file.
pub const MAX_ITEMS: usize = 1000;
/// Tests of one item.
pub const MAX_TESTS: usize = 1000;
/// One decoded image.
pub const MAX_IMAGE_BYTES: usize = 16 * 1024 * 1024;
/// One program source (a solution, a special judge, a template).
pub const MAX_SOURCE_BYTES: usize = 1024 * 1024;
/// A title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;
