-- DropIndex
DROP INDEX "Job_pendingDocument_idx";

-- CreateIndex
CREATE INDEX "Job_pendingDocument_createdAt_idx" ON "Job"("pendingDocument", "createdAt");
