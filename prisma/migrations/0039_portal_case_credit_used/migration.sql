-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "creditUsed" BIGINT NOT NULL DEFAULT 0;

-- A credit note's spent credit from the creditnote messages already stored: allocations and
-- refunds spend it, removed allocations give it back (lib/portal/events/project-case.ts).
UPDATE "PortalCase" SET "creditUsed" = COALESCE((
  SELECT SUM(CASE json_extract(e."message", '$.type') WHEN 'unallocated' THEN -1 ELSE 1 END
             * CAST(ROUND(json_extract(e."message", '$.amount') * 100) AS INTEGER))
  FROM "PortalEvent" e
  WHERE e."organizationId" = "PortalCase"."organizationId"
    AND e."environment" = "PortalCase"."environment"
    AND e."cid" = "PortalCase"."cid"
    AND e."type" = 'creditnote'
    AND json_extract(e."message", '$.jobid') = "PortalCase"."jobid"
    AND json_extract(e."message", '$.type') IN ('allocated', 'unallocated', 'refunded')
    AND typeof(json_extract(e."message", '$.amount')) IN ('integer', 'real')
), 0)
WHERE "amount" < 0;
