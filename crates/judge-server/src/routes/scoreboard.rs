//! The scoreboards, one per contest: frozen for students from the freeze on (until a
//! teacher publishes it), always unfrozen for teachers.

use super::frame;
use super::table::{get, Routes};
use crate::auth::LoggedIn;
use crate::http_error::HttpError;
use crate::options::ServerOptions;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::Html;
use judge_course::contest::Contest;
use judge_course::scoreboard::{self, Board};
use judge_store::now_ms;
use judge_views::views::scoreboard::{page_view, FreezeNote};

/// The scoreboards.
///
/// | route | who | what |
/// | --- | --- | --- |
/// | `GET /scoreboard`, `GET /contests/{c}/scoreboard` | logged in | frozen for students during a freeze |
pub(super) fn routes(_: &ServerOptions) -> Routes {
    Routes::new()
        .route("/scoreboard", get(page))
        .route("/contests/{contest}/scoreboard", get(page_in))
}

/// A contest's board with attempts from `freeze_at_ms` on hidden (None: the whole board).
pub(crate) async fn board_of(
    state: &AppState,
    contest: &Contest,
    freeze_at_ms: Option<i64>,
) -> Result<Board, HttpError> {
    let contest = contest.clone();
    state
        .blocking(move |s| {
            let users = s.store.users()?;
            let attempts = s.store.attempts()?;
            Ok(scoreboard::build(&contest, &users, &attempts, freeze_at_ms))
        })
        .await
}

/// `GET /scoreboard`: the first contest's.
async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let first = state.contest.clone();
    page_of(&state, &session, &first).await
}

/// `GET /contests/{contest}/scoreboard`.
async fn page_in(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
    Path(contest): Path<String>,
) -> Result<Html<String>, HttpError> {
    let contest = super::contests::find(&state, &session.user, &contest)?.clone();
    page_of(&state, &session, &contest).await
}

async fn page_of(
    state: &AppState,
    session: &crate::auth::Session,
    contest: &Contest,
) -> Result<Html<String>, HttpError> {
    let teacher = session.user.is_teacher();
    super::problems::check_contest_started(contest, teacher)?;
    let freeze = contest.frozen_since(now_ms());
    let board = board_of(state, contest, if teacher { None } else { freeze }).await?;
    let note = freeze.map(|since_ms| FreezeNote {
        since_ms,
        viewer_sees_unfrozen: teacher,
    });
    let chrome = frame::contest_page(state, contest, session, "scoreboard").await?;
    Ok(Html(
        page_view(&chrome, contest, &board, note.as_ref()).into_string(),
    ))
}
