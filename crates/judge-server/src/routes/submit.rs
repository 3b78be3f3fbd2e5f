//! The submit form and storing a submission.
//!
//! The checks, in order, each with its status: a session (401), a readable form within
//! the size cap (413 / 400), the CSRF token (403), the contest running (403, students), a
//! problem of the contest (404), an allowed language (422), a non-empty source (422)
//! within the cap (413) that is text (415), a problem that can be judged (503), the rate
//! limit (429). Then the row is committed, the workers are woken, and the browser goes to
//! the submission's page (303).

use super::frame;
use super::input;
use super::problems::check_contest_started;
use super::table::{get, Routes};
use crate::auth::LoggedIn;
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Multipart, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use judge_course::contest::{Contest, Phase};
use judge_model::course::ContestKind;
use judge_store::Inserted;
use judge_store::{now_ms, settings, NewSubmission, Placement};
use judge_views::views::submit::{self as view, SubmitForm, SubmitTexts};
use serde::Deserialize;

/// The submit form.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /submit?problem=ID`, `POST /submit` | logged in | the submit form |
pub(super) fn routes(options: &ServerOptions) -> Routes {
    Routes::new().route(
        "/submit",
        get(form)
            .post(submit)
            .body_limit(input::largest_body(options)),
    )
}

/// The problem chosen beforehand.
#[derive(Debug, Deserialize)]
pub struct ProblemQuery {
    problem: Option<String>,
    /// The contest (default: the first).
    contest: Option<String>,
}

/// Why a student cannot submit now, if they cannot. A student whose homework extension
/// runs past the set's close may still submit until it ends.
fn closed_reason(contest: &Contest, user: &judge_store::User) -> Option<String> {
    if user.is_teacher() {
        return None;
    }
    let now = now_ms();
    if contest
        .extension_ms(&user.name)
        .is_some_and(|until| now < until)
    {
        return None;
    }
    match contest.phase(now) {
        Phase::NotStarted => Some(SubmitTexts::current().not_started().into()),
        Phase::Over if contest.kind == ContestKind::Homework => Some(
            judge_views::views::contests::ContestTexts::current()
                .homework_closed()
                .into(),
        ),
        Phase::Over => Some(SubmitTexts::current().over().into()),
        Phase::Running | Phase::Late => None,
    }
}

/// Whether a submission now is late: a homework set past the student's deadline (their
/// extension, else the set's).
fn is_late(contest: &Contest, student: &str, now_ms: i64) -> bool {
    let deadline = contest.extension_ms(student).or(contest.end_ms());
    contest.kind == ContestKind::Homework && deadline.is_some_and(|end| now_ms >= end)
}

/// The submit form for `session`: `problem` preselected, the language the user last
/// submitted in (or `language`), and a refused submission shown again.
async fn form_view(
    state: &AppState,
    contest: &Contest,
    session: &crate::auth::Session,
    problem: Option<String>,
    language: Option<String>,
    refused: Option<view::Refused>,
) -> Result<SubmitForm, HttpError> {
    let user_id = session.user.id;
    let of = contest.clone();
    let (problems, remembered, live) = state
        .blocking(move |s| {
            let problems = of
                .problems
                .iter()
                .map(|p| {
                    let title = match s.titles.get(&p.id) {
                        Some(Ok((title, _))) => title.clone(),
                        _ => String::new(),
                    };
                    (p.id.clone(), title)
                })
                .collect();
            Ok((
                problems,
                s.store.setting(&settings::last_language(user_id))?,
                s.store.live_languages()?,
            ))
        })
        .await?;
    let selected_language = language
        .filter(|l| !l.is_empty())
        .or(remembered)
        .filter(|id| contest.language(id).is_some());
    Ok(SubmitForm {
        problems,
        selected_problem: problem,
        languages: state
            .offered_languages(contest, live.as_deref())
            .into_iter()
            .map(|l| (l.id.clone(), l.spec.name.clone(), l.spec.extensions.clone()))
            .collect(),
        max_source_bytes: state.options.max_source_bytes,
        closed: closed_reason(contest, &session.user),
        selected_language,
        refused,
        contest: (!contest.first).then(|| contest.id.clone()),
        late: is_late(contest, &session.user.name, now_ms()).then(|| {
            judge_views::views::contests::ContestTexts::current()
                .late_now()
                .to_string()
        }),
    })
}

