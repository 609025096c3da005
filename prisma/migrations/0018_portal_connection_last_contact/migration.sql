-- AlterTable
ALTER TABLE "PortalConnection" ADD COLUMN "lastContactAt" DATETIME;
