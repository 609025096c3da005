-- The month's payments per connection (environment and cid), so the dashboard can show one
-- connection. The sums are counted again from the stored payment events, as 0019 first counted them
-- and as ingest-batch.ts adds new ones: the old rows had no cid to split them by.
CREATE TABLE "new_PortalCollectedMonth" (
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "payments" INTEGER NOT NULL,

    PRIMARY KEY ("organizationId", "environment", "cid", "currency", "month")
);
DROP TABLE "PortalCollectedMonth";
ALTER TABLE "new_PortalCollectedMonth" RENAME TO "PortalCollectedMonth";
INSERT INTO "PortalCollectedMonth" ("organizationId", "environment", "cid", "currency", "month", "amount", "payments")
SELECT "organizationId", "environment", "cid",
       CASE substr("environment", 1, 3) WHEN 'fin' THEN 'EUR' WHEN 'swe' THEN 'SEK' ELSE 'NOK' END,
       substr(COALESCE(json_extract("message", '$.paymentdate'), "time"), 1, 7),
       SUM(CAST(ROUND(json_extract("message", '$.amount') * 100) AS INTEGER)),
       COUNT(*)
FROM "PortalEvent"
WHERE "type" = 'payment' AND "environment" <> '' AND json_type("message", '$.amount') IN ('integer', 'real')
GROUP BY 1, 2, 3, 4, 5;

-- The dashboard's pass over open cases, now also for one connection (lib/portal/dashboard).
DROP INDEX "PortalCase_dashboard_idx";
CREATE INDEX "PortalCase_dashboard_idx" ON "PortalCase"("organizationId", "openCapital", "environment", "cid", "currency", "code", "currentPaydate", "interest", "expenses");
