-- CreateTable
CREATE TABLE "StockItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "per" TEXT NOT NULL,
    "documents" TEXT NOT NULL,
    "activeFrom" TEXT,
    "activeUntil" TEXT,
    "level" INTEGER NOT NULL DEFAULT 0,
    "threshold" INTEGER NOT NULL DEFAULT 0,
    "warnEmail" TEXT,
    "warnedAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StockMovement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemId" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "levelAfter" INTEGER NOT NULL,
    "dispatchId" TEXT,
    "batchDate" TEXT,
    "note" TEXT,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "StockItem_profileId_environment_idx" ON "StockItem"("profileId", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "StockItem_profileId_code_key" ON "StockItem"("profileId", "code");

-- CreateIndex
CREATE INDEX "StockMovement_itemId_createdAt_idx" ON "StockMovement"("itemId", "createdAt");

-- CreateIndex
CREATE INDEX "StockMovement_itemId_batchDate_idx" ON "StockMovement"("itemId", "batchDate");

-- CreateIndex
CREATE UNIQUE INDEX "StockMovement_itemId_dispatchId_key" ON "StockMovement"("itemId", "dispatchId");
