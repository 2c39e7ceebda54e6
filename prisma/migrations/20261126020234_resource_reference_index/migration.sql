-- DropIndex
DROP INDEX "Resource_appId_operationId_reference_idx";

-- CreateIndex
CREATE INDEX "Resource_appId_reference_operationId_idx" ON "Resource"("appId", "reference", "operationId");
