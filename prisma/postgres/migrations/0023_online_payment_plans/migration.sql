-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "onlinePlanInstalments" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PaymentPlan" (
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "instalments" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentPlan_pkey" PRIMARY KEY ("jobId")
);
