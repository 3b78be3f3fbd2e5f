ALTER TABLE submissions ADD COLUMN contest TEXT;
ALTER TABLE submissions ADD COLUMN late INTEGER NOT NULL DEFAULT 0;
CREATE INDEX submissions_by_contest ON submissions(contest, id);
