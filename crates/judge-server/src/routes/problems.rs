//! The problem list and the statements.

use super::frame;
use super::input;
use super::table::{get, Routes};
use crate::auth::LoggedIn;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::Extension;
use judge_course::contest::{Contest, Phase};
use judge_course::statement::{self, StatementLanguage};
use judge_i18n::Lang;
use judge_model::problem::{OutputCheck, Problem, TestGroup};
use judge_model::Verdict;
use judge_store::{now_ms, SubmissionFilter};
use judge_views::views::format;
use judge_views::views::problems::{
    self as view, ProblemRow, ProblemTexts, SampleFile, SampleText, StatementPage,
};
use maud::html;
use serde::Deserialize;

/// The problems and their statements, the first contest's at the old addresses.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /problems`, `GET /problems/{id}?lang=zh\|en` | logged in | problems, a statement |
/// | `GET /problems/{id}/statement/{file}` (and under `/contests/{c}`) | logged in | an image a statement shows, from its folder |
/// | `GET /problems/{id}/statement.pdf?lang=` (and under `/contests/{c}`) | logged in | the PDF statement the package ships |
/// | `GET /contests/{c}/problems`, `/contests/{c}/problems/{id}` | logged in | a contest's problems, a statement |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/problems", get(list))
        .route("/problems/{id}", get(statement))
        .route("/problems/{id}/statement/{*file}", get(statement_image))
        .route("/problems/{id}/statement.pdf", get(statement_pdf))
        .route("/contests/{contest}/problems", get(list_in))
        .route("/contests/{contest}/problems/{id}", get(statement_in))
        .route(
            "/contests/{contest}/problems/{id}/statement/{*file}",
            get(statement_image_in),
        )
        .route(
            "/contests/{contest}/problems/{id}/statement.pdf",
            get(statement_pdf_in),
        )
}

/// Sample files longer than this are cut on the page (the copy button copies more).
const SAMPLE_SHOWN_BYTES: usize = 4096;

/// Sample files up to this size get a copy button, which copies the whole file.
const SAMPLE_COPY_BYTES: usize = 64 * 1024;

/// Refuses students before a contest starts.
pub(crate) fn check_contest_started(contest: &Contest, teacher: bool) -> Result<(), HttpError> {
    if !teacher && contest.phase(now_ms()) == Phase::NotStarted {
        return Err(HttpError::forbidden(ProblemTexts::current().hidden()));
    }
    Ok(())
}

/// `GET /problems`: the first contest's problems.
async fn list(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let first = state.contest.id.clone();
    list_of(state, session, first).await
}

/// `GET /contests/{contest}/problems`.
async fn list_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(contest): Path<String>,
) -> Result<Html<String>, HttpError> {
    list_of(state, session, contest).await
}

async fn list_of(
    state: AppState,
    session: crate::auth::Session,
    contest_id: String,
) -> Result<Html<String>, HttpError> {
    let contest = super::contests::find(&state, &session.user, &contest_id)?.clone();
    let chrome = frame::contest_page(&state, &contest, &session, "problems").await?;
    let teacher = session.user.is_teacher();
    if !teacher && contest.phase(now_ms()) == Phase::NotStarted {
        let t = ProblemTexts::current();
        let notice = html! { (t.starts_at()) (format::time(contest.start_ms())) (t.appear_then()) };
        return Ok(Html(
            view::list(&chrome, &contest, &[], Some(notice), false).into_string(),
        ));
    }
    let user_id = session.user.id;
    let of = contest.clone();
    let rows = state
        .blocking(move |s| {
            let mine = s.store.submissions(&SubmissionFilter {
                user_id: Some(user_id),
                ..SubmissionFilter::default()
            })?;
            Ok(of
                .problems
                .iter()
                .map(|problem| {
                    let attempts: Vec<_> = mine
                        .iter()
                        .filter(|m| m.problem == problem.id && of.owns(m.contest.as_deref()))
                        .collect();
                    let verdicts: Vec<Verdict> = attempts
                        .iter()
                        // One being rejudged keeps its previous verdict until the new one.
                        .filter_map(|m| m.current_result().or(m.rejudging()).map(|r| r.verdict))
                        .collect();
                    let best = if verdicts.contains(&Verdict::AC) {
                        Some(Verdict::AC)
                    } else {
                        verdicts.first().copied()
                    };
                    ProblemRow {
                        id: problem.id.clone(),
                        title: s.titles.get(&problem.id).cloned().unwrap_or_else(|| {
                            Err(ProblemTexts::current().not_in_contest(&problem.id))
                        }),
                        points: problem.points,
                        best,
                        attempts: attempts.len(),
                    }
                })
                .collect::<Vec<_>>())
        })
        .await?;
    let notice = match contest.phase(now_ms()) {
        Phase::Over => Some(html! { (ProblemTexts::current().over()) }),
        Phase::Late => Some(
            html! { (judge_views::views::contests::ContestTexts::current().deadline_passed()) },
        ),
        _ => None,
    };
    Ok(Html(
        view::list(&chrome, &contest, &rows, notice, teacher).into_string(),
    ))
}

