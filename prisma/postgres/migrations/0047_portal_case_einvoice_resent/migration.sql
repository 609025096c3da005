-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN     "einvoiceResentAfter" TIMESTAMP(3),
ADD COLUMN     "einvoiceResentAt" TIMESTAMP(3);
