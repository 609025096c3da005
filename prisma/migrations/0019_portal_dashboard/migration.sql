-- CreateTable
CREATE TABLE "PortalCollectedMonth" (
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "payments" INTEGER NOT NULL,

    PRIMARY KEY ("organizationId", "environment", "currency", "month")
);

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_createdAt_idx" ON "PortalCase"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "PortalCase_dashboard_idx" ON "PortalCase"("organizationId", "openCapital", "environment", "currency", "code", "currentPaydate", "interest", "expenses");

-- Payments stored before this migration, counted once as ingest-batch.ts counts new ones.
INSERT INTO "PortalCollectedMonth" ("organizationId", "environment", "currency", "month", "amount", "payments")
SELECT "organizationId", "environment",
       CASE substr("environment", 1, 3) WHEN 'fin' THEN 'EUR' WHEN 'swe' THEN 'SEK' ELSE 'NOK' END,
       substr(COALESCE(json_extract("message", '$.paymentdate'), "time"), 1, 7),
       SUM(CAST(ROUND(json_extract("message", '$.amount') * 100) AS INTEGER)),
       COUNT(*)
FROM "PortalEvent"
WHERE "type" = 'payment' AND "environment" <> '' AND json_type("message", '$.amount') IN ('integer', 'real')
GROUP BY 1, 2, 3, 4;
