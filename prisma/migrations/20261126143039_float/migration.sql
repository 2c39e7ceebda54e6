-- AlterTable
ALTER TABLE "Resource" ADD COLUMN "floatAmount" INTEGER;
ALTER TABLE "Resource" ADD COLUMN "floatCurrency" TEXT;

-- CreateTable
CREATE TABLE "FloatBalance" (
    "appId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "available" INTEGER NOT NULL,

    PRIMARY KEY ("appId", "currency"),
    CONSTRAINT "FloatBalance_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
