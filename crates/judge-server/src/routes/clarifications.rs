//! Clarifications and announcements.
//!
//! - `GET /clarifications?problem=ID`: the announcements (marked seen for the reader), the
//!   question form and the reader's questions (students: their own and the public
//!   answers; teachers: every question, open first, with the answer forms).
//! - `POST /clarifications`: a student asks (CSRF, a problem of the contest or none, a
//!   question of at most [`MAX_QUESTION_CHARS`], the rate limit: 429).
//! - `POST /teacher/clarifications/{id}/answer`: a teacher answers, `public=1` to everyone.
//! - `POST /teacher/announcements`: a teacher announces.
//!
//! Too long a text is refused with 413, an empty one with 422.

use super::bad_form;
use crate::auth::{LoggedIn, TeacherOnly};
use crate::http_error::HttpError;
use crate::state::AppState;
use crate::store::clarifications::{Asked, NewQuestion};
use crate::views::clarifications::{page_view, ClarificationsPage};
use crate::views::Chrome;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Path, Query, State};
use axum::response::{Html, Redirect};
use serde::Deserialize;

/// The longest question, in characters.
pub const MAX_QUESTION_CHARS: usize = 2000;
/// The longest answer or announcement, in characters.
pub const MAX_ANSWER_CHARS: usize = 8000;

crate::i18n::texts! {
    /// The clarification routes' messages.
    pub struct ClarificationErrors {
        empty_question => "The question is empty.", "问题为空。";
        empty_answer => "The answer is empty.", "回答为空。";
        empty_announcement => "The announcement is empty.", "公告为空。";
        too_long(length: usize, max: usize) => "The text is too long: {length} characters, at most {max}.",
            "文字过长：{length} 个字符，最多 {max} 个。";
        no_problem(problem: &str) => "There is no problem {problem} in this contest.", "本比赛没有题目 {problem}。";
        no_question(id: i64) => "There is no question {id}.", "没有编号为 {id} 的提问。";
        too_many(most: usize, seconds: u64) => "Too many questions: at most {most} a minute. Try again in {seconds} s.",
            "提问过于频繁：每分钟最多 {most} 个。请 {seconds} 秒后再试。";
    }
}

/// The problem chosen beforehand.
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    problem: Option<String>,
}

/// `GET /clarifications`.
pub async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = super::query(query)?;
    let viewer = session.user.clone();
    let (announcements, clarifications) = state
        .blocking(move |s| {
            let announcements = s.store.announcements()?;
            if let Some(newest) = announcements.first() {
                s.store.mark_announcements_seen(viewer.id, newest.id)?;
            }
            Ok((announcements, s.store.clarifications_for(&viewer)?))
        })
        .await?;
    let problems = state
        .contest
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
        new_announcements: session.notices.unseen,
        announcements,
        clarifications,
        problems,
        selected_problem: query.problem,
        viewer_id: session.user.id,
        teacher: session.user.is_teacher(),
        max_question_chars: MAX_QUESTION_CHARS,
        max_answer_chars: MAX_ANSWER_CHARS,
    };
    let mut chrome = Chrome::new(&state.contest.title, Some(&session), "clarifications");
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
}

/// `POST /clarifications`.
pub async fn ask(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    form: Result<Form<AskForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let problem = form.problem.filter(|p| !p.trim().is_empty());
    if let Some(problem) = &problem {
        if state.contest.problem(problem).is_none() {
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
    let asked = state
        .blocking(move |s| {
            s.store.ask_question(
                &NewQuestion {
                    user_id,
                    // Several contests are not in this server yet: the one contest.
                    contest_id: None,
                    problem: problem.as_deref(),
                    question: &question,
                },
                limit,
            )
        })
        .await?;
    match asked {
        Asked::Stored(id) => {
            tracing::info!("{} asks question {id}", session.user.name);
            Ok(Redirect::to(&format!("/clarifications#clarification-{id}")))
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
pub async fn answer(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<AnswerForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let id = super::parse_id(&id, "question")?;
    let answer = text_field(
        form.answer.as_deref(),
        ClarificationErrors::current().empty_answer(),
        MAX_ANSWER_CHARS,
    )?;
    let public = match form.public.as_deref() {
        Some("1") => true,
        Some("0") | None => false,
        Some(other) => {
            return Err(HttpError::bad_request(format!(
                "public must be 1 or 0, not {other:?}"
            )))
        }
    };
    let teacher_id = session.user.id;
    if !state
        .blocking(move |s| s.store.answer_question(id, teacher_id, &answer, public))
        .await?
    {
        return Err(HttpError::not_found(
            ClarificationErrors::current().no_question(id),
        ));
    }
    tracing::info!(
        "{} answers question {id} ({})",
        session.user.name,
        if public { "to everyone" } else { "privately" }
    );
    Ok(Redirect::to(&format!("/clarifications#clarification-{id}")))
}

/// The announcement form.
#[derive(Debug, Deserialize)]
pub struct AnnounceForm {
    csrf: Option<String>,
    body: Option<String>,
}

/// `POST /teacher/announcements`.
pub async fn announce(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<AnnounceForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let body = text_field(
        form.body.as_deref(),
        ClarificationErrors::current().empty_announcement(),
        MAX_ANSWER_CHARS,
    )?;
    let teacher_id = session.user.id;
    let id = state
        .blocking(move |s| s.store.post_announcement(teacher_id, &body, None))
        .await?;
    tracing::info!("{} posts announcement {id}", session.user.name);
    Ok(Redirect::to("/clarifications#announcements"))
}
