-- AlterTable
ALTER TABLE "App" ADD COLUMN "previousSecretExpiresAt" DATETIME;
ALTER TABLE "App" ADD COLUMN "previousSigningSecret" TEXT;

-- Signing secrets move to the Standard Webhooks format (whsec_ + Base64, which its
-- libraries decode): secrets made before were whsec_ + Base64url of 32 bytes. Same key
-- bytes, standard alphabet and padding.
UPDATE "App"
SET "signingSecret" = 'whsec_' || replace(replace(substr("signingSecret", 7), '-', '+'), '_', '/') || '='
WHERE "signingSecret" LIKE 'whsec_%' AND length("signingSecret") = 49;
