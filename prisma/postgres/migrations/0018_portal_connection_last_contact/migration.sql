-- AlterTable
ALTER TABLE "PortalConnection" ADD COLUMN     "lastContactAt" TIMESTAMP(3);
