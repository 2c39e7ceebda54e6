// The shared row statements' SQL, written once for both databases (lib/db/sql.ts renders
// it): throttle counters (lib/throttle.ts), the app and user row locks
// (lib/services/apps.ts), a throwaway sandbox's insert (lib/services/sandboxes.ts),
// a setting stored once (server/shared-auth-secret.ts)
// and the list of an app's tables with the sandbox sweeper's batch deletes and
// a reset's wipe.
// index.ts runs them through Prisma. Tested on both databases by tests/store/rows.test.ts.
import type { Dialect } from "@/lib/config";
import { batchDelete, type BatchDelete } from "@/lib/db/batch-delete";
import { param, Sql, sql } from "@/lib/db/sql";

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
export const lockTeam = sql`UPDATE "Team" SET "name" = "name" WHERE "id" = ${param("id")}`;

/**
 * A throwaway sandbox's app row, inserted only while the parent has fewer
 * than `limit` live children at `now` (and is not a sandbox itself): it copies
 * the parent's, then its subscriptions and key pair follow it if it was inserted.
 */
export const insertSandbox = sql`INSERT INTO "App" ("id", "name", "teamId", "callbackUrl", "signingSecret", "perMinute", "timeScale", "testNumbers",
      "callbackFaults", "inspectorMode", "faultPlan", "parentAppId", "expiresAt", "createdAt")
    SELECT ${text("appId")}, ${text("name")}, p."teamId",
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

/** A setting stored once: the first value written under `key` stays (server/shared-auth-secret.ts, the instances' one auth secret). */
export const insertSettingOnce = sql`INSERT INTO "Setting" ("key", "value") VALUES (${param("key")}, ${param("value")}) ON CONFLICT ("key") DO NOTHING`;

/**
 * What a reset (lib/devapi/reset.ts) does to a table's rows of the app:
 * `wipe` deletes them (counted under `as` in the reset's answer when it has
 * one), `restore` puts them back to their default (the float), `keep` leaves
 * them (credentials, subscriptions, the limits' counts: a reset is not a way
 * past a limit).
 */
export type ResetRule = "keep" | "restore" | "wipe";

/**
 * The tables that hold an app's rows by its `appId`, each with the key a
 * sweeper batch picks rows by and what a reset does to it, in the order an
 * ended sandbox is emptied and a reset runs: credentials first. The
 * deliveries' rows have their own statements (the callbacks store's,
 * lib/callbacks/store: `sweepBatches`, `deleteDeliveriesOf`), so their entry
 * has no key. An app's row deleted cascades every one of them.
 * tests/unit/app-tables.test.ts holds this list to the schema.
 */
export const APP_TABLES = [
  { table: "AccessToken", key: "tokenHash", reset: "keep" },
  { table: "KeyPair", key: "id", reset: "keep" },
  { table: "Delivery", key: null, reset: "wipe", as: "deliveries" },
  { table: "Resource", key: "id", reset: "wipe", as: "resources" },
  { table: "RequestLog", key: "seq", reset: "wipe", as: "requestLog" },
  { table: "InboxEntry", key: "seq", reset: "wipe", as: "inbox" },
  { table: "Relay", key: "seq", reset: "wipe", as: "relays" },
  { table: "ReceiverCheck", key: "seq", reset: "keep" },
  { table: "Subscription", key: "group", reset: "keep" },
  { table: "RateWindow", key: "window", reset: "keep" },
  { table: "FloatBalance", key: "currency", reset: "restore" },
  { table: "FaultPlanCount", key: "operationId", reset: "wipe" },
] as const satisfies readonly { table: string; key: string | null; reset: ResetRule; as?: string }[];

/** The sweeper's batch deletes of `APP_TABLES`, the deliveries' (the callbacks store's) in their place. */
export const appBatches = (dialect: Dialect, deliveries: readonly BatchDelete[]): BatchDelete[] =>
  APP_TABLES.flatMap((t) => (t.key === null ? deliveries : [batchDelete(t.table, t.key, dialect)]));

/** An app's rows of a table a reset wipes, in one statement. */
export const wipeApp = (table: string) => sql`DELETE FROM ${new Sql([`"${table}"`])} WHERE "appId" = ${param("appId")}`;
