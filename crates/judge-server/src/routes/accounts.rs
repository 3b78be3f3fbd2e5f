//! The accounts pages: the teacher's (every account: add, import a class, reset a
//! password, disable and enable, make a teacher or a student, API tokens) and everyone's
//! own (change their password, make and revoke their API tokens). They call the same
//! operations as `judge users` (judge_course::accounts). Each form answers with the page itself,
//! so that a password or token it made is shown once and never lands in an address or a
//! redirect; a refusal is the page with the reason in its language (400, 404 or 409),
//! and nothing changed.

use super::input::{bad_form, parse_id};
use super::login::CsrfForm;
use super::table::{get, post, Routes};
use crate::auth::{LoggedIn, Session, TeacherOnly};
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::rejection::FormRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::Form;
use judge_course::accounts::{self, refusal_apart, AccountError};
use judge_store::{AccountChange, Role};
use judge_views::views::accounts::{
    self as view, AccountTexts, AccountsPage, MyAccountPage, Outcome,
};
use serde::Deserialize;

/// The accounts pages.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /teacher/accounts` | teacher | every account and API token |
/// | `POST /teacher/accounts` | teacher | add an account (`name`, `teacher=1`): its password, shown once |
/// | `POST /teacher/accounts/import` | teacher | import a class (`class`: CSV text), all or nothing |
/// | `POST /teacher/accounts/{name}/{action}` | teacher | `password` (reset, shown once), `disable`, `enable`, `teacher`, `student`, `token` (shown once), `group` (`group`: its group, empty for none) |
/// | `POST /teacher/tokens/{id}/revoke` | teacher | revoke any API token |
/// | `POST /teacher/worker-tokens` | teacher | a worker token for the judging machine `name`, shown once |
/// | `POST /teacher/worker-tokens/{name}/revoke` | teacher | revoke the judging machine's worker tokens |
/// | `GET /account` | logged in | my account |
/// | `POST /account/password` | logged in | change my password (`current`, `new`, `repeat`) |
/// | `POST /account/tokens`, `POST /account/tokens/{id}/revoke` | logged in | make (shown once) or revoke my API token |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/teacher/accounts", get(accounts_page).post(add))
        .route("/teacher/accounts/import", post(import))
        .route("/teacher/accounts/{name}/{action}", post(act))
        .route("/teacher/tokens/{id}/revoke", post(revoke_any))
        .route("/teacher/worker-tokens", post(new_worker_token))
        .route(
            "/teacher/worker-tokens/{name}/revoke",
            post(revoke_worker_tokens),
        )
        .route("/account", get(my_page))
        .route("/account/password", post(change_password))
        .route("/account/tokens", post(new_token))
        .route("/account/tokens/{id}/revoke", post(revoke_mine))
}

