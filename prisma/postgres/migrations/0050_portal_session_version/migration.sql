-- AlterTable
ALTER TABLE "PortalUser" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;
