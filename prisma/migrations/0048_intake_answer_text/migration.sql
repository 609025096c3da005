-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IntakeRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "documentCount" INTEGER NOT NULL,
    "acceptedCount" INTEGER NOT NULL,
    "responseStatus" INTEGER NOT NULL,
    "responseBody" TEXT,
    "createdAt" DATETIME NOT NULL
);
INSERT INTO "new_IntakeRequest" ("acceptedCount", "createdAt", "documentCount", "environment", "id", "idempotencyKey", "profileId", "requestHash", "responseBody", "responseStatus", "source") SELECT "acceptedCount", "createdAt", "documentCount", "environment", "id", "idempotencyKey", "profileId", "requestHash", "responseBody", "responseStatus", "source" FROM "IntakeRequest";
DROP TABLE "IntakeRequest";
ALTER TABLE "new_IntakeRequest" RENAME TO "IntakeRequest";
CREATE INDEX "IntakeRequest_createdAt_idx" ON "IntakeRequest"("createdAt");
CREATE UNIQUE INDEX "IntakeRequest_profileId_idempotencyKey_key" ON "IntakeRequest"("profileId", "idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
