-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN "floatAvailable" INTEGER;
ALTER TABLE "RequestLog" ADD COLUMN "floatCurrency" TEXT;
ALTER TABLE "RequestLog" ADD COLUMN "floatReserved" INTEGER;
