-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "detailsReadAt" TIMESTAMP(3);

-- Cases the portal posted itself know their job already.
UPDATE "PortalCase" SET "detailsReadAt" = "postedAt" WHERE "postedAt" IS NOT NULL;

-- CreateIndex
CREATE INDEX "PortalCase_detailsReadAt_idx" ON "PortalCase"("detailsReadAt");
