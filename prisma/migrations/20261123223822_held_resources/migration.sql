-- AlterTable
ALTER TABLE "Resource" ADD COLUMN "heldAt" DATETIME;
ALTER TABLE "Resource" ADD COLUMN "hold" TEXT;
ALTER TABLE "Resource" ADD COLUMN "resolvedAt" DATETIME;
ALTER TABLE "Resource" ADD COLUMN "resolvedBy" TEXT;
ALTER TABLE "Resource" ADD COLUMN "resolvedVia" TEXT;

-- CreateIndex
CREATE INDEX "Resource_heldAt_idx" ON "Resource"("heldAt");
