-- AlterTable
ALTER TABLE "Resource" ADD COLUMN     "heldAt" TIMESTAMP(3),
ADD COLUMN     "hold" TEXT,
ADD COLUMN     "resolvedAt" TIMESTAMP(3),
ADD COLUMN     "resolvedBy" TEXT,
ADD COLUMN     "resolvedVia" TEXT;

-- CreateIndex
CREATE INDEX "Resource_heldAt_idx" ON "Resource"("heldAt");
