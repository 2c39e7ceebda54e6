// The accounts' SQL, written once for both databases (lib/db/sql.ts renders
// it): throttle counters (lib/throttle.ts), the app and user row locks
// (lib/services/apps.ts), a throwaway sandbox's insert (lib/services/sandboxes.ts)
// and the list of an app's tables with their batch deletes (the sandbox sweeper).
// index.ts runs them through Prisma. Tested on both databases by tests/store/accounts.test.ts.
import type { Dialect } from "@/lib/config";
import { batchDelete, type BatchDelete } from "@/lib/db/batch-delete";
import { param, sql } from "@/lib/db/sql";

// A parameter in a SELECT list: PostgreSQL needs its type.
const text = <N extends string>(name: N) => param(name, "text");
const time = <N extends string>(name: N) => param(name, "timestamp(3)");

/**
 * Counts `n` on `key` in `window` and answers the new count. A row of an older
 * window starts over; a late request with an older window counts in the newer one.
 */
export const throttleTake = sql`INSERT INTO "Throttle" ("key", "window", "count", "expiresAt") VALUES (${param("key")}, ${param("window")}, ${param("n")}, ${param("expiresAt")})
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN "Throttle"."window" >= excluded."window" THEN "Throttle"."count" + excluded."count" ELSE excluded."count" END,
    "expiresAt" = CASE WHEN "Throttle"."window" >= excluded."window" THEN "Throttle"."expiresAt" ELSE excluded."expiresAt" END,
    "window" = CASE WHEN "Throttle"."window" >= excluded."window" THEN "Throttle"."window" ELSE excluded."window" END
  RETURNING "count"`.reads<{ count: number | bigint }>();

/** Gives back `n` on `key`, in `window` only, never below 0. */
export const throttleRefund = sql`UPDATE "Throttle" SET "count" = CASE WHEN "count" > ${param("n")} THEN "count" - ${param("n")} ELSE 0 END
  WHERE "key" = ${param("key")} AND "window" = ${param("window")}`;

/** Past windows' rows; on PostgreSQL not those a transaction holds (waiting there could close a cycle). */
export const throttlePrune = (dialect: Dialect) =>
  dialect === "postgresql"
    ? sql`DELETE FROM "Throttle" WHERE "key" IN (SELECT "key" FROM "Throttle" WHERE "expiresAt" <= ${param("at")} FOR UPDATE SKIP LOCKED)`
    : sql`DELETE FROM "Throttle" WHERE "expiresAt" <= ${param("at")}`;

/** A row's lock as the first statement of a transaction: a no-op update, so PostgreSQL locks the row and SQLite the database until the commit. */
export const lockApp = sql`UPDATE "App" SET "name" = "name" WHERE "id" = ${param("id")}`;
export const lockUser = sql`UPDATE "User" SET "email" = "email" WHERE "id" = ${param("id")}`;

/**
 * A throwaway sandbox's app row, inserted only while the parent has fewer
 * than `limit` live children at `now` (and is not a sandbox itself): it copies
 * the parent's, then its subscriptions and key pair follow it if it was inserted.
 */
export const insertSandbox = sql`INSERT INTO "App" ("id", "name", "ownerId", "callbackUrl", "signingSecret", "perMinute", "timeScale", "testNumbers",
      "callbackFaults", "inspectorMode", "faultPlan", "parentAppId", "expiresAt", "createdAt")
    SELECT ${text("appId")}, ${text("name")}, p."ownerId",
      CASE WHEN p."callbackUrl" = ${text("parentInspector")} THEN ${text("childInspector")} ELSE p."callbackUrl" END,
      ${text("signingSecret")}, p."perMinute", p."timeScale", p."testNumbers", p."callbackFaults", p."inspectorMode", p."faultPlan", p."id",
      ${time("expiresAt")}, ${time("now")}
    FROM "App" p
    WHERE p."id" = ${param("parentId")} AND p."parentAppId" IS NULL
      AND (SELECT count(*) FROM "App" c WHERE c."parentAppId" = p."id" AND c."expiresAt" > ${param("now")}) < ${param("limit")}`;
export const copySubscriptions = sql`INSERT INTO "Subscription" ("appId", "group", "status", "createdAt", "reviewedAt", "reviewedBy", "reviewNote")
    SELECT ${text("appId")}, s."group", s."status", ${time("now")}, s."reviewedAt", s."reviewedBy", s."reviewNote"
    FROM "Subscription" s WHERE s."appId" = ${param("parentId")} AND EXISTS (SELECT 1 FROM "App" c WHERE c."id" = ${param("appId")})`;
export const insertSandboxKeyPair = sql`INSERT INTO "KeyPair" ("id", "appId", "consumerKey", "secretHash", "label", "createdAt")
    SELECT ${text("keyId")}, ${text("appId")}, ${text("consumerKey")}, ${text("secretHash")}, ${text("label")}, ${time("now")}
    WHERE EXISTS (SELECT 1 FROM "App" c WHERE c."id" = ${param("appId")})`;

/**
 * The tables that hold an app's rows by its `appId`, each with the key a
 * sweeper batch picks rows by, in the order an ended sandbox is emptied:
 * credentials first; the deliveries' place is marked (their statements are
 * the callbacks store's, lib/callbacks/store/statements.ts `sweepBatches`).
 * An app's row deleted cascades every one of them.
 */
export const APP_TABLES = [
  ["AccessToken", "tokenHash"], ["KeyPair", "id"], "deliveries", ["Resource", "id"], ["RequestLog", "seq"], ["InboxEntry", "seq"],
  ["Relay", "seq"], ["ReceiverCheck", "seq"], ["Subscription", "group"], ["RateWindow", "window"], ["FloatBalance", "currency"], ["FaultPlanCount", "operationId"],
] as const;

/** The sweeper's batch deletes of `APP_TABLES`, `deliveries` in their place. */
export const appBatches = (dialect: Dialect, deliveries: readonly BatchDelete[]): BatchDelete[] =>
  APP_TABLES.flatMap((t) => (t === "deliveries" ? deliveries : [batchDelete(t[0], t[1], dialect)]));
