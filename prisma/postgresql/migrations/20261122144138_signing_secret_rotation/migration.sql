-- AlterTable
ALTER TABLE "App" ADD COLUMN     "previousSecretExpiresAt" TIMESTAMP(3),
ADD COLUMN     "previousSigningSecret" TEXT;
