//! Clarifications and announcements, each of one contest. A student asks (about a
//! problem or in general) in a contest; a teacher answers, privately (only the asker sees
//! it) or to everyone (every student sees the question and the answer on that contest's
//! page, never who asked). Teachers post announcements for one contest or for every
//! contest, shown on the pages of the contests they concern; each announcement a user has
//! seen is kept, so that the pages can say how many are new.
//!
//! Rows from before there were several contests have no contest: they are the first
//! contest's (as submissions are, see [`InContest`]).
//!
//! What a student may read is decided here, in the queries: their own questions, and
//! public answers with the asker's name left out.

use super::engine::{Columns, FromRow, Row, Value};
use super::{now_ms, Store, User};
use crate::error::Result;

/// A question, with its answer when it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clarification {
    /// Its id.
    pub id: i64,
    /// The contest it belongs to (None: the first, from before there were several).
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
    /// The contest it is asked in.
    pub contest_id: &'a str,
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

/// A contest as the store filters by it: rows of no contest (from before there were
/// several) are the first contest's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InContest<'a> {
    /// The contest's id.
    pub id: &'a str,
    /// Whether it is the first contest.
    pub first: bool,
}

impl InContest<'_> {
    /// Whether a row of `contest` (None: from before there were several) is this contest's.
    pub fn owns(&self, contest: Option<&str>) -> bool {
        match contest {
            Some(id) => id == self.id,
            None => self.first,
        }
    }

    /// The SQL condition on `column` for this contest's rows, with the parameters `?{n}`
    /// (the id) and `?{n+1}` (whether it is the first).
    fn condition(column: &str, n: usize) -> String {
        format!("({column} = ?{n} OR ({column} IS NULL AND ?{} = 1))", n + 1)
    }

    fn values(&self) -> [Value; 2] {
        [self.id.into(), self.first.into()]
    }
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
    /// The contest it is for (None, unless `every_contest`: the first, from before there
    /// were several).
    pub contest_id: Option<String>,
    /// Whether it is for every contest.
    pub every_contest: bool,
}

impl Announcement {
    /// Whether it is shown in `contest`.
    pub fn concerns(&self, contest: &InContest<'_>) -> bool {
        self.every_contest || contest.owns(self.contest_id.as_deref())
    }
}

/// What the frame of a page shows a user: the announcements of the page's contest (or of
/// any, on pages of no one contest), how many are new to them, and for teachers how many
/// questions wait for an answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notices {
    /// The newest announcements, newest first (at most [`NOTICE_ANNOUNCEMENTS`]).
    pub newest: Vec<Announcement>,
    /// Announcements the user has not seen on a clarifications page yet.
    pub unseen: usize,
    /// Questions without an answer (teachers only; 0 for students).
    pub open_questions: usize,
    /// The clarifications page these notices belong to (empty: the first contest's).
    pub page: String,
}

impl Notices {
    /// The clarifications page these notices link to.
    pub fn page(&self) -> &str {
        if self.page.is_empty() {
            "/clarifications"
        } else {
            &self.page
        }
    }
}

/// What the store knows for the frames of a user's pages, read once with the session:
/// every frame (a contest's, or the whole course's) is cut from it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseNotices {
    /// The newest announcements (at most [`NOTICE_WINDOW`]), newest first, each with
    /// whether the user has seen it.
    pub announcements: Vec<(Announcement, bool)>,
    /// The contest of each question without an answer (teachers only).
    pub open: Vec<Option<String>>,
}

impl CourseNotices {
    /// The frame of a page of `contest` (None: of no one contest: every announcement,
    /// every open question), linking to the clarifications page `page`.
    pub fn frame(&self, contest: Option<&InContest<'_>>, page: String) -> Notices {
        let concerned: Vec<&(Announcement, bool)> = self
            .announcements
            .iter()
            .filter(|(a, _)| contest.is_none_or(|c| a.concerns(c)))
            .collect();
        Notices {
            newest: concerned
                .iter()
                .take(NOTICE_ANNOUNCEMENTS)
                .map(|(a, _)| a.clone())
                .collect(),
            unseen: concerned.iter().filter(|(_, seen)| !seen).count(),
            open_questions: self
                .open
                .iter()
                .filter(|c| contest.is_none_or(|contest| contest.owns(c.as_deref())))
                .count(),
            page,
        }
    }
}

/// How many announcements the frame of a page shows.
pub const NOTICE_ANNOUNCEMENTS: usize = 3;

/// How many of the newest announcements the frames consider (a course posts far fewer;
/// older ones are on the clarifications pages).
pub const NOTICE_WINDOW: i64 = 200;

