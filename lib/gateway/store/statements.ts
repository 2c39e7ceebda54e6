// The gateway store's SQL, written once for both databases (lib/db/sql.ts
// renders it); sqlite.ts and pg.ts compose these into what each dialect runs
// and add only what the databases do differently. Rows are typed from the
// Prisma models (lib/db/tables.ts).
import { prune as pruneDeliveries } from "@/lib/callbacks/store/statements";
import { faultPlanOf, testNumbersOf } from "@/lib/catalog/dev-endpoints";
import { param, Sql, sql, type ParamsOf, type RowOf, type Value } from "@/lib/db/sql";
import { AccessToken, App, KeyPair, RequestLog, Resource } from "@/lib/db/tables";
import { operations } from "@/lib/catalog";
import { failedScenarioKeys, referenceFact, type TrackedResource } from "@/lib/engine";
import type { AuthenticatedApp } from "@/lib/services/calling-app";

const appId = param("appId");

/** A throwaway sandbox's end (the token's own expiry is "expiresAt"). */
const APP_EXPIRES_AT = new Sql([`a."expiresAt" AS "appExpiresAt"`], { appExpiresAt: "date" }).reads<{ appExpiresAt: Date | null }>();

/** The token's expiry, its key pair's revocation and its app (PostgreSQL adds the subscriptions in the same statement). */
export const TOKEN_COLUMNS = sql`${AccessToken.cols(["expiresAt", "faultExpiredAt"], "t")}, ${KeyPair.cols(["revokedAt"], "k")},
  ${App.cols(["id", "suspended", "perMinute", "callbackUrl", "callbackFaults", "timeScale", "testNumbers", "faultPlan", "parentAppId"], "a")},
  ${APP_EXPIRES_AT}`;
export const TOKEN_FROM = sql`FROM "AccessToken" t JOIN "KeyPair" k ON k."id" = t."keyPairId" JOIN "App" a ON a."id" = t."appId"
  WHERE t."tokenHash" = ${param("tokenHash")}`;

export type Subscriptions = AuthenticatedApp["subscriptions"];
/**
 * Whether a call with this token, received at `at`, on an operation of group
 * `group` gets past every check before the rate limit (the steps
 * authenticate, checkSuspended, checkSubscription: lib/gateway/pipeline.ts
 * CHECKS): PostgreSQL counts the call in the token's statement only then
 * (pg.ts `tokenCounting`). The steps stay the judges: they refuse from the row
 * as on any call, and a call they let through that this did not admit is
 * counted apart. What must hold is "admitted ⇒ the steps accept", so a refused
 * call is never counted; tests/store/token-count.test.ts runs the steps on
 * every combination of these facts to hold the two to it.
 */
export const ADMITTED = sql`(t."faultExpiredAt" IS NULL AND t."expiresAt" > ${param("at")} AND k."revokedAt" IS NULL
  AND (a."expiresAt" IS NULL OR a."expiresAt" > ${param("at")}) AND NOT a."suspended"
  AND EXISTS (SELECT 1 FROM "Subscription" s WHERE s."appId" = a."id" AND s."group" = ${param("group")} AND s."status" = 'ACTIVE')) AS "admitted"`.reads<{ admitted: boolean }>();

/** `faultExpiredAt`: when an X-Svc-Fault: token_expired expired it (null: never). */
export type TokenRow = { expiresAt: Date; faultExpiredAt: Date | null; revoked: boolean; app: AuthenticatedApp };

export function tokenRow(r: RowOf<typeof TOKEN_COLUMNS>, subscriptions: Subscriptions): TokenRow {
  return {
    expiresAt: r.expiresAt,
    faultExpiredAt: r.faultExpiredAt,
    revoked: r.revokedAt !== null,
    app: {
      id: r.id, suspended: r.suspended, perMinute: r.perMinute, callbackUrl: r.callbackUrl, callbackFaults: r.callbackFaults, subscriptions,
      timeScale: r.timeScale, testNumbers: testNumbersOf(r.testNumbers), faultPlan: faultPlanOf(r.faultPlan), parentAppId: r.parentAppId, expiresAt: r.appExpiresAt,
    },
  };
}

/**
 * X-Svc-Fault: token_expired: the token is refused from then on, by every
 * instance (lib/engine/gateway-faults.ts). Its own `expiresAt` stays: the token
 * endpoint's clean-up deletes it at its natural end, not at once, so the calls
 * that keep sending it meanwhile are logged and told why.
 */
export const expireToken = sql`UPDATE "AccessToken" SET "faultExpiredAt" = ${param("at")} WHERE "tokenHash" = ${param("tokenHash")}`;

const window = param("window");
/**
 * Counts `calls` calls in the app's window (one atomic upsert: any instance)
 * and answers the window's count after them: the calls' own counts are the
 * `calls` numbers ending there.
 */
export const countCalls = sql`INSERT INTO "RateWindow" ("appId", "window", "count") VALUES (${appId}, ${window}, ${param("calls", "integer")})
  ON CONFLICT ("appId", "window") DO UPDATE SET "count" = "RateWindow"."count" + excluded."count" RETURNING "count"`.reads<{ count: number }>();
/** Run when a window's first call opened it. */
export const oldWindows = sql`DELETE FROM "RateWindow" WHERE "appId" = ${appId} AND "window" < ${window}`;

/**
 * Numbers one more call of an operation under the app's fault plan (one
 * atomic upsert: exact on any instance) and answers its number. Only calls the
 * plan has a rule for are counted; setting the plan or a reset deletes the rows.
 */
