-- A request without an Idempotency-Key keeps no answer: SQL NULL. Before 0048 the JSON-array
-- insert wrote such rows on PostgreSQL as the JSON value null, which 0048 turned into the text
-- 'null'; one way of saying "no answer" again.
UPDATE "IntakeRequest" SET "responseBody" = NULL WHERE "responseBody" = 'null';
