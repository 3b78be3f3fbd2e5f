-- A claim is a lease: its owner (a worker's name) renews it; once it lapses another
-- worker may take the submission. `claims` is the lease's fencing number.
ALTER TABLE submissions ADD COLUMN lease_owner TEXT;
ALTER TABLE submissions ADD COLUMN lease_expires_at_ms INTEGER;
-- A client's key for one submission: sending it again answers the same submission.
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_by_idempotency_key ON submissions(user_id, idempotency_key);
CREATE INDEX submissions_by_lease_owner ON submissions(lease_owner);
ALTER TABLE results ADD COLUMN first_failure TEXT;
ALTER TABLE results ADD COLUMN judged_by TEXT;
ALTER TABLE results ADD COLUMN problem_sha256 TEXT;
UPDATE results SET first_failure = json_extract(result_json, '$.first_failure');
-- The server's copy of each problem: workers judge only problems whose copy matches.
CREATE TABLE problems (
    id              TEXT PRIMARY KEY,
    content_sha256  TEXT NOT NULL,
    published_at_ms INTEGER NOT NULL
);
-- How far the judging of a claimed submission has come (written by its worker).
CREATE TABLE progress (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
    claim         INTEGER NOT NULL,
    compiled      INTEGER NOT NULL,
    tests_done    INTEGER NOT NULL,
    tests_total   INTEGER NOT NULL,
    first_failure TEXT,
    updated_at_ms INTEGER NOT NULL
);
CREATE TABLE workers (
    name          TEXT PRIMARY KEY,
    host          TEXT NOT NULL,
    jobs          INTEGER NOT NULL,
    started_at_ms INTEGER NOT NULL,
    seen_at_ms    INTEGER NOT NULL,
    stopped       INTEGER NOT NULL,
    note          TEXT NOT NULL
);
-- API tokens: only their SHA-256 is kept.
CREATE TABLE api_tokens (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_sha256    TEXT NOT NULL UNIQUE,
    created_at_ms   INTEGER NOT NULL,
    last_used_at_ms INTEGER,
    revoked_at_ms   INTEGER
);
