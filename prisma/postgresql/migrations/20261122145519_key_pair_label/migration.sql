-- Also Subscription.reviewNote, whose SQLite migration (20261122143928) is older than PostgreSQL's init.
-- AlterTable
ALTER TABLE "KeyPair" ADD COLUMN     "label" TEXT;

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "reviewNote" TEXT;
