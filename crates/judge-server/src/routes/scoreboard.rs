//! The scoreboard: frozen for students from the freeze on (until a teacher publishes it),
//! always unfrozen for teachers.

use crate::auth::LoggedIn;
use crate::http_error::HttpError;
use crate::scoreboard::{self, Board};
use crate::state::AppState;
use crate::store::{now_ms, settings};
use crate::views::scoreboard::{page_view, FreezeNote};
use crate::views::Chrome;
use axum::extract::State;
use axum::response::Html;

/// The board with attempts from `freeze_at_ms` on hidden (None: the whole board).
pub(crate) async fn board(state: &AppState, freeze_at_ms: Option<i64>) -> Result<Board, HttpError> {
    state
        .blocking(move |s| {
            let users = s.store.users()?;
            let attempts = s.store.attempts()?;
            Ok(scoreboard::build(
                &s.contest,
                &users,
                &attempts,
                freeze_at_ms,
            ))
        })
        .await
}

/// Whether the public board is frozen now, and since when.
pub(crate) async fn freeze_now(state: &AppState) -> Result<Option<i64>, HttpError> {
    let published = state
        .blocking(|s| s.store.setting(settings::SCOREBOARD_PUBLISHED))
        .await?
        .is_some_and(|v| v == "1");
    Ok(state
        .contest
        .freeze_at_ms
        .filter(|_| state.contest.frozen(now_ms(), published)))
}

/// `GET /scoreboard`.
pub async fn page(
    State(state): State<AppState>,
    LoggedIn(session): LoggedIn,
) -> Result<Html<String>, HttpError> {
    let teacher = session.user.is_teacher();
    let freeze = freeze_now(&state).await?;
    let board = board(&state, if teacher { None } else { freeze }).await?;
    let note = freeze.map(|since_ms| FreezeNote {
        since_ms,
        viewer_sees_unfrozen: teacher,
    });
    let chrome = Chrome::new(&state.contest.title, Some(&session), "scoreboard");
    Ok(Html(
        page_view(&chrome, &state.contest.title, &board, note.as_ref()).into_string(),
    ))
}
