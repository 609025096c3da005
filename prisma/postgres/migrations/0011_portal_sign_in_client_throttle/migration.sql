-- CreateTable
CREATE TABLE "PortalSignInThrottle" (
    "clientKey" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStartsAt" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalSignInThrottle_pkey" PRIMARY KEY ("clientKey")
);

-- CreateIndex
CREATE INDEX "PortalSignInThrottle_updatedAt_idx" ON "PortalSignInThrottle"("updatedAt");
