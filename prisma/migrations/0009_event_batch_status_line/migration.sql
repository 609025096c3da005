-- Batches keep only the status line of a receiver's answer, never its body: drop the bodies kept before.
UPDATE "EventBatch" SET "lastResponse" = CAST("lastStatus" AS TEXT) WHERE "lastResponse" IS NOT NULL;
