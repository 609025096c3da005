-- CreateIndex
CREATE INDEX "CaseEntry_profileId_date_idx" ON "CaseEntry"("profileId", "date");
