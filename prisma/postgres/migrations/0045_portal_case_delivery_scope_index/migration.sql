-- DropIndex
DROP INDEX "PortalCase_organizationId_deliveryStatus_lastDeliveryAt_idx";

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_deliveryStatus_environment_cid_la_idx" ON "PortalCase"("organizationId", "deliveryStatus", "environment", "cid", "lastDeliveryAt");
