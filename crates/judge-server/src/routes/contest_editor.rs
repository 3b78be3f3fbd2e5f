//! The teacher's contest editor: the course's contests edited in the browser, each
//! change written to judge.toml and in force at once ([`crate::course_edit`]).
//!
//! | route | who | what |
//! | --- | --- | --- |
//! | `GET /teacher/contests` | teacher | every contest's form and buttons, and a new contest's form |
//! | `POST /teacher/contests` | teacher | creates a contest |
//! | `POST /teacher/contests/{id}` | teacher | saves a contest's form (its hidden version must be the current one) |
//! | `POST /teacher/contests/{id}/action` | teacher | `action` = `freeze`, `unfreeze`, `end`, `publish` or `delete` |
//! | `POST /teacher/problems/{id}/limits` | teacher | a problem's `time_limit_s` and `memory_mib` (its hidden version must be the current one) |

use super::frame;
use super::input::bad_form;
use super::table::{get, post, Routes};
use crate::auth::{Session, TeacherOnly};
use crate::course_edit::{self, ContestChange, EditError, ProblemChange};
use crate::http_error::{ErrorTexts, HttpError};
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::FormRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use judge_model::course::LatePenaltyParts;
use judge_model::course::{ContestKind, Feedback, Scoring};
use judge_store::now_ms;
use judge_views::views::contest_editor::{self as view, EditTexts, Mistake};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The routes (the module's table).
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/teacher/contests", get(page).post(create))
        .route("/teacher/contests/{id}", post(save))
        .route("/teacher/contests/{id}/action", post(action))
        .route("/teacher/problems/{id}/limits", post(limits))
}

/// An edit's error as a page answers it, in the page's language.
fn edit_error(error: EditError) -> HttpError {
    match error {
        EditError::NotFound(id) => HttpError::not_found(ErrorTexts::current().no_contest(&id)),
        EditError::Conflict { message, .. } => HttpError::new(StatusCode::CONFLICT, message),
        EditError::NoVersion(message) => HttpError::bad_request(message),
        EditError::Invalid(message) => HttpError::unprocessable(message),
        EditError::Mistakes(mistakes) => HttpError::unprocessable(view::all_of(&mistakes)),
        EditError::Server(error) => HttpError::from(error),
    }
}

async fn blocking<T: Send + 'static>(
    state: &AppState,
    edit: impl FnOnce(&AppState) -> Result<T, EditError> + Send + 'static,
) -> Result<T, HttpError> {
    course_edit::blocking(state, edit).await.map_err(edit_error)
}

/// `GET /teacher/contests`.
async fn page(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
) -> Result<Html<String>, HttpError> {
    editor(&state, &session, None).await
}

/// A refused form's answer: the editor again, the form as typed with why it was refused
/// (its mistakes, each beside its field, or a change made from an old version), with the
/// refusal's status; any other error as an error page.
async fn refused(
    state: &AppState,
    session: &Session,
    contest: Option<String>,
    form: &ContestForm,
    error: EditError,
) -> Result<Response, HttpError> {
    let (status, why) = match error {
        EditError::Mistakes(mistakes) => (StatusCode::UNPROCESSABLE_ENTITY, mistakes),
        EditError::Invalid(message) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            vec![Mistake::general(message)],
        ),
        EditError::Conflict { message, .. } => {
            (StatusCode::CONFLICT, vec![Mistake::general(message)])
        }
        other => return Err(edit_error(other)),
    };
    let refused = view::Refused {
        contest,
        typed: form.typed(),
        version: form.version.clone(),
        why,
    };
    let page = editor(state, session, Some(&refused)).await?;
    Ok((status, page).into_response())
}

/// The editor's page, with a refused form drawn again as typed.
async fn editor(
    state: &AppState,
    session: &Session,
    refused: Option<&view::Refused>,
) -> Result<Html<String>, HttpError> {
    let now = now_ms();
    let views: Vec<_> = state
        .contests
        .all()
        .iter()
        .map(|c| course_edit::view(c, now))
        .collect();
    let ids: Vec<String> = state
        .contests
        .problems()
        .into_iter()
        .map(|p| p.id)
        .collect();
    let limits = blocking(state, move |s| {
        Ok(ids
            .into_iter()
            .map(|id| {
                let shown = course_edit::limits(s, &id).map_err(|e| edit_error(e).message);
                (id, shown)
            })
            .collect::<Vec<_>>())
    })
    .await?;
    let chrome = frame::course_page(state, session, "contests").await?;
    Ok(Html(
        view::page_of(&chrome, &views, &limits, &session.csrf_token, refused).into_string(),
    ))
}

