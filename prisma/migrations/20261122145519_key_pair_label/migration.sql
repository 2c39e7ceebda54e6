-- AlterTable
ALTER TABLE "KeyPair" ADD COLUMN "label" TEXT;
