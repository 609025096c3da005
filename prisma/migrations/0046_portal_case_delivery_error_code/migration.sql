-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "deliveryErrorCode" TEXT;

-- Cases whose latest delivery failed before the column: the code of the first error of their newest
-- delivery event, the message projectMessage would have taken it from.
UPDATE "PortalCase" SET "deliveryErrorCode" = (
  SELECT json_extract("PortalEvent"."message", '$.errors[0].code') FROM "PortalEvent"
  WHERE "PortalEvent"."caseId" = "PortalCase"."id" AND "PortalEvent"."type" = 'delivery'
  ORDER BY "PortalEvent"."time" DESC, "PortalEvent"."receivedAt" DESC, "PortalEvent"."position" DESC LIMIT 1
) WHERE "deliveryStatus" = 'error';
