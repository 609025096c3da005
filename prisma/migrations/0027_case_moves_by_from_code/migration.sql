-- CreateIndex
CREATE INDEX "CaseMove_fromCode_at_idx" ON "CaseMove"("fromCode", "at");
