-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "customerId" TEXT;

-- CreateTable
CREATE TABLE "PortalCustomer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "cid" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "customertype" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "postcode" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "custnum" TEXT NOT NULL DEFAULT '',
    "language" TEXT,
    "paymentTerms" INTEGER,
    "sendtype" TEXT,
    "notes" TEXT NOT NULL DEFAULT '',
    "searchText" TEXT NOT NULL DEFAULT '',
    "editedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PortalCustomer_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PortalProduct" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "vatRate" TEXT NOT NULL,
    "unit" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PortalProduct_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PortalCustomer_organizationId_name_id_idx" ON "PortalCustomer"("organizationId", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PortalCustomer_organizationId_environment_cid_key_key" ON "PortalCustomer"("organizationId", "environment", "cid", "key");

-- CreateIndex
CREATE INDEX "PortalProduct_organizationId_country_active_code_idx" ON "PortalProduct"("organizationId", "country", "active", "code");

-- CreateIndex
CREATE UNIQUE INDEX "PortalProduct_organizationId_country_code_key" ON "PortalProduct"("organizationId", "country", "code");

-- CreateIndex
CREATE INDEX "PortalCase_organizationId_customerId_updatedAt_id_idx" ON "PortalCase"("organizationId", "customerId", "updatedAt", "id");
