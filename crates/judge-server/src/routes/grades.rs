//! The gradebook ([`judge_course::grades`]): a teacher's of the whole class with its exports, a
//! student's own row.

use super::frame;
use super::input;
use super::table::{get, Routes};
use crate::auth::{LoggedIn, TeacherOnly};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use judge_contest::export::grades::{gradebook_csv, lms_csv, Identifier, Lms};
use judge_contest::gradebook::Gradebook;
use judge_views::views::grades as view;
use serde::Deserialize;

/// The gradebook.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /grades?group=` | logged in | a teacher: every student (or one group's); a student: their own row |
/// | `GET /grades/export/{grades.csv,grades.json,moodle.csv,canvas.csv}?group=` | teacher | the gradebook (or one group's) for a spreadsheet or an LMS |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/grades", get(page))
        .route("/grades/export/{file}", get(export))
}

judge_i18n::texts! {
    /// The gradebook's errors.
    struct GradesErrorTexts {
        no_export(file: &str) => "There is no export {file:?}: grades.csv, grades.json, moodle.csv, canvas.csv.",
            "没有导出文件 {file:?}：可选 grades.csv、grades.json、moodle.csv、canvas.csv。";
    }
}

/// The gradebook's address query: one group's students only.
#[derive(Debug, Default, Deserialize)]
pub struct GroupQuery {
    /// The group (empty: every student).
    group: Option<String>,
}

impl GroupQuery {
    fn group(self) -> Option<String> {
        self.group.filter(|g| !g.trim().is_empty())
    }
}

/// The gradebook of `group`'s students (every student's for None), and the course's
/// groups.
async fn book(
    state: &AppState,
    group: Option<String>,
) -> Result<(Gradebook, Vec<String>), HttpError> {
    let contests = state.contests.clone();
    state
        .blocking(move |s| {
            let users = s.store.users()?;
            let groups = judge_course::grades::groups(&users);
            let users = judge_course::grades::in_group(users, group.as_deref());
            let attempts = s.store.attempts()?;
            Ok((
                judge_course::grades::build(&contests, &users, &attempts),
                groups,
            ))
        })
        .await
}

/// `GET /grades`.
async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<GroupQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let teacher = session.user.is_teacher();
    let group = if teacher {
        input::query(query)?.group()
    } else {
        None
    };
    let (mut book, groups) = book(&state, group.clone()).await?;
    if !teacher {
        book.rows.retain(|row| row.student == session.user.name);
    }
    let groups = if teacher { groups } else { Vec::new() };
    let chrome = frame::course_page(&state, &session, "grades").await?;
    let view = view::Page {
        book,
        teacher,
        groups,
        group,
    };
    Ok(Html(view::page(&chrome, &view).into_string()))
}

/// `GET /grades/export/{file}`.
async fn export(
    State(state): State<AppState>,
    TeacherOnly(_session): TeacherOnly,
    Path(file): Path<String>,
    query: Result<Query<GroupQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let group = input::query(query)?.group();
    let (book, _) = book(&state, group).await?;
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
