ALTER TABLE announcements ADD COLUMN every_contest INTEGER NOT NULL DEFAULT 0;
CREATE TABLE announcements_seen (
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    announcement_id INTEGER NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, announcement_id)
);
INSERT INTO announcements_seen (user_id, announcement_id)
    SELECT r.user_id, a.id FROM announcement_reads r JOIN announcements a ON a.id <= r.seen_id;
DROP TABLE announcement_reads;
CREATE INDEX clarifications_by_contest ON clarifications(contest_id, id);
