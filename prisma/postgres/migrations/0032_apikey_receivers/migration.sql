-- CreateTable
CREATE TABLE "ApikeyReceiver" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "clientId" TEXT,
    "scope" TEXT,
    "username" TEXT,
    "secretEncrypted" TEXT NOT NULL,
    "accessTokenEncrypted" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApikeyReceiver_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApikeyDelivery" (
    "id" TEXT NOT NULL,
    "partnerProfileId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "apicodeSealed" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "firstAttemptAt" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApikeyDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApikeyReceiver_profileId_key" ON "ApikeyReceiver"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "ApikeyDelivery_profileId_key" ON "ApikeyDelivery"("profileId");

-- CreateIndex
CREATE INDEX "ApikeyDelivery_status_nextAttemptAt_idx" ON "ApikeyDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ApikeyDelivery_partnerProfileId_createdAt_idx" ON "ApikeyDelivery"("partnerProfileId", "createdAt");