/// The statement language asked for.
#[derive(Debug, Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

fn capped(text: &str) -> String {
    if text.len() > SAMPLE_SHOWN_BYTES {
        let mut end = SAMPLE_SHOWN_BYTES;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}\n…", &text[..end])
    } else {
        text.to_string()
    }
}

/// A sample file as the page shows it and as its copy button copies it.
fn sample_text(path: &std::path::Path) -> SampleText {
    let bytes = std::fs::read(path).unwrap_or_default();
    let exact = if bytes.len() <= SAMPLE_COPY_BYTES {
        String::from_utf8(bytes.clone()).ok()
    } else {
        None
    };
    SampleText {
        shown: capped(&String::from_utf8_lossy(&bytes)),
        exact,
    }
}

/// What a statement's code block and a sample file are compared by: a statement shows a
/// file in a code block without its line ends (CR LF) and blank edges.
fn block_key(text: &str) -> String {
    text.replace("\r\n", "\n").trim().to_string()
}

/// Renders the statement with a copy button beside each code block that shows a sample's
/// input or answer, and gives back what of the samples the page shows below it, so that
/// each file appears once: a sample whose input the statement does not show, whole; one
/// whose input it shows but not the answer (an illustration, or another accepted output),
/// its answer only (not for an interactive problem, whose answer file is no output).
fn render_with_samples(
    markdown: &str,
    wanted: StatementLanguage,
    samples: Vec<SampleFile>,
    interactive: bool,
    images: Option<&statement::StatementImages>,
) -> (statement::RenderedStatement, Vec<SampleFile>) {
    let lang = judge_i18n::current();
    let key = |text: &Option<SampleText>| text.as_ref()?.exact.as_deref().map(block_key);
    let keys: Vec<[Option<String>; 2]> = samples
        .iter()
        .map(|s| [key(&s.input), key(&s.answer)])
        .collect();
    // Which samples' input and answer the statement shows.
    let mut shown = vec![[false; 2]; samples.len()];
    let mut beside = |block: &str| {
        let block = block_key(block);
        if block.is_empty() {
            return None;
        }
        let (index, side) = (0..2).find_map(|side| {
            let index = keys
                .iter()
                .position(|k| k[side].as_deref() == Some(block.as_str()))?;
            Some((index, side))
        })?;
        shown[index][side] = true;
        let sample = &samples[index];
        let (text, file) = match side {
            0 => (&sample.input, format!("{}.in", sample.name)),
            _ => (&sample.answer, format!("{}.ans", sample.name)),
        };
        let exact = text.as_ref()?.exact.as_deref()?;
        Some(view::copy_button(lang, exact, &file).into_string())
    };
    let rendered = statement::render_with(markdown, wanted, &mut beside, images);
    let rest = samples
        .into_iter()
        .zip(shown)
        .filter_map(
            |(sample, [input, answer])| match (input, answer || interactive) {
                (false, _) => Some(sample),
                (true, true) => None,
                (true, false) => Some(SampleFile {
                    input: None,
                    ..sample
                }),
            },
        )
        .collect();
    (rendered, rest)
}

/// The limits line, with how the time limit was decided (a package's own file, or its
/// accepted submissions); a limit not decided yet is said so, never the provisional one.
fn limits_text(problem: &judge_model::problem::Problem) -> String {
    use judge_model::problem::TimeLimitOrigin;
    let limits = &problem.limits;
    let t = ProblemTexts::current();
    let how = match problem.time_rule.origin {
        TimeLimitOrigin::Given { file } => t.limit_from_file(file),
        TimeLimitOrigin::Stored | TimeLimitOrigin::Inferred => t.limit_from_submissions().into(),
        TimeLimitOrigin::Undecided => return t.limit_undecided(limits.memory_mib),
    };
    t.limits(limits.time_s, how, limits.memory_mib)
}

/// A problem's title in `language` when it has one there (Chinese), else its English
/// title, with the language it is in.
fn title_in(problem: &Problem, language: StatementLanguage) -> (String, StatementLanguage) {
    match (language, &problem.title_zh) {
        (StatementLanguage::Zh, Some(zh)) => (zh.clone(), StatementLanguage::Zh),
        _ => (problem.title.clone(), StatementLanguage::En),
    }
}

