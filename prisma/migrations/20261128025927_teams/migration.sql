-- Teams (issue 44): apps belong to a team, no longer to a person. Every
-- account gets a team of its own ("team_" + the random part of its user id,
-- named after its email, the account its owner) and each of its apps, with
-- every row hanging from them (keys, tokens, logs, callbacks, sandboxes: a
-- throwaway sandbox had the owner of its parent, so it lands in the team of its parent),
-- moves there with its id unchanged.
-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "personalOf" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Team_personalOf_fkey" FOREIGN KEY ("personalOf") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Membership" (
    "teamId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("teamId", "userId"),
    CONSTRAINT "Membership_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "acceptedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "Invitation_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT,
    "userId" TEXT,
    "at" DATETIME NOT NULL,
    "actorUserId" TEXT,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "address" TEXT,
    CONSTRAINT "AuditEntry_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AuditEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Every account gets a team of its own, the account its owner.
INSERT INTO "Team" ("id", "name", "personalOf", "createdAt")
    SELECT 'team_' || substr("id", 5), substr("email", 1, 64), "id", "createdAt" FROM "User";
INSERT INTO "Membership" ("teamId", "userId", "role", "createdAt")
    SELECT 'team_' || substr("id", 5), "id", 'owner', "createdAt" FROM "User";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_App" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
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
    "parentAppId" TEXT,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "faultPlan" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "App_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "App_parentAppId_fkey" FOREIGN KEY ("parentAppId") REFERENCES "App" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_App" ("teamId", "callbackFaults", "callbackUrl", "createdAt", "expiresAt", "faultPlan", "id", "inspectorMode", "name", "parentAppId", "perMinute", "previousSecretExpiresAt", "previousSigningSecret", "signingSecret", "suspended", "testNumbers", "timeScale") SELECT 'team_' || substr("ownerId", 5), "callbackFaults", "callbackUrl", "createdAt", "expiresAt", "faultPlan", "id", "inspectorMode", "name", "parentAppId", "perMinute", "previousSecretExpiresAt", "previousSigningSecret", "signingSecret", "suspended", "testNumbers", "timeScale" FROM "App";
DROP TABLE "App";
ALTER TABLE "new_App" RENAME TO "App";
CREATE INDEX "App_teamId_idx" ON "App"("teamId");
CREATE INDEX "App_parentAppId_expiresAt_idx" ON "App"("parentAppId", "expiresAt");
CREATE INDEX "App_expiresAt_idx" ON "App"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Team_personalOf_key" ON "Team"("personalOf");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_teamId_createdAt_idx" ON "Invitation"("teamId", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_email_createdAt_idx" ON "Invitation"("email", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_teamId_at_id_idx" ON "AuditEntry"("teamId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_userId_at_id_idx" ON "AuditEntry"("userId", "at", "id");
