//! Clarifications and announcements. A student asks (about a problem or in general); a
//! teacher answers, privately (only the asker sees it) or to everyone (every student sees
//! the question and the answer, never who asked). Teachers post announcements, shown on
//! every page; each user's newest seen announcement is kept, so that the pages can say how
//! many are new.
//!
//! What a student may read is decided here, in the queries: their own questions, and
//! public answers with the asker's name left out.

use super::engine::{Row, Value};
use super::{now_ms, Store, User};
use crate::error::Result;

/// A question, with its answer when it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clarification {
    /// Its id.
    pub id: i64,
    /// The contest it belongs to (None: the server's one contest).
    pub contest_id: Option<String>,
    /// The asker's id (0 when the reader may not know it).
    pub user_id: i64,
    /// The asker's name ("" when the reader may not know it).
    pub user_name: String,
    /// The problem asked about (None: a general question).
    pub problem: Option<String>,
    /// The question.
    pub question: String,
    /// When it was asked.
    pub asked_at_ms: i64,
    /// The answer, once given.
    pub answer: Option<String>,
    /// When it was answered.
    pub answered_at_ms: Option<i64>,
    /// Whether the answer is shown to everyone.
    pub public: bool,
}

/// A question to store.
#[derive(Debug, Clone)]
pub struct NewQuestion<'a> {
    /// The asker.
    pub user_id: i64,
    /// The contest (None: the server's one contest).
    pub contest_id: Option<&'a str>,
    /// The problem (None: general).
    pub problem: Option<&'a str>,
    /// The question's text.
    pub question: &'a str,
}

/// The outcome of asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// Stored, with this id.
    Stored(i64),
    /// Refused: the asker reached the rate limit; they may ask again after this long.
    RateLimited {
        /// Milliseconds until the oldest question of the window leaves it.
        retry_after_ms: i64,
    },
}

/// An announcement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// Its id (announcements are numbered in the order they were posted).
    pub id: i64,
    /// Its text.
    pub body: String,
    /// When it was posted.
    pub posted_at_ms: i64,
}

/// What the frame of every page shows a user: announcements, how many are new to them,
/// and for teachers how many questions wait for an answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notices {
    /// The newest announcements, newest first (at most [`NOTICE_ANNOUNCEMENTS`]).
    pub newest: Vec<Announcement>,
    /// Announcements posted since the user last looked at the clarifications page.
    pub unseen: usize,
    /// Questions without an answer (teachers only; 0 for students).
    pub open_questions: usize,
}

/// How many announcements the frame of a page shows.
pub const NOTICE_ANNOUNCEMENTS: usize = 3;

const CLARIFICATION_COLUMNS: &str = "c.id, c.contest_id, c.user_id, u.name, c.problem, c.question, c.asked_at_ms, c.answer, c.answered_at_ms, c.public";

fn clarification_from_row(row: &Row) -> Clarification {
    Clarification {
        id: row.int(0),
        contest_id: row.opt_text(1),
        user_id: row.int(2),
        user_name: row.text(3),
        problem: row.opt_text(4),
        question: row.text(5),
        asked_at_ms: row.int(6),
        answer: row.opt_text(7),
        answered_at_ms: row.opt_int(8),
        public: row.int(9) != 0,
    }
}

fn announcement_from_row(row: &Row) -> Announcement {
    Announcement {
        id: row.int(0),
        body: row.text(1),
        posted_at_ms: row.int(2),
    }
}

