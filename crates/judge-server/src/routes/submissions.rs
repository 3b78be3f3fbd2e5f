//! My submissions, a submission's page, its live status and its result as JSON. A student
//! sees only their own submissions (403 for others'); a teacher sees all.

use super::frame;
use super::input::{self, parse_id};
use super::table::{get, Routes};
use crate::auth::{LoggedIn, Session};
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use judge_contest::gradebook::attempt_grade;
use judge_contest::scoring::attempt_points;
use judge_course::contest::Contest;
use judge_course::visibility;
use judge_model::course::{ContestKind, Scoring};
use judge_store::JudgedAttempt;
use judge_store::{Submission, SubmissionFilter, SubmissionState, User};
use judge_views::views::format::{self, status_text};
use judge_views::views::list_filters::{self, FilterChoices, ListQuery, PAGE_SIZE};
use judge_views::views::submissions::LateGrade;
use judge_views::views::submissions::{self as view, SubmissionPage};
use serde::Deserialize;
use std::collections::HashMap;
use std::time::Duration;

/// Submissions, their live status and their results.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /submissions` | logged in | my submissions |
/// | `GET /submissions/status?ids=1,2` | logged in | live status (JSON), own only for students |
/// | `GET /submissions/events?ids=1,2` | logged in | the same as server-sent events, as it changes |
/// | `GET /submissions/{id}` (`/result.json`, `/source`) | owner or teacher | a submission |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/submissions", get(mine))
        .route("/submissions/status", get(status))
        .route("/submissions/events", get(events))
        .route("/submissions/{id}", get(detail))
        .route("/submissions/{id}/result.json", get(result_json))
        .route("/submissions/{id}/source", get(source))
}

/// How many ids one status request may ask about.
const STATUS_IDS: usize = 100;

judge_i18n::texts! {
    /// The errors of the live status (`/submissions/status`, `/submissions/events`): JSON
    /// with a stable `code` like the API's, but in the page's language, as the pages'
    /// script shows them.
    struct StatusErrorTexts {
        not_ids(text: &str) => "ids must be submission numbers separated by commas, not {text:?}", "ids 必须是以逗号分隔的提交编号，而不是 {text:?}";
        too_many_ids(most: usize) => "At most {most} ids at once.", "一次最多 {most} 个 ids。";
    }
}

/// One page of a submission list under `query`'s filters (`user_id`: only theirs) and
/// whether an older page follows.
pub(crate) async fn list_page(
    state: &AppState,
    query: &ListQuery,
    user_id: Option<i64>,
) -> Result<(Vec<view::Row>, bool), HttpError> {
    let filter = SubmissionFilter {
        user_id,
        problem: query.problem.clone(),
        limit: Some(PAGE_SIZE + 1),
        verdict: query.verdict.clone(),
        language: query.language.clone(),
        offset: query.offset(),
        contest: query.contest.clone(),
        group: query.group.clone(),
    };
    let ioi_contests: Vec<Contest> = state
        .contests
        .all()
        .iter()
        .filter(|c| c.scoring == Scoring::Ioi)
        .cloned()
        .collect();
    let is_ioi =
        move |contest: &Option<String>| ioi_contests.iter().any(|c| c.owns(contest.as_deref()));
    let (summaries, attempts) = state
        .with_store(move |store| {
            let summaries = store.submissions(&filter)?;
            // The full results of the page's IOI and late submissions: their points.
            let ioi: Vec<i64> = summaries
                .iter()
                .take(PAGE_SIZE)
                .filter(|s| s.late || is_ioi(&s.contest))
                .map(|s| s.id)
                .collect();
            Ok((summaries, store.attempts_of(&ioi)?))
        })
        .await?;
    let has_older = summaries.len() > PAGE_SIZE;
    let rows = summaries
        .into_iter()
        .take(PAGE_SIZE)
        .map(|summary| {
            let attempt = attempts.iter().find(|a| a.summary.id == summary.id);
            let points = attempt.and_then(|attempt| points_of(state, attempt));
            let late = attempt.and_then(|attempt| late_grade(state, attempt));
            let contest = summary.contest.as_deref().map(|id| {
                state
                    .contests
                    .get(id)
                    .map_or_else(|| id.to_string(), |c| c.title.clone())
            });
            view::Row {
                progress: summary.progress,
                summary,
                points,
                late,
                contest,
            }
        })
        .collect();
    Ok((rows, has_older))
}

