-- CreateTable
CREATE TABLE "PortalPersonalIdReveal" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "userName" TEXT NOT NULL,
    "userEmail" TEXT NOT NULL,
    "member" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalPersonalIdReveal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PortalPersonalIdReveal_organizationId_caseId_createdAt_idx" ON "PortalPersonalIdReveal"("organizationId", "caseId", "createdAt");
