-- CreateTable
CREATE TABLE "SentDocument" (
    "dispatchId" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SentDocument_pkey" PRIMARY KEY ("dispatchId")
);

-- CreateIndex
CREATE INDEX "SentDocument_jobId_idx" ON "SentDocument"("jobId");
