-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN "faultExpiredAt" DATETIME;

-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN "fault" TEXT;
