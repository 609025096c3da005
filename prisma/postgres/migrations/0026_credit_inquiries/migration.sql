-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "creditLimit" BIGINT NOT NULL DEFAULT 500000;

-- CreateTable
CREATE TABLE "CreditInquiry" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "subjectHash" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "amount" BIGINT,
    "decision" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditInquiry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreditInquiry_profileId_createdAt_idx" ON "CreditInquiry"("profileId", "createdAt");

-- CreateIndex
CREATE INDEX "CreditInquiry_environment_subjectHash_createdAt_idx" ON "CreditInquiry"("environment", "subjectHash", "createdAt");

-- CreateIndex
CREATE INDEX "Job_environment_nationalIdHash_idx" ON "Job"("environment", "nationalIdHash");