/// `GET /problems/{id}`: a problem of the first contest.
async fn statement(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
    query: Result<Query<LangQuery>, QueryRejection>,
    Extension(lang): Extension<Lang>,
) -> Result<Html<String>, HttpError> {
    let first = state.contest.id.clone();
    statement_of(state, session, first, id, query, lang).await
}

/// `GET /contests/{contest}/problems/{id}`.
async fn statement_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path((contest, id)): Path<(String, String)>,
    query: Result<Query<LangQuery>, QueryRejection>,
    Extension(lang): Extension<Lang>,
) -> Result<Html<String>, HttpError> {
    statement_of(state, session, contest, id, query, lang).await
}

async fn statement_of(
    state: AppState,
    session: crate::auth::Session,
    contest_id: String,
    id: String,
    query: Result<Query<LangQuery>, QueryRejection>,
    lang: Lang,
) -> Result<Html<String>, HttpError> {
    let contest = super::contests::find(&state, &session.user, &contest_id)?.clone();
    check_contest_started(&contest, session.user.is_teacher())?;
    if contest.problem(&id).is_none() {
        return Err(HttpError::not_found(
            ProblemTexts::current().no_problem(&id),
        ));
    }
    let query = input::query(query)?;
    let wanted = query
        .lang
        .as_deref()
        .and_then(StatementLanguage::from_code)
        .unwrap_or(StatementLanguage::of_interface(lang));
    let problem_id = id.clone();
    let images_href = contest.href(&format!("/problems/{id}/statement/"));
    let pdf_href = contest.href(&format!("/problems/{id}/statement.pdf"));
    let page = state
        .blocking(move |s| {
            let problem = match judge_packages::load(&s.judge.config, &problem_id) {
                Ok(problem) => problem,
                Err(error) => return Ok(Err(error.to_string())),
            };
            // The statement in the language asked for, else in English, else the first
            // (`statement::package`): Markdown as it renders, LaTeX converted, HTML
            // sanitised, each with the images of its own folder.
            let chosen = statement::package::choose(&problem.statements, wanted.code());
            let images = chosen.and_then(|s| {
                Some(statement::StatementImages {
                    folder: statement::package::folder(s)?,
                    href: images_href.clone(),
                })
            });
            let samples: Vec<SampleFile> = problem
                .tests
                .iter()
                .filter(|t| t.group == TestGroup::Sample)
                .map(|t| SampleFile {
                    name: t.name.clone(),
                    input: Some(sample_text(&t.input)),
                    answer: Some(sample_text(&t.answer)),
                })
                .collect();
            let interactive = matches!(problem.output, OutputCheck::Interactive { .. });
            let markdown = chosen
                .filter(|s| statement::package::kind(s) == Some(statement::package::Kind::Markdown))
                .and_then(|s| statement::package::read_text(&s.path));
            let other = chosen.and_then(|s| statement::package::render(s, images.as_ref()));
            let (mut statement, samples) = match (markdown, other) {
                (Some(markdown), _) => {
                    render_with_samples(&markdown, wanted, samples, interactive, images.as_ref())
                }
                // A statement in another form shows no sample of its own: the page
                // shows them all below it, as problemtools' sample table does.
                (None, Some(html)) => (
                    statement::RenderedStatement {
                        html,
                        shown: None,
                        available: Vec::new(),
                        other_language: None,
                    },
                    samples,
                ),
                (None, None) => render_with_samples(
                    ProblemTexts::current().no_statement(),
                    wanted,
                    samples,
                    interactive,
                    None,
                ),
            };
            // A statement without language sections is in its file's language; the
            // switch offers the languages of the package's files.
            if let (None, Some(chosen)) = (statement.shown, chosen) {
                let (shown, other_language) = statement::package::language_of(chosen);
                statement.shown = shown;
                statement.other_language = other_language;
                statement.available = statement::package::available(&problem.statements);
            }
            let shown_code = statement
                .shown
                .map(|l| l.code().to_string())
                .or(statement.other_language.clone())
                .unwrap_or_default();
            let pdf = statement::package::pdf(&problem.statements, &shown_code)
                .map(|_| format!("{pdf_href}?lang={shown_code}"));
            let (title, title_language) = title_in(&problem, wanted);
            // A native statement opens with its own title (`# 加法 / Add`); a package's
            // title lives in its metadata (problem.yaml's name, problem.xml's names).
            let heading = (!problem.capabilities.statement_has_title)
                .then(|| (title.clone(), title_language));
            Ok(Ok(StatementPage {
                id: problem_id,
                title,
                heading,
                statement,
                limits: limits_text(&problem),
                samples,
                pdf,
            }))
        })
        .await?
        .map_err(|reason| {
            let t = ProblemTexts::current();
            if session.user.is_teacher() {
                HttpError::unavailable(t.cannot_show_because(&id)).with_detail(reason)
            } else {
                HttpError::unavailable(t.cannot_show(&id, t.not_ready().into()))
            }
        })?;
    let chrome = frame::contest_page(&state, &contest, &session, "problems").await?;
    Ok(Html(
        view::statement(&chrome, &contest, &page).into_string(),
    ))
}

