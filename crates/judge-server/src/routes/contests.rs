//! The course's contests: the list, a contest's home, its statistics, and the teacher's
//! change of a contest's window.
//!
//! The first contest's pages keep their old addresses (`/problems`, `/scoreboard`,
//! `/statistics`); every contest's are also under `/contests/ID/...`.

use super::frame;
use super::input::bad_form;
use super::table::{get, post, Routes};
use crate::auth::{LoggedIn, TeacherOnly};
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::FormRejection;
use axum::extract::{Path, State};
use axum::response::{Html, Redirect};
use axum::Form;
use judge_course::contest::{Contest, Window};
use judge_model::Verdict;
use judge_store::{now_ms, SubmissionState, User};
use judge_views::views::contests::{self as view, ContestRow, ProblemStatistics};
use serde::Deserialize;
use std::collections::BTreeSet;

/// The course's contests, a contest's home and statistics, its window.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /contests`, `GET /contests/{c}` | logged in | the course's contests (current, upcoming, past); a contest's problems |
/// | `GET /statistics`, `GET /contests/{c}/statistics` | teacher; students after the end | attempts, solved, verdicts per problem |
/// | `POST /contests/{c}/window` | teacher | move a contest's window (stored, overrides judge.toml) |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/statistics", get(statistics))
        .route("/contests", get(list))
        .route("/contests/{contest}", get(home))
        .route("/contests/{contest}/statistics", get(statistics_in))
        .route("/contests/{contest}/window", post(set_window))
}

/// A contest by id that `user` takes part in, or 404: a student of another group than
/// the contest's is told there is no such contest, as for an unknown id.
pub(crate) fn find<'a>(
    state: &'a AppState,
    user: &User,
    id: &str,
) -> Result<&'a Contest, HttpError> {
    state
        .contests
        .get(id)
        .filter(|contest| contest.is_for(user))
        .ok_or_else(|| HttpError::not_found(ErrorTexts::current().no_contest(id)))
}

/// The contest a form, query or API request names (none or empty: the first) that `user`
/// takes part in, or 404: how every route that takes a `contest` parameter finds its
/// contest.
pub(crate) fn named(state: &AppState, user: &User, id: Option<&str>) -> Result<Contest, HttpError> {
    match id.map(str::trim).filter(|c| !c.is_empty()) {
        Some(id) => Ok(find(state, user, id)?.clone()),
        None if state.contest.is_for(user) => Ok(state.contest.clone()),
        None => Err(HttpError::not_found(
            ErrorTexts::current().no_contest(&state.contest.id),
        )),
    }
}

/// `GET /contests`.
async fn list(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let now = now_ms();
    let rows: Vec<ContestRow> = state
        .contests
        .all()
        .iter()
        .filter(|contest| contest.is_for(&session.user))
        .map(|contest| ContestRow {
            contest: contest.clone(),
            phase: contest.phase(now),
        })
        .collect();
    let chrome = frame::course_page(&state, &session, "contests").await?;
    Ok(Html(
        view::list(
            &chrome,
            &rows,
            session.user.is_teacher(),
            &session.csrf_token,
        )
        .into_string(),
    ))
}