/// The status of a refusal: 404 for an unknown account, 409 when it conflicts with what
/// exists, else 400.
fn refusal_status(error: &AccountError) -> StatusCode {
    match error {
        AccountError::NoSuchUser { .. } => StatusCode::NOT_FOUND,
        error if error.is_conflict() => StatusCode::CONFLICT,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// The teacher's page with `outcome` above it, answered with `status`.
async fn teacher_answer(
    state: &AppState,
    session: &Session,
    status: StatusCode,
    outcome: Option<Outcome>,
    class_text: String,
) -> Result<Response, HttpError> {
    let (users, tokens, worker_tokens) = state
        .with_store(|store| Ok((store.users()?, store.tokens()?, store.worker_tokens()?)))
        .await?;
    let chrome = super::frame::course_page(state, session, "teacher").await?;
    let view = AccountsPage {
        users,
        tokens,
        worker_tokens,
        outcome,
        class_text,
    };
    Ok((
        status,
        Html(view::teacher_page(&chrome, &view).into_string()),
    )
        .into_response())
}

/// The teacher's page after a refusal.
async fn teacher_refusal(
    state: &AppState,
    session: &Session,
    error: &AccountError,
) -> Result<Response, HttpError> {
    let message = view::refusal(judge_i18n::current(), error);
    teacher_answer(
        state,
        session,
        refusal_status(error),
        Some(Outcome::Refused(message)),
        String::new(),
    )
    .await
}

/// `GET /teacher/accounts`.
async fn accounts_page(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
) -> Result<Response, HttpError> {
    teacher_answer(&state, &session, StatusCode::OK, None, String::new()).await
}

/// The add form.
#[derive(Debug, Deserialize)]
pub struct AddForm {
    csrf: Option<String>,
    name: String,
    /// Present (any value) to make a teacher.
    teacher: Option<String>,
}

/// `POST /teacher/accounts`: a new account with a generated password, shown once.
async fn add(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<AddForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let name = form.name.trim().to_string();
    let role = if form.teacher.is_some() {
        Role::Teacher
    } else {
        Role::Student
    };
    let who = name.clone();
    let added = state
        .blocking(move |s| refusal_apart(accounts::add_user(&s.store, &who, role, None)))
        .await?;
    match added {
        Ok(password) => {
            tracing::info!(
                "{} adds the {} account {name}",
                session.user.name,
                role.as_str()
            );
            let outcome = Outcome::Secret {
                caption: AccountTexts::current().added(&name),
                secret: password,
                note: None,
            };
            teacher_answer(
                &state,
                &session,
                StatusCode::OK,
                Some(outcome),
                String::new(),
            )
            .await
        }
        Err(refusal) => teacher_refusal(&state, &session, &refusal).await,
    }
}

/// The class import form.
#[derive(Debug, Deserialize)]
pub struct ImportForm {
    csrf: Option<String>,
    /// The CSV text.
    class: String,
}

/// `POST /teacher/accounts/import`: a whole class, or nothing and each bad line named.
async fn import(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<ImportForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let text = form.class.clone();
    let imported = state
        .blocking(move |s| accounts::import_class(&s.store, &text))
        .await?;
    match imported {
        Ok(created) => {
            tracing::info!(
                "{} imports a class of {} students",
                session.user.name,
                created.len()
            );
            let outcome = Outcome::Imported(created);
            teacher_answer(
                &state,
                &session,
                StatusCode::OK,
                Some(outcome),
                String::new(),
            )
            .await
        }
        Err(problems) => {
            let status = if problems.iter().all(|p| p.reason.is_conflict()) {
                StatusCode::CONFLICT
            } else {
                StatusCode::BAD_REQUEST
            };
            teacher_answer(
                &state,
                &session,
                status,
                Some(Outcome::ImportRefused(problems)),
                form.class,
            )
            .await
        }
    }
}

/// The form of an account action: the CSRF token, and the group for `group`.
#[derive(Debug, Deserialize)]
pub struct ActForm {
    csrf: Option<String>,
    /// `group`'s new group (empty or absent: none).
    group: Option<String>,
}

/// `POST /teacher/accounts/{name}/{action}`: one change to one account.
async fn act(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path((name, action)): Path<(String, String)>,
    form: Result<Form<ActForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    let change = match action.as_str() {
        "disable" => Some(AccountChange::Disable),
        "enable" => Some(AccountChange::Enable),
        "teacher" => Some(AccountChange::Role(Role::Teacher)),
        "student" => Some(AccountChange::Role(Role::Student)),
        "group" => Some(AccountChange::Group(
            form.group
                .map(|g| g.trim().to_string())
                .filter(|g| !g.is_empty()),
        )),
        "password" | "token" => None,
        other => return Err(HttpError::not_found(t.no_action(other))),
    };
    let who = name.clone();
    let outcome = if let Some(change) = change {
        let done = match &change {
            AccountChange::Disable => t.now_disabled(&name),
            AccountChange::Enable => t.now_enabled(&name),
            AccountChange::Role(Role::Teacher) => t.now_teacher(&name),
            AccountChange::Role(Role::Student) => t.now_student(&name),
            AccountChange::Group(Some(group)) => t.now_in_group(&name, group),
            AccountChange::Group(None) => t.now_in_no_group(&name),
        };
        state
            .blocking(move |s| refusal_apart(accounts::change_account(&s.store, &who, change)))
            .await?
            .map(|_| Outcome::Done(done))
    } else if action == "password" {
        state
            .blocking(move |s| refusal_apart(accounts::reset_password(&s.store, &who)))
            .await?
            .map(|(password, reset)| Outcome::Secret {
                caption: t.new_password(&name),
                secret: password,
                note: Some(t.reset_done(&name, reset.sessions_ended, reset.tokens_revoked)),
            })
    } else {
        state
            .blocking(move |s| refusal_apart(accounts::issue_token(&s.store, &who)))
            .await?
            .map(|(id, token)| Outcome::Secret {
                caption: t.new_token_of(&name, id),
                secret: token,
                note: Some(t.use_token().to_string()),
            })
    };
    match outcome {
        Ok(outcome) => {
            tracing::info!("{} changes the account {name}: {action}", session.user.name);
            teacher_answer(
                &state,
                &session,
                StatusCode::OK,
                Some(outcome),
                String::new(),
            )
            .await
        }
        Err(refusal) => teacher_refusal(&state, &session, &refusal).await,
    }
}

/// `POST /teacher/tokens/{id}/revoke`.
async fn revoke_any(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(id): Path<String>,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    let id = parse_id(&id, t.token_id())?;
    if !state
        .with_store(move |store| store.revoke_token(id))
        .await?
    {
        return Err(HttpError::not_found(t.no_live_token(id)));
    }
    tracing::info!("{} revokes API token {id}", session.user.name);
    let outcome = Outcome::Done(t.token_revoked(id));
    teacher_answer(
        &state,
        &session,
        StatusCode::OK,
        Some(outcome),
        String::new(),
    )
    .await
}

/// The worker token form.
#[derive(Debug, Deserialize)]
pub struct WorkerTokenForm {
    csrf: Option<String>,
    /// The judging machine's name.
    name: String,
}

/// `POST /teacher/worker-tokens`: a judging machine's worker token, shown once.
async fn new_worker_token(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    form: Result<Form<WorkerTokenForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    let name = form.name.trim().to_string();
    if !accounts::valid_machine_name(&name) {
        let refused = Outcome::Refused(t.bad_machine_name(&name));
        return teacher_answer(
            &state,
            &session,
            StatusCode::BAD_REQUEST,
            Some(refused),
            String::new(),
        )
        .await;
    }
    let machine = name.clone();
    let (id, token) = state
        .blocking(move |s| accounts::issue_worker_token(&s.store, &machine))
        .await?;
    tracing::info!(
        "{} makes worker token {id} for the judging machine {name}",
        session.user.name
    );
    let outcome = Outcome::Secret {
        caption: t.worker_token_made(&name),
        secret: token,
        note: Some(t.worker_token_note(&name)),
    };
    teacher_answer(
        &state,
        &session,
        StatusCode::OK,
        Some(outcome),
        String::new(),
    )
    .await
}

/// `POST /teacher/worker-tokens/{name}/revoke`: the machine's workers stop claiming.
async fn revoke_worker_tokens(
    State(state): State<AppState>,
    TeacherOnly(session): TeacherOnly,
    Path(name): Path<String>,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    if !accounts::valid_machine_name(&name) {
        return Err(HttpError::bad_request(t.bad_machine_name(&name)));
    }
    let machine = name.clone();
    let count = state
        .with_store(move |store| store.revoke_worker_tokens(&machine))
        .await?;
    if count == 0 {
        return Err(HttpError::not_found(t.no_live_worker_token(&name)));
    }
    tracing::info!("{} revokes the worker tokens of {name}", session.user.name);
    let outcome = Outcome::Done(t.worker_tokens_revoked(&name, count));
    teacher_answer(
        &state,
        &session,
        StatusCode::OK,
        Some(outcome),
        String::new(),
    )
    .await
}

/// "My account" with `outcome` above it, answered with `status`.
async fn my_answer(
    state: &AppState,
    session: &Session,
    status: StatusCode,
    outcome: Option<Outcome>,
) -> Result<Response, HttpError> {
    let id = session.user.id;
    let tokens = state.with_store(move |store| store.tokens_of(id)).await?;
    let chrome = super::frame::course_page(state, session, "account").await?;
    let view = MyAccountPage { tokens, outcome };
    Ok((status, Html(view::my_account(&chrome, &view).into_string())).into_response())
}

/// `GET /account`.
async fn my_page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Response, HttpError> {
    my_answer(&state, &session, StatusCode::OK, None).await
}

/// The password form.
#[derive(Debug, Deserialize)]
pub struct PasswordForm {
    csrf: Option<String>,
    current: String,
    new: String,
    repeat: String,
}

/// `POST /account/password`: the current password, and the new one twice.
async fn change_password(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    form: Result<Form<PasswordForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    if form.new != form.repeat {
        let outcome = Outcome::Refused(t.passwords_differ().to_string());
        return my_answer(&state, &session, StatusCode::BAD_REQUEST, Some(outcome)).await;
    }
    let (user, keep) = (session.user.clone(), session.token_sha256.clone());
    let changed = state
        .blocking(move |s| {
            refusal_apart(accounts::change_own_password(
                &s.store,
                &user,
                &form.current,
                &form.new,
                &keep,
            ))
        })
        .await?;
    match changed {
        Ok(reset) => {
            tracing::info!("{} changes their password", session.user.name);
            let outcome =
                Outcome::Done(t.password_changed(reset.sessions_ended, reset.tokens_revoked));
            my_answer(&state, &session, StatusCode::OK, Some(outcome)).await
        }
        Err(refusal) => {
            let status = match refusal {
                AccountError::WrongPassword => StatusCode::FORBIDDEN,
                _ => StatusCode::BAD_REQUEST,
            };
            let outcome = Outcome::Refused(view::refusal(judge_i18n::current(), &refusal));
            my_answer(&state, &session, status, Some(outcome)).await
        }
    }
}

/// `POST /account/tokens`: a new token of mine, shown once.
async fn new_token(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let user = session.user.clone();
    let (id, token) = state
        .blocking(move |s| accounts::issue_token_for(&s.store, &user))
        .await?;
    tracing::info!("{} makes API token {id}", session.user.name);
    let t = AccountTexts::current();
    let outcome = Outcome::Secret {
        caption: t.my_new_token(id),
        secret: token,
        note: Some(t.use_token().to_string()),
    };
    my_answer(&state, &session, StatusCode::OK, Some(outcome)).await
}

/// `POST /account/tokens/{id}/revoke`: one of my tokens (404 for another's).
async fn revoke_mine(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(id): Path<String>,
    form: Result<Form<CsrfForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let Form(form) = form.map_err(bad_form)?;
    crate::csrf::verify(&session.csrf_token, form.csrf.as_deref())?;
    let t = AccountTexts::current();
    let id = parse_id(&id, t.token_id())?;
    let user_id = session.user.id;
    if !state
        .with_store(move |store| store.revoke_token_of(user_id, id))
        .await?
    {
        return Err(HttpError::not_found(t.no_live_token(id)));
    }
    tracing::info!("{} revokes their API token {id}", session.user.name);
    let outcome = Outcome::Done(t.token_revoked(id));
    my_answer(&state, &session, StatusCode::OK, Some(outcome)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_have_their_status() {
        let name = || "ann".to_string();
        assert_eq!(
            refusal_status(&AccountError::NoSuchUser { name: name() }),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            refusal_status(&AccountError::Exists { name: name() }),
            StatusCode::CONFLICT
        );
        assert_eq!(
            refusal_status(&AccountError::LastTeacher { name: name() }),
            StatusCode::CONFLICT
        );
        assert_eq!(
            refusal_status(&AccountError::NameLength {
                name: String::new(),
                count: 0
            }),
            StatusCode::BAD_REQUEST
        );
    }
}
