-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "sentOn" TEXT;

-- Jobs stored before the column: the day of the invoice's first send still standing as delivered (a
-- refused or returned one is an error since, so a resend's day is taken), never before the bill
-- date. The dispatch keeps its time in UTC and by the service's clock, not the profile's business
-- day (a time zone, a test profile's clock run ahead), so the later of the two stands in; jobs
-- never sent by the service (sendtype print, drafts), reminders or collections posted as such
-- (jobtype 1, 2) and letters (301) keep null; the bill date counts for them (lifecycle/decide-step.ts
-- invoiceSentOn).
UPDATE "Job" AS j SET "sentOn" = GREATEST(COALESCE(j."billdate", ''), d.day)
FROM (
  SELECT "jobId", to_char(min("doneAt"), 'YYYY-MM-DD') AS day
  FROM "Dispatch"
  WHERE "document" = 'original' AND "status" = 'delivered' AND "doneAt" IS NOT NULL
  GROUP BY "jobId"
) AS d
WHERE d."jobId" = j."id" AND j."jobtype" IN (0, 300, 602);
