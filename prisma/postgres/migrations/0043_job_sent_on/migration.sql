-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "sentOn" TEXT;

-- Jobs stored before the column. Null now means the service has not sent the invoice, and where due
-- dates were not agreed no interest runs then (lib/service/lifecycle/decide-step.ts invoiceSentOn).
-- So that no older invoice loses the interest it earned before, every invoice (jobtype 0, 300, 602)
-- but a draft (11) first gets its bill date, the day interest counted from until this column: one
-- the customer prints (sendtype print), one whose send failed or waits. Reminders and collections
-- posted as such (1, 2) and letters (301) keep null: the bill date counts for the first by rule.
UPDATE "Job" SET "sentOn" = "billdate" WHERE "jobtype" IN (0, 300, 602) AND "jobstatus" <> 11;

-- Then the day of the invoice's first send still standing as delivered (a refused or returned one is
-- an error since, so a resend's day is taken), never before the bill date. doneAt is kept in UTC
-- (timestamp without time zone); the day is the one in the job's environment's time zone
-- (lib/spec/environments.ts: fin- Europe/Helsinki, swe- Europe/Stockholm, nor- Europe/Oslo).
UPDATE "Job" AS j SET "sentOn" = GREATEST(
  COALESCE(j."billdate", ''),
  to_char(
    (d."first" AT TIME ZONE 'UTC') AT TIME ZONE CASE split_part(j."environment", '-', 1)
      WHEN 'swe' THEN 'Europe/Stockholm'
      WHEN 'nor' THEN 'Europe/Oslo'
      ELSE 'Europe/Helsinki'
    END,
    'YYYY-MM-DD'
  )
)
FROM (
  SELECT "jobId", min("doneAt") AS "first"
  FROM "Dispatch"
  WHERE "document" = 'original' AND "status" = 'delivered' AND "doneAt" IS NOT NULL
  GROUP BY "jobId"
) AS d
WHERE d."jobId" = j."id" AND j."jobtype" IN (0, 300, 602);