/// `GET /submit`.
async fn form(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    query: Result<Query<ProblemQuery>, QueryRejection>,
) -> Result<Html<String>, HttpError> {
    let query = input::query(query)?;
    let contest = super::contests::named(&state, &session.user, query.contest.as_deref())?;
    check_contest_started(&contest, session.user.is_teacher())?;
    let view = form_view(&state, &contest, &session, query.problem, None, None).await?;
    let chrome = frame::contest_page(&state, &contest, &session, "submit").await?;
    Ok(Html(
        view::form(&chrome, &session.csrf_token, &view).into_string(),
    ))
}

/// The submit form's fields.
#[derive(Debug, Default)]
struct Fields {
    csrf: Option<String>,
    problem: Option<String>,
    language: Option<String>,
    pasted: Vec<u8>,
    file: Vec<u8>,
    file_name: Option<String>,
    contest: Option<String>,
}

fn multipart_error(error: MultipartError, cap: usize) -> HttpError {
    multipart_error_or(error, || {
        HttpError::too_large(SubmitTexts::current().upload_too_large(cap / 1024))
    })
}

/// A form that cannot be read: `too_large` past the body limit, else 400.
pub(crate) fn multipart_error_or(
    error: MultipartError,
    too_large: impl Fn() -> HttpError,
) -> HttpError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        HttpError::bad_request(ErrorTexts::current().bad_form(error.body_text()))
    }
}

/// Reads a field of at most `limit` bytes (a source's cap, in the message, is `cap`).
pub(crate) async fn read_field(
    field: Field<'_>,
    limit: usize,
    cap: usize,
) -> Result<Vec<u8>, HttpError> {
    read_limited(
        field,
        limit,
        |e| multipart_error(e, cap),
        || HttpError::too_large(SubmitTexts::current().source_too_large(cap / 1024)),
    )
    .await
}

/// Reads a field of at most `limit` bytes: `too_large` beyond, `unreadable` when the form
/// cannot be read.
pub(crate) async fn read_limited(
    mut field: Field<'_>,
    limit: usize,
    unreadable: impl Fn(MultipartError) -> HttpError,
    too_large: impl Fn() -> HttpError,
) -> Result<Vec<u8>, HttpError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(&unreadable)? {
        if bytes.len() + chunk.len() > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

async fn read_fields(mut multipart: Multipart, cap: usize) -> Result<Fields, HttpError> {
    let mut fields = Fields::default();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e, cap))?
    {
        let name = field.name().unwrap_or("").to_string();
        let small = |bytes: Vec<u8>| Some(String::from_utf8_lossy(&bytes).trim().to_string());
        match name.as_str() {
            "csrf" => fields.csrf = small(read_field(field, 256, cap).await?),
            "problem" => fields.problem = small(read_field(field, 256, cap).await?),
            "contest" => fields.contest = small(read_field(field, 256, cap).await?),
            "language" => fields.language = small(read_field(field, 256, cap).await?),
            // Sources are read up to twice the cap (the body limit allows it) so that a
            // source a little too large is refused with its text kept, not cut off.
            "source" => fields.pasted = read_field(field, cap * 2, cap).await?,
            "file" => {
                fields.file_name = field.file_name().map(str::to_string);
                fields.file = read_field(field, cap * 2, cap).await?;
            }
            // Unknown fields are read and dropped (bounded like a source).
            _ => {
                read_field(field, cap, cap).await?;
            }
        }
    }
    Ok(fields)
}

