-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN "creditUsed" BIGINT NOT NULL DEFAULT 0;

-- A credit note's spent credit from the creditnote messages already stored: allocations and
-- refunds spend it, removed allocations give it back (lib/portal/events/project-case.ts). Every
-- case, not only those whose amount is known yet: one learned from events gets its amount later.
UPDATE "PortalCase" SET "creditUsed" = spent."total"
FROM (
  SELECT e."organizationId", e."environment", e."cid", json_extract(e."message", '$.jobid') AS "jobid",
         SUM(CASE json_extract(e."message", '$.type') WHEN 'unallocated' THEN -1 ELSE 1 END
             * CAST(ROUND(json_extract(e."message", '$.amount') * 100) AS INTEGER)) AS "total"
  FROM "PortalEvent" e
  WHERE e."type" = 'creditnote'
    AND json_extract(e."message", '$.type') IN ('allocated', 'unallocated', 'refunded')
    AND typeof(json_extract(e."message", '$.amount')) IN ('integer', 'real')
    AND typeof(json_extract(e."message", '$.jobid')) = 'integer'
  GROUP BY 1, 2, 3, 4
) AS spent
WHERE spent."organizationId" = "PortalCase"."organizationId"
  AND spent."environment" = "PortalCase"."environment"
  AND spent."cid" = "PortalCase"."cid"
  AND spent."jobid" = "PortalCase"."jobid";
