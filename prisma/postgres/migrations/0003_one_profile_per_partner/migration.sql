-- CreateIndex
CREATE UNIQUE INDEX "Profile_environment_parentProfileId_businessId_key" ON "Profile"("environment", "parentProfileId", "businessId");
