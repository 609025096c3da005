-- CreateTable
CREATE TABLE "CaseMove" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "fromCode" INTEGER,
    "toCode" INTEGER NOT NULL,
    "cause" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "openCapital" BIGINT NOT NULL,
    "openInterest" BIGINT NOT NULL,
    "openExpenses" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "CaseEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "paymentId" TEXT,
    "date" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BankStatement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "environment" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "filename" TEXT,
    "entries" INTEGER NOT NULL,
    "booked" INTEGER NOT NULL,
    "unmatched" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CreditAllocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "creditJobId" INTEGER NOT NULL,
    "targetJobId" INTEGER,
    "action" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "refundIban" TEXT,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Contract" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "contractNo" TEXT NOT NULL,
    "contractStatus" TEXT NOT NULL,
    "usagePlaceCode" TEXT,
    "terminationDate" TEXT,
    "terminationTerm" TEXT,
    "data" JSONB,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Dispatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "sendtype" TEXT NOT NULL,
    "distributionChannel" TEXT NOT NULL,
    "secondary" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "leaseUntil" DATETIME,
    "leaseOwner" TEXT,
    "lastError" TEXT,
    "artifact" TEXT,
    "createdAt" DATETIME NOT NULL,
    "doneAt" DATETIME
);

-- CreateTable
CREATE TABLE "Event" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "environment" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "jobId" INTEGER,
    "type" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EventReceiver" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "scheme" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "clientId" TEXT,
    "scope" TEXT,
    "username" TEXT,
    "secretEncrypted" TEXT NOT NULL,
    "accessTokenEncrypted" TEXT,
    "accessTokenExpiresAt" DATETIME,
    "batchedThroughSeq" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "leaseUntil" DATETIME,
    "leaseOwner" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EventBatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "receiverId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "fromSeq" INTEGER NOT NULL,
    "toSeq" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "lastResponse" TEXT,
    "createdAt" DATETIME NOT NULL,
    "deliveredAt" DATETIME,
    CONSTRAINT "EventBatch_receiverId_fkey" FOREIGN KEY ("receiverId") REFERENCES "EventReceiver" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Profile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "apicodeHash" TEXT,
    "status" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT,
    "createCustomerApi" BOOLEAN NOT NULL DEFAULT false,
    "referenceFormat" TEXT NOT NULL DEFAULT 'national',
    "referenceLength" INTEGER,
    "parentProfileId" TEXT,
    "externalId" TEXT,
    "creditor" JSONB,
    "onboardingData" JSONB,
    "missing" JSONB,
    "onboardingTokenHash" TEXT,
    "clockOffsetSeconds" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Profile_parentProfileId_fkey" FOREIGN KEY ("parentProfileId") REFERENCES "Profile" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Profile" ("apicodeHash", "businessId", "cid", "createCustomerApi", "createdAt", "creditor", "environment", "externalId", "id", "missing", "name", "onboardingData", "onboardingTokenHash", "parentProfileId", "referenceFormat", "referenceLength", "status", "updatedAt") SELECT "apicodeHash", "businessId", "cid", "createCustomerApi", "createdAt", "creditor", "environment", "externalId", "id", "missing", "name", "onboardingData", "onboardingTokenHash", "parentProfileId", "referenceFormat", "referenceLength", "status", "updatedAt" FROM "Profile";
DROP TABLE "Profile";
ALTER TABLE "new_Profile" RENAME TO "Profile";
CREATE UNIQUE INDEX "Profile_onboardingTokenHash_key" ON "Profile"("onboardingTokenHash");
CREATE INDEX "Profile_environment_businessId_idx" ON "Profile"("environment", "businessId");
CREATE UNIQUE INDEX "Profile_environment_cid_key" ON "Profile"("environment", "cid");
CREATE UNIQUE INDEX "Profile_parentProfileId_externalId_key" ON "Profile"("parentProfileId", "externalId");
CREATE UNIQUE INDEX "Profile_environment_parentProfileId_businessId_key" ON "Profile"("environment", "parentProfileId", "businessId");
CREATE TABLE "new_Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "jobtype" INTEGER NOT NULL,
    "jobstatus" INTEGER NOT NULL,
    "customertype" INTEGER NOT NULL,
    "receiver" TEXT NOT NULL,
    "billnum" TEXT,
    "origbillnum" TEXT,
    "reference" TEXT,
    "ownref" TEXT,
    "sendtype" TEXT,
    "evoicetype" TEXT,
    "currency" TEXT NOT NULL,
    "billdate" TEXT,
    "paydate" TEXT,
    "netAmount" BIGINT NOT NULL,
    "vatAmount" BIGINT NOT NULL,
    "grossAmount" BIGINT NOT NULL,
    "collectionInvoice" BOOLEAN NOT NULL DEFAULT false,
    "notice" TEXT,
    "data" JSONB NOT NULL,
    "intakeId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "openCapital" BIGINT NOT NULL DEFAULT 0,
    "openInterest" BIGINT NOT NULL DEFAULT 0,
    "openExpenses" BIGINT NOT NULL DEFAULT 0,
    "currentPaydate" TEXT,
    "phaseSince" TEXT,
    "reviewOn" TEXT,
    "sensible" BOOLEAN NOT NULL DEFAULT false,
    "onHold" BOOLEAN NOT NULL DEFAULT false,
    "custnum" TEXT,
    "nationalIdHash" TEXT,
    "closedAt" DATETIME,
    "pendingDocument" TEXT,
    CONSTRAINT "Job_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Job_intakeId_fkey" FOREIGN KEY ("intakeId") REFERENCES "IntakeRequest" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Job" ("billdate", "billnum", "collectionInvoice", "createdAt", "currency", "customertype", "data", "environment", "evoicetype", "grossAmount", "id", "intakeId", "jobstatus", "jobtype", "netAmount", "notice", "origbillnum", "ownref", "paydate", "profileId", "receiver", "reference", "sendtype", "vatAmount") SELECT "billdate", "billnum", "collectionInvoice", "createdAt", "currency", "customertype", "data", "environment", "evoicetype", "grossAmount", "id", "intakeId", "jobstatus", "jobtype", "netAmount", "notice", "origbillnum", "ownref", "paydate", "profileId", "receiver", "reference", "sendtype", "vatAmount" FROM "Job";
DROP TABLE "Job";
ALTER TABLE "new_Job" RENAME TO "Job";
CREATE INDEX "Job_environment_reviewOn_idx" ON "Job"("environment", "reviewOn");
CREATE INDEX "Job_pendingDocument_idx" ON "Job"("pendingDocument");
CREATE INDEX "Job_profileId_custnum_idx" ON "Job"("profileId", "custnum");
CREATE INDEX "Job_profileId_nationalIdHash_idx" ON "Job"("profileId", "nationalIdHash");
CREATE INDEX "Job_profileId_billnum_idx" ON "Job"("profileId", "billnum");
CREATE INDEX "Job_environment_reference_idx" ON "Job"("environment", "reference");
CREATE INDEX "Job_profileId_createdAt_idx" ON "Job"("profileId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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
