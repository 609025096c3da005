-- CreateTable
CREATE TABLE "PortalCollectedMonth" (
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "payments" INTEGER NOT NULL,

    CONSTRAINT "PortalCollectedMonth_pkey" PRIMARY KEY ("organizationId","environment","currency","month")
);

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_createdAt_idx" ON "PortalCase"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "PortalCase_dashboard_idx" ON "PortalCase"("organizationId", "openCapital", "environment", "currency", "code", "currentPaydate", "interest", "expenses");

-- Payments stored before this migration, counted once as ingest-batch.ts counts new ones.
INSERT INTO "PortalCollectedMonth" ("organizationId", "environment", "currency", "month", "amount", "payments")
SELECT "organizationId", "environment",
       CASE substr("environment", 1, 3) WHEN 'fin' THEN 'EUR' WHEN 'swe' THEN 'SEK' ELSE 'NOK' END,
       substr(COALESCE("message"->>'paymentdate', "time"), 1, 7),
       SUM(ROUND(("message"->>'amount')::numeric * 100)::bigint),
       COUNT(*)
FROM "PortalEvent"
WHERE "type" = 'payment' AND "environment" <> '' AND jsonb_typeof("message"->'amount') = 'number'
GROUP BY 1, 2, 3, 4;
