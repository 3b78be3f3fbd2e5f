-- Judging machines' tokens (`judge users worker-token NAME`): a role of their own, in a
-- table of their own, so that no account's token can claim work. Only the SHA-256 is kept.
CREATE TABLE worker_tokens (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    token_sha256    TEXT NOT NULL UNIQUE,
    created_at_ms   INTEGER NOT NULL,
    last_used_at_ms INTEGER,
    revoked_at_ms   INTEGER
);
CREATE INDEX worker_tokens_by_name ON worker_tokens(name);
