-- The Assistant: a name nobody has finds the closest names (trigram similarity), and members are
-- found by last name ("% murphy") without a scan of the organisation's members.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE INDEX IF NOT EXISTS copilot_members_name_trgm_idx ON members USING gin (lower(name) gin_trgm_ops);
