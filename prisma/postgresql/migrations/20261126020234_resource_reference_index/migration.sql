-- DropIndex
DROP INDEX "Resource_appId_operationId_reference_idx";

-- CreateIndex
CREATE INDEX "Resource_appId_reference_operationId_idx" ON "Resource"("appId", "reference", "operationId");

-- PostgreSQL only: no statistics on "Resource"."appId" (Prisma's schema has no
-- word for them, so they are kept here).
--
-- A call with a reference checks that no pending resource of its app has it
-- ("appId", "reference", "operationId": the index above). Another index leads
-- with "appId": ("appId", "createdAt"), for the prune. For an app the
-- statistics do not know (a new app, a new throwaway CI sandbox: every app is
-- one until the next ANALYZE) the planner estimated "appId" at one row, so both
-- indexes cost the same and it took the smaller, the createdAt one: every
-- resource of the app was read and filtered (3,000 rows removed for one check,
-- 0.35 ms against 0.016 ms). Without statistics on the column the planner
-- estimates every app alike (0.5% of the rows), and the index that matches all
-- three columns wins for new and old apps. Changing the column to its own type
-- drops what ANALYZE gathered before (SET STATISTICS 0 alone keeps it).
-- tests/store/pg-plans.test.ts checks the plans.
ALTER TABLE "Resource" ALTER COLUMN "appId" SET STATISTICS 0;
ALTER TABLE "Resource" ALTER COLUMN "appId" TYPE TEXT;
