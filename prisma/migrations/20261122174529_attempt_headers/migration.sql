-- AlterTable
ALTER TABLE "DeliveryAttempt" ADD COLUMN "headers" TEXT;
