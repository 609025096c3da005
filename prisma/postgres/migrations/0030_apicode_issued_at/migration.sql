-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "apicodeIssuedAt" TIMESTAMP(3);
