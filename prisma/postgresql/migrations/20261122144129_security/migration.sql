-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "resendUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "InboxEntry" ADD COLUMN     "bytes" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Throttle" (
    "key" TEXT NOT NULL,
    "window" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Throttle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "Throttle_expiresAt_idx" ON "Throttle"("expiresAt");
