-- AlterTable
ALTER TABLE "Resource" ADD COLUMN     "floatAmount" INTEGER,
ADD COLUMN     "floatCurrency" TEXT;

-- CreateTable
CREATE TABLE "FloatBalance" (
    "appId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "available" INTEGER NOT NULL,

    CONSTRAINT "FloatBalance_pkey" PRIMARY KEY ("appId","currency")
);

-- AddForeignKey
ALTER TABLE "FloatBalance" ADD CONSTRAINT "FloatBalance_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App"("id") ON DELETE CASCADE ON UPDATE CASCADE;
