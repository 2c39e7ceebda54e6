-- AlterTable
ALTER TABLE "ReceiverCheck" ADD COLUMN     "host" TEXT;

-- CreateIndex
CREATE INDEX "ReceiverCheck_host_status_idx" ON "ReceiverCheck"("host", "status");
