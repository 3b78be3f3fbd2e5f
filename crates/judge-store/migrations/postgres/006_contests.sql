ALTER TABLE submissions ADD COLUMN contest TEXT;
ALTER TABLE submissions ADD COLUMN late BIGINT NOT NULL DEFAULT 0;
CREATE INDEX submissions_by_contest ON submissions(contest, id);