fn count(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

impl Store {
    /// Stores a question, unless its asker already asked `limit.0` in the last `limit.1`
    /// milliseconds (checked in the same transaction, so that parallel requests cannot
    /// pass it together).
    pub fn ask_question(
        &self,
        new: &NewQuestion<'_>,
        limit: Option<(usize, i64)>,
    ) -> Result<Asked> {
        let now = now_ms();
        self.write(|tx| {
            if let Some((most, window_ms)) = limit {
                let row = tx.query_row(
                    "SELECT COUNT(*), MIN(asked_at_ms) FROM clarifications
                     WHERE user_id = ?1 AND asked_at_ms > ?2",
                    &[new.user_id.into(), (now - window_ms).into()],
                )?;
                let (recent, oldest) = row.map_or((0, None), |r| (r.int(0), r.opt_int(1)));
                if count(recent) >= most {
                    let retry_after_ms = oldest.map_or(window_ms, |t| t + window_ms - now);
                    return Ok(Asked::RateLimited {
                        retry_after_ms: retry_after_ms.max(1),
                    });
                }
            }
            let row = tx.query_row(
                "INSERT INTO clarifications (contest_id, user_id, problem, question, asked_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
                &[
                    new.contest_id.into(),
                    new.user_id.into(),
                    new.problem.into(),
                    new.question.into(),
                    now.into(),
                ],
            )?;
            Ok(Asked::Stored(row.map_or(0, |r| r.int(0))))
        })
    }

    /// Answers (or answers again) a question; `public` shows it to everyone. False when
    /// there is no such question.
    pub fn answer_question(
        &self,
        id: i64,
        teacher_id: i64,
        answer: &str,
        public: bool,
    ) -> Result<bool> {
        let changed = self.write(|tx| {
            tx.execute(
                "UPDATE clarifications SET answer = ?1, answered_by = ?2, answered_at_ms = ?3, public = ?4
                 WHERE id = ?5",
                &[
                    answer.into(),
                    teacher_id.into(),
                    now_ms().into(),
                    public.into(),
                    id.into(),
                ],
            )
        })?;
        Ok(changed > 0)
    }

    /// The questions `viewer` may read, newest first: for a teacher every one (the open
    /// ones first); for a student their own and the public answers, the latter without
    /// the asker.
    pub fn clarifications_for(&self, viewer: &User) -> Result<Vec<Clarification>> {
        let rows = self.read(|tx| {
            if viewer.is_teacher() {
                tx.query(
                    &format!(
                        "SELECT {CLARIFICATION_COLUMNS} FROM clarifications c JOIN users u ON u.id = c.user_id
                         ORDER BY CASE WHEN c.answer IS NULL THEN 0 ELSE 1 END, c.id DESC"
                    ),
                    &[],
                )
            } else {
                tx.query(
                    &format!(
                        "SELECT {CLARIFICATION_COLUMNS} FROM clarifications c JOIN users u ON u.id = c.user_id
                         WHERE c.user_id = ?1 OR (c.public = 1 AND c.answer IS NOT NULL)
                         ORDER BY c.id DESC"
                    ),
                    &[viewer.id.into()],
                )
            }
        })?;
        Ok(rows
            .iter()
            .map(clarification_from_row)
            .map(|mut c| {
                if !viewer.is_teacher() && c.user_id != viewer.id {
                    c.user_id = 0;
                    c.user_name.clear();
                }
                c
            })
            .collect())
    }

    /// Posts an announcement; returns its id.
    pub fn post_announcement(
        &self,
        teacher_id: i64,
        body: &str,
        contest_id: Option<&str>,
    ) -> Result<i64> {
        let row = self.write(|tx| {
            tx.query_row(
                "INSERT INTO announcements (contest_id, body, posted_by, posted_at_ms)
                 VALUES (?1, ?2, ?3, ?4) RETURNING id",
                &[
                    contest_id.into(),
                    body.into(),
                    teacher_id.into(),
                    now_ms().into(),
                ],
            )
        })?;
        Ok(row.map_or(0, |r| r.int(0)))
    }

    /// Every announcement, newest first.
    pub fn announcements(&self) -> Result<Vec<Announcement>> {
        let rows = self.read(|tx| {
            tx.query(
                "SELECT id, body, posted_at_ms FROM announcements ORDER BY id DESC",
                &[],
            )
        })?;
        Ok(rows.iter().map(announcement_from_row).collect())
    }

    /// What the frame of every page shows `user` (one read transaction).
    pub fn notices(&self, user: &User) -> Result<Notices> {
        self.read(|tx| {
            let newest = tx
                .query(
                    "SELECT id, body, posted_at_ms FROM announcements ORDER BY id DESC LIMIT ?1",
                    &[Value::Int(NOTICE_ANNOUNCEMENTS as i64)],
                )?
                .iter()
                .map(announcement_from_row)
                .collect();
            let unseen = tx
                .query_row(
                    "SELECT COUNT(*) FROM announcements WHERE id >
                     COALESCE((SELECT seen_id FROM announcement_reads WHERE user_id = ?1), 0)",
                    &[user.id.into()],
                )?
                .map_or(0, |r| count(r.int(0)));
            let open_questions = if user.is_teacher() {
                tx.query_row(
                    "SELECT COUNT(*) FROM clarifications WHERE answer IS NULL",
                    &[],
                )?
                .map_or(0, |r| count(r.int(0)))
            } else {
                0
            };
            Ok(Notices {
                newest,
                unseen,
                open_questions,
            })
        })
    }

    /// Records that `user_id` has seen every announcement up to `seen_id` (never going
    /// back).
    pub fn mark_announcements_seen(&self, user_id: i64, seen_id: i64) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO announcement_reads (user_id, seen_id) VALUES (?1, ?2)
                 ON CONFLICT (user_id) DO UPDATE SET seen_id = excluded.seen_id
                 WHERE announcement_reads.seen_id < excluded.seen_id",
                &[user_id.into(), seen_id.into()],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Role;

    fn user(store: &Store, name: &str, role: Role) -> User {
        store.add_user(name, "hash", role).unwrap();
        store.user_by_name(name).unwrap().unwrap().0
    }

    #[test]
    fn students_read_their_own_questions_and_public_answers_without_the_asker() {
        crate::store::testing::for_each_store(|store, _| {
            let teacher = user(&store, "t", Role::Teacher);
            let ann = user(&store, "ann", Role::Student);
            let bob = user(&store, "bob", Role::Student);
            let ask = |who: &User, text: &str| match store
                .ask_question(
                    &NewQuestion {
                        user_id: who.id,
                        contest_id: None,
                        problem: Some("add"),
                        question: text,
                    },
                    None,
                )
                .unwrap()
            {
                Asked::Stored(id) => id,
                other => panic!("{other:?}"),
            };
            let private = ask(&ann, "private?");
            let public = ask(&ann, "public?");
            let open = ask(&bob, "open?");
            assert_eq!(store.notices(&teacher).unwrap().open_questions, 3);
            assert!(store
                .answer_question(private, teacher.id, "only you", false)
                .unwrap());
            assert!(store
                .answer_question(public, teacher.id, "everyone", true)
                .unwrap());
            assert!(!store.answer_question(999, teacher.id, "x", true).unwrap());
            assert_eq!(store.notices(&teacher).unwrap().open_questions, 1);
            assert_eq!(store.notices(&ann).unwrap().open_questions, 0);

            let seen_by_bob = store.clarifications_for(&bob).unwrap();
            let ids: Vec<i64> = seen_by_bob.iter().map(|c| c.id).collect();
            assert_eq!(ids, vec![open, public]);
            assert_eq!(seen_by_bob[1].user_name, "", "the asker is not shown");
            assert_eq!(seen_by_bob[1].user_id, 0);
            let seen_by_ann = store.clarifications_for(&ann).unwrap();
            assert_eq!(seen_by_ann.len(), 2);
            assert!(seen_by_ann.iter().all(|c| c.user_name == "ann"));
            let all = store.clarifications_for(&teacher).unwrap();
            assert_eq!(all[0].id, open, "open questions first");
            assert_eq!(all.len(), 3);
        });
    }

    #[test]
    fn questions_are_rate_limited_per_student() {
        crate::store::testing::for_each_store(|store, _| {
            let ann = user(&store, "ann", Role::Student);
            let new = NewQuestion {
                user_id: ann.id,
                contest_id: Some("week1"),
                problem: None,
                question: "q",
            };
            let limit = Some((2, 60_000));
            assert!(matches!(
                store.ask_question(&new, limit).unwrap(),
                Asked::Stored(_)
            ));
            assert!(matches!(
                store.ask_question(&new, limit).unwrap(),
                Asked::Stored(_)
            ));
            match store.ask_question(&new, limit).unwrap() {
                Asked::RateLimited { retry_after_ms } => {
                    assert!((1..=60_000).contains(&retry_after_ms), "{retry_after_ms}")
                }
                other => panic!("{other:?}"),
            }
            let stored = store.clarifications_for(&ann).unwrap();
            assert_eq!(stored.len(), 2);
            assert_eq!(stored[0].contest_id.as_deref(), Some("week1"));
        });
    }

    #[test]
    fn announcements_count_as_new_until_seen() {
        crate::store::testing::for_each_store(|store, _| {
            let teacher = user(&store, "t", Role::Teacher);
            let ann = user(&store, "ann", Role::Student);
            assert_eq!(store.notices(&ann).unwrap(), Notices::default());
            let first = store.post_announcement(teacher.id, "one", None).unwrap();
            let second = store.post_announcement(teacher.id, "two", None).unwrap();
            let notices = store.notices(&ann).unwrap();
            assert_eq!(notices.unseen, 2);
            assert_eq!(notices.newest[0].body, "two");
            store.mark_announcements_seen(ann.id, second).unwrap();
            assert_eq!(store.notices(&ann).unwrap().unseen, 0);
            store.mark_announcements_seen(ann.id, first).unwrap();
            assert_eq!(store.notices(&ann).unwrap().unseen, 0, "never goes back");
            store.post_announcement(teacher.id, "three", None).unwrap();
            assert_eq!(store.notices(&ann).unwrap().unseen, 1);
            assert_eq!(store.notices(&teacher).unwrap().unseen, 3);
            assert_eq!(store.announcements().unwrap().len(), 3);
        });
    }
}
