//! Self-tests ("run on my input"): `GET /self-test?contest=ID&problem=ID` (the form) and
//! `POST /self-test` (run, then the same page with the result). Never stored, never
//! scored (see [`crate::self_test`]). The contest (`contest=`, as the submit form takes
//! it; none: the first) gives the problems and languages offered; the run has the limits
//! a submission of that problem in that language is judged with.
//!
//! The checks, in order: a session (401), a readable form (400/413), the CSRF token (403),
//! the contest known (404) and started (403, students), a problem of the contest (404), an
//! allowed language (422), a source (422/413/415) and an input (413) within their caps, a problem
//! that is not interactive (422, with why), one self-test at a time and the per-minute
//! limit (429), a free slot within 30 s (503; `ServerOptions::self_test_patience`).

use super::frame;
use super::input;
use super::problems::check_contest_started;
use super::submit::{read_field, source_text};
use super::table::{get, Routes};
use crate::auth::LoggedIn;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::self_test::{self, Refused, Request};
use crate::state::AppState;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Multipart, Query, State};
use axum::response::Html;
use judge_course::contest::Contest;
use judge_views::views::self_test::{page_view, SelfTestPage, SelfTestTexts};
use serde::Deserialize;

/// Run on my input.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /self-test?problem=ID`, `POST /self-test` | logged in | run on my input (never stored) |
pub(super) fn routes(options: &ServerOptions) -> Routes {
    Routes::new().route(
        "/self-test",
        get(form)
            .post(run)
            .body_limit(input::self_test_body(options)),
    )
}

judge_i18n::texts! {
    /// The self-test's messages.
    pub struct SelfTestErrors {
        no_problem(problem: &str) => "There is no problem {problem} in this contest.", "本比赛没有题目 {problem}。";
        no_language(language: &str, allowed: &str) => "Language {language} is not allowed in this contest; allowed: {allowed}.",
            "本比赛不允许使用语言 {language}；允许的语言：{allowed}。";
        input_too_large(kib: usize) => "The input is too large: at most {kib} KiB.", "输入过大：最多 {kib} KiB。";
        running => "Your previous self-test is still running: wait for its result.", "你的上一次自测仍在运行：请等待其结果。";
        too_many(most: usize, seconds: u64) => "Too many self-tests: at most {most} a minute. Try again in {seconds} s.",
            "自测过于频繁：每分钟最多 {most} 次。请 {seconds} 秒后再试。";
        busy => "Every self-test slot is busy: try again in a moment.", "自测通道全部繁忙：请稍后再试。";
        cannot_run(problem: &str) => "Problem {problem} cannot be run right now: its files are not ready.",
            "题目 {problem} 暂时无法运行：其文件尚未就绪。";
    }
}

/// The contest and the problem chosen beforehand.
#[derive(Debug, Deserialize)]
pub struct ProblemQuery {
    problem: Option<String>,
    /// The contest (default: the first).
    contest: Option<String>,
}

fn blank_page(state: &AppState, contest: &Contest, problem: Option<String>) -> SelfTestPage {
    SelfTestPage {
        problems: contest
            .problems
            .iter()
            .map(|p| {
                let title = match state.titles.get(&p.id) {
                    Some(Ok((title, _))) => title.clone(),
                    _ => String::new(),
                };
                (p.id.clone(), title)
            })
            .collect(),
        // Self-tests run on this machine, whether or not it judges submissions: what it
        // runs, never what only a worker does.
        languages: contest
            .offered_languages(Some(&state.judge.languages), None)
            .into_iter()
            .map(|l| (l.id.clone(), l.spec.name.clone()))
            .collect(),
        problem,
        language: None,
        source: String::new(),
        input: String::new(),
        max_source_bytes: state.options.max_source_bytes,
        max_input_bytes: state.options.max_self_test_input_bytes,
        per_minute: state.options.self_tests_per_minute,
        outcome: None,
        refused: None,
        contest: (!contest.first).then(|| contest.id.clone()),
    }
}

/// Whether `problem` is interactive (false when it does not load: running says why).
async fn interactive(state: &AppState, problem: &str) -> Result<bool, HttpError> {
    let id = problem.to_string();
    state
        .blocking(move |s| Ok(self_test::is_interactive(&s.judge, &id).unwrap_or(false)))
        .await
}

/// `GET /self-test`.
async fn form(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<ProblemQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let contest = super::contests::named(&state, &session.user, query.contest.as_deref())?;
    check_contest_started(&contest, session.user.is_teacher())?;
    let mut view = blank_page(&state, &contest, query.problem.clone());
    let chrome = frame::contest_page(&state, &contest, &session, "self-test").await?;
    if let Some(problem) = query.problem.filter(|p| contest.problem(p).is_some()) {
        if interactive(&state, &problem).await? {
            view.refused = Some(SelfTestTexts(chrome.lang).interactive().to_string());
        }
    }
    Ok(Html(
        page_view(&chrome, &session.csrf_token, &view).into_string(),
    ))
}

