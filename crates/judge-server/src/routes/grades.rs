//! The gradebook ([`crate::grades`]): a teacher's of the whole class with its exports, a
//! student's own row.

use super::frame;
use super::table::{get, Routes};
use crate::auth::{LoggedIn, TeacherOnly};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use crate::views::grades as view;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use judge_contest::export::grades::{gradebook_csv, lms_csv, Identifier, Lms};
use judge_contest::gradebook::Gradebook;

/// The gradebook.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /grades` | logged in | a teacher: every student; a student: their own row |
/// | `GET /grades/export/{grades.csv,grades.json,moodle.csv,canvas.csv}` | teacher | the gradebook for a spreadsheet or an LMS |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/grades", get(page))
        .route("/grades/export/{file}", get(export))
}

crate::i18n::texts! {
    /// The gradebook's errors.
    struct GradesErrorTexts {
        no_export(file: &str) => "There is no export {file:?}: grades.csv, grades.json, moodle.csv, canvas.csv.",
            "没有导出文件 {file:?}：可选 grades.csv、grades.json、moodle.csv、canvas.csv。";
    }
}

async fn book(state: &AppState) -> Result<Gradebook, HttpError> {
    let contests = state.contests.clone();
    state
        .blocking(move |s| {
            let users = s.store.users()?;
            let attempts = s.store.attempts()?;
            Ok(crate::grades::build(&contests, &users, &attempts))
        })
        .await
}

/// `GET /grades`.
async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let mut book = book(&state).await?;
    let teacher = session.user.is_teacher();
    if !teacher {
        book.rows.retain(|row| row.student == session.user.name);
    }
    let chrome = frame::course_page(&state, &session, "grades").await?;
    Ok(Html(
        view::page(&chrome, &view::Page { book, teacher }).into_string(),
    ))
}

/// `GET /grades/export/{file}`.
async fn export(
    State(state): State<AppState>,
    TeacherOnly(_session): TeacherOnly,
    Path(file): Path<String>,
) -> Result<Response, HttpError> {
    let book = book(&state).await?;
    let lms = |lms| lms_csv(&book, lms, &Identifier::Name).map_err(HttpError::bad_request);
    let (body, content_type) = match file.as_str() {
        "grades.csv" => (gradebook_csv(&book), "text/csv; charset=utf-8"),
        "grades.json" => (
            serde_json::to_string_pretty(&book).unwrap_or_default(),
            "application/json",
        ),
        "moodle.csv" => (lms(Lms::Moodle)?, "text/csv; charset=utf-8"),
        "canvas.csv" => (lms(Lms::Canvas)?, "text/csv; charset=utf-8"),
        other => {
            return Err(HttpError::not_found(
                GradesErrorTexts::current().no_export(other),
            ))
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
        ],
        body,
    )
        .into_response())
}
