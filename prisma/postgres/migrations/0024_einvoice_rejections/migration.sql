-- CreateTable
CREATE TABLE "EInvoiceRejection" (
    "id" TEXT NOT NULL,
    "dispatchId" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "resentAt" TIMESTAMP(3),

    CONSTRAINT "EInvoiceRejection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EInvoiceRejection_jobId_createdAt_idx" ON "EInvoiceRejection"("jobId", "createdAt");