/// A contest's form: every field as text (an empty one: none).
#[derive(Debug, Deserialize)]
pub struct ContestForm {
    csrf: Option<String>,
    version: Option<String>,
    id: Option<String>,
    #[serde(default)]
    title: String,
    kind: Option<String>,
    #[serde(default)]
    scoring: String,
    #[serde(default)]
    start: String,
    /// The offset from UTC put after a start typed without one (the page's date-and-time
    /// field); likewise for the end and the late-until time.
    start_offset: Option<String>,
    end: Option<String>,
    end_offset: Option<String>,
    duration_minutes: Option<String>,
    #[serde(default)]
    freeze_minutes: String,
    late_until: Option<String>,
    late_until_offset: Option<String>,
    #[serde(default)]
    languages: String,
    #[serde(default)]
    problems: String,
    weight: Option<String>,
    late_factor: Option<String>,
    late_per_day: Option<String>,
    late_floor: Option<String>,
    extensions: Option<String>,
    /// The groups it is for, comma-separated (empty: every student).
    for_groups: Option<String>,
}

impl ContestForm {
    /// Each field as typed, by its name (the secrets, CSRF token and version, left out).
    fn typed(&self) -> BTreeMap<String, String> {
        let fields = [
            ("id", self.id.as_deref()),
            ("title", Some(self.title.as_str())),
            ("kind", self.kind.as_deref()),
            ("scoring", Some(self.scoring.as_str())),
            ("start", Some(self.start.as_str())),
            ("start_offset", self.start_offset.as_deref()),
            ("end", self.end.as_deref()),
            ("end_offset", self.end_offset.as_deref()),
            ("duration_minutes", self.duration_minutes.as_deref()),
            ("freeze_minutes", Some(self.freeze_minutes.as_str())),
            ("late_until", self.late_until.as_deref()),
            ("late_until_offset", self.late_until_offset.as_deref()),
            ("languages", Some(self.languages.as_str())),
            ("problems", Some(self.problems.as_str())),
            ("weight", self.weight.as_deref()),
            ("late_factor", self.late_factor.as_deref()),
            ("late_per_day", self.late_per_day.as_deref()),
            ("late_floor", self.late_floor.as_deref()),
            ("extensions", self.extensions.as_deref()),
            ("for_groups", self.for_groups.as_deref()),
        ];
        fields
            .into_iter()
            .filter_map(|(name, value)| Some((name.to_string(), value?.to_string())))
            .collect()
    }
}

