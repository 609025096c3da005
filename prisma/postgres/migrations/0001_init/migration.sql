-- CreateTable
CREATE TABLE "Profile" (
    "id" TEXT NOT NULL,
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
    "onboardingData" JSONB,
    "missing" JSONB,
    "onboardingTokenHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobFile" (
    "id" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "profileId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "JobFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IntakeRequest" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "documentCount" INTEGER NOT NULL,
    "acceptedCount" INTEGER NOT NULL,
    "responseStatus" INTEGER NOT NULL,
    "responseBody" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IntakeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Counter" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL,

    CONSTRAINT "Counter_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "TokenThrottle" (
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "windowStartsAt" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TokenThrottle_pkey" PRIMARY KEY ("environment","cid")
);

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" TEXT NOT NULL,
    "environment" TEXT,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "MailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Profile_onboardingTokenHash_key" ON "Profile"("onboardingTokenHash");

-- CreateIndex
CREATE INDEX "Profile_environment_businessId_idx" ON "Profile"("environment", "businessId");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_environment_cid_key" ON "Profile"("environment", "cid");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_parentProfileId_externalId_key" ON "Profile"("parentProfileId", "externalId");

-- CreateIndex
CREATE INDEX "Job_profileId_billnum_idx" ON "Job"("profileId", "billnum");

-- CreateIndex
CREATE INDEX "Job_environment_reference_idx" ON "Job"("environment", "reference");

-- CreateIndex
CREATE INDEX "Job_profileId_createdAt_idx" ON "Job"("profileId", "createdAt");

-- CreateIndex
CREATE INDEX "JobFile_jobId_idx" ON "JobFile"("jobId");

-- CreateIndex
CREATE INDEX "IntakeRequest_createdAt_idx" ON "IntakeRequest"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IntakeRequest_profileId_idempotencyKey_key" ON "IntakeRequest"("profileId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "TokenThrottle_updatedAt_idx" ON "TokenThrottle"("updatedAt");

-- CreateIndex
CREATE INDEX "MailMessage_status_nextAttemptAt_idx" ON "MailMessage"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_parentProfileId_fkey" FOREIGN KEY ("parentProfileId") REFERENCES "Profile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_intakeId_fkey" FOREIGN KEY ("intakeId") REFERENCES "IntakeRequest"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobFile" ADD CONSTRAINT "JobFile_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