/// The form's fields.
#[derive(Debug, Default)]
struct Fields {
    csrf: Option<String>,
    problem: String,
    language: String,
    source: Vec<u8>,
    input: Vec<u8>,
    contest: Option<String>,
}

async fn read_fields(mut multipart: Multipart, cap: usize) -> Result<Fields, HttpError> {
    let mut fields = Fields::default();
    let unreadable = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            HttpError::too_large(crate::http_error::ErrorTexts::current().form_too_large())
        } else {
            HttpError::bad_request(crate::http_error::ErrorTexts::current().bad_form(e.body_text()))
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(unreadable)? {
        let name = field.name().unwrap_or("").to_string();
        let small = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).trim().to_string();
        match name.as_str() {
            "csrf" => fields.csrf = Some(small(read_field(field, 256, 256).await?)),
            "problem" => fields.problem = small(read_field(field, 256, 256).await?),
            "contest" => fields.contest = Some(small(read_field(field, 256, 256).await?)),
            "language" => fields.language = small(read_field(field, 256, 256).await?),
            "source" => fields.source = read_field(field, cap, cap).await?,
            "input" => fields.input = read_field(field, cap, cap).await?,
            _ => {
                read_field(field, cap, cap).await?;
            }
        }
    }
    Ok(fields)
}

/// `POST /self-test`.
async fn run(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Html<String>, HttpError> {
    let multipart = multipart.map_err(|rejection| {
        HttpError::bad_request(format!(
            "The form could not be read: {}",
            rejection.body_text()
        ))
    })?;
    // Fields are read up to twice the larger cap (the whole body is bounded before); each
    // is then held to its own, with its own message.
    let cap = 2 * state
        .options
        .max_source_bytes
        .max(state.options.max_self_test_input_bytes);
    let fields = read_fields(multipart, cap).await?;
    crate::csrf::verify(&session.csrf_token, fields.csrf.as_deref())?;
    let teacher = session.user.is_teacher();
    let contest = super::contests::named(&state, &session.user, fields.contest.as_deref())?;
    check_contest_started(&contest, teacher)?;
    let errors = SelfTestErrors::current();
    if contest.problem(&fields.problem).is_none() {
        return Err(HttpError::not_found(errors.no_problem(&fields.problem)));
    }
    if contest.language(&fields.language).is_none() {
        return Err(HttpError::unprocessable(
            errors.no_language(&fields.language, &contest.language_ids()),
        ));
    }
    let source = source_text(&fields.source, state.options.max_source_bytes)?;
    let max_input = state.options.max_self_test_input_bytes;
    if fields.input.len() > max_input {
        return Err(HttpError::too_large(
            errors.input_too_large(max_input / 1024),
        ));
    }
    let chrome = frame::contest_page(&state, &contest, &session, "self-test").await?;
    if interactive(&state, &fields.problem).await? {
        return Err(HttpError::unprocessable(
            SelfTestTexts(chrome.lang).interactive(),
        ));
    }
    let turn =
        state
            .self_tests
            .start(session.user.id, !teacher)
            .map_err(|refused| match refused {
                Refused::Running => HttpError::too_many(errors.running(), 1),
                Refused::TooMany(seconds) => HttpError::too_many(
                    errors.too_many(state.options.self_tests_per_minute, seconds),
                    seconds,
                ),
            })?;
    let Some(running) = turn.slot(state.options.self_test_patience).await else {
        return Err(HttpError {
            retry_after_s: Some(5),
            ..HttpError::unavailable(errors.busy())
        });
    };
    let request = Request {
        problem: fields.problem.clone(),
        language: fields.language.clone(),
        source: source.clone(),
        input: fields.input.clone(),
    };
    tracing::info!(
        "{} runs a self-test on {} in {} (contest {})",
        session.user.name,
        request.problem,
        request.language,
        contest.id
    );
    let outcome = state
        // The run takes the turn and the slot: they are released when it ends, not when
        // this request does (a student who drops the connection cannot start another).
        .blocking(move |s| {
            Ok(self_test::run(&s.judge, &request, running).map_err(|e| e.to_string()))
        })
        .await?
        .map_err(|reason| {
            tracing::warn!("a self-test on {} failed: {reason}", fields.problem);
            HttpError::unavailable(errors.cannot_run(&fields.problem))
        })?;
    let mut view = blank_page(&state, &contest, Some(fields.problem.clone()));
    view.language = Some(fields.language.clone());
    view.source = source;
    view.input = String::from_utf8_lossy(&fields.input).into_owned();
    view.outcome = Some(outcome);
    Ok(Html(
        page_view(&chrome, &session.csrf_token, &view).into_string(),
    ))
}
