-- AlterTable
ALTER TABLE "App" ADD COLUMN     "faultPlan" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "FaultPlanCount" (
    "appId" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "FaultPlanCount_pkey" PRIMARY KEY ("appId","operationId")
);

-- AddForeignKey
ALTER TABLE "FaultPlanCount" ADD CONSTRAINT "FaultPlanCount_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App"("id") ON DELETE CASCADE ON UPDATE CASCADE;
