-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PortalUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'eng',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" DATETIME,
    "failedSignIns" INTEGER NOT NULL DEFAULT 0,
    "signInLockedUntil" DATETIME,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "PortalUser_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "PortalOrganization" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_PortalUser" ("createdAt", "email", "failedSignIns", "id", "lastSignInAt", "locale", "name", "organizationId", "passwordHash", "role", "signInLockedUntil") SELECT "createdAt", "email", "failedSignIns", "id", "lastSignInAt", "locale", "name", "organizationId", "passwordHash", "role", "signInLockedUntil" FROM "PortalUser";
DROP TABLE "PortalUser";
ALTER TABLE "new_PortalUser" RENAME TO "PortalUser";
CREATE UNIQUE INDEX "PortalUser_email_key" ON "PortalUser"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
