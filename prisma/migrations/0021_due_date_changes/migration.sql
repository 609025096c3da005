-- CreateTable
CREATE TABLE "DueDateChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "previousDate" TEXT NOT NULL,
    "currentPaydate" TEXT NOT NULL,
    "changedBy" TEXT,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "DueDateChange_jobId_createdAt_idx" ON "DueDateChange"("jobId", "createdAt");
