//! The teacher's pages: dashboard, every submission, rejudging, publishing the frozen
//! scoreboard, exports. Every handler takes [`TeacherOnly`]: students get 403.

use super::input::{self, bad_form, parse_id};
use super::login::CsrfForm;
use super::table::{get, post, Routes};
use crate::auth::TeacherOnly;
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use judge_contest::export::{csv, to_json};
use judge_course::export;
use judge_store::{now_ms, SubmissionFilter};
use judge_views::views::list_filters::{self, ListQuery};
use judge_views::views::rejudge::RejudgeTexts;
use judge_views::views::teacher::{self as view, Dashboard};
use judge_views::views::Chrome;
use serde::Deserialize;

/// The teacher's pages.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /teacher`, `GET /teacher/submissions` | teacher | dashboard, every submission |
/// | `GET`/`POST /teacher/submissions/{id}/rejudge`, `GET`/`POST /teacher/problems/{id}/rejudge` | teacher | rejudge: a confirmation with the count, then `confirm=yes` queues |
/// | `POST /teacher/submissions/{id}/accept-judge-error` | teacher | accept a judge error that happened twice |
/// | `POST /teacher/scoreboard/publish` | teacher | lift or restore the freeze |
/// | `GET /teacher/export/{scoreboard,results}.{csv,json}` | teacher | exports |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/teacher", get(dashboard))
        .route("/teacher/submissions", get(submissions))
        .route(
            "/teacher/submissions/{id}/rejudge",
            get(confirm_rejudge_submission).post(rejudge_submission),
        )
        .route(
            "/teacher/submissions/{id}/accept-judge-error",
            post(accept_judge_error),
        )
        .route(
            "/teacher/problems/{id}/rejudge",
            get(confirm_rejudge_problem).post(rejudge_problem),
        )
        .route("/teacher/scoreboard/publish", post(publish))
        .route("/teacher/export/{file}", get(export))
}

judge_i18n::texts! {
    /// The teacher's pages' errors.
    struct TeacherErrorTexts {
        published(value: &str) => "published must be 1 or 0, not {value:?}", "发布状态（published）只能是 1 或 0，而不是 {value:?}";
        no_judge_error(id: i64) => "Submission {id} has no judge error waiting for a decision.", "提交 #{id} 没有等待处理的评测机错误。";
        no_export(file: &str) => "There is no export {file:?}: scoreboard.csv, scoreboard.json, results.csv, results.json.",
            "没有导出文件 {file:?}：可选 scoreboard.csv、scoreboard.json、results.csv、results.json。";
    }
}

/// Failed log-ins of one name from one address that the dashboard lists.
const REPEATED_FAILURES: u64 = 3;

/// `GET /teacher`.
async fn dashboard(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
) -> Result<Html<String>, HttpError> {
    let (queue, users, attention, login_failures) = state
        .blocking(|s| {
            let day_ago = now_ms() - 24 * 3600 * 1000;
            let attention: Vec<_> = s
                .store
                .submissions(&SubmissionFilter::default())?
                .into_iter()
                .filter(|summary| summary.needs_attention())
                .collect();
            Ok((
                s.store.queue_counts()?,
                s.store.users()?,
                attention,
                s.store
                    .repeated_login_failures(day_ago, REPEATED_FAILURES)?,
            ))
        })
        .await?;
    let view = Dashboard {
        contests: state.contests.all().to_vec(),
        queue,
        workers: state.options.workers,
        problems: state
            .contests
            .problems()
            .iter()
            .map(|p| p.id.clone())
            .collect(),
        users,
        attention,
        login_failures,
    };
    let chrome = super::frame::course_page(&state, &session, "teacher").await?;
    Ok(Html(view::dashboard(&chrome, &view).into_string()))
}

/// `GET /teacher/submissions?student=&group=&contest=&problem=&verdict=&language=&page=`:
/// every submission, 50 to a page.
async fn submissions(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?.cleaned();
    let users = state.with_store(|store| store.users()).await?;
    let user_id = match &query.student {
        Some(name) => match users.iter().find(|u| &u.name == name) {
            Some(user) => Some(user.id),
            // A name with no account: no submissions (no id is negative).
            None => Some(-1),
        },
        None => None,
    };
    let (rows, has_older) = super::submissions::list_page(&state, &query, user_id).await?;
    let path = "/teacher/submissions";
    let controls = (
        list_filters::form(
            path,
            &super::submissions::filter_choices(&state, Some(&users)),
            &query,
        ),
        list_filters::pager(path, &query, has_older),
    );
    let chrome = super::frame::course_page(&state, &session, "teacher").await?;
    Ok(Html(
        view::all_submissions(&chrome, &rows, &controls, query.rejudged).into_string(),
    ))
}

