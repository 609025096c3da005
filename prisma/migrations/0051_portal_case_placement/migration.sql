-- CreateIndex
CREATE INDEX "PortalCase_organizationId_environment_cid_billnum_idx" ON "PortalCase"("organizationId", "environment", "cid", "billnum");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_environment_cid_documentid_idx" ON "PortalCase"("organizationId", "environment", "cid", "documentid");
