//! `GET`/`POST /teacher/problems/import`: a teacher uploads a package .zip (or an FPS
//! file, .xml, of many problems) and it becomes a problem of the contest chosen in the form (the first by default; see
//! [`crate::import`]).
//!
//! The checks, in order, each with its status: a teacher's session (401 / 403), a
//! multipart form within the package cap (413), the CSRF token (403), a file (422). Then
//! the import: an unknown contest or a refused package answers 422 with every error on
//! the page, an imported one 200 with its facts and warnings.

use super::submit::{multipart_error_or, read_limited};
use super::table::{get, Routes};
use crate::auth::TeacherOnly;
use crate::http_error::{ErrorTexts, HttpError};
use crate::import::{self, ImportError, Upload};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use judge_store::CourseNotices;
use judge_views::views::import::{
    self as view, ContestChoice, ImportTexts, ImportedProblem, Outcome,
};
use judge_views::views::Chrome;

/// The package upload.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET`/`POST /teacher/problems/import` | teacher | upload a package .zip or an FPS .xml: it becomes a problem (each item a problem) of the contest chosen |
pub(super) fn routes(options: &ServerOptions) -> Routes {
    Routes::new().route(PATH, get(form).post(upload).body_limit(body_limit(options)))
}

/// The page's address.
pub(super) const PATH: &str = "/teacher/problems/import";

/// The largest body the route takes: the package and the small fields beside it.
pub(super) fn body_limit(options: &ServerOptions) -> usize {
    options.max_package_bytes + 64 * 1024
}

/// The page: the form, with what became of an upload (`outcome`); `notices` for its frame.
fn render(
    state: &AppState,
    session: &crate::auth::Session,
    notices: &CourseNotices,
    status: StatusCode,
    chosen: Option<&str>,
    outcome: Option<&Outcome>,
) -> Response {
    let chrome =
        Chrome::for_course(&state.contests, Some(session), "teacher").with_notices(notices, None);
    let contests: Vec<ContestChoice> = state
        .contests
        .all()
        .iter()
        .map(|c| ContestChoice {
            id: c.id.clone(),
            title: c.title.clone(),
        })
        .collect();
    let page = view::page_view(
        &chrome,
        &contests,
        chosen,
        state.options.max_package_bytes,
        outcome,
    );
    (status, Html(page.into_string())).into_response()
}

/// `GET /teacher/problems/import`: the form.
async fn form(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
) -> Result<Response, HttpError> {
    let notices = super::frame::notices(&state, &session).await?;
    Ok(render(
        &state,
        &session,
        &notices,
        StatusCode::OK,
        None,
        None,
    ))
}

/// The form's fields.
#[derive(Debug, Default)]
struct Fields {
    csrf: Option<String>,
    id: Option<String>,
    contest: Option<String>,
    file_name: Option<String>,
    package: Vec<u8>,
}

fn too_large(cap: usize) -> HttpError {
    HttpError::too_large(
        ImportTexts::current().too_large(judge_views::views::format::bytes(cap as u64)),
    )
}

fn multipart_error(error: MultipartError, cap: usize) -> HttpError {
    multipart_error_or(error, || too_large(cap))
}

/// A field's bytes, at most `limit` of them (413 beyond, naming the package cap `cap`).
async fn read_field(field: Field<'_>, limit: usize, cap: usize) -> Result<Vec<u8>, HttpError> {
    read_limited(field, limit, |e| multipart_error(e, cap), || too_large(cap)).await
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
            "id" => fields.id = small(read_field(field, 256, cap).await?),
            "contest" => fields.contest = small(read_field(field, 256, cap).await?),
            "package" => {
                fields.file_name = field.file_name().map(str::to_string);
                fields.package = read_field(field, cap, cap).await?;
            }
            // Unknown fields are read and dropped (small).
            _ => {
                read_field(field, 4096, cap).await?;
            }
        }
    }
    Ok(fields)
}

/// `POST /teacher/problems/import`: imports the uploaded package and shows what became
/// of it.
async fn upload(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, HttpError> {
    let cap = state.options.max_package_bytes;
    let multipart = multipart.map_err(|rejection| {
        HttpError::bad_request(ErrorTexts::current().bad_form(rejection.body_text()))
    })?;
    let fields = read_fields(multipart, cap).await?;
    crate::csrf::verify(&session.csrf_token, fields.csrf.as_deref())?;
    // Read before the import, so that the outcome is shown whatever the store says later.
    let notices = super::frame::notices(&state, &session).await?;
    let contest = fields.contest.filter(|c| !c.is_empty());
    let file_name = fields
        .file_name
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "package.zip".into());
    if fields.package.is_empty() {
        let outcome = Outcome::Refused {
            file_name,
            errors: vec![ImportTexts::current().no_file().to_string()],
        };
        return Ok(render(
            &state,
            &session,
            &notices,
            StatusCode::UNPROCESSABLE_ENTITY,
            contest.as_deref(),
            Some(&outcome),
        ));
    }
    let upload = Upload {
        file_name: file_name.clone(),
        bytes: fields.package,
        id: fields.id,
        contest: contest.clone(),
    };
    let running = state.clone();
    let imported = tokio::task::spawn_blocking(judge_i18n::carried(move || {
        import::import(&running, &upload)
    }))
    .await
    .map_err(|error| {
        tracing::error!("an import's blocking task failed: {error}");
        HttpError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorTexts::current().server_failed(),
        )
    })?;
    // The page after an import shows the course as it is now (the new problem's links).
    let latest = state.clone();
    let (status, outcome) = match imported {
        Ok(done) => {
            let ids: Vec<&str> = done.imported.iter().map(|i| i.id.as_str()).collect();
            tracing::info!(
                "{} imported {file_name} as problem(s) {}",
                session.user.name,
                ids.join(", ")
            );
            let contest_id = done
                .imported
                .first()
                .map(|i| i.contest.clone())
                .or(contest.clone())
                .unwrap_or_else(|| latest.contest.id.clone());
            let joined = latest.contests.get(&contest_id);
            let problems = done
                .imported
                .into_iter()
                .map(|imported| {
                    let problem = format!(
                        "/problems/{}",
                        judge_views::links::encode_component(&imported.id)
                    );
                    let not_judgeable = done
                        .not_judgeable
                        .iter()
                        .find(|(id, _)| *id == imported.id)
                        .map(|(_, why)| why.clone());
                    ImportedProblem {
                        href: joined.map(|c| c.href(&problem)).unwrap_or(problem),
                        id: imported.id,
                        format: imported.format,
                        tests: imported.tests,
                        warnings: imported.warnings,
                        not_judgeable,
                    }
                })
                .collect();
            (
                StatusCode::OK,
                Outcome::Imported {
                    file_name,
                    contest_title: joined
                        .map(|c| c.title.clone())
                        .unwrap_or_else(|| contest_id.clone()),
                    problems,
                    notes: done.notes,
                },
            )
        }
        Err(ImportError::Refused(errors)) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Outcome::Refused { file_name, errors },
        ),
        Err(ImportError::Reload(error)) => {
            tracing::error!("after importing {file_name}: {error}");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                Outcome::ReloadFailed(error.to_string()),
            )
        }
        Err(ImportError::Server(error)) => return Err(error.into()),
    };
    Ok(render(
        &latest,
        &session,
        &notices,
        status,
        contest.as_deref(),
        Some(&outcome),
    ))
}
