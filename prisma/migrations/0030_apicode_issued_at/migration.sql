-- AlterTable
ALTER TABLE "Profile" ADD COLUMN "apicodeIssuedAt" DATETIME;
