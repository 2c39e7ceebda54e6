-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN     "floatAvailable" INTEGER,
ADD COLUMN     "floatCurrency" TEXT,
ADD COLUMN     "floatReserved" INTEGER;
