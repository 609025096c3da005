-- CreateIndex
CREATE INDEX "PortalCase_organizationId_deliveryStatus_lastDeliveryAt_idx" ON "PortalCase"("organizationId", "deliveryStatus", "lastDeliveryAt");