impl FromRow for Clarification {
    /// Of `clarifications c JOIN users u` (the asker).
    const COLUMNS: Columns = Columns(&[
        "c.id",
        "c.contest_id",
        "c.user_id",
        "u.name AS user_name",
        "c.problem",
        "c.question",
        "c.asked_at_ms",
        "c.answer",
        "c.answered_at_ms",
        "c.public",
    ]);

    fn from_row(row: &Row) -> Result<Clarification> {
        Ok(Clarification {
            id: row.get("id")?,
            contest_id: row.get("contest_id")?,
            user_id: row.get("user_id")?,
            user_name: row.get("user_name")?,
            problem: row.get("problem")?,
            question: row.get("question")?,
            asked_at_ms: row.get("asked_at_ms")?,
            answer: row.get("answer")?,
            answered_at_ms: row.get("answered_at_ms")?,
            public: row.get("public")?,
        })
    }
}

impl FromRow for Announcement {
    /// Of `announcements a`.
    const COLUMNS: Columns = Columns(&[
        "a.id",
        "a.body",
        "a.posted_at_ms",
        "a.contest_id",
        "a.every_contest",
    ]);

    fn from_row(row: &Row) -> Result<Announcement> {
        Ok(Announcement {
            id: row.get("id")?,
            body: row.get("body")?,
            posted_at_ms: row.get("posted_at_ms")?,
            contest_id: row.get("contest_id")?,
            every_contest: row.get("every_contest")?,
        })
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
                    "SELECT COUNT(*) AS recent, MIN(asked_at_ms) AS oldest FROM clarifications
                     WHERE user_id = ?1 AND asked_at_ms > ?2",
                    &[new.user_id.into(), (now - window_ms).into()],
                )?;
                let (recent, oldest): (i64, Option<i64>) = match row {
                    Some(row) => (row.get("recent")?, row.get("oldest")?),
                    None => (0, None),
                };
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
            Ok(Asked::Stored(row.map_or(Ok(0), |row| row.get("id"))?))
        })
    }

    /// Answers (or answers again) a question; `public` shows it to everyone in its
    /// contest. Its contest (None: from before there were several), or None when there is
    /// no such question.
    pub fn answer_question(
        &self,
        id: i64,
        teacher_id: i64,
        answer: &str,
        public: bool,
    ) -> Result<Option<Option<String>>> {
        let row = self.write(|tx| {
            tx.query_row(
                "UPDATE clarifications SET answer = ?1, answered_by = ?2, answered_at_ms = ?3, public = ?4
                 WHERE id = ?5 RETURNING contest_id",
                &[
                    answer.into(),
                    teacher_id.into(),
                    now_ms().into(),
                    public.into(),
                    id.into(),
                ],
            )
        })?;
        row.map(|row| row.get("contest_id")).transpose()
    }

    /// The questions of `contest` that `viewer` may read, newest first: for a teacher
    /// every one (the open ones first); for a student their own and the public answers,
    /// the latter without the asker.
    pub fn clarifications_for(
        &self,
        viewer: &User,
        contest: &InContest<'_>,
    ) -> Result<Vec<Clarification>> {
        let columns = Clarification::COLUMNS.select();
        let clarifications: Vec<Clarification> = self.read(|tx| {
            if viewer.is_teacher() {
                tx.query_as(
                    &format!(
                        "SELECT {columns} FROM clarifications c JOIN users u ON u.id = c.user_id
                         WHERE {}
                         ORDER BY CASE WHEN c.answer IS NULL THEN 0 ELSE 1 END, c.id DESC",
                        InContest::condition("c.contest_id", 1)
                    ),
                    &contest.values(),
                )
            } else {
                let [id, first] = contest.values();
                tx.query_as(
                    &format!(
                        "SELECT {columns} FROM clarifications c JOIN users u ON u.id = c.user_id
                         WHERE {} AND (c.user_id = ?1 OR (c.public = 1 AND c.answer IS NOT NULL))
                         ORDER BY c.id DESC",
                        InContest::condition("c.contest_id", 2)
                    ),
                    &[viewer.id.into(), id, first],
                )
            }
        })?;
        Ok(clarifications
            .into_iter()
            .map(|mut c| {
                if !viewer.is_teacher() && c.user_id != viewer.id {
                    c.user_id = 0;
                    c.user_name.clear();
                }
                c
            })
            .collect())
    }

    /// Posts an announcement for `contest` (None: for every contest); returns its id.
    pub fn post_announcement(
        &self,
        teacher_id: i64,
        body: &str,
        contest: Option<&str>,
    ) -> Result<i64> {
        let row = self.write(|tx| {
            tx.query_row(
                "INSERT INTO announcements (contest_id, every_contest, body, posted_by, posted_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
                &[
                    contest.into(),
                    contest.is_none().into(),
                    body.into(),
                    teacher_id.into(),
                    now_ms().into(),
                ],
            )
        })?;
        row.map_or(Ok(0), |row| row.get("id"))
    }

    /// The announcements shown in `contest` (its own and those for every contest), newest
    /// first.
    pub fn announcements(&self, contest: &InContest<'_>) -> Result<Vec<Announcement>> {
        let sql = format!(
            "SELECT {} FROM announcements a
             WHERE a.every_contest = 1 OR {} ORDER BY a.id DESC",
            Announcement::COLUMNS.select(),
            InContest::condition("a.contest_id", 1)
        );
        self.read(|tx| tx.query_as(&sql, &contest.values()))
    }

    /// What the frames of `user`'s pages show (one read transaction).
    pub fn notices(&self, user: &User) -> Result<CourseNotices> {
        self.read(|tx| {
            let announcements = tx
                .query(
                    &format!(
                        "SELECT {}, s.user_id AS seen_by FROM announcements a
                         LEFT JOIN announcements_seen s ON s.announcement_id = a.id AND s.user_id = ?1
                         ORDER BY a.id DESC LIMIT ?2",
                        Announcement::COLUMNS.select()
                    ),
                    &[user.id.into(), Value::Int(NOTICE_WINDOW)],
                )?
                .iter()
                .map(|row| {
                    let seen = row.get::<Option<i64>>("seen_by")?.is_some();
                    Ok((Announcement::from_row(row)?, seen))
                })
                .collect::<Result<_>>()?;
            let open = if user.is_teacher() {
                tx.query(
                    "SELECT contest_id FROM clarifications WHERE answer IS NULL",
                    &[],
                )?
                .iter()
                .map(|row| row.get("contest_id"))
                .collect::<Result<_>>()?
            } else {
                Vec::new()
            };
            Ok(CourseNotices {
                announcements,
                open,
            })
        })
    }

    /// Records that `user_id` has seen the announcements `ids` (a clarifications page
    /// showed them).
    pub fn mark_announcements_seen(&self, user_id: i64, ids: &[i64]) -> Result<()> {
        self.write(|tx| {
            for id in ids {
                tx.execute(
                    "INSERT INTO announcements_seen (user_id, announcement_id) VALUES (?1, ?2)
                     ON CONFLICT DO NOTHING",
                    &[user_id.into(), (*id).into()],
                )?;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    const FIRST: InContest<'static> = InContest {
        id: "main",
        first: true,
    };
    const WEEK1: InContest<'static> = InContest {
        id: "week1",
        first: false,
    };

    fn user(store: &Store, name: &str, role: Role) -> User {
        store.add_user(name, "hash", role).unwrap();
        store.user_by_name(name).unwrap().unwrap().0
    }

    fn ask(store: &Store, who: &User, contest: &str, text: &str) -> i64 {
        match store
            .ask_question(
                &NewQuestion {
                    user_id: who.id,
                    contest_id: contest,
                    problem: Some("add"),
                    question: text,
                },
                None,
            )
            .unwrap()
        {
            Asked::Stored(id) => id,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn students_read_their_own_questions_and_public_answers_without_the_asker() {
        crate::testing::for_each_store(|store, _| {
            let teacher = user(&store, "t", Role::Teacher);
            let ann = user(&store, "ann", Role::Student);
            let bob = user(&store, "bob", Role::Student);
            let private = ask(&store, &ann, "main", "private?");
            let public = ask(&store, &ann, "main", "public?");
            let open = ask(&store, &bob, "main", "open?");
            let open_count = |u: &User| store.notices(u).unwrap().frame(None, String::new());
            assert_eq!(open_count(&teacher).open_questions, 3);
            assert_eq!(
                store
                    .answer_question(private, teacher.id, "only you", false)
                    .unwrap(),
                Some(Some("main".to_string()))
            );
            assert!(store
                .answer_question(public, teacher.id, "everyone", true)
                .unwrap()
                .is_some());
            assert_eq!(
                store.answer_question(999, teacher.id, "x", true).unwrap(),
                None
            );
            assert_eq!(open_count(&teacher).open_questions, 1);
            assert_eq!(open_count(&ann).open_questions, 0);

            let seen_by_bob = store.clarifications_for(&bob, &FIRST).unwrap();
            let ids: Vec<i64> = seen_by_bob.iter().map(|c| c.id).collect();
            assert_eq!(ids, vec![open, public]);
            assert_eq!(seen_by_bob[1].user_name, "", "the asker is not shown");
            assert_eq!(seen_by_bob[1].user_id, 0);
            let seen_by_ann = store.clarifications_for(&ann, &FIRST).unwrap();
            assert_eq!(seen_by_ann.len(), 2);
            assert!(seen_by_ann.iter().all(|c| c.user_name == "ann"));
            let all = store.clarifications_for(&teacher, &FIRST).unwrap();
            assert_eq!(all[0].id, open, "open questions first");
            assert_eq!(all.len(), 3);
        });
    }

    #[test]
    fn questions_belong_to_the_contest_they_are_asked_in() {
        crate::testing::for_each_store(|store, _| {
            let teacher = user(&store, "t", Role::Teacher);
            let ann = user(&store, "ann", Role::Student);
            let bob = user(&store, "bob", Role::Student);
            let in_week1 = ask(&store, &ann, "week1", "in week 1?");
            let in_main = ask(&store, &ann, "main", "in main?");
            // A row from before there were several contests: the first contest's.
            store
                .write(|tx| {
                    tx.execute(
                        "INSERT INTO clarifications (contest_id, user_id, question, asked_at_ms)
                         VALUES (NULL, ?1, 'old?', 1)",
                        &[ann.id.into()],
                    )
                })
                .unwrap();
            store
                .answer_question(in_week1, teacher.id, "yes", true)
                .unwrap();
            let ids = |u: &User, c: &InContest| -> Vec<String> {
                store
                    .clarifications_for(u, c)
                    .unwrap()
                    .into_iter()
                    .map(|c| c.question)
                    .collect()
            };
            assert_eq!(ids(&teacher, &WEEK1), vec!["in week 1?"]);
            assert_eq!(ids(&teacher, &FIRST), vec!["old?", "in main?"]);
            assert_eq!(ids(&bob, &WEEK1), vec!["in week 1?"], "answered to all");
            assert!(ids(&bob, &FIRST).is_empty());
            let notices = store.notices(&teacher).unwrap();
            assert_eq!(notices.frame(Some(&WEEK1), String::new()).open_questions, 0);
            assert_eq!(notices.frame(Some(&FIRST), String::new()).open_questions, 2);
            assert_eq!(notices.frame(None, String::new()).open_questions, 2);
            let _ = in_main;
        });
    }

    #[test]
    fn questions_are_rate_limited_per_student() {
        crate::testing::for_each_store(|store, _| {
            let ann = user(&store, "ann", Role::Student);
            let new = NewQuestion {
                user_id: ann.id,
                contest_id: "week1",
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
            let stored = store.clarifications_for(&ann, &WEEK1).unwrap();
            assert_eq!(stored.len(), 2);
            assert_eq!(stored[0].contest_id.as_deref(), Some("week1"));
        });
    }

    #[test]
    fn announcements_count_as_new_until_seen_in_the_contests_they_concern() {
        crate::testing::for_each_store(|store, _| {
            let teacher = user(&store, "t", Role::Teacher);
            let ann = user(&store, "ann", Role::Student);
            let frame =
                |u: &User, c: Option<&InContest>| store.notices(u).unwrap().frame(c, String::new());
            assert_eq!(frame(&ann, Some(&FIRST)), Notices::default());
            let everyone = store.post_announcement(teacher.id, "all", None).unwrap();
            let week1 = store
                .post_announcement(teacher.id, "week1 only", Some("week1"))
                .unwrap();
            assert_eq!(frame(&ann, Some(&FIRST)).unseen, 1);
            assert_eq!(frame(&ann, Some(&FIRST)).newest[0].body, "all");
            assert_eq!(frame(&ann, Some(&WEEK1)).unseen, 2);
            assert_eq!(frame(&ann, Some(&WEEK1)).newest[0].body, "week1 only");
            assert_eq!(frame(&ann, None).unseen, 2);
            let bodies = |c: &InContest| -> Vec<String> {
                store
                    .announcements(c)
                    .unwrap()
                    .into_iter()
                    .map(|a| a.body)
                    .collect()
            };
            assert_eq!(bodies(&FIRST), vec!["all"]);
            assert_eq!(bodies(&WEEK1), vec!["week1 only", "all"]);

            // Seen on the first contest's page: week1's own stays new there.
            store.mark_announcements_seen(ann.id, &[everyone]).unwrap();
            store.mark_announcements_seen(ann.id, &[everyone]).unwrap();
            assert_eq!(frame(&ann, Some(&FIRST)).unseen, 0);
            assert_eq!(frame(&ann, Some(&WEEK1)).unseen, 1);
            store.mark_announcements_seen(ann.id, &[week1]).unwrap();
            assert_eq!(frame(&ann, None).unseen, 0);
            assert_eq!(frame(&teacher, None).unseen, 2);
        });
    }
}
