-- The month's payments per connection (environment and cid), so the dashboard can show one
-- connection. The sums are counted again from the stored payment events, as 0019 first counted them
-- and as ingest-batch.ts adds new ones: the old rows had no cid to split them by.
DELETE FROM "PortalCollectedMonth";

ALTER TABLE "PortalCollectedMonth" DROP CONSTRAINT "PortalCollectedMonth_pkey",
ADD COLUMN     "cid" TEXT NOT NULL,
ADD CONSTRAINT "PortalCollectedMonth_pkey" PRIMARY KEY ("organizationId", "environment", "cid", "currency", "month");

INSERT INTO "PortalCollectedMonth" ("organizationId", "environment", "cid", "currency", "month", "amount", "payments")
SELECT "organizationId", "environment", "cid",
       CASE substr("environment", 1, 3) WHEN 'fin' THEN 'EUR' WHEN 'swe' THEN 'SEK' ELSE 'NOK' END,
       substr(COALESCE("message"->>'paymentdate', "time"), 1, 7),
       SUM(ROUND(("message"->>'amount')::numeric * 100)::bigint),
       COUNT(*)
FROM "PortalEvent"
WHERE "type" = 'payment' AND "environment" <> '' AND jsonb_typeof("message"->'amount') = 'number'
GROUP BY 1, 2, 3, 4, 5;

-- The dashboard's pass over open cases, now also for one connection (lib/portal/dashboard).
DROP INDEX "PortalCase_dashboard_idx";
CREATE INDEX "PortalCase_dashboard_idx" ON "PortalCase"("organizationId", "openCapital", "environment", "cid", "currency", "code", "currentPaydate", "interest", "expenses");
