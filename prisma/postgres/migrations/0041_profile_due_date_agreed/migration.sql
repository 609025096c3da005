-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "dueDateAgreed" BOOLEAN NOT NULL DEFAULT true;
