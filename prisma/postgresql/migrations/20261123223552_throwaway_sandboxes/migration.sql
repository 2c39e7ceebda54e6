-- AlterTable
ALTER TABLE "App" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "parentAppId" TEXT;

-- CreateIndex
CREATE INDEX "App_parentAppId_expiresAt_idx" ON "App"("parentAppId", "expiresAt");

-- CreateIndex
CREATE INDEX "App_expiresAt_idx" ON "App"("expiresAt");

-- AddForeignKey
ALTER TABLE "App" ADD CONSTRAINT "App_parentAppId_fkey" FOREIGN KEY ("parentAppId") REFERENCES "App"("id") ON DELETE CASCADE ON UPDATE CASCADE;