/// A rejudge form: `confirm=yes` queues; without it the confirmation page answers.
#[derive(Debug, Deserialize)]
pub struct RejudgeForm {
    csrf: Option<String>,
    confirm: Option<String>,
}

/// The confirmation of rejudging submission `id` (404 if there is none).
async fn submission_confirmation(
    state: &AppState,
    id: i64,
) -> Result<view::RejudgeConfirmation, HttpError> {
    if state
        .with_store(move |store| store.submission_summary(id))
        .await?
        .is_none()
    {
        return Err(HttpError::not_found(
            ErrorTexts::current().no_submission(id),
        ));
    }
    Ok(view::RejudgeConfirmation {
        what: RejudgeTexts::current().submission(id),
        action: format!("/teacher/submissions/{id}/rejudge"),
        back: format!("/submissions/{id}"),
        count: 1,
    })
}

/// The confirmation of rejudging every submission of `problem`, in every contest it is in
/// (404 if it is in none).
async fn problem_confirmation(
    state: &AppState,
    problem: &str,
) -> Result<view::RejudgeConfirmation, HttpError> {
    if !state.contests.has_problem(problem) {
        return Err(HttpError::not_found(
            ErrorTexts::current().no_problem(problem),
        ));
    }
    let id = problem.to_string();
    let count = state
        .blocking(move |s| {
            Ok(s.store
                .submissions(&SubmissionFilter {
                    problem: Some(id),
                    ..SubmissionFilter::default()
                })?
                .len())
        })
        .await?;
    let encoded = judge_views::links::encode_component(problem);
    Ok(view::RejudgeConfirmation {
        what: RejudgeTexts::current().problem(problem),
        action: format!("/teacher/problems/{encoded}/rejudge"),
        back: format!("/teacher/submissions?problem={encoded}"),
        count,
    })
}

async fn confirmation_page(
    state: &AppState,
    session: &crate::auth::Session,
    confirmation: &view::RejudgeConfirmation,
) -> Result<Response, HttpError> {
    let notices = super::frame::notices(state, session).await?;
    let chrome =
        Chrome::new(&state.contest.title, Some(session), "teacher").with_notices(&notices, None);
    Ok(
        Html(judge_views::views::rejudge::confirm(&chrome, confirmation).into_string())
            .into_response(),
    )
}

/// `GET /teacher/submissions/{id}/rejudge`: the confirmation.
async fn confirm_rejudge_submission(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
) -> Result<Response, HttpError> {
    let id = parse_id(&id, ErrorTexts::current().submission_noun())?;
    let confirmation = submission_confirmation(&state, id).await?;
    confirmation_page(&state, &session, &confirmation).await
}

/// `POST /teacher/submissions/{id}/rejudge`: with `confirm=yes`, queues it for a new
/// round and shows its page; without, the confirmation.
async fn rejudge_submission(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<RejudgeForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let id = parse_id(&id, ErrorTexts::current().submission_noun())?;
    if form.confirm.as_deref() != Some("yes") {
        let confirmation = submission_confirmation(&state, id).await?;
        return confirmation_page(&state, &session, &confirmation).await;
    }
    if !state
        .with_store(move |store| store.rejudge_submission(id))
        .await?
    {
        return Err(HttpError::not_found(
            ErrorTexts::current().no_submission(id),
        ));
    }
    tracing::info!("{} rejudges submission {id}", session.user.name);
    state.queue.notify();
    Ok(Redirect::to(&format!("/submissions/{id}?rejudged=1")).into_response())
}

/// `GET /teacher/problems/{id}/rejudge`: the confirmation, with how many would be queued.
async fn confirm_rejudge_problem(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(problem): Path<String>,
) -> Result<Response, HttpError> {
    let confirmation = problem_confirmation(&state, &problem).await?;
    confirmation_page(&state, &session, &confirmation).await
}

