-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "agreedInterestRate" DOUBLE PRECISION;

-- Jobs stored before the column: the member as intake accepted it (a decimal, as a JSON number or
-- string; members sent as null are not stored).
UPDATE "Job" SET "agreedInterestRate" = ("data" ->> 'overdueinterest')::double precision
WHERE "data" ? 'overdueinterest' AND jsonb_typeof("data" -> 'overdueinterest') IN ('number', 'string');