/// The source text from the bytes sent: not empty, within the cap, text.
pub(crate) fn source_text(bytes: &[u8], cap: usize) -> Result<String, HttpError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(HttpError::unprocessable(SubmitTexts::current().empty()));
    }
    if bytes.len() > cap {
        return Err(HttpError::too_large(
            SubmitTexts::current().source_too_large(cap / 1024),
        ));
    }
    if bytes.contains(&0) {
        return Err(HttpError::not_text(SubmitTexts::current().nul_bytes()));
    }
    let text = String::from_utf8(bytes.to_vec())
        .map_err(|_| HttpError::not_text(SubmitTexts::current().not_utf8()))?;
    // Browsers send pasted text with CRLF line ends.
    Ok(text.replace("\r\n", "\n"))
}

/// A submission as it arrives, from the form or the API.
pub(crate) struct Incoming<'a> {
    /// The problem's id.
    pub problem: &'a str,
    /// The language's id, if given.
    pub language: Option<&'a str>,
    /// The file's name, if it came as a file (its extension may name the language).
    pub file_name: Option<&'a str>,
    /// The source bytes.
    pub source: &'a [u8],
    /// The client's idempotency key.
    pub idempotency_key: Option<String>,
    /// The contest's id (None: the first).
    pub contest: Option<&'a str>,
}

/// Checks a submission (in the order the module's doc gives, after the form's own
/// checks), stores it and wakes the workers: the one way every submission enters the
/// queue. Returns the id and whether it is new (false: the idempotency key's earlier one).
pub(crate) async fn accept(
    state: &AppState,
    user: &judge_store::User,
    incoming: Incoming<'_>,
) -> Result<(i64, bool), HttpError> {
    let cap = state.options.max_source_bytes;
    let teacher = user.is_teacher();
    let contest = super::contests::named(state, user, incoming.contest)?;
    if let Some(reason) = closed_reason(&contest, user) {
        return Err(HttpError::forbidden(reason));
    }
    let problem = incoming.problem.to_string();
    let Some(listed) = contest.problem(&problem).map(|p| p.languages.clone()) else {
        return Err(HttpError::not_found(
            SubmitTexts::current().no_problem(&problem),
        ));
    };
    let language = match incoming.language.filter(|l| !l.is_empty()) {
        Some(id) => contest.language(id).ok_or_else(|| {
            HttpError::unprocessable(
                SubmitTexts::current().language_not_allowed(id, contest.language_ids()),
            )
        })?,
        None => {
            let extension = incoming
                .file_name
                .and_then(|n| std::path::Path::new(n).extension())
                .and_then(|e| e.to_str())
                .unwrap_or("");
            contest
                .languages
                .iter()
                // In any case, as judge contest matches class files: `SOL.PY` is Python.
                .find(|l| {
                    !extension.is_empty()
                        && l.spec
                            .extensions
                            .iter()
                            .any(|e| e.eq_ignore_ascii_case(extension))
                })
                .ok_or_else(|| {
                    HttpError::unprocessable(
                        SubmitTexts::current().choose_language(contest.language_ids()),
                    )
                })?
        }
    };
    // The problem's own list: a `.cpp` file takes its listed C++ profile, and is stored
    // as it (what the student's page shows is what it is compiled as).
    let language = state
        .judge
        .languages
        .for_problem(&problem, listed.as_deref(), language)
        .map_err(|_| {
            HttpError::unprocessable(SubmitTexts::current().language_not_for_problem(
                &language.id,
                &problem,
                listed.unwrap_or_default().join(", "),
            ))
        })?;
    // What no machine runs now would wait in the queue: refused (a web front whose
    // workers have not reported yet takes every allowed language).
    let live = state.live_languages().await?;
    let offered = state.offered_languages(&contest, live.as_deref());
    if !offered.iter().any(|l| l.id == language.id) {
        let ids: Vec<&str> = offered.iter().map(|l| l.id.as_str()).collect();
        return Err(HttpError::unprocessable(
            SubmitTexts::current().language_unavailable(&language.spec.name, ids.join(", ")),
        ));
    }
    let source = source_text(incoming.source, cap)?;
    let new = NewSubmission {
        user_id: user.id,
        problem: problem.clone(),
        language: language.id.clone(),
        source,
        idempotency_key: incoming.idempotency_key,
    };
    let limit = (!teacher && state.options.submissions_per_window > 0).then(|| {
        (
            state.options.submissions_per_window,
            i64::try_from(state.options.rate_window.as_millis()).unwrap_or(i64::MAX),
        )
    });
    let placement = Placement {
        contest: Some(contest.id.clone()),
        late: is_late(&contest, &user.name, now_ms()),
    };
    let inserted = state
        .blocking(move |s| {
            match judge_packages::load(&s.judge.config, &new.problem) {
                Err(error) => return Ok(Err(error.to_string())),
                // Never judged under the provisional limit: refused until one is decided.
                Ok(problem) if !problem.time_rule.is_decided() => {
                    return Ok(Err(judge_model::JudgeError::UndecidedTimeLimit {
                        id: problem.id.clone(),
                        dir: problem.dir.clone(),
                    }
                    .to_string()))
                }
                Ok(_) => {}
            }
            Ok(Ok(s
                .store
                .insert_submission_into(&new, &placement, limit)?))
        })
        .await?
        .map_err(|reason| {
            let t = SubmitTexts::current();
            let shown = if teacher {
                reason
            } else {
                t.not_ready().into()
            };
            HttpError::unavailable(t.cannot_judge(&problem, shown))
        })?;
    match inserted {
        Inserted::Queued(id) => {
            state.queue.notify();
            Ok((id, true))
        }
        Inserted::Existing(id) => Ok((id, false)),
        Inserted::RateLimited { retry_after_ms } => {
            let seconds = u64::try_from(retry_after_ms)
                .unwrap_or(1)
                .div_ceil(1000)
                .max(1);
            Err(HttpError::too_many(
                SubmitTexts::current().too_many(
                    state.options.submissions_per_window,
                    state.options.rate_window.as_secs(),
                    seconds,
                ),
                seconds,
            ))
        }
    }
}

