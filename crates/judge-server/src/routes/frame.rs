//! The frame of a page ([`Chrome`]) with what the store holds for it: the announcements and
//! open questions its user sees. Pages read them here, as they draw the frame; nothing else
//! does (a status poll, a form's post, the API).

use crate::auth::Session;
use crate::http_error::HttpError;
use crate::state::AppState;
use judge_course::contest::Contest;
use judge_store::CourseNotices;
use judge_views::views::Chrome;

/// The course's announcements (with whether the user has seen each) and, for a teacher,
/// the open questions.
pub(crate) async fn notices(
    state: &AppState,
    session: &Session,
) -> Result<CourseNotices, HttpError> {
    let user = session.user.clone();
    state.with_store(move |store| store.notices(&user)).await
}

/// The frame of a page of `contest` ([`Chrome::for_contest`]) with its notices.
pub(crate) async fn contest_page(
    state: &AppState,
    contest: &Contest,
    session: &Session,
    active: &'static str,
) -> Result<Chrome, HttpError> {
    let notices = notices(state, session).await?;
    Ok(Chrome::for_contest(contest, Some(session), active).with_notices(&notices, Some(contest)))
}

/// The frame of a page of no one contest ([`Chrome::for_course`]) with its notices.
pub(crate) async fn course_page(
    state: &AppState,
    session: &Session,
    active: &'static str,
) -> Result<Chrome, HttpError> {
    let notices = notices(state, session).await?;
    Ok(Chrome::for_course(&state.contests, Some(session), active).with_notices(&notices, None))
}
