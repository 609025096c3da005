-- CreateTable
CREATE TABLE "SentDocument" (
    "dispatchId" TEXT NOT NULL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "SentDocument_jobId_idx" ON "SentDocument"("jobId");
