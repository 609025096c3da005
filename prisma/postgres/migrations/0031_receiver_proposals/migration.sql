-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "receiverProposalSwitch" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ReceiverProposal" (
    "id" SERIAL NOT NULL,
    "profileId" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "messageHash" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "customerKey" TEXT,
    "identifiers" JSONB NOT NULL,
    "recipientAddress" TEXT,
    "recipientIntermediator" TEXT NOT NULL,
    "buyer" JSONB NOT NULL,
    "language" TEXT,
    "messageDate" TEXT NOT NULL,
    "bankTimestamp" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "replacedAt" TIMESTAMP(3),

    CONSTRAINT "ReceiverProposal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReceiverProposal_profileId_id_idx" ON "ReceiverProposal"("profileId", "id");

-- CreateIndex
CREATE INDEX "ReceiverProposal_profileId_customerKey_status_idx" ON "ReceiverProposal"("profileId", "customerKey", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ReceiverProposal_profileId_messageHash_key" ON "ReceiverProposal"("profileId", "messageHash");
