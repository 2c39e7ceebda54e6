-- Teams (issue 44): apps belong to a team, no longer to a person. Every
-- account gets a team of its own ("team_" + the random part of its user id,
-- named after its email, the account its owner) and each of its apps, with
-- every row hanging from them (keys, tokens, logs, callbacks, sandboxes: a
-- throwaway sandbox had the owner of its parent, so it lands in the team of its parent),
-- moves there with its id unchanged.
-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "personalOf" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Team_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "teamId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("teamId","userId")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "teamId" TEXT,
    "userId" TEXT,
    "at" TIMESTAMP(3) NOT NULL,
    "actorUserId" TEXT,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "address" TEXT,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- Every account gets a team of its own, the account its owner, and every app
-- (a throwaway sandbox had the owner of its parent) moves to the team of its owner.
INSERT INTO "Team" ("id", "name", "personalOf", "createdAt")
    SELECT 'team_' || substr("id", 5), substr("email", 1, 64), "id", "createdAt" FROM "User";
INSERT INTO "Membership" ("teamId", "userId", "role", "createdAt")
    SELECT 'team_' || substr("id", 5), "id", 'owner', "createdAt" FROM "User";

-- AlterTable
ALTER TABLE "App" ADD COLUMN "teamId" TEXT;
UPDATE "App" SET "teamId" = 'team_' || substr("ownerId", 5);
ALTER TABLE "App" ALTER COLUMN "teamId" SET NOT NULL;

-- DropForeignKey
ALTER TABLE "App" DROP CONSTRAINT "App_ownerId_fkey";

-- DropIndex
DROP INDEX "App_ownerId_idx";

-- AlterTable
ALTER TABLE "App" DROP COLUMN "ownerId";

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

-- CreateIndex
CREATE INDEX "App_teamId_idx" ON "App"("teamId");

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_personalOf_fkey" FOREIGN KEY ("personalOf") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "App" ADD CONSTRAINT "App_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
