-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "clockOffsetSeconds" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "currentPaydate" TEXT,
ADD COLUMN     "custnum" TEXT,
ADD COLUMN     "nationalIdHash" TEXT,
ADD COLUMN     "onHold" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "openCapital" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "openExpenses" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "openInterest" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "pendingDocument" TEXT,
ADD COLUMN     "phaseSince" TEXT,
ADD COLUMN     "reviewOn" TEXT,
ADD COLUMN     "sensible" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "CaseMove" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "fromCode" INTEGER,
    "toCode" INTEGER NOT NULL,
    "cause" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "openCapital" BIGINT NOT NULL,
    "openInterest" BIGINT NOT NULL,
    "openExpenses" BIGINT NOT NULL,

    CONSTRAINT "CaseMove_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CaseEntry" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "paymentId" TEXT,
    "date" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CaseEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "profileId" TEXT,
    "jobId" INTEGER,
    "reference" TEXT,
    "amount" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "paymentDate" TEXT NOT NULL,
    "accountDate" TEXT NOT NULL,
    "settlementDate" TEXT,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "unallocated" BIGINT NOT NULL DEFAULT 0,
    "payerName" TEXT,
    "message" TEXT,
    "bankEntryRef" TEXT,
    "statementId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankStatement" (
    "id" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "filename" TEXT,
    "entries" INTEGER NOT NULL,
    "booked" INTEGER NOT NULL,
    "unmatched" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BankStatement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditAllocation" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "creditJobId" INTEGER NOT NULL,
    "targetJobId" INTEGER,
    "action" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "refundIban" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contract" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "contractNo" TEXT NOT NULL,
    "contractStatus" TEXT NOT NULL,
    "usagePlaceCode" TEXT,
    "terminationDate" TEXT,
    "terminationTerm" TEXT,
    "data" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Contract_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Dispatch" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "sendtype" TEXT NOT NULL,
    "distributionChannel" TEXT NOT NULL,
    "secondary" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "lastError" TEXT,
    "artifact" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "Dispatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "seq" SERIAL NOT NULL,
    "environment" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "jobId" INTEGER,
    "type" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "EventReceiver" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "clientId" TEXT,
    "scope" TEXT,
    "username" TEXT,
    "secretEncrypted" TEXT NOT NULL,
    "accessTokenEncrypted" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "batchedThroughSeq" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "leaseUntil" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventReceiver_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventBatch" (
    "id" TEXT NOT NULL,
    "receiverId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "fromSeq" INTEGER NOT NULL,
    "toSeq" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "lastResponse" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "EventBatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CaseMove_jobId_at_idx" ON "CaseMove"("jobId", "at");

-- CreateIndex
CREATE INDEX "CaseEntry_jobId_idx" ON "CaseEntry"("jobId");

-- CreateIndex
CREATE INDEX "CaseEntry_paymentId_idx" ON "CaseEntry"("paymentId");

-- CreateIndex
CREATE INDEX "Payment_environment_status_idx" ON "Payment"("environment", "status");

-- CreateIndex
CREATE INDEX "Payment_jobId_idx" ON "Payment"("jobId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_environment_bankEntryRef_key" ON "Payment"("environment", "bankEntryRef");

-- CreateIndex
CREATE UNIQUE INDEX "BankStatement_environment_sha256_key" ON "BankStatement"("environment", "sha256");

-- CreateIndex
CREATE INDEX "CreditAllocation_creditJobId_idx" ON "CreditAllocation"("creditJobId");

-- CreateIndex
CREATE INDEX "CreditAllocation_targetJobId_idx" ON "CreditAllocation"("targetJobId");

-- CreateIndex
CREATE UNIQUE INDEX "Contract_profileId_contractNo_key" ON "Contract"("profileId", "contractNo");

-- CreateIndex
CREATE INDEX "Dispatch_status_nextAttemptAt_idx" ON "Dispatch"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Dispatch_jobId_idx" ON "Dispatch"("jobId");

-- CreateIndex
CREATE INDEX "Event_profileId_seq_idx" ON "Event"("profileId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "EventReceiver_profileId_key" ON "EventReceiver"("profileId");

-- CreateIndex
CREATE INDEX "EventBatch_receiverId_status_createdAt_idx" ON "EventBatch"("receiverId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "EventBatch_status_nextAttemptAt_idx" ON "EventBatch"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Job_environment_reviewOn_idx" ON "Job"("environment", "reviewOn");

-- CreateIndex
CREATE INDEX "Job_pendingDocument_idx" ON "Job"("pendingDocument");

-- CreateIndex
CREATE INDEX "Job_profileId_custnum_idx" ON "Job"("profileId", "custnum");

-- CreateIndex
CREATE INDEX "Job_profileId_nationalIdHash_idx" ON "Job"("profileId", "nationalIdHash");

-- AddForeignKey
ALTER TABLE "EventBatch" ADD CONSTRAINT "EventBatch_receiverId_fkey" FOREIGN KEY ("receiverId") REFERENCES "EventReceiver"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
