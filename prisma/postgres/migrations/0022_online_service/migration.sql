-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "onlineDisputes" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "onlineExtensionDays" INTEGER NOT NULL DEFAULT 14;

-- CreateTable
CREATE TABLE "OnlinePayment" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "paymentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "OnlinePayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OnlinePayment_jobId_createdAt_idx" ON "OnlinePayment"("jobId", "createdAt");
