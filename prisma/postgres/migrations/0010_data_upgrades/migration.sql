-- CreateTable
CREATE TABLE "DataUpgrade" (
    "name" TEXT NOT NULL,
    "doneAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataUpgrade_pkey" PRIMARY KEY ("name")
);