/// `GET /problems/{id}/statement/{*file}`: an image of a statement of the first contest's
/// problem.
async fn statement_image(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path((id, file)): Path<(String, String)>,
) -> Result<Response, HttpError> {
    let first = state.contest.id.clone();
    image_of(state, session, first, id, file).await
}

/// `GET /contests/{contest}/problems/{id}/statement/{*file}`.
async fn statement_image_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path((contest, id, file)): Path<(String, String, String)>,
) -> Result<Response, HttpError> {
    image_of(state, session, contest, id, file).await
}

/// An image that one of the problem's statements shows, read from that
/// statement's folder under [`statement::images`]' rules (a package is untrusted input:
/// no `..`, no absolute path, no symbolic link, images only); 404 for anything else.
async fn image_of(
    state: AppState,
    session: crate::auth::Session,
    contest_id: String,
    id: String,
    file: String,
) -> Result<Response, HttpError> {
    let contest = super::contests::find(&state, &session.user, &contest_id)?.clone();
    check_contest_started(&contest, session.user.is_teacher())?;
    if contest.problem(&id).is_none() {
        return Err(HttpError::not_found(
            ProblemTexts::current().no_problem(&id),
        ));
    }
    let (problem_id, reference) = (id.clone(), file.clone());
    let image = state
        .blocking(move |s| {
            let Ok(problem) = judge_packages::load(&s.judge.config, &problem_id) else {
                return Ok(None);
            };
            Ok(problem.statements.iter().find_map(|s| {
                let images = statement::StatementImages {
                    folder: statement::package::folder(s)?,
                    href: String::new(),
                };
                if !statement::package::image_references(s, &images).contains(&reference) {
                    return None;
                }
                let image = statement::images::resolve(&images.folder, &reference)?;
                match image.read() {
                    Ok(bytes) => Some((image.kind, bytes)),
                    Err(error) => {
                        tracing::warn!("problem {problem_id}'s statement image: {error}");
                        None
                    }
                }
            }))
        })
        .await?;
    let Some((kind, bytes)) = image else {
        return Err(HttpError::not_found(
            ProblemTexts::current().no_image(&id, &file),
        ));
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind.content_type()),
            (header::CACHE_CONTROL, "private, max-age=300"),
        ],
        bytes,
    )
        .into_response())
}

/// `GET /problems/{id}/statement.pdf?lang=`: the PDF statement the first contest's
/// problem ships.
async fn statement_pdf(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
    query: Result<Query<LangQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let first = state.contest.id.clone();
    pdf_of(state, session, first, id, query).await
}

/// `GET /contests/{contest}/problems/{id}/statement.pdf?lang=`.
async fn statement_pdf_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path((contest, id)): Path<(String, String)>,
    query: Result<Query<LangQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    pdf_of(state, session, contest, id, query).await
}

/// The package's PDF statement in the language asked for (else English, else its
/// first), if it is a PDF file; 404 otherwise.
async fn pdf_of(
    state: AppState,
    session: crate::auth::Session,
    contest_id: String,
    id: String,
    query: Result<Query<LangQuery>, QueryRejection>,
) -> Result<Response, HttpError> {
    let contest = super::contests::find(&state, &session.user, &contest_id)?.clone();
    check_contest_started(&contest, session.user.is_teacher())?;
    if contest.problem(&id).is_none() {
        return Err(HttpError::not_found(
            ProblemTexts::current().no_problem(&id),
        ));
    }
    let language = input::query(query)?.lang.unwrap_or_default();
    let problem_id = id.clone();
    let pdf = state
        .blocking(move |s| {
            let Ok(problem) = judge_packages::load(&s.judge.config, &problem_id) else {
                return Ok(None);
            };
            Ok(statement::package::read_pdf(&problem.statements, &language))
        })
        .await?;
    let Some(bytes) = pdf else {
        return Err(HttpError::not_found(ProblemTexts::current().no_pdf(&id)));
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf"),
            (header::CACHE_CONTROL, "private, max-age=300"),
        ],
        bytes,
    )
        .into_response())
}
