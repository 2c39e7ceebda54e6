-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "delayReason" TEXT;
