-- CreateTable
CREATE TABLE "PortalPersonalIdReveal" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "userName" TEXT NOT NULL,
    "userEmail" TEXT NOT NULL,
    "member" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "PortalPersonalIdReveal_organizationId_caseId_createdAt_idx" ON "PortalPersonalIdReveal"("organizationId", "caseId", "createdAt");