fn text(value: &str) -> Option<String> {
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// A time field with its offset field (None: the form had none) as one typed time: a
/// time without an offset (a browser's date-and-time field) gets the offset after it; a
/// time typed whole, with its offset, is taken as typed. Empty: no time.
fn with_offset(value: &str, offset: Option<&str>) -> Option<String> {
    let value = text(value)?;
    match offset.and_then(text) {
        Some(offset) if judge_model::text::parse_typed_time(&value).is_none() => {
            Some(format!("{value}{offset}"))
        }
        _ => Some(value),
    }
}

/// The mistakes of a form's fields as they are read (a number that is not one); each
/// field with a mistake is left out of the change.
#[derive(Default)]
struct Reading(Vec<Mistake>);

impl Reading {
    /// A number field (empty: None; not a number: None, the mistake noted).
    fn number<T: std::str::FromStr>(
        &mut self,
        field: &'static str,
        value: Option<&str>,
        mistake: impl FnOnce(&str, &str) -> String,
    ) -> Option<T> {
        let value = value.and_then(text)?;
        let number = value.parse().ok();
        if number.is_none() {
            self.0
                .push(Mistake::in_field(field, mistake(field, &value)));
        }
        number
    }

    /// A fraction field (a weight, a late factor).
    fn fraction(&mut self, field: &'static str, value: Option<&str>) -> Option<f64> {
        self.number(field, value, |f, v| EditTexts::current().bad_fraction(f, v))
    }

    /// A field of whole minutes: None (not given), Some(None) (empty: none), or the
    /// minutes; a field that is not a number is not given (its mistake noted).
    fn minutes(&mut self, field: &'static str, value: Option<&str>) -> Option<Option<u32>> {
        let value = value?;
        if text(value).is_none() {
            return Some(None);
        }
        self.number(field, Some(value), |f, v| {
            EditTexts::current().bad_number(f, v)
        })
        .map(Some)
    }

    /// A mistake in `field`.
    fn add(&mut self, field: &'static str, message: String) {
        self.0.push(Mistake::in_field(field, message));
    }
}

/// The problems field: `ID [POINTS] [all-tests]`, one a line.
fn problems_of(field: &str, reading: &mut Reading) -> Vec<ProblemChange> {
    let t = EditTexts::current();
    let mut problems = Vec::new();
    for line in field.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (id, points, feedback) = match words.as_slice() {
            [id] => (*id, None, None),
            [id, points] => (*id, Some(*points), None),
            [id, points, "all-tests"] => (*id, Some(*points), Some(Feedback::AllTests)),
            _ => {
                reading.add("problems", t.bad_problem_line(line));
                continue;
            }
        };
        let points = match points.map(str::parse::<f64>).transpose() {
            Ok(points) => points,
            Err(_) => {
                reading.add("problems", t.bad_problem_line(line));
                continue;
            }
        };
        problems.push(ProblemChange {
            id: id.to_string(),
            points,
            feedback: Some(feedback.unwrap_or(Feedback::FirstFailure)),
        });
    }
    problems
}

/// The form as a change of the contest's definition; what cannot be read is in the
/// change's mistakes, checked with the rest by [`course_edit`].
fn change_of(form: &ContestForm) -> ContestChange {
    let t = EditTexts::current();
    let mut reading = Reading::default();
    let kind = match form.kind.as_deref().map(str::trim) {
        None => None,
        Some("homework") => Some(ContestKind::Homework),
        Some(_) => Some(ContestKind::Contest),
    };
    let scoring = match form.scoring.trim() {
        "icpc" => Some(Scoring::Icpc),
        "ioi" => Some(Scoring::Ioi),
        _ => None,
    };
    let languages: Vec<String> = form
        .languages
        .split(',')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    let problems = problems_of(&form.problems, &mut reading);
    let homework = kind == Some(ContestKind::Homework);
    let late_penalty = if homework {
        let factor = reading.fraction("late_factor", form.late_factor.as_deref());
        let per_day = reading.fraction("late_per_day", form.late_per_day.as_deref());
        let floor = reading.fraction("late_floor", form.late_floor.as_deref());
        Some(
            (factor.is_some() || per_day.is_some() || floor.is_some()).then_some(
                LatePenaltyParts {
                    factor,
                    per_day,
                    floor,
                },
            ),
        )
    } else if kind.is_some() {
        // A contest has no late work: its late rule and extensions go.
        Some(None)
    } else {
        None
    };
    let mut extensions = BTreeMap::new();
    for line in form
        .extensions
        .as_deref()
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        match line.split_once(char::is_whitespace) {
            Some((student, until)) => {
                extensions.insert(student.to_string(), until.trim().to_string());
            }
            None => reading.add("extensions", t.bad_extension_line(line)),
        }
    }
    ContestChange {
        weight: reading.fraction("weight", form.weight.as_deref()),
        late_penalty,
        extensions: (form.extensions.is_some() || kind.is_some()).then(|| {
            if homework {
                extensions
            } else {
                BTreeMap::new()
            }
        }),
        id: form.id.as_deref().and_then(text),
        title: Some(form.title.clone()),
        kind,
        scoring,
        start: Some(with_offset(&form.start, form.start_offset.as_deref())),
        end: form
            .end
            .as_deref()
            .map(|end| with_offset(end, form.end_offset.as_deref())),
        duration_minutes: reading.minutes("duration_minutes", form.duration_minutes.as_deref()),
        freeze_minutes: reading.minutes("freeze_minutes", Some(&form.freeze_minutes)),
        late_until: form
            .late_until
            .as_deref()
            .map(|late| with_offset(late, form.late_until_offset.as_deref())),
        languages: Some((!languages.is_empty()).then_some(languages)),
        for_groups: form.for_groups.as_deref().map(|groups| {
            groups
                .split(',')
                .map(str::trim)
                .filter(|g| !g.is_empty())
                .map(String::from)
                .collect()
        }),
        problems: Some(problems),
        version: form.version.clone(),
        mistakes: reading.0,
        ..ContestChange::default()
    }
}

