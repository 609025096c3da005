-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "lastDeliveryAt" DATETIME;
