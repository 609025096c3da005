-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN     "lastDeliveryAt" TIMESTAMP(3);
