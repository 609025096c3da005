-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "detailsReadAt" DATETIME;

-- Cases the portal posted itself know their job already.
UPDATE "PortalCase" SET "detailsReadAt" = "postedAt" WHERE "postedAt" IS NOT NULL;

-- CreateIndex
CREATE INDEX "PortalCase_detailsReadAt_idx" ON "PortalCase"("detailsReadAt");
