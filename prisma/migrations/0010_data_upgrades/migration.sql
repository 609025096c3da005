-- CreateTable
CREATE TABLE "DataUpgrade" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "doneAt" DATETIME NOT NULL
);