/// The points an attempt earns and its problem's points, as its own contest counts them:
/// for an IOI contest's problem, once the attempt counts (judged, not pending); None
/// otherwise (an ICPC contest shows the verdict alone).
pub(crate) fn points_of(state: &AppState, attempt: &JudgedAttempt) -> Option<(f64, f64)> {
    let contest = state.contests.owning(attempt.summary.contest.as_deref())?;
    if contest.scoring != Scoring::Ioi {
        return None;
    }
    let problem = contest.problem(&attempt.summary.problem)?;
    let record = judge_course::scoreboard::attempt_record(attempt, false);
    (!record.pending).then(|| (attempt_points(problem, &record), problem.points))
}

/// A late homework attempt's points in the gradebook, before and after the late rule
/// (judge-contest's [`attempt_grade`], the gradebook's own); None for an attempt on time,
/// not judged yet, or outside a homework set.
pub(crate) fn late_grade(state: &AppState, attempt: &JudgedAttempt) -> Option<LateGrade> {
    if !attempt.summary.late {
        return None;
    }
    let contest = state.contests.owning(attempt.summary.contest.as_deref())?;
    let spec = judge_course::grades::in_force(contest);
    if spec.kind != ContestKind::Homework {
        return None;
    }
    let problem = spec
        .problems
        .iter()
        .find(|p| p.id == attempt.summary.problem)?;
    let record = judge_course::scoreboard::attempt_record(attempt, false);
    if record.pending {
        return None;
    }
    let (before, after) = attempt_grade(&spec, problem, &attempt.summary.user_name, &record);
    Some(LateGrade { before, after })
}

/// The filter menus' choices (`students`: the teacher's list).
/// Every contest's problems and languages, each once.
/// The menus of a list: `users` given for the teacher's (its students and their groups).
pub(crate) fn filter_choices(state: &AppState, users: Option<&[User]>) -> FilterChoices {
    let mut languages: Vec<(String, String)> = Vec::new();
    for language in state.contests.all().iter().flat_map(|c| c.languages.iter()) {
        if !languages.iter().any(|(id, _)| id == &language.id) {
            languages.push((language.id.clone(), language.spec.name.clone()));
        }
    }
    FilterChoices {
        problems: state
            .contests
            .problems()
            .iter()
            .map(|p| p.id.clone())
            .collect(),
        languages,
        students: users.map(|users| users.iter().map(|u| u.name.clone()).collect()),
        contests: state
            .contests
            .all()
            .iter()
            .map(|c| (c.id.clone(), c.title.clone()))
            .collect(),
        groups: users.map_or_else(Vec::new, judge_course::grades::groups),
    }
}

/// `GET /submissions?problem=&verdict=&language=&page=`: my submissions, 50 to a page.
async fn mine(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?.cleaned();
    let (mut rows, has_older) = list_page(&state, &query, Some(session.user.id)).await?;
    if !session.user.is_teacher() {
        for row in &mut rows {
            let labels = state.labels.of(&row.summary.problem);
            visibility::summary_for_student(&mut row.summary, &labels);
        }
    }
    let path = "/submissions";
    let controls = (
        list_filters::form(path, &filter_choices(&state, None), &query),
        list_filters::pager(path, &query, has_older),
    );
    let chrome = frame::course_page(&state, &session, "submissions").await?;
    Ok(Html(view::mine(&chrome, &rows, &controls).into_string()))
}

/// Loads a submission the session may see: 404 if there is none, 403 if it is another
/// student's.
async fn visible(state: &AppState, session: &Session, id: &str) -> Result<Submission, HttpError> {
    visible_to(state, &session.user, id).await
}

/// Loads a submission `user` may see (as [`visible`]).
async fn visible_to(state: &AppState, user: &User, id: &str) -> Result<Submission, HttpError> {
    let t = ErrorTexts::current();
    let id = parse_id(id, t.submission_noun())?;
    let submission = state
        .with_store(move |store| store.submission(id))
        .await?
        .ok_or_else(|| HttpError::not_found(t.no_submission(id)))?;
    if !user.is_teacher() && submission.summary.user_id != user.id {
        return Err(HttpError::forbidden(t.not_yours(id)));
    }
    Ok(submission)
}

/// A submission page's parameters.
#[derive(Debug, Deserialize)]
pub struct DetailQuery {
    /// Set after a teacher's rejudge (the page says it was queued).
    rejudged: Option<usize>,
}

