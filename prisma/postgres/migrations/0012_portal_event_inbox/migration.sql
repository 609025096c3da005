-- AlterTable
ALTER TABLE "PortalEventBatch" ADD COLUMN     "body" TEXT,
ADD COLUMN     "environment" TEXT,
ADD COLUMN     "projectedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "PortalEventBatch_projectedAt_receivedAt_idx" ON "PortalEventBatch"("projectedAt", "receivedAt");

-- Batches stored before the inbox were stored as events and cases when they came.
UPDATE "PortalEventBatch" SET "projectedAt" = "receivedAt";
