ALTER TABLE users ADD COLUMN disabled_at_ms INTEGER;
