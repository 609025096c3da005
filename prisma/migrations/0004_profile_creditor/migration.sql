-- AlterTable
ALTER TABLE "Profile" ADD COLUMN "creditor" JSONB;
