-- AlterTable
ALTER TABLE "Job" ADD COLUMN "sentOn" TEXT;

-- Jobs stored before the column. Null now means the service has not sent the invoice, and where due
-- dates were not agreed no interest runs then (lib/service/lifecycle/decide-step.ts invoiceSentOn).
-- So that no older invoice loses the interest it earned before, every invoice (jobtype 0, 300, 602)
-- but a draft (11) first gets its bill date, the day interest counted from until this column: one
-- the customer prints (sendtype print), one whose send failed or waits. Reminders and collections
-- posted as such (1, 2) and letters (301) keep null: the bill date counts for the first by rule.
UPDATE "Job" SET "sentOn" = "billdate" WHERE "jobtype" IN (0, 300, 602) AND "jobstatus" <> 11;

-- Then the day of the invoice's first send still standing as delivered (a refused or returned one is
-- an error since, so a resend's day is taken), never before the bill date. The day is the profile's
-- local one, but SQLite knows no time zones: the dispatch's UTC time plus 3 hours stands for it,
-- Finland's summer time and more than Sweden's and Norway's offset at any season, so the day is
-- never earlier than the local day and errs in the debtor's favour (the 30 days start no earlier).
UPDATE "Job" SET "sentOn" = max(coalesce("Job"."billdate", ''), s."day")
FROM (
  SELECT "jobId", min(CASE WHEN typeof("doneAt") = 'text' THEN date("doneAt", '+3 hours') ELSE date("doneAt" / 1000, 'unixepoch', '+3 hours') END) AS "day"
  FROM "Dispatch"
  WHERE "document" = 'original' AND "status" = 'delivered' AND "doneAt" IS NOT NULL
  GROUP BY "jobId"
) AS s
WHERE s."jobId" = "Job"."id" AND "Job"."jobtype" IN (0, 300, 602);
