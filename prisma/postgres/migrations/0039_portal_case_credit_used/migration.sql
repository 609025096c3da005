-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN     "creditUsed" BIGINT NOT NULL DEFAULT 0;

-- A credit note's spent credit from the creditnote messages already stored: allocations and
-- refunds spend it, removed allocations give it back (lib/portal/events/project-case.ts). Every
-- case, not only those whose amount is known yet: one learned from events gets its amount later.
-- The casts sit inside CASE, which alone fixes the order of evaluation, so a message with a
-- non-number member is skipped rather than failing the migration.
UPDATE "PortalCase" c SET "creditUsed" = spent."total"
FROM (
  SELECT e."organizationId", e."environment", e."cid",
         CASE WHEN jsonb_typeof(e."message"->'jobid') = 'number' THEN (e."message"->>'jobid')::numeric END AS "jobid",
         SUM(CASE WHEN jsonb_typeof(e."message"->'amount') = 'number'
                  THEN (CASE e."message"->>'type' WHEN 'unallocated' THEN -1 ELSE 1 END)
                       * ROUND((e."message"->>'amount')::numeric * 100)::bigint
                  ELSE 0 END) AS "total"
  FROM "PortalEvent" e
  WHERE e."type" = 'creditnote'
    AND e."message"->>'type' IN ('allocated', 'unallocated', 'refunded')
  GROUP BY 1, 2, 3, 4
) AS spent
WHERE spent."organizationId" = c."organizationId"
  AND spent."environment" = c."environment"
  AND spent."cid" = c."cid"
  AND spent."jobid" = c."jobid";