/// `POST /submit`. A refused submission (too large, no language, closed, empty, not
/// text, the rate limit) answers the form again with its status, the reason beside it and
/// the pasted code kept; a form that cannot be read or lacks the CSRF token answers the
/// error page.
async fn submit(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, HttpError> {
    let cap = state.options.max_source_bytes;
    let multipart = multipart.map_err(|rejection| {
        HttpError::bad_request(ErrorTexts::current().bad_form(rejection.body_text()))
    })?;
    let fields = read_fields(multipart, cap).await?;
    crate::csrf::verify(&session.csrf_token, fields.csrf.as_deref())?;
    let bytes = if fields.file.is_empty() {
        &fields.pasted
    } else {
        &fields.file
    };
    let incoming = Incoming {
        problem: fields.problem.as_deref().unwrap_or_default(),
        language: fields.language.as_deref(),
        file_name: fields.file_name.as_deref(),
        source: bytes,
        idempotency_key: None,
        contest: fields.contest.as_deref(),
    };
    match accept(&state, &session.user, incoming).await {
        Ok((id, _)) => {
            let language = state
                .blocking(move |s| Ok(s.store.submission_summary(id)?.map(|s| s.language)))
                .await?;
            if let Some(language) = language {
                let user_id = session.user.id;
                state
                    .with_store(move |store| {
                        store.set_setting(&settings::last_language(user_id), &language)
                    })
                    .await?;
            }
            Ok(Redirect::to(&format!("/submissions/{id}")).into_response())
        }
        Err(error) => {
            let refused = view::Refused {
                reason: error.message.clone(),
                source: String::from_utf8_lossy(&fields.pasted).into_owned(),
            };
            let contest = super::contests::named(&state, &session.user, fields.contest.as_deref())?;
            let view = form_view(
                &state,
                &contest,
                &session,
                fields.problem.clone(),
                fields.language.clone(),
                Some(refused),
            )
            .await?;
            let chrome = frame::contest_page(&state, &contest, &session, "submit").await?;
            let page = view::form(&chrome, &session.csrf_token, &view).into_string();
            // The error's status and headers (Retry-After), the form as the body.
            let mut response = error.into_response();
            *response.body_mut() = axum::body::Body::from(page);
            response.headers_mut().insert(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static("text/html; charset=utf-8"),
            );
            Ok(response)
        }
    }
}
