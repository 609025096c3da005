-- AlterTable
ALTER TABLE "IntakeRequest" ALTER COLUMN "responseBody" SET DATA TYPE TEXT;
