//! The teacher's similarity page: `GET /teacher/similarity/{problem}` ranks the pairs of
//! students by how much of their latest submissions to the problem match (the
//! similarity crate, as `judge similarity` does for a class folder); `?pair=N` opens the
//! pair ranked N side by side. Computed on each request (in a blocking task): a class of
//! 200 takes a second or two.

use super::frame;
use super::input;
use super::table::{get, Routes};
use crate::auth::TeacherOnly;
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::response::Html;
use judge_store::SubmissionFilter;
use judge_views::views::similarity as view;
use serde::Deserialize;
use similarity::analysis::Skipped;
use similarity::{analyze, BadInput, Language, Options, Submission};
use std::collections::BTreeSet;

/// The similarity page.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /teacher/similarity/{problem}?pair=N` | teacher | pairs of students ranked by similarity, one side by side |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new().route("/teacher/similarity/{problem}", get(problem))
}

/// Pairs at or above this similarity are flagged (as `judge similarity`'s default).
pub const THRESHOLD: f64 = 0.5;

/// The page's parameters.
#[derive(Debug, Deserialize)]
pub struct PairQuery {
    pair: Option<usize>,
}

/// `GET /teacher/similarity/{problem}`.
async fn problem(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(problem): Path<String>,
    query: Result<Query<PairQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let selected = input::query(query)?.pair;
    if !state.contests.has_problem(&problem) {
        return Err(HttpError::not_found(
            ErrorTexts::current().no_problem(&problem),
        ));
    }
    let id = problem.clone();
    let page = state
        .blocking(move |s| {
            let teachers: BTreeSet<i64> = s
                .store
                .users()?
                .into_iter()
                .filter(|u| u.is_teacher())
                .map(|u| u.id)
                .collect();
            let newest_first = s.store.submissions(&SubmissionFilter {
                user_id: None,
                problem: Some(id.clone()),
                limit: None,
                ..SubmissionFilter::default()
            })?;
            let mut seen = BTreeSet::new();
            let mut submissions = Vec::new();
            let mut skipped = Vec::new();
            for summary in newest_first {
                if teachers.contains(&summary.user_id) || !seen.insert(summary.user_id) {
                    continue;
                }
                let file = format!("#{}", summary.id);
                let language = s
                    .judge
                    .languages
                    .by_id(&summary.language)
                    .ok()
                    .and_then(|l| Language::from_file_name(&l.spec.source));
                let Some(language) = language else {
                    skipped.push(Skipped {
                        student: summary.user_name.clone(),
                        problem: id.clone(),
                        file,
                        reason: BadInput::UnknownLanguage(summary.language.clone()),
                    });
                    continue;
                };
                if let Some(full) = s.store.submission(summary.id)? {
                    submissions.push(Submission {
                        student: summary.user_name.clone(),
                        problem: id.clone(),
                        file,
                        language,
                        source: full.source.into_bytes(),
                    });
                }
            }
            let analysis = analyze(submissions, &[], &Options::default());
            let mut summary = similarity::report::summarize(&analysis, &[], THRESHOLD);
            summary.skipped.extend(skipped);
            Ok(view::Page {
                problem: id,
                analysis,
                summary,
                selected,
            })
        })
        .await?;
    if let Some(rank) = page.selected {
        if page.row(rank).is_none() {
            return Err(HttpError::not_found(
                view::SimilarityTexts::current().no_pair(rank, &problem),
            ));
        }
    }
    let chrome = frame::course_page(&state, &session, "teacher").await?;
    Ok(Html(view::page(&chrome, &page).into_string()))
}