export const countPlanCall = sql`INSERT INTO "FaultPlanCount" ("appId", "operationId", "count") VALUES (${appId}, ${param("operationId")}, 1)
  ON CONFLICT ("appId", "operationId") DO UPDATE SET "count" = "FaultPlanCount"."count" + 1 RETURNING "count"`.reads<{ count: number }>();

/**
 * A resource of the app by id. The id is looked up alone, in a subquery under
 * LIMIT (PostgreSQL plans it apart: only the primary key serves it), and the
 * app checked on the row found: with both in one WHERE, a named statement's
 * generic plan made while "Resource" was nearly empty read an index leading
 * with "appId" and every resource of the app ever after
 * (tests/store/pg-plans.test.ts).
 */
export const resource = sql`SELECT ${Resource.cols(["id", "scenarioKey", "settlesAt", "data"])} FROM (
  SELECT "id", "appId", "scenarioKey", "settlesAt", "data" FROM "Resource" WHERE "id" = ${param("id")} LIMIT 1) r
  WHERE r."appId" = ${appId}`;

export function trackedResource(r: RowOf<typeof resource>): TrackedResource {
  return { id: r.id, scenarioKey: r.scenarioKey, settlesAt: r.settlesAt, data: JSON.parse(r.data) };
}

const REFERENCE = sql`SELECT 1 AS "found" FROM "Resource" WHERE "appId" = ${appId} AND "operationId" = ${param("operationId")} AND "reference" = ${param("reference")}`;
/** A payout reference is taken for good (lib/engine/reference.ts). */
export const referenceUsed = sql`${REFERENCE} LIMIT 1`;

/**
 * "<operation>/<scenario>" of every scenario that leaves a resource of an
 * operation with the `referenceTaken` rule FAILED once it settled (the
 * engine's `failedScenarioKeys`), bound as the parameters `failed0`, `failed1`…:
 * spread `FAILED_SETTLEMENTS` into the parameters of `referenceTaken`.
 */
const failed = operations.filter((op) => referenceFact(op) === "referenceTaken").flatMap((op) => failedScenarioKeys(op).map((k) => `${op.id}/${k}`));
export const FAILED_SETTLEMENTS: Readonly<Record<string, string>> = Object.fromEntries(failed.map((k, i) => [`failed${i}`, k]));
const failedList = failed.slice(1).reduce<Sql>((list, _k, i) => sql`${list}, ${param(`failed${i + 1}`)}`, sql`${param("failed0")}`);
/**
 * A Collect reference is taken while its prompt is PENDING (held, or settling
 * after `asOf`) or COMPLETED; a prompt settled by `asOf` on a scenario that
 * failed it frees it (a resolved held prompt carries its resolving scenario).
 */
export const referenceTaken = sql`${REFERENCE} AND NOT ("settlesAt" IS NOT NULL AND "settlesAt" <= ${param("asOf")}
  AND "operationId" || '/' || "scenarioKey" IN (${failedList})) LIMIT 1`;

// A resource is written unresolved: a resolve (lib/callbacks/held.ts) sets resolvedAt/Via/By later.
const RESOURCE_DEFAULTS = ["resolvedAt", "resolvedVia", "resolvedBy"] as const;
export const insertResource = Resource.insert("resource", RESOURCE_DEFAULTS);
export const insertLog = RequestLog.insert("log", ["seq"]);
/** The same rows, written only when `tail` (e.g. sql`FROM r`) yields a row (PostgreSQL's guarded commit). */
export const insertResourceWhen = <P>(tail: Sql<P, object>) => Resource.insertSelect("resource", RESOURCE_DEFAULTS, tail);
export const insertLogWhen = <P>(tail: Sql<P, object>, exprs?: { floatAvailable?: Sql }) => RequestLog.insertSelect("log", ["seq"], tail, exprs);
export type ResourceRow = ParamsOf<typeof insertResource>["resource"];
export type LogRow = ParamsOf<typeof insertLog>["log"];

const keep = param("keep");
/** Per-app tables the gateway fills; each is bounded (lib/config.ts). */
export type PrunedTable = "RequestLog" | "Resource" | "Delivery";
/**
 * Keep the newest `keep` rows by insertion order; deliveries' rule is the
 * callbacks store's. Payouts whose float reserve is still held (queued at
 * `now`, or held until resolved) are never dropped: their reserve lives only
 * in the row (lib/float/index.ts), and a held one resolved FAILED gives it
 * back to `available`.
 */
export const prunes = {
  RequestLog: sql`DELETE FROM "RequestLog" WHERE "appId" = ${appId} AND "seq" <= (
    SELECT "seq" FROM "RequestLog" WHERE "appId" = ${appId} ORDER BY "seq" DESC LIMIT 1 OFFSET ${keep})`,
  Resource: sql`DELETE FROM "Resource" WHERE "appId" = ${appId} AND "createdAt" <= (
    SELECT "createdAt" FROM "Resource" WHERE "appId" = ${appId} ORDER BY "createdAt" DESC LIMIT 1 OFFSET ${keep})
    AND ("floatAmount" IS NULL OR ("settlesAt" IS NOT NULL AND "settlesAt" <= ${param("now")}))`,
  Delivery: pruneDeliveries,
} satisfies Record<PrunedTable, Sql<{ appId: Value; keep: Value; now?: Value }>>;
