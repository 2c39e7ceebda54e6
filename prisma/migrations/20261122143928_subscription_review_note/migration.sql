-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN "reviewNote" TEXT;
