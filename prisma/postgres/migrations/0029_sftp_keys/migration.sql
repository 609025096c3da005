-- CreateTable
CREATE TABLE "SftpKey" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "keyData" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SftpKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SftpKey_profileId_idx" ON "SftpKey"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "SftpKey_profileId_fingerprint_key" ON "SftpKey"("profileId", "fingerprint");
