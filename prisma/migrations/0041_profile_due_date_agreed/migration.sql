-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Profile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "apicodeHash" TEXT,
    "apicodeIssuedAt" DATETIME,
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
    "creditLossModel" TEXT NOT NULL DEFAULT 'timebased',
    "onlineExtensionDays" INTEGER NOT NULL DEFAULT 14,
    "onlineDisputes" BOOLEAN NOT NULL DEFAULT true,
    "onlinePlanInstalments" INTEGER NOT NULL DEFAULT 0,
    "creditLimit" BIGINT NOT NULL DEFAULT 500000,
    "receiverProposalSwitch" BOOLEAN NOT NULL DEFAULT false,
    "dueDateAgreed" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Profile_parentProfileId_fkey" FOREIGN KEY ("parentProfileId") REFERENCES "Profile" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Profile" ("apicodeHash", "apicodeIssuedAt", "businessId", "cid", "clockOffsetSeconds", "createCustomerApi", "createdAt", "creditLimit", "creditLossModel", "creditor", "environment", "externalId", "id", "missing", "name", "onboardingData", "onboardingTokenHash", "onlineDisputes", "onlineExtensionDays", "onlinePlanInstalments", "parentProfileId", "receiverProposalSwitch", "referenceFormat", "referenceLength", "status", "updatedAt") SELECT "apicodeHash", "apicodeIssuedAt", "businessId", "cid", "clockOffsetSeconds", "createCustomerApi", "createdAt", "creditLimit", "creditLossModel", "creditor", "environment", "externalId", "id", "missing", "name", "onboardingData", "onboardingTokenHash", "onlineDisputes", "onlineExtensionDays", "onlinePlanInstalments", "parentProfileId", "receiverProposalSwitch", "referenceFormat", "referenceLength", "status", "updatedAt" FROM "Profile";
DROP TABLE "Profile";
ALTER TABLE "new_Profile" RENAME TO "Profile";
CREATE UNIQUE INDEX "Profile_onboardingTokenHash_key" ON "Profile"("onboardingTokenHash");
CREATE INDEX "Profile_environment_businessId_idx" ON "Profile"("environment", "businessId");
CREATE UNIQUE INDEX "Profile_environment_cid_key" ON "Profile"("environment", "cid");
CREATE UNIQUE INDEX "Profile_parentProfileId_externalId_key" ON "Profile"("parentProfileId", "externalId");
CREATE UNIQUE INDEX "Profile_environment_parentProfileId_businessId_key" ON "Profile"("environment", "parentProfileId", "businessId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
