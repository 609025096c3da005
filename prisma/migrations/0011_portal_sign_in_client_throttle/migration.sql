-- CreateTable
CREATE TABLE "PortalSignInThrottle" (
    "clientKey" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL,
    "windowStartsAt" DATETIME NOT NULL,
    "lockedUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "PortalSignInThrottle_updatedAt_idx" ON "PortalSignInThrottle"("updatedAt");
