//! judge-views: the HTML of every page of the judge's web front, drawn on the server with
//! maud (escaped by construction), in the reader's language (judge-i18n's catalogs, each
//! beside its page).
//!
//! [`views`] has one module per page group; `layout` is the frame every page shares
//! (over `document`, which the `error_page` shares too), `format` the small pieces;
//! [`links`] how addresses are carried. The views draw judge-course's values (a contest,
//! a board, a result, the charts' numbers); judge-server's routes call them.

pub mod links;
pub mod views;
