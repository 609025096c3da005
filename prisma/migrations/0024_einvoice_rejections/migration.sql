-- CreateTable
CREATE TABLE "EInvoiceRejection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dispatchId" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "resentAt" DATETIME
);

-- CreateIndex
CREATE INDEX "EInvoiceRejection_jobId_createdAt_idx" ON "EInvoiceRejection"("jobId", "createdAt");
