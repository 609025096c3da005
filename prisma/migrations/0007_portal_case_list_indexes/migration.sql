-- DropIndex
DROP INDEX "PortalCase_organizationId_updatedAt_idx";

-- DropIndex
DROP INDEX "PortalCase_organizationId_code_updatedAt_idx";

-- DropIndex
DROP INDEX "PortalCase_organizationId_currentPaydate_idx";

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_updatedAt_id_idx" ON "PortalCase"("organizationId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_code_updatedAt_id_idx" ON "PortalCase"("organizationId", "code", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_currentPaydate_id_idx" ON "PortalCase"("organizationId", "currentPaydate", "id");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_amount_id_idx" ON "PortalCase"("organizationId", "amount", "id");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_receiverName_id_idx" ON "PortalCase"("organizationId", "receiverName", "id");
