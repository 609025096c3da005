-- CreateTable
CREATE TABLE "PortalOrganization" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalOrganization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalUser" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'eng',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" TIMESTAMP(3),

    CONSTRAINT "PortalUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalConnection" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "apicodeEncrypted" TEXT NOT NULL,
    "pollCursor" TEXT,
    "eventMode" TEXT NOT NULL DEFAULT 'push',
    "receiverRegisteredAt" TIMESTAMP(3),
    "receiverError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalConnection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalReceiver" (
    "organizationId" TEXT NOT NULL,
    "basicUsername" TEXT NOT NULL,
    "basicPasswordEncrypted" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEncrypted" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalReceiver_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "PortalEventBatch" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "messageCount" INTEGER NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalEventBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalCase" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "jobid" INTEGER NOT NULL,
    "jobtype" INTEGER,
    "code" INTEGER,
    "statusText" TEXT,
    "receiverName" TEXT,
    "billnum" TEXT,
    "reference" TEXT,
    "documentid" TEXT,
    "sendtype" TEXT,
    "currency" TEXT,
    "amount" BIGINT,
    "openCapital" BIGINT,
    "interest" BIGINT,
    "expenses" BIGINT,
    "paydate" TEXT,
    "currentPaydate" TEXT,
    "deliveryStatus" TEXT,
    "deliveryChannel" TEXT,
    "job" JSONB,
    "searchText" TEXT NOT NULL DEFAULT '',
    "postedAt" TIMESTAMP(3),
    "lastEventAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalCase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalEvent" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "caseId" TEXT,
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "time" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "batchId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalDraft" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalDraft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalOnboarding" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT,
    "contactEmail" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "customerId" TEXT,
    "status" TEXT,
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PortalOnboarding_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PortalUser_email_key" ON "PortalUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "PortalConnection_organizationId_environment_cid_key" ON "PortalConnection"("organizationId", "environment", "cid");

-- CreateIndex
CREATE UNIQUE INDEX "PortalReceiver_basicUsername_key" ON "PortalReceiver"("basicUsername");

-- CreateIndex
CREATE UNIQUE INDEX "PortalReceiver_clientId_key" ON "PortalReceiver"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "PortalEventBatch_organizationId_batchId_key" ON "PortalEventBatch"("organizationId", "batchId");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_updatedAt_idx" ON "PortalCase"("organizationId", "updatedAt");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_code_updatedAt_idx" ON "PortalCase"("organizationId", "code", "updatedAt");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_currentPaydate_idx" ON "PortalCase"("organizationId", "currentPaydate");

-- CreateIndex
CREATE UNIQUE INDEX "PortalCase_organizationId_environment_cid_jobid_key" ON "PortalCase"("organizationId", "environment", "cid", "jobid");

-- CreateIndex
CREATE INDEX "PortalEvent_caseId_receivedAt_position_idx" ON "PortalEvent"("caseId", "receivedAt", "position");

-- CreateIndex
CREATE INDEX "PortalEvent_organizationId_type_receivedAt_idx" ON "PortalEvent"("organizationId", "type", "receivedAt");

-- CreateIndex
CREATE INDEX "PortalDraft_userId_updatedAt_idx" ON "PortalDraft"("userId", "updatedAt");

-- CreateIndex
CREATE INDEX "PortalOnboarding_organizationId_createdAt_idx" ON "PortalOnboarding"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "PortalUser" ADD CONSTRAINT "PortalUser_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalConnection" ADD CONSTRAINT "PortalConnection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalReceiver" ADD CONSTRAINT "PortalReceiver_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalCase" ADD CONSTRAINT "PortalCase_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalEvent" ADD CONSTRAINT "PortalEvent_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "PortalCase"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalDraft" ADD CONSTRAINT "PortalDraft_userId_fkey" FOREIGN KEY ("userId") REFERENCES "PortalUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalOnboarding" ADD CONSTRAINT "PortalOnboarding_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "PortalConnection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
