-- AlterTable
ALTER TABLE "App" ADD COLUMN     "callbackFaults" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "inspectorMode" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "testNumbers" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "timeScale" DOUBLE PRECISION NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN     "timeScale" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "faults" TEXT,
ADD COLUMN     "replayUrl" TEXT;

-- AlterTable
ALTER TABLE "DeliveryAttempt" ADD COLUMN     "note" TEXT,
ADD COLUMN     "url" TEXT;

-- AlterTable
ALTER TABLE "InboxEntry" ADD COLUMN     "deliveryId" TEXT,
ADD COLUMN     "status" INTEGER NOT NULL DEFAULT 200;

-- CreateTable
CREATE TABLE "Relay" (
    "seq" SERIAL NOT NULL,
    "appId" TEXT NOT NULL,
    "inboxEntryId" TEXT,
    "deliveryId" TEXT,
    "listener" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "responseBody" TEXT,
    "durationMs" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Relay_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "Relay_appId_seq_idx" ON "Relay"("appId", "seq");

-- CreateIndex
CREATE INDEX "Relay_appId_inboxEntryId_idx" ON "Relay"("appId", "inboxEntryId");

-- CreateIndex
CREATE INDEX "Relay_appId_deliveryId_idx" ON "Relay"("appId", "deliveryId");

-- CreateIndex
CREATE INDEX "InboxEntry_appId_deliveryId_idx" ON "InboxEntry"("appId", "deliveryId");

-- AddForeignKey
ALTER TABLE "Relay" ADD CONSTRAINT "Relay_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the delivery id of callbacks already in inboxes.
UPDATE "InboxEntry" SET "deliveryId" = ("headers"::jsonb ->> 'x-svc-delivery');
