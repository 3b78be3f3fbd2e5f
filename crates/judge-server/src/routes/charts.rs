//! The teacher's charts ([`judge_course::charts`]): the class at a glance, with each chart's
//! numbers as CSV.

use super::frame;
use super::input;
use super::table::{get, Routes};
use crate::auth::TeacherOnly;
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use judge_course::charts::{self, csv, Charts};
use judge_course::contest::Contest;
use judge_store::User;
use judge_views::views::charts as view;
use serde::Deserialize;

/// The charts.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /teacher/charts?contest=&problem=` | teacher | five charts of one contest (default: the first), all its problems or one |
/// | `GET /teacher/charts/export/{verdicts,tests,timeline,scores,progress}.csv?contest=&problem=` | teacher | each chart's numbers |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/teacher/charts", get(page))
        .route("/teacher/charts/export/{file}", get(export))
}

judge_i18n::texts! {
    /// The charts' errors.
    struct ChartsErrorTexts {
        no_export(file: &str) => "There is no chart file {file:?}: verdicts.csv, tests.csv, timeline.csv, scores.csv, progress.csv.",
            "没有图表文件 {file:?}：可选 verdicts.csv、tests.csv、timeline.csv、scores.csv、progress.csv。";
    }
}

/// Which contest and problem.
#[derive(Debug, Deserialize)]
pub struct ChartsQuery {
    /// The contest's id (none or empty: the first).
    contest: Option<String>,
    /// A problem of it (none or empty: all).
    problem: Option<String>,
}

/// The contest and problem a query names (404 for an unknown one), and their charts.
async fn charts_of(
    state: &AppState,
    user: &User,
    query: &ChartsQuery,
) -> Result<(Contest, Option<String>, Charts), HttpError> {
    let contest = super::contests::named(state, user, query.contest.as_deref())?;
    let problem = query
        .problem
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from);
    if let Some(problem) = &problem {
        if contest.problem(problem).is_none() {
            return Err(HttpError::not_found(
                ErrorTexts::current().no_problem(problem),
            ));
        }
    }
    let contests = state.contests.clone();
    let chosen = contest.clone();
    let class = state
        .blocking(move |s| {
            let users = s.store.users()?;
            let attempts = s.store.attempts()?;
            Ok(charts::class(&chosen, &contests, &users, &attempts))
        })
        .await?;
    let charts = charts::build(&class, problem.as_deref());
    Ok((contest, problem, charts))
}

/// `GET /teacher/charts?contest=&problem=`.
async fn page(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    query: Result<Query<ChartsQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let (contest, problem, charts) = charts_of(&state, &session.user, &query).await?;
    let chrome = frame::course_page(&state, &session, "teacher").await?;
    let view = view::Page {
        contests: state.contests.all(),
        contest: &contest,
        problem: problem.as_deref(),
        charts: &charts,
    };
    Ok(Html(view::page(&chrome, &view).into_string()))
}

/// `GET /teacher/charts/export/{file}?contest=&problem=`.
async fn export(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(file): Path<String>,
    query: Result<Query<ChartsQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let query = input::query(query)?;
    if !csv::FILES.contains(&file.as_str()) {
        return Err(HttpError::not_found(
            ChartsErrorTexts::current().no_export(&file),
        ));
    }
    let (contest, problem, charts) = charts_of(&state, &session.user, &query).await?;
    let body = match file.as_str() {
        "verdicts.csv" => csv::verdicts(&charts.verdicts),
        "tests.csv" => csv::tests(&charts.tests),
        "timeline.csv" => csv::timeline(&charts.timeline),
        "scores.csv" => csv::scores(&charts.scores),
        _ => csv::progress(&charts.progress),
    };
    // The contest's id (not the first's) and the problem's go in the name, as the
    // teacher's other exports do; both are ids of judge.toml, which are plain words.
    let mut name: Vec<&str> = Vec::new();
    if !contest.first {
        name.push(&contest.id);
    }
    if let Some(problem) = &problem {
        name.push(problem);
    }
    name.push(&file);
    let disposition = format!("attachment; filename=\"{}\"", name.join("-"));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
