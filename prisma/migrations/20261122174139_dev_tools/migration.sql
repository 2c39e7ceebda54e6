-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "faults" TEXT;
ALTER TABLE "Delivery" ADD COLUMN "replayUrl" TEXT;

-- AlterTable
ALTER TABLE "DeliveryAttempt" ADD COLUMN "note" TEXT;
ALTER TABLE "DeliveryAttempt" ADD COLUMN "url" TEXT;

-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN "timeScale" REAL;

-- CreateTable
CREATE TABLE "Relay" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "appId" TEXT NOT NULL,
    "inboxEntryId" TEXT,
    "deliveryId" TEXT,
    "listener" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "responseBody" TEXT,
    "durationMs" INTEGER NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Relay_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_App" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "callbackUrl" TEXT,
    "signingSecret" TEXT NOT NULL,
    "previousSigningSecret" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "suspended" BOOLEAN NOT NULL DEFAULT false,
    "perMinute" INTEGER NOT NULL DEFAULT 60,
    "timeScale" REAL NOT NULL DEFAULT 1,
    "testNumbers" TEXT NOT NULL DEFAULT '[]',
    "callbackFaults" TEXT NOT NULL DEFAULT '{}',
    "inspectorMode" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "App_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_App" ("callbackUrl", "createdAt", "id", "name", "ownerId", "perMinute", "previousSecretExpiresAt", "previousSigningSecret", "signingSecret", "suspended") SELECT "callbackUrl", "createdAt", "id", "name", "ownerId", "perMinute", "previousSecretExpiresAt", "previousSigningSecret", "signingSecret", "suspended" FROM "App";
DROP TABLE "App";
ALTER TABLE "new_App" RENAME TO "App";
CREATE INDEX "App_ownerId_idx" ON "App"("ownerId");
CREATE TABLE "new_InboxEntry" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "headers" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "contentType" TEXT,
    "deliveryId" TEXT,
    "status" INTEGER NOT NULL DEFAULT 200,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InboxEntry_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_InboxEntry" ("appId", "body", "bytes", "contentType", "headers", "id", "method", "receivedAt", "seq") SELECT "appId", "body", "bytes", "contentType", "headers", "id", "method", "receivedAt", "seq" FROM "InboxEntry";
DROP TABLE "InboxEntry";
ALTER TABLE "new_InboxEntry" RENAME TO "InboxEntry";
CREATE UNIQUE INDEX "InboxEntry_id_key" ON "InboxEntry"("id");
CREATE INDEX "InboxEntry_appId_seq_idx" ON "InboxEntry"("appId", "seq");
CREATE INDEX "InboxEntry_appId_deliveryId_idx" ON "InboxEntry"("appId", "deliveryId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Relay_appId_seq_idx" ON "Relay"("appId", "seq");

-- CreateIndex
CREATE INDEX "Relay_appId_inboxEntryId_idx" ON "Relay"("appId", "inboxEntryId");

-- CreateIndex
CREATE INDEX "Relay_appId_deliveryId_idx" ON "Relay"("appId", "deliveryId");

-- Backfill: the delivery id of callbacks already in inboxes.
UPDATE "InboxEntry" SET "deliveryId" = json_extract("headers", '$."x-svc-delivery"') WHERE json_valid("headers");
