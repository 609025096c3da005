-- AlterTable
ALTER TABLE "Job" ADD COLUMN "agreedInterestRate" REAL;

-- Jobs stored before the column: the member as intake accepted it (a decimal, as a JSON number or
-- string; members sent as null are not stored).
UPDATE "Job" SET "agreedInterestRate" = CAST(json_extract("data", '$.overdueinterest') AS REAL)
WHERE instr("data", '"overdueinterest"') > 0 AND json_extract("data", '$.overdueinterest') IS NOT NULL;
