-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "faultExpiredAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN     "fault" TEXT;
