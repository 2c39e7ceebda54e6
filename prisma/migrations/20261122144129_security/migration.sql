-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "resendUntil" DATETIME;

-- CreateTable
CREATE TABLE "Throttle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "window" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InboxEntry" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "headers" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "contentType" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InboxEntry_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_InboxEntry" ("appId", "body", "contentType", "headers", "id", "method", "receivedAt", "seq") SELECT "appId", "body", "contentType", "headers", "id", "method", "receivedAt", "seq" FROM "InboxEntry";
DROP TABLE "InboxEntry";
ALTER TABLE "new_InboxEntry" RENAME TO "InboxEntry";
CREATE UNIQUE INDEX "InboxEntry_id_key" ON "InboxEntry"("id");
CREATE INDEX "InboxEntry_appId_seq_idx" ON "InboxEntry"("appId", "seq");
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "operator" BOOLEAN NOT NULL DEFAULT false,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_User" ("createdAt", "email", "id", "operator", "passwordHash") SELECT "createdAt", "email", "id", "operator", "passwordHash" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Throttle_expiresAt_idx" ON "Throttle"("expiresAt");
