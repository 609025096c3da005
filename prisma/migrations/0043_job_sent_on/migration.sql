-- AlterTable
ALTER TABLE "Job" ADD COLUMN "sentOn" TEXT;

-- Jobs stored before the column: the day of the invoice's first send still standing as delivered (a
-- refused or returned one is an error since, so a resend's day is taken), never before the bill
-- date. The dispatch keeps its time in UTC and by the service's clock, not the profile's business
-- day (a time zone, a test profile's clock run ahead), so the later of the two stands in; jobs
-- never sent by the service (sendtype print, drafts), reminders or collections posted as such
-- (jobtype 1, 2) and letters (301) keep null; the bill date counts for them (lifecycle/decide-step.ts
-- invoiceSentOn).
UPDATE "Job" SET "sentOn" = max(coalesce("billdate", ''), (
  SELECT min(CASE WHEN typeof(d."doneAt") = 'text' THEN substr(d."doneAt", 1, 10) ELSE date(d."doneAt" / 1000, 'unixepoch') END)
  FROM "Dispatch" d
  WHERE d."jobId" = "Job"."id" AND d."document" = 'original' AND d."status" = 'delivered' AND d."doneAt" IS NOT NULL
))
WHERE "jobtype" IN (0, 300, 602) AND EXISTS (
  SELECT 1 FROM "Dispatch" d
  WHERE d."jobId" = "Job"."id" AND d."document" = 'original' AND d."status" = 'delivered' AND d."doneAt" IS NOT NULL
);