/// `POST /teacher/problems/{id}/rejudge`: with `confirm=yes`, queues every submission of
/// the problem and lists them with how many were queued; without, the confirmation.
async fn rejudge_problem(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(problem): Path<String>,
    form: Result<Form<RejudgeForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let confirmation = problem_confirmation(&state, &problem).await?;
    if form.confirm.as_deref() != Some("yes") {
        return confirmation_page(&state, &session, &confirmation).await;
    }
    let id = problem.clone();
    let count = state
        .with_store(move |store| store.rejudge_problem(&id))
        .await?;
    tracing::info!(
        "{} rejudges problem {problem}: {count} submissions",
        session.user.name
    );
    state.queue.notify();
    Ok(Redirect::to(&format!(
        "/teacher/submissions?problem={}&rejudged={count}",
        judge_views::links::encode_component(&problem)
    ))
    .into_response())
}

/// The publish form.
#[derive(Debug, Deserialize)]
pub struct PublishForm {
    csrf: Option<String>,
    published: String,
    /// The contest whose board (default: the first).
    contest: Option<String>,
    /// The page to go back to: `/teacher` or `/contests` (default: the first contest's
    /// dashboard, another's list).
    back: Option<String>,
}

/// `POST /teacher/scoreboard/publish`: `published=1` shows students the unfrozen board,
/// `0` freezes it again.
async fn publish(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<PublishForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let value = match form.published.as_str() {
        "1" => true,
        "0" => false,
        other => {
            return Err(HttpError::bad_request(
                TeacherErrorTexts::current().published(other),
            ))
        }
    };
    let contest = super::contests::named(&state, &session.user, form.contest.as_deref())?;
    let back = match form.back.as_deref() {
        // Only the pages with the button: never an address the form names.
        Some(page @ ("/teacher" | "/contests")) => page,
        _ if contest.first => "/teacher",
        _ => "/contests",
    }
    .to_string();
    state
        .blocking(move |s| contest.set_published(&s.store, value))
        .await?;
    Ok(Redirect::to(&back))
}

const CSV: &str = "text/csv; charset=utf-8";
const JSON: &str = "application/json";

/// `POST /teacher/submissions/{id}/accept-judge-error`: the teacher accepts a judge error
/// (judged twice) as the submission's verdict, so that it no longer counts as pending.
async fn accept_judge_error(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let id = parse_id(&id, ErrorTexts::current().submission_noun())?;
    if !state
        .with_store(move |store| store.accept_judge_error(id))
        .await?
    {
        return Err(HttpError::not_found(
            TeacherErrorTexts::current().no_judge_error(id),
        ));
    }
    tracing::info!(
        "{} accepts the judge error of submission {id}",
        session.user.name
    );
    Ok(Redirect::to(&format!("/submissions/{id}")))
}

/// The contest of an export.
#[derive(Debug, Deserialize)]
pub struct ExportQuery {
    /// The contest's id (default: the first).
    contest: Option<String>,
}

/// `GET /teacher/export/{scoreboard,results}.{csv,json}?contest=ID`.
async fn export(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(file): Path<String>,
    query: Result<Query<ExportQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let query = input::query(query)?;
    let contest = &super::contests::named(&state, &session.user, query.contest.as_deref())?;
    let now = now_ms();
    let board = super::scoreboard::board_of(&state, contest, None).await?;
    let (body, content_type) = match file.as_str() {
        "scoreboard.csv" => (csv::scoreboard_csv(&board.standings), CSV),
        "scoreboard.json" => (
            to_json(&export::scoreboard_export(contest, &board, now)),
            JSON,
        ),
        "results.csv" | "results.json" => {
            let mut attempts = state.with_store(|store| store.attempts()).await?;
            attempts.retain(|a| contest.owns(a.summary.contest.as_deref()));
            let results = export::results_export(contest, &board, &attempts, now);
            if file.ends_with(".csv") {
                (csv::results_csv(&results.attempts), CSV)
            } else {
                (to_json(&results), JSON)
            }
        }
        other => {
            return Err(HttpError::not_found(
                TeacherErrorTexts::current().no_export(other),
            ))
        }
    };
    // Each contest's files have names of their own (the first's keep theirs).
    let name = if contest.first {
        file.clone()
    } else {
        format!("{}-{file}", contest.id)
    };
    let disposition = format!("attachment; filename=\"{name}\"");
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
