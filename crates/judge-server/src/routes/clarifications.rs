//! Clarifications and announcements, each of one contest (`contest=ID` in the query or
//! the form, as the submit form takes it; none: the first contest).
//!
//! - `GET /clarifications?contest=ID&problem=ID`: the contest's announcements (and those
//!   for every contest; marked seen for the reader), the question form and the reader's
//!   questions in the contest (students: their own and the public answers; teachers:
//!   every question, open first, with the answer forms).
//! - `POST /clarifications`: a student asks in a contest (CSRF, the contest started, a
//!   problem of the contest or none, a question of at most [`MAX_QUESTION_CHARS`], the
//!   rate limit: 429).
//! - `POST /teacher/clarifications/{id}/answer`: a teacher answers, `public=1` to everyone
//!   in the question's contest.
//! - `POST /teacher/announcements`: a teacher announces in a contest, or `every=1` in
//!   every contest.
//!
//! Too long a text is refused with 413, an empty one with 422.

use super::input::{self, bad_form};
use super::problems::check_contest_started;
use super::table::{get, post, Routes};
use crate::auth::{LoggedIn, TeacherOnly};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Path, Query, State};
use axum::response::{Html, Redirect};
use judge_store::{Asked, NewQuestion};
use judge_views::views::clarifications::{page_view, ClarificationsPage};
use judge_views::views::Chrome;
use serde::Deserialize;

/// Questions, answers and announcements.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /clarifications`, `POST /clarifications` | logged in | questions, answers, announcements; ask |
/// | `POST /teacher/clarifications/{id}/answer`, `POST /teacher/announcements` | teacher | answer, announce |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/clarifications", get(page).post(ask))
        .route("/teacher/clarifications/{id}/answer", post(answer))
        .route("/teacher/announcements", post(announce))
}

/// The longest question, in characters.
pub const MAX_QUESTION_CHARS: usize = 2000;
/// The longest answer or announcement, in characters.
pub const MAX_ANSWER_CHARS: usize = 8000;

judge_i18n::texts! {
    /// The clarification routes' messages.
    pub struct ClarificationErrors {
        empty_question => "The question is empty.", "问题为空。";
        empty_answer => "The answer is empty.", "回答为空。";
        empty_announcement => "The announcement is empty.", "公告为空。";
        too_long(length: usize, max: usize) => "The text is too long: {length} characters, at most {max}.",
            "文字过长：{length} 个字符，最多 {max} 个。";
        no_problem(problem: &str) => "There is no problem {problem} in this contest.", "本比赛没有题目 {problem}。";
        no_question(id: i64) => "There is no question {id}.", "没有编号为 {id} 的提问。";
        bad_flag(field: &str, value: &str) => "{field} must be 1 or 0, not {value}.", "{field} 必须为 1 或 0，而不是 {value}。";
        too_many(most: usize, seconds: u64) => "Too many questions: at most {most} a minute. Try again in {seconds} s.",
            "提问过于频繁：每分钟最多 {most} 个。请 {seconds} 秒后再试。";
    }
}

/// The contest and the problem chosen beforehand.
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    problem: Option<String>,
    /// The contest (default: the first).
    contest: Option<String>,
}

/// `GET /clarifications`.
async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let contest = super::contests::named(&state, &session.user, query.contest.as_deref())?;
    check_contest_started(&contest, session.user.is_teacher())?;
    let viewer = session.user.clone();
    let of = contest.clone();
    let (notices, announcements, clarifications) = state
        .blocking(move |s| {
            // The frame's notices first: which announcements are new, before this page
            // marks them seen.
            let notices = s.store.notices(&viewer)?;
            let announcements = s.store.announcements(&of.scope())?;
            let shown: Vec<i64> = announcements.iter().map(|a| a.id).collect();
            s.store.mark_announcements_seen(viewer.id, &shown)?;
            Ok((
                notices,
                announcements,
                s.store.clarifications_for(&viewer, &of.scope())?,
            ))
        })
        .await?;
    let mut chrome = Chrome::for_contest(&contest, Some(&session), "clarifications")
        .with_notices(&notices, Some(&contest));
    let problems = contest
        .problems
        .iter()
        .map(|p| {
            let title = match state.titles.get(&p.id) {
                Some(Ok((title, _))) => title.clone(),
                _ => String::new(),
            };
            (p.id.clone(), title)
        })
        .collect();
    let view = ClarificationsPage {
        unseen: notices
            .announcements
            .iter()
            .filter(|(a, seen)| !seen && a.concerns(&contest.scope()))
            .map(|(a, _)| a.id)
            .collect(),
        contest: (!contest.first).then(|| contest.id.clone()),
        announcements,
        clarifications,
        problems,
        selected_problem: query.problem,
        viewer_id: session.user.id,
        teacher: session.user.is_teacher(),
        max_question_chars: MAX_QUESTION_CHARS,
        max_answer_chars: MAX_ANSWER_CHARS,
    };
    // This page shows them all: none is new any more.
    chrome.notices.unseen = 0;
    Ok(Html(
        page_view(&chrome, &session.csrf_token, &view).into_string(),
    ))
}

