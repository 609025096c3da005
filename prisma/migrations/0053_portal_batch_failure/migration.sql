-- AlterTable
ALTER TABLE "PortalEventBatch" ADD COLUMN "failure" TEXT;
