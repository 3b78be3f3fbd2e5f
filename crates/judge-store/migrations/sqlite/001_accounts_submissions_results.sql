CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
    created_at_ms INTEGER NOT NULL
);
CREATE TABLE sessions (
    token_sha256  TEXT PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf_token    TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE TABLE submissions (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(id),
    problem         TEXT NOT NULL,
    language        TEXT NOT NULL,
    source          TEXT NOT NULL,
    submitted_at_ms INTEGER NOT NULL,
    -- A rejudge starts a new round; results are kept per round.
    round           INTEGER NOT NULL DEFAULT 1,
    state           TEXT NOT NULL CHECK (state IN ('queued', 'judging', 'done')),
    -- How many times a worker took it (a restart mid-judging adds one).
    claims          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX submissions_by_state ON submissions(state, id);
CREATE INDEX submissions_by_user ON submissions(user_id, id);
CREATE INDEX submissions_by_problem ON submissions(problem, id);
-- One row per submission and round: written once, in the same transaction that marks
-- the submission done, so a submission is never judged twice into the results.
CREATE TABLE results (
    submission_id         INTEGER NOT NULL REFERENCES submissions(id),
    round                 INTEGER NOT NULL,
    verdict               TEXT NOT NULL,
    passed                INTEGER NOT NULL,
    total                 INTEGER NOT NULL,
    max_cpu_time_s        REAL NOT NULL,
    max_peak_memory_bytes INTEGER NOT NULL,
    -- The whole result (docs/result-schema.md); NULL when the judge failed.
    result_json           TEXT,
    -- Why the judge could not judge it (verdict JE).
    error                 TEXT,
    judged_at_ms          INTEGER NOT NULL,
    PRIMARY KEY (submission_id, round)
);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
