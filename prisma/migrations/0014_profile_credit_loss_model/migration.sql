-- AlterTable
ALTER TABLE "Profile" ADD COLUMN "creditLossModel" TEXT NOT NULL DEFAULT 'timebased';
