-- AlterTable
ALTER TABLE "App" ADD COLUMN "faultPlan" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "FaultPlanCount" (
    "appId" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("appId", "operationId"),
    CONSTRAINT "FaultPlanCount_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
