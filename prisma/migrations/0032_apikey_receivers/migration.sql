-- CreateTable
CREATE TABLE "ApikeyReceiver" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "clientId" TEXT,
    "scope" TEXT,
    "username" TEXT,
    "secretEncrypted" TEXT NOT NULL,
    "accessTokenEncrypted" TEXT,
    "accessTokenExpiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ApikeyDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "partnerProfileId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "apicodeSealed" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "firstAttemptAt" DATETIME,
    "nextAttemptAt" DATETIME NOT NULL,
    "lastError" TEXT,
    "deliveredAt" DATETIME,
    "leaseUntil" DATETIME,
    "leaseOwner" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "ApikeyReceiver_profileId_key" ON "ApikeyReceiver"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "ApikeyDelivery_profileId_key" ON "ApikeyDelivery"("profileId");

-- CreateIndex
CREATE INDEX "ApikeyDelivery_status_nextAttemptAt_idx" ON "ApikeyDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ApikeyDelivery_partnerProfileId_createdAt_idx" ON "ApikeyDelivery"("partnerProfileId", "createdAt");
