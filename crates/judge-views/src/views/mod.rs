//! HTML, rendered on the server with maud (escaped by construction). One module per page
//! group; `layout` is the frame every page shares (over `document`, which the
//! `error_page` shares too), `format` the small pieces.

pub mod accounts;
pub mod charts;
pub mod clarifications;
pub mod clock;
pub mod contest_editor;
pub mod contests;
pub mod document;
pub mod error_page;
pub mod format;
pub mod grades;
pub mod import;
pub mod languages;
pub mod layout;
pub mod list_filters;
pub mod login;
pub mod notices;
pub mod picture;
pub mod problems;
pub mod rejudge;
pub mod result;
pub mod scoreboard;
pub mod self_test;
pub mod similarity;
pub mod submissions;
pub mod submit;
pub mod teacher;

pub use error_page::error_page;
pub use layout::Chrome;
