-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN     "phone" TEXT;

-- CreateIndex
CREATE INDEX "RequestLog_appId_phone_seq_idx" ON "RequestLog"("appId", "phone", "seq");

-- The rows logged before: the phone number their body names (as lib/engine/phone.ts phoneOfBody
-- reads it: "phoneNumber", "to" or "destination"."phoneNumber", digits only, 7 to 15 of them). Read
-- from the text, since a body kept as sent may not be JSON (a cast would stop the migration).
UPDATE "RequestLog" SET "phone" = substring("requestBody" from '"(?:phoneNumber|to)"\s*:\s*"([0-9]{7,15})"')
  WHERE "requestBody" ~ '"(?:phoneNumber|to)"\s*:\s*"[0-9]{7,15}"';
