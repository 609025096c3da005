-- CreateTable
CREATE TABLE "DueDateChange" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "previousDate" TEXT NOT NULL,
    "currentPaydate" TEXT NOT NULL,
    "changedBy" TEXT,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DueDateChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DueDateChange_jobId_createdAt_idx" ON "DueDateChange"("jobId", "createdAt");