/// `GET /submissions/{id}`.
async fn detail(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
    query: Result<Query<DetailQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let submission = visible(&state, &session, &id).await?;
    let teacher = session.user.is_teacher();
    let history = if teacher {
        let id = submission.summary.id;
        Some(
            state
                .with_store(move |store| store.result_history(id))
                .await?,
        )
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
    let labels = state.labels.of(&submission.summary.problem);
    let result = submission.result.as_ref().map(|r| {
        if teacher {
            r.clone()
        } else {
            visibility::for_student(r, &labels)
        }
    });
    let mut shown_summary = submission.summary.clone();
    if !teacher {
        visibility::summary_for_student(&mut shown_summary, &labels);
    }
    // The points it earns where the contest gives points (IOI), once it counts.
    let attempt = JudgedAttempt {
        summary: submission.summary.clone(),
        result: submission.result.clone(),
    };
    // Points and subtasks as the submission's own contest counts them.
    let points = points_of(&state, &attempt);
    let late = late_grade(&state, &attempt);
    let contest = state.contests.owning(submission.summary.contest.as_deref());
    let contest_problem = contest.and_then(|c| c.problem(&submission.summary.problem));
    let subtasks = match (contest_problem, &submission.result) {
        (Some(problem), Some(full)) => {
            judge_course::subtasks::group(problem, full, points.is_some())
        }
        _ => Vec::new(),
    };
    // A queued submission that no live machine can take says so (a server that judges
    // itself takes any language it runs; its own workers are live).
    let no_machine_for_language =
        if submission.summary.state == SubmissionState::Queued && !state.judges_here() {
            let language = submission.summary.language.clone();
            state
                .with_store(move |store| {
                    let live = store.live_workers()?;
                    Ok(!live.iter().any(|worker| {
                        worker
                            .languages
                            .as_ref()
                            .is_none_or(|runs| runs.contains(&language))
                    }))
                })
                .await?
        } else {
            false
        };
    let problem_page = format!("/problems/{}", submission.summary.problem);
    let page = SubmissionPage {
        problem_href: contest.map_or_else(|| problem_page.clone(), |c| c.href(&problem_page)),
        rejudged: teacher && query.rejudged.is_some(),
        points,
        late,
        subtasks,
        progress: submission.summary.progress,
        summary: shown_summary,
        result,
        source: submission.source,
        language_name,
        contest_title: submission.summary.contest.as_deref().map(|id| {
            state
                .contests
                .get(id)
                .map_or_else(|| id.to_string(), |c| c.title.clone())
        }),
        history,
        teacher,
        no_machine_for_language,
    };
    // A submission's page is its contest's: that contest's title and clock.
    let chrome = match contest {
        Some(contest) => frame::contest_page(&state, contest, &session, "submissions").await?,
        None => frame::course_page(&state, &session, "submissions").await?,
    };
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
        .map_err(HttpError::into_json)?;
    let teacher = user.is_teacher();
    let labels = state.labels.of(&submission.summary.problem);
    let result = submission.result.as_ref().map(|r| {
        if teacher {
            r.clone()
        } else {
            visibility::for_student(r, &labels)
        }
    });
    if !teacher {
        visibility::summary_for_student(&mut submission.summary, &labels);
        // The judge's own failure names files on the server: the teacher's business.
        if let Some(error) = submission
            .summary
            .result
            .as_mut()
            .and_then(|r| r.error.as_mut())
        {
            *error = visibility::judge_failed().into();
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
async fn result_json(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, HttpError> {
    Ok(Json(submission_json(&state, &session.user, &id).await?))
}

/// `GET /submissions/{id}/source`: the source as plain text.
async fn source(
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
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct Status {
    id: i64,
    state: SubmissionState,
    done: bool,
    verdict: Option<String>,
    text: String,
    /// The largest CPU time of its tests, once judged ("0.12 s").
    cpu: Option<String>,
    /// The largest memory of its tests, once judged ("3.1 MiB").
    memory: Option<String>,
}

/// The ids of a status query (at most [`STATUS_IDS`]), or 400.
fn status_ids(query: Result<Query<StatusQuery>, QueryRejection>) -> Result<Vec<i64>, HttpError> {
    let text = input::query(query)
        .map_err(HttpError::into_json)?
        .ids
        .unwrap_or_default();
    let ids: Vec<i64> = text
        .split(',')
        .filter(|part| !part.trim().is_empty())
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            HttpError::bad_request(StatusErrorTexts::current().not_ids(&text)).into_json()
        })?;
    if ids.len() > STATUS_IDS {
        return Err(
            HttpError::bad_request(StatusErrorTexts::current().too_many_ids(STATUS_IDS))
                .into_json(),
        );
    }
    Ok(ids)
}

/// The live status of those of `ids` that `user` may see.
async fn statuses(state: &AppState, user: &User, ids: Vec<i64>) -> Result<Vec<Status>, HttpError> {
    let summaries = state
        .with_store(move |store| store.submission_summaries(&ids))
        .await
        .map_err(HttpError::into_json)?;
    Ok(summaries
        .into_iter()
        .filter(|summary| user.is_teacher() || summary.user_id == user.id)
        .map(|mut summary| {
            if !user.is_teacher() {
                let labels = state.labels.of(&summary.problem);
                visibility::summary_for_student(&mut summary, &labels);
            }
            let done = summary.state == SubmissionState::Done;
            let judged = summary.result.as_ref().filter(|_| done);
            Status {
                id: summary.id,
                state: summary.state,
                done,
                verdict: judged.map(|r| r.verdict.code().to_string()),
                text: status_text(&summary, summary.progress),
                cpu: judged.map(|r| format::seconds(r.max_cpu_time_s)),
                memory: judged.map(|r| format::bytes(r.max_peak_memory_bytes)),
            }
        })
        .collect())
}

/// `GET /submissions/status?ids=1,2,3`: the live status of the asker's submissions
/// (a teacher's: of any). Ids that are not visible are left out.
async fn status(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<StatusQuery>, QueryRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let ids = status_ids(query)?;
    let statuses = statuses(&state, &session.user, ids).await?;
    Ok(Json(serde_json::json!({ "submissions": statuses })))
}

/// How often a live stream looks at the store without being woken (for results that
/// `judge worker` processes elsewhere write).
const STREAM_LOOK_AGAIN: Duration = Duration::from_secs(1);
/// How long one live stream lasts (the browser reconnects by itself).
const STREAM_LIFETIME: Duration = Duration::from_secs(600);

/// What a live stream remembers between events.
struct Stream {
    state: AppState,
    user: User,
    ids: Vec<i64>,
    sent: HashMap<i64, Status>,
    changes: tokio::sync::watch::Receiver<u64>,
    stopping: tokio::sync::watch::Receiver<bool>,
    ends: tokio::time::Instant,
    first: bool,
    /// The request's language (the stream outlives the handler that set it current).
    lang: judge_i18n::Lang,
}

impl Stream {
    /// The next batch of changed statuses, or None when the stream ends (everything is
    /// done, the stream is old, the server stops, the store fails).
    async fn next(&mut self) -> Option<Vec<Status>> {
        loop {
            if !self.first {
                tokio::select! {
                    changed = self.changes.changed() => changed.ok()?,
                    () = tokio::time::sleep(STREAM_LOOK_AGAIN) => {}
                    _ = self.stopping.wait_for(|stop| *stop) => return None,
                }
            }
            self.first = false;
            if *self.stopping.borrow() || tokio::time::Instant::now() >= self.ends {
                return None;
            }
            let now = judge_i18n::scope(
                self.lang,
                statuses(&self.state, &self.user, self.ids.clone()),
            )
            .await
            .ok()?;
            let changed: Vec<Status> = now
                .iter()
                .filter(|s| self.sent.get(&s.id) != Some(*s))
                .cloned()
                .collect();
            let all_done = now.iter().all(|s| s.done);
            for status in now {
                self.sent.insert(status.id, status);
            }
            if !changed.is_empty() {
                return Some(changed);
            }
            if all_done {
                return None;
            }
        }
    }
}

/// `GET /submissions/events?ids=1,2,3`: the same statuses as server-sent events, one
/// `status` event (`{"submissions": [...]}`, the changed ones) as soon as this process
/// stores a change, until all are done. The pages fall back to polling `status` when
/// the stream fails.
async fn events(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    axum::Extension(lang): axum::Extension<judge_i18n::Lang>,
    query: Result<Query<StatusQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let ids = status_ids(query)?;
    let stream = Stream {
        lang,
        changes: state.store.changes(),
        stopping: state.stopping.subscribe(),
        state,
        user: session.user,
        ids,
        sent: HashMap::new(),
        ends: tokio::time::Instant::now() + STREAM_LIFETIME,
        first: true,
    };
    let events = futures_util::stream::unfold(stream, |mut stream| async move {
        let changed = stream.next().await?;
        let event = Event::default()
            .event("status")
            .json_data(serde_json::json!({ "submissions": changed }))
            .unwrap_or_default();
        Some((Ok::<_, std::convert::Infallible>(event), stream))
    });
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response();
    // nginx passes each event on at once instead of buffering the stream (docs/server.md,
    // "HTTPS").
    response.headers_mut().insert(
        axum::http::HeaderName::from_static("x-accel-buffering"),
        axum::http::HeaderValue::from_static("no"),
    );
    Ok(response)
}
