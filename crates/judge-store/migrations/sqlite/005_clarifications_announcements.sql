CREATE TABLE clarifications (
    id             INTEGER PRIMARY KEY,
    -- The contest it belongs to (NULL: the server's one contest).
    contest_id     TEXT,
    user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The problem asked about (NULL: a general question).
    problem        TEXT,
    question       TEXT NOT NULL,
    asked_at_ms    INTEGER NOT NULL,
    answer         TEXT,
    answered_by    INTEGER REFERENCES users(id) ON DELETE SET NULL,
    answered_at_ms INTEGER,
    -- 1: the answer (and the question, without the asker) is shown to everyone.
    public         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX clarifications_by_user ON clarifications(user_id, id);
CREATE INDEX clarifications_by_answer ON clarifications(answered_at_ms, id);
CREATE TABLE announcements (
    id           INTEGER PRIMARY KEY,
    contest_id   TEXT,
    body         TEXT NOT NULL,
    posted_by    INTEGER REFERENCES users(id) ON DELETE SET NULL,
    posted_at_ms INTEGER NOT NULL
);
-- The newest announcement each user has seen (on the clarifications page).
CREATE TABLE announcement_reads (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    seen_id INTEGER NOT NULL
);