/// `GET /contests/{contest}`: its problems.
async fn home(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Redirect, HttpError> {
    Ok(Redirect::to(
        &find(&state, &session.user, &id)?.href("/problems"),
    ))
}

/// `GET /statistics`: the first contest's.
async fn statistics(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let first = state.contest.clone();
    statistics_of(&state, &session, &first).await
}

/// `GET /contests/{contest}/statistics`.
async fn statistics_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Html<String>, HttpError> {
    let contest = find(&state, &session.user, &id)?.clone();
    statistics_of(&state, &session, &contest).await
}

/// Attempts, students and verdicts per problem: for the teacher always, for students
/// once the contest has ended (a homework set: its deadline has passed).
async fn statistics_of(
    state: &AppState,
    session: &crate::auth::Session,
    contest: &Contest,
) -> Result<Html<String>, HttpError> {
    let now = now_ms();
    let ended = contest.end_ms().is_some_and(|end| now >= end);
    if !session.user.is_teacher() && !ended {
        return Err(HttpError::forbidden(
            ContestErrorTexts::current().statistics_later(),
        ));
    }
    let of = contest.clone();
    let problems = state
        .blocking(move |s| {
            let users = s.store.users()?;
            let students: BTreeSet<&str> = users
                .iter()
                .filter(|u| !u.is_teacher())
                .map(|u| u.name.as_str())
                .collect();
            let attempts = s.store.attempts()?;
            Ok(of
                .problems
                .iter()
                .map(|problem| {
                    let mine: Vec<_> = attempts
                        .iter()
                        .map(|a| &a.summary)
                        .filter(|a| {
                            a.problem == problem.id
                                && of.owns(a.contest.as_deref())
                                && students.contains(a.user_name.as_str())
                        })
                        .collect();
                    let judged = |a: &&&judge_store::SubmissionSummary| {
                        a.state == SubmissionState::Done && !a.needs_attention()
                    };
                    let verdict_of = |a: &judge_store::SubmissionSummary| {
                        a.result.as_ref().map_or(Verdict::JE, |r| r.verdict)
                    };
                    let by_verdict = Verdict::ALL
                        .into_iter()
                        .map(|v| {
                            (
                                v,
                                mine.iter()
                                    .filter(judged)
                                    .filter(|a| verdict_of(a) == v)
                                    .count(),
                            )
                        })
                        .filter(|(_, n)| *n > 0)
                        .collect();
                    ProblemStatistics {
                        id: problem.id.clone(),
                        attempts: mine.len(),
                        tried: mine
                            .iter()
                            .map(|a| a.user_id)
                            .collect::<BTreeSet<_>>()
                            .len(),
                        solved: mine
                            .iter()
                            .filter(judged)
                            .filter(|a| verdict_of(a) == Verdict::AC)
                            .map(|a| a.user_id)
                            .collect::<BTreeSet<_>>()
                            .len(),
                        by_verdict,
                        pending: mine.iter().filter(|a| !judged(a)).count(),
                    }
                })
                .collect::<Vec<_>>())
        })
        .await?;
    let chrome = frame::contest_page(state, contest, session, "scoreboard").await?;
    Ok(Html(
        view::statistics(&chrome, contest, &problems).into_string(),
    ))
}

/// The window form's fields: RFC 3339 times (an empty end or late_until: none), or
/// `reset=1` for judge.toml's window.
#[derive(Debug, Deserialize)]
pub struct WindowForm {
    csrf: Option<String>,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
    #[serde(default)]
    late_until: String,
    #[serde(default)]
    reset: Option<String>,
}

judge_i18n::texts! {
    /// The contest pages' errors.
    struct ContestErrorTexts {
        statistics_later => "The statistics are shown once the contest has ended.", "比赛结束后才公布统计。";
        the_start => "The start", "开始时间";
        the_end => "The end", "结束时间";
        late_until => "Late until", "迟交截止时间";
        not_a_time(field: &str, text: &str) => "{field} {text:?} is not an RFC 3339 time such as 2026-12-01T09:00:00Z or 2026-12-01 09:00+08:00.",
            "{field} {text:?} 不是 RFC 3339 格式的时间（例如 2026-12-01T09:00:00Z 或 2026-12-01 09:00+08:00）。";
        start_required => "The start is required.", "必须填写开始时间。";
        end_after_start(title: &str) => "{title}: the end must be after the start.", "{title}：结束时间必须晚于开始时间。";
        not_homework(title: &str) => "{title} is not a homework set: it has no late submissions.", "{title} 不是作业，没有迟交。";
        late_after_deadline(title: &str) => "{title}: late submissions must close after the deadline.", "{title}：迟交截止时间必须晚于截止时间。";
    }
}

fn parse_time(field: &str, text: &str) -> Result<Option<i64>, HttpError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    judge_model::text::parse_typed_time(text)
        .map(|t| Some(i64::try_from(t.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)))
        .ok_or_else(|| {
            HttpError::unprocessable(ContestErrorTexts::current().not_a_time(field, text))
        })
}

/// `POST /contests/{contest}/window`: the teacher moves a contest's window (kept in the
/// store, overriding judge.toml's until reset).
async fn set_window(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<WindowForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let contest = find(&state, &session.user, &id)?.clone();
    let window = if form.reset.as_deref() == Some("1") {
        None
    } else {
        let t = ContestErrorTexts::current();
        let start_ms = parse_time(t.the_start(), &form.start)?
            .ok_or_else(|| HttpError::unprocessable(t.start_required()))?;
        let end_ms = parse_time(t.the_end(), &form.end)?;
        let late_until_ms = parse_time(t.late_until(), &form.late_until)?;
        if end_ms.is_some_and(|end| end <= start_ms) {
            return Err(HttpError::unprocessable(t.end_after_start(&contest.title)));
        }
        if late_until_ms.is_some() && contest.kind != judge_model::course::ContestKind::Homework {
            return Err(HttpError::unprocessable(t.not_homework(&contest.title)));
        }
        if let (Some(until), Some(end)) = (late_until_ms, end_ms) {
            if until < end {
                return Err(HttpError::unprocessable(
                    t.late_after_deadline(&contest.title),
                ));
            }
        }
        Some(Window {
            start_ms,
            end_ms,
            late_until_ms,
        })
    };
    tracing::info!(
        "{} set the window of contest {id} to {window:?}",
        session.user.name
    );
    state
        .blocking(move |s| contest.set_window(&s.store, window))
        .await?;
    Ok(Redirect::to("/contests"))
}
