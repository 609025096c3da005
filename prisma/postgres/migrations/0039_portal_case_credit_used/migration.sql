-- AlterTable
ALTER TABLE "PortalCase" ADD COLUMN     "creditUsed" BIGINT NOT NULL DEFAULT 0;

-- A credit note's spent credit from the creditnote messages already stored: allocations and
-- refunds spend it, removed allocations give it back (lib/portal/events/project-case.ts). The
-- casts sit inside CASE, which alone fixes the order of evaluation, so a message with a non-number
-- member is skipped rather than failing the migration.
UPDATE "PortalCase" c SET "creditUsed" = COALESCE((
  SELECT SUM(CASE WHEN jsonb_typeof(e."message"->'amount') = 'number'
                  THEN (CASE e."message"->>'type' WHEN 'unallocated' THEN -1 ELSE 1 END)
                       * ROUND((e."message"->>'amount')::numeric * 100)::bigint END)
  FROM "PortalEvent" e
  WHERE e."organizationId" = c."organizationId"
    AND e."environment" = c."environment"
    AND e."cid" = c."cid"
    AND e."type" = 'creditnote'
    AND e."message"->>'type' IN ('allocated', 'unallocated', 'refunded')
    AND (CASE WHEN jsonb_typeof(e."message"->'jobid') = 'number' THEN (e."message"->>'jobid')::numeric END) = c."jobid"
), 0)
WHERE c."amount" < 0;
