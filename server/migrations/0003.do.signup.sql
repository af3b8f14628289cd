-- Signup completion: device numbers are unique; members are found by their user pool sub.
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE UNIQUE INDEX IF NOT EXISTS members_device_phone_number_key ON members (device_phone_number) WHERE device_phone_number IS NOT NULL;
CREATE INDEX IF NOT EXISTS members_cognito_sub_idx ON members (cognito_sub);
