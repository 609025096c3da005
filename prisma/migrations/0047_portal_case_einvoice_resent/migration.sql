-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "einvoiceResentAfter" DATETIME;
ALTER TABLE "PortalCase" ADD COLUMN "einvoiceResentAt" DATETIME;
