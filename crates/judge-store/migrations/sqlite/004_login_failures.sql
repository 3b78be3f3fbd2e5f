CREATE TABLE login_failures (
    id      INTEGER PRIMARY KEY,
    -- The name as typed (an account may not exist), at most 64 characters.
    name    TEXT NOT NULL,
    address TEXT NOT NULL,
    at_ms   INTEGER NOT NULL,
    -- 1 once the account logged in after it: it no longer counts against the limits.
    cleared INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX login_failures_by_name ON login_failures(name, at_ms);
CREATE INDEX login_failures_by_address ON login_failures(address, at_ms);
