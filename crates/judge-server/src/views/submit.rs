//! The submit form.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

/// What the submit form offers.
#[derive(Debug, Clone)]
pub struct SubmitForm {
    /// (id, title) of each problem.
    pub problems: Vec<(String, String)>,
    /// The problem chosen beforehand.
    pub selected_problem: Option<String>,
    /// (id, name, extensions) of each allowed language.
    pub languages: Vec<(String, String, Vec<String>)>,
    /// The largest source, in bytes.
    pub max_source_bytes: usize,
    /// Why submitting is closed, if it is.
    pub closed: Option<String>,
    /// The language preselected: the one last submitted in (remembered per user), or the
    /// one of a refused submission.
    pub selected_language: Option<String>,
    /// A refused submission: why, and the pasted source, kept on the page.
    pub refused: Option<Refused>,
}

/// A submission the server refused, shown again with the reason beside it.
#[derive(Debug, Clone)]
pub struct Refused {
    /// Why it was refused.
    pub reason: String,
    /// The pasted source (empty when it came as a file).
    pub source: String,
}

/// The form: problem, language, paste or upload.
pub fn form(chrome: &Chrome, csrf_token: &str, view: &SubmitForm) -> Markup {
    page(
        chrome,
        "Submit",
        html! {
            h1 { "Submit a solution" }
            @if let Some(closed) = &view.closed {
                p class="notice" { (closed) }
            }
            // A refused submission's code stays on the page, also when submitting closed.
            @if view.closed.is_none() || view.refused.is_some() {
                form method="post" action="/submit" enctype="multipart/form-data" class="submit" id="submit-form" {
                    (csrf_field(csrf_token))
                    @if let Some(refused) = &view.refused {
                        p class="error-message" id="submit-error" role="alert" { (refused.reason) }
                    }
                    label { "Problem"
                        select name="problem" required {
                            @for (id, title) in &view.problems {
                                option value=(id) selected[view.selected_problem.as_deref() == Some(id.as_str())] { (id) " — " (title) }
                            }
                        }
                    }
                    label { "Language"
                        select name="language" id="language" {
                            option value="" { "(from the file's extension)" }
                            @for (id, name, extensions) in &view.languages {
                                option value=(id) data-extensions=(extensions.join(" ")) selected[view.selected_language.as_deref() == Some(id.as_str())] { (name) }
                            }
                        }
                    }
                    label { "Paste your source"
                        textarea name="source" rows="16" spellcheck="false" autocomplete="off" {
                            @if let Some(refused) = &view.refused { (refused.source) }
                        }
                    }
                    label { "… or upload a file"
                        input type="file" name="file" id="file";
                    }
                    p class="hint" {
                        "At most " (view.max_source_bytes / 1024) " KiB of text. An uploaded file is used instead of the pasted text."
                        " " a href="/languages" { "How each language is compiled and run" }
                    }
                    button type="submit" { "Submit" }
                }
            }
        },
    )
}
