-- AlterTable
ALTER TABLE "PortalUser" ADD COLUMN     "failedSignIns" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "signInLockedUntil" TIMESTAMP(3);
