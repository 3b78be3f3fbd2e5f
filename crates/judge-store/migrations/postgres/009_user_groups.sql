ALTER TABLE users ADD COLUMN group_name TEXT;
