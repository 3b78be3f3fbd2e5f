//! My submissions, a submission's page, its live status and its result as JSON. A student
//! sees only their own submissions (403 for others'); a teacher sees all.

use super::parse_id;
use crate::auth::{LoggedIn, Session};
use crate::http_error::HttpError;
use crate::state::AppState;
use crate::store::submissions::JudgedAttempt;
use crate::store::{Submission, SubmissionFilter, SubmissionState, User};
use crate::views::format::status_text;
use crate::views::submissions::{self as view, SubmissionPage};
use crate::views::Chrome;
use crate::visibility;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use judge_core::config::judge_toml::Scoring;
use judge_core::contest::scoring::attempt_points;
use serde::Deserialize;

/// How many submissions "My submissions" lists.
const MINE_SHOWN: usize = 200;
/// How many ids one status request may ask about.
const STATUS_IDS: usize = 100;

/// `GET /submissions`.
pub async fn mine(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let user_id = session.user.id;
    let summaries = state
        .blocking(move |s| {
            s.store.submissions(&SubmissionFilter {
                user_id: Some(user_id),
                problem: None,
                limit: Some(MINE_SHOWN),
            })
        })
        .await?;
    let rows: Vec<view::Row> = summaries
        .into_iter()
        .map(|summary| {
            let progress = summary.progress;
            (summary, progress)
        })
        .collect();
    let chrome = Chrome::new(&state.contest.title, Some(&session), "submissions");
    Ok(Html(view::mine(&chrome, &rows).into_string()))
}

/// Loads a submission the session may see: 404 if there is none, 403 if it is another
/// student's.
async fn visible(state: &AppState, session: &Session, id: &str) -> Result<Submission, HttpError> {
    visible_to(state, &session.user, id).await
}

/// Loads a submission `user` may see (as [`visible`]).
async fn visible_to(state: &AppState, user: &User, id: &str) -> Result<Submission, HttpError> {
    let id = parse_id(id, "submission")?;
    let submission = state
        .blocking(move |s| s.store.submission(id))
        .await?
        .ok_or_else(|| HttpError::not_found(format!("There is no submission {id}.")))?;
    if !user.is_teacher() && submission.summary.user_id != user.id {
        return Err(HttpError::forbidden(format!(
            "Submission {id} is not yours: students see only their own."
        )));
    }
    Ok(submission)
}

/// `GET /submissions/{id}`.
pub async fn detail(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Html<String>, HttpError> {
    let submission = visible(&state, &session, &id).await?;
    let teacher = session.user.is_teacher();
    let history = if teacher {
        let id = submission.summary.id;
        Some(state.blocking(move |s| s.store.result_history(id)).await?)
    } else {
        None
    };
    let language_name = state
        .judge
        .languages
        .by_id(&submission.summary.language)
        .map_or_else(
            |_| submission.summary.language.clone(),
            |l| l.spec.name.clone(),
        );
    let result = submission.result.as_ref().map(|r| {
        if teacher {
            r.clone()
        } else {
            visibility::for_student(r)
        }
    });
    // The points it earns where the contest gives points (IOI), once it counts.
    let attempt = JudgedAttempt {
        summary: submission.summary.clone(),
        result: submission.result.clone(),
    };
    let record = crate::scoreboard::attempt_record(&attempt, false);
    let points = match (
        state.contest.scoring,
        state.contest.problem(&record.problem),
    ) {
        (Scoring::Ioi, Some(problem)) if !record.pending => {
            Some((attempt_points(problem, &record), problem.points))
        }
        _ => None,
    };
    let page = SubmissionPage {
        points,
        progress: submission.summary.progress,
        summary: submission.summary,
        result,
        source: submission.source,
        language_name,
        history,
        teacher,
    };
    let chrome = Chrome::new(&state.contest.title, Some(&session), "submissions");
    Ok(Html(view::detail(&chrome, &page).into_string()))
}

/// A submission as `user` may see it, as JSON: its summary (with live progress while
/// judged), a status line, and its result (schema: docs/result-schema.md) with secret
/// tests' messages and diffs left out for students. The one JSON form of a submission,
/// for the pages' `result.json` and the API.
pub(crate) async fn submission_json(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<serde_json::Value, HttpError> {
    let mut submission = visible_to(state, user, id)
        .await
        .map_err(HttpError::as_json)?;
    let teacher = user.is_teacher();
    let result = submission.result.as_ref().map(|r| {
        if teacher {
            r.clone()
        } else {
            visibility::for_student(r)
        }
    });
    if !teacher {
        // The judge's own failure names files on the server: the teacher's business.
        if let Some(error) = submission
            .summary
            .result
            .as_mut()
            .and_then(|r| r.error.as_mut())
        {
            *error = visibility::JUDGE_FAILED.into();
        }
    }
    let status = status_text(&submission.summary, submission.summary.progress);
    Ok(serde_json::json!({
        "submission": submission.summary,
        "status": status,
        "result": result,
    }))
}

/// `GET /submissions/{id}/result.json`: [`submission_json`] for the session's user.
pub async fn result_json(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, HttpError> {
    Ok(Json(submission_json(&state, &session.user, &id).await?))
}

/// `GET /submissions/{id}/source`: the source as plain text.
pub async fn source(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Response, HttpError> {
    let submission = visible(&state, &session, &id).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        submission.source,
    )
        .into_response())
}

/// The ids asked about.
#[derive(Debug, Deserialize)]
pub struct StatusQuery {
    ids: Option<String>,
}

/// One submission's live status.
#[derive(Debug, serde::Serialize)]
struct Status {
    id: i64,
    state: SubmissionState,
    done: bool,
    verdict: Option<String>,
    text: String,
}

/// `GET /submissions/status?ids=1,2,3`: the live status of the asker's submissions
/// (a teacher's: of any). Ids that are not visible are left out.
pub async fn status(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<StatusQuery>, QueryRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let text = super::query(query)
        .map_err(HttpError::as_json)?
        .ids
        .unwrap_or_default();
    let ids: Vec<i64> = text
        .split(',')
        .filter(|part| !part.trim().is_empty())
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            HttpError::bad_request(format!(
                "ids must be numbers separated by commas, not {text:?}"
            ))
            .as_json()
        })?;
    if ids.len() > STATUS_IDS {
        return Err(HttpError::bad_request(format!("at most {STATUS_IDS} ids at once")).as_json());
    }
    let summaries = state
        .blocking(move |s| s.store.submission_summaries(&ids))
        .await
        .map_err(HttpError::as_json)?;
    let statuses: Vec<Status> = summaries
        .into_iter()
        .filter(|summary| session.user.is_teacher() || summary.user_id == session.user.id)
        .map(|summary| Status {
            id: summary.id,
            state: summary.state,
            done: summary.state == SubmissionState::Done,
            verdict: summary
                .result
                .as_ref()
                .filter(|_| summary.state == SubmissionState::Done)
                .map(|r| r.verdict.code().to_string()),
            text: status_text(&summary, summary.progress),
        })
        .collect();
    Ok(Json(serde_json::json!({ "submissions": statuses })))
}
