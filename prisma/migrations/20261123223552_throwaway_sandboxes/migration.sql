-- Throwaway sandboxes: a child app has a parent and an end (lib/services/sandboxes.ts).
-- Columns added in place (no table rebuild), so migrations of other App columns are kept.
ALTER TABLE "App" ADD COLUMN "parentAppId" TEXT REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "App" ADD COLUMN "expiresAt" DATETIME;
CREATE INDEX "App_parentAppId_expiresAt_idx" ON "App"("parentAppId", "expiresAt");
CREATE INDEX "App_expiresAt_idx" ON "App"("expiresAt");