/// `POST /teacher/contests`: a new contest.
async fn create(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<ContestForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let change = change_of(&form);
    let made =
        course_edit::blocking(&state, move |s| course_edit::create(s, &change, now_ms())).await;
    let made = match made {
        Ok(made) => made,
        Err(error) => return refused(&state, &session, None, &form, error).await,
    };
    tracing::info!(
        "{} created contest {}",
        session.user.name,
        made.definition.id
    );
    Ok(Redirect::to(&format!("/teacher/contests#contest-{}", made.definition.id)).into_response())
}

/// `POST /teacher/contests/{id}`: a contest's form saved.
async fn save(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<ContestForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(mut form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    form.id = None;
    let edited = id.clone();
    let change = change_of(&form);
    let saved = course_edit::blocking(&state, move |s| {
        course_edit::update(s, &edited, None, &change, now_ms())
    })
    .await;
    if let Err(error) = saved {
        return refused(&state, &session, Some(id), &form, error).await;
    }
    tracing::info!("{} changed contest {id}", session.user.name);
    Ok(Redirect::to(&format!("/teacher/contests#contest-{id}")).into_response())
}

/// The buttons' form.
#[derive(Debug, Deserialize)]
pub struct ActionForm {
    csrf: Option<String>,
    version: Option<String>,
    #[serde(default)]
    action: String,
}

/// `POST /teacher/contests/{id}/action`.
async fn action(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<ActionForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let mut change = ContestChange {
        version: form.version.clone(),
        ..ContestChange::default()
    };
    match form.action.as_str() {
        "freeze" => change.frozen = Some(true),
        "unfreeze" => change.frozen = Some(false),
        "end" => change.end_now = true,
        "publish" => change.published = Some(true),
        "delete" => {
            let (removed, version) = (id.clone(), form.version.clone());
            blocking(&state, move |s| {
                course_edit::remove(s, &removed, version.as_deref())
            })
            .await?;
            tracing::info!("{} deleted contest {id}", session.user.name);
            return Ok(Redirect::to("/teacher/contests"));
        }
        other => {
            return Err(HttpError::unprocessable(
                EditTexts::current().unknown_action(other),
            ))
        }
    }
    let edited = id.clone();
    blocking(&state, move |s| {
        course_edit::update(s, &edited, None, &change, now_ms())
    })
    .await?;
    tracing::info!("{} did {} on contest {id}", session.user.name, form.action);
    Ok(Redirect::to(&format!("/teacher/contests#contest-{id}")))
}

/// The limits form.
#[derive(Debug, Deserialize)]
pub struct LimitsForm {
    csrf: Option<String>,
    version: Option<String>,
    #[serde(default)]
    time_limit_s: String,
    #[serde(default)]
    memory_mib: String,
}

/// `POST /teacher/problems/{id}/limits`.
async fn limits(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<LimitsForm>, FormRejection>,
) -> Result<Redirect, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = EditTexts::current();
    let time_limit_s = text(&form.time_limit_s)
        .map(|v| {
            v.parse::<f64>()
                .map_err(|_| HttpError::unprocessable(t.bad_seconds(&v)))
        })
        .transpose()?;
    let memory_mib = text(&form.memory_mib)
        .map(|v| {
            v.parse::<u64>()
                .map_err(|_| HttpError::unprocessable(t.bad_mebibytes(&v)))
        })
        .transpose()?;
    let body = course_edit::LimitsBody {
        time_limit_s,
        memory_mib,
        version: form.version.clone(),
    };
    let edited = id.clone();
    blocking(&state, move |s| {
        course_edit::set_limits(s, &edited, None, &body)
    })
    .await?;
    tracing::info!("{} changed the limits of problem {id}", session.user.name);
    Ok(Redirect::to("/teacher/contests#limits"))
}
