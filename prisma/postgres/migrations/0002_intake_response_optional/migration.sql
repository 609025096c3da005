-- AlterTable
ALTER TABLE "IntakeRequest" ALTER COLUMN "responseBody" DROP NOT NULL;
