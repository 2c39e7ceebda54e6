-- AlterTable
ALTER TABLE "RequestLog" ADD COLUMN "phone" TEXT;

-- CreateIndex
CREATE INDEX "RequestLog_appId_phone_seq_idx" ON "RequestLog"("appId", "phone", "seq");

-- The rows logged before: the phone number their body names (as lib/engine/phone.ts phoneOfBody
-- reads it: "phoneNumber", "to" or "destination"."phoneNumber", digits only, 7 to 15 of them).
UPDATE "RequestLog" SET "phone" = (
  SELECT v FROM (
    SELECT json_extract("requestBody", '$.phoneNumber') AS v, 1 AS o
    UNION ALL SELECT json_extract("requestBody", '$.to'), 2
    UNION ALL SELECT json_extract("requestBody", '$.destination.phoneNumber'), 3
  ) WHERE typeof(v) = 'text' AND length(v) BETWEEN 7 AND 15 AND v NOT GLOB '*[^0-9]*' ORDER BY o LIMIT 1
) WHERE json_valid("requestBody") AND json_type("requestBody") = 'object';
