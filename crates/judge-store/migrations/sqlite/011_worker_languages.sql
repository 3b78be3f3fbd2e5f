-- The languages a worker runs (their compilers and runtimes are installed on its
-- machine), as a JSON array of language ids: it claims only submissions in them, and the
-- web form offers what some live worker runs. NULL: a worker from before, which said
-- nothing and claims any language.
ALTER TABLE workers ADD COLUMN languages TEXT;
