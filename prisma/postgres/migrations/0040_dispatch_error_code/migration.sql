-- AlterTable
ALTER TABLE "Dispatch" ADD COLUMN "errorCode" TEXT;

-- The failures later decisions look for, coded from the texts they were found by until now: a
-- cut-off warning whose day came too near (contracts/disconnection-rules.ts) and a letter the post
-- returned (distribution/returned-mail.ts); and, for a code on every failure, an e-invoice its operator
-- refused (distribution/einvoice-rejections.ts).
UPDATE "Dispatch" SET "errorCode" = 'too_late' WHERE "status" = 'error' AND "lastError" LIKE 'The interruption day % is too near%';
UPDATE "Dispatch" SET "errorCode" = 'returned_mail' WHERE "status" = 'error' AND "lastError" LIKE 'Returned by the post:%';
UPDATE "Dispatch" SET "errorCode" = 'einvoice_rejected' WHERE "status" = 'error' AND "lastError" LIKE 'Refused by the e-invoice operator:%';