/// A text from a form: trimmed, not empty (422, `empty`), at most `max` characters (413).
fn text_field(text: Option<&str>, empty: &str, max: usize) -> Result<String, HttpError> {
    let text = text.unwrap_or("").replace("\r\n", "\n");
    let text = text.trim();
    if text.is_empty() {
        return Err(HttpError::unprocessable(empty));
    }
    let length = text.chars().count();
    if length > max {
        return Err(HttpError::too_large(
            ClarificationErrors::current().too_long(length, max),
        ));
    }
    Ok(text.to_string())
}

/// The question form.
#[derive(Debug, Deserialize)]
pub struct AskForm {
    csrf: Option<String>,
    problem: Option<String>,
    question: Option<String>,
    /// The contest asked in (default: the first).
    contest: Option<String>,
}

/// `POST /clarifications`.
async fn ask(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    form: Result<Form<AskForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let contest = super::contests::named(&state, &session.user, form.contest.as_deref())?;
    check_contest_started(&contest, session.user.is_teacher())?;
    let problem = form.problem.filter(|p| !p.trim().is_empty());
    if let Some(problem) = &problem {
        if contest.problem(problem).is_none() {
            return Err(HttpError::not_found(
                ClarificationErrors::current().no_problem(problem),
            ));
        }
    }
    let question = text_field(
        form.question.as_deref(),
        ClarificationErrors::current().empty_question(),
        MAX_QUESTION_CHARS,
    )?;
    let teacher = session.user.is_teacher();
    let per_window = state.options.questions_per_minute;
    let limit = (!teacher && per_window > 0).then_some((per_window, 60_000));
    let user_id = session.user.id;
    let contest_id = contest.id.clone();
    let asked = state
        .with_store(move |store| {
            store.ask_question(
                &NewQuestion {
                    user_id,
                    contest_id: &contest_id,
                    problem: problem.as_deref(),
                    question: &question,
                },
                limit,
            )
        })
        .await?;
    match asked {
        Asked::Stored(id) => {
            tracing::info!(
                "{} asks question {id} in contest {}",
                session.user.name,
                contest.id
            );
            Ok(Redirect::to(&format!(
                "{}#clarification-{id}",
                contest.form_href("/clarifications", None)
            )))
        }
        Asked::RateLimited { retry_after_ms } => {
            let seconds = u64::try_from(retry_after_ms)
                .unwrap_or(1)
                .div_ceil(1000)
                .max(1);
            Err(HttpError::too_many(
                ClarificationErrors::current().too_many(per_window, seconds),
                seconds,
            ))
        }
    }
}

/// The answer form.
#[derive(Debug, Deserialize)]
pub struct AnswerForm {
    csrf: Option<String>,
    answer: Option<String>,
    public: Option<String>,
}

/// `POST /teacher/clarifications/{id}/answer`.
async fn answer(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<AnswerForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let id = input::parse_id(
        &id,
        crate::http_error::ErrorTexts::current().question_noun(),
    )?;
    let answer = text_field(
        form.answer.as_deref(),
        ClarificationErrors::current().empty_answer(),
        MAX_ANSWER_CHARS,
    )?;
    let public = match form.public.as_deref() {
        Some("1") => true,
        Some("0") | None => false,
        Some(other) => {
            return Err(HttpError::bad_request(
                ClarificationErrors::current().bad_flag("public", other),
            ))
        }
    };
    let teacher_id = session.user.id;
    let Some(asked_in) = state
        .with_store(move |store| store.answer_question(id, teacher_id, &answer, public))
        .await?
    else {
        return Err(HttpError::not_found(
            ClarificationErrors::current().no_question(id),
        ));
    };
    tracing::info!(
        "{} answers question {id} ({})",
        session.user.name,
        if public { "to everyone" } else { "privately" }
    );
    // Back to the question's contest (one no longer in judge.toml: the first's page).
    let contest = state
        .contests
        .owning(asked_in.as_deref())
        .unwrap_or(&state.contest);
    Ok(Redirect::to(&format!(
        "{}#clarification-{id}",
        contest.form_href("/clarifications", None)
    )))
}

/// The announcement form.
#[derive(Debug, Deserialize)]
pub struct AnnounceForm {
    csrf: Option<String>,
    body: Option<String>,
    /// The contest announced in (default: the first).
    contest: Option<String>,
    /// `1`: for every contest.
    every: Option<String>,
}

/// `POST /teacher/announcements`.
async fn announce(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<AnnounceForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let contest = super::contests::named(&state, &session.user, form.contest.as_deref())?;
    let every = match form.every.as_deref() {
        Some("1") => true,
        Some("0") | None => false,
        Some(other) => {
            return Err(HttpError::bad_request(
                ClarificationErrors::current().bad_flag("every", other),
            ))
        }
    };
    let body = text_field(
        form.body.as_deref(),
        ClarificationErrors::current().empty_announcement(),
        MAX_ANSWER_CHARS,
    )?;
    let teacher_id = session.user.id;
    let for_contest = (!every).then(|| contest.id.clone());
    let id = state
        .with_store(move |store| store.post_announcement(teacher_id, &body, for_contest.as_deref()))
        .await?;
    tracing::info!(
        "{} posts announcement {id} ({})",
        session.user.name,
        if every {
            "every contest".to_string()
        } else {
            format!("contest {}", contest.id)
        }
    );
    Ok(Redirect::to(&format!(
        "{}#announcements",
        contest.form_href("/clarifications", None)
    )))
}
