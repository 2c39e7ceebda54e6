// Every write of a Delivery row (and of its attempts), written once for both
// databases (lib/db/sql.ts renders it): the dispatcher's claim, refuse-ended
// and settle (sqlite.ts and pg.ts compose them into what each dialect runs);
// the row the gateway's commit inserts and its prune (lib/gateway/store runs
// them); and the transitions off the hot paths, run through Prisma
// (deliveries.ts: a held resource's resolve, replay, the resend lease, an
// app's deliveries deleted). No file outside this folder writes a Delivery
// row (tests/unit/delivery-writes.test.ts).
import { throttleTake } from "@/lib/rows/statements";
import type { Dialect } from "@/lib/config";
import { batchDelete, type BatchDelete } from "@/lib/db/batch-delete";
import { param, Sql, sql, type ParamsOf, type RowOf, type Value } from "@/lib/db/sql";
import { App, Delivery, DeliveryAttempt } from "@/lib/db/tables";
import { hasEnded } from "@/lib/services/sandbox-life";
import { storedCallbackFaults } from "../callback-faults";
import type { AttemptRecord, DeliveryToSend } from "./types";

/** A new delivery as scheduled (lib/callbacks/schedule.ts `newDelivery`); the rest are left to their defaults. */
const DELIVERY_DEFAULTS = ["seq", "leaseUntil", "resendUntil", "replayUrl", "attempts", "lastStatus", "delayReason"] as const;
export const insertDelivery = Delivery.insert("delivery", DELIVERY_DEFAULTS);
/** The same row, written only when `tail` (e.g. sql`FROM r`) yields a row. */
export const insertDeliveryWhen = <P>(tail: Sql<P, object>) => Delivery.insertSelect("delivery", DELIVERY_DEFAULTS, tail);
export type DeliveryRow = ParamsOf<typeof insertDelivery>["delivery"];

const now = param("now");

/** Due: scheduled and due (`DUE_SCHEDULED`), or abandoned by a process that died mid-send, its lease run out (`DUE_ABANDONED`). Columns of "Delivery". */
export const DUE_SCHEDULED = sql`"state" = 'SCHEDULED' AND "dueAt" <= ${now}`;
export const DUE_ABANDONED = sql`"state" = 'SENDING' AND "leaseUntil" < ${now}`;
export const DUE = sql`(${DUE_SCHEDULED}) OR (${DUE_ABANDONED})`;

/** What a claimed delivery `d` is posted with: its replay address first, and its app `a`'s signing secrets. */
export const TO_SEND = sql`${Delivery.cols(["id"], "d")}, ${sql`COALESCE(d."replayUrl", d."url") AS "url"`.reads<{ url: string | null }>()},
  ${Delivery.cols(["body", "attempts", "faults", "delayReason", "dueAt"], "d")}, ${App.cols(["signingSecret", "previousSigningSecret", "previousSecretExpiresAt", "expiresAt"], "a")}`;


/** A claimed row as the dispatcher posts it; none without an address (claimed all the same: it cannot be sent). */
export function toSend(r: RowOf<typeof TO_SEND>): DeliveryToSend | null {
  if (!r.url) return null;
  const app = { signingSecret: r.signingSecret, previousSigningSecret: r.previousSigningSecret, previousSecretExpiresAt: r.previousSecretExpiresAt };
  return { id: r.id, url: r.url, body: r.body, app, faults: storedCallbackFaults(r.faults), replay: r.attempts > 0, delayed: r.delayReason !== null, dueAt: r.dueAt };
}

/**
 * Counts `n` posts to one destination host in its clock minute and answers the
 * count after them: the portal-wide host budget (lib/callbacks/host-budget.ts).
 * A throttle's counter (the "Throttle" table, the throttles' own statement,
 * lib/rows/statements.ts `throttleTake`), so every instance counts the same.
 */
export const takeHostPosts = throttleTake;

/**
 * A post its destination host's budget put off (host-budget.ts): the delivery
 * scheduled again at `until` (the next minute), saying why; its attempts and
 * replay address stay as they are.
 */
export const delay = sql`UPDATE "Delivery" SET "state" = 'SCHEDULED', "dueAt" = ${param("until")}, "leaseUntil" = NULL, "delayReason" = ${param("reason", "text")}
  WHERE "id" = ${param("id", "text")}`;

/** A claimed row of a throwaway sandbox that has ended (lib/services/sandbox-life.ts): never posted, marked by `refuseEnded`. */
export const ended = (r: RowOf<typeof TO_SEND>, now: Date) => hasEnded({ expiresAt: r.expiresAt }, now);
export const refuseEnded = sql`UPDATE "Delivery" SET "state" = 'NOT_SENT', "leaseUntil" = NULL, "lastError" = ${param("error", "text")}
  WHERE "id" = ${param("id", "text")}`;

/**
 * A failed delivery (not yet at `maxAttempts`) scheduled again, due `now`, to
 * `replayUrl` when given (lib/callbacks/replay.ts); a row that changed
 * meanwhile is left as it is.
 */
export const replay = sql`UPDATE "Delivery" SET "state" = 'SCHEDULED', "dueAt" = ${now}, "leaseUntil" = NULL, "replayUrl" = ${param("replayUrl", "text")}
  WHERE "appId" = ${param("appId")} AND "id" = ${param("id")} AND "state" = 'FAILED' AND "attempts" < ${param("maxAttempts")}`;

/** "Send it again" takes the row's lease until `until`: only a sent row, and only when no other resend holds it (lib/callbacks/resend.ts). */
export const takeResendLease = sql`UPDATE "Delivery" SET "resendUntil" = ${param("until")}
  WHERE "id" = ${param("id")} AND "state" IN ('DELIVERED', 'FAILED', 'NOT_SENT') AND ("resendUntil" IS NULL OR "resendUntil" < ${now})`;
export const endResendLease = sql`UPDATE "Delivery" SET "resendUntil" = NULL WHERE "id" = ${param("id")}`;

const appId = param("appId");
/** An app's deliveries with their attempts (the attempts first): a reset (lib/devapi/reset.ts). */
export const deleteAttemptsOf = sql`DELETE FROM "DeliveryAttempt" WHERE "deliveryId" IN (SELECT "id" FROM "Delivery" WHERE "appId" = ${appId})`;
export const deleteDeliveriesOf = sql`DELETE FROM "Delivery" WHERE "appId" = ${appId}`;

/** An ended sandbox's attempts, then its deliveries, a batch at a time (lib/services/sandbox-sweep.ts runs them). */
export const sweepBatches = (dialect: Dialect): BatchDelete[] => [
  batchDelete("DeliveryAttempt", "id", dialect, sql`JOIN "Delivery" d ON d."id" = x."deliveryId" WHERE d."appId" = ${appId}`),
  batchDelete("Delivery", "seq", dialect),
];

/**
 * Keeps an app's newest `keep` deliveries by insertion order (the gateway's
 * bound, lib/db/bounded.ts); those still to be sent are never dropped, and the
 * attempts go with their delivery (cascade).
 */
export const prune = sql`DELETE FROM "Delivery" WHERE "appId" = ${appId} AND "state" NOT IN ('SCHEDULED', 'SENDING') AND "seq" <= (
    SELECT "seq" FROM "Delivery" WHERE "appId" = ${appId} ORDER BY "seq" DESC LIMIT 1 OFFSET ${param("keep")})` satisfies Sql<{ appId: Value; keep: Value }>;

export const nextDue = sql`SELECT ${Delivery.cols(["dueAt"])} FROM "Delivery" WHERE "state" = 'SCHEDULED' ORDER BY "dueAt" ASC LIMIT 1`;

/** An attempt as `recordAttempts` reads it, and each field's PostgreSQL type. */
const ATTEMPT_FIELDS = {
  id: "text", at: "timestamp(3)", status: "integer", error: "text", durationMs: "integer", responseBody: "text",
  url: "text", note: "text", headers: "text", state: "text",
} as const;
export type AttemptParams = ReturnType<typeof attemptParams>;

/** One attempt from its parameters, as row source `r`. */
export const ONE_ATTEMPT = new Sql<AttemptParams>([
  "(SELECT ",
  ...Object.entries(ATTEMPT_FIELDS).flatMap(([f, t], i) => [...(i ? [", "] : []), param(f, t), ` AS "${f}"`]),
  ") AS r",
]);
/**
 * Many attempts from a JSON array of their parameters, as row source `r`
 * (PostgreSQL). `count` is the array's length: PostgreSQL assumes 100 rows from
 * json_to_recordset and then joins "Delivery" by reading all of it; under
 * LIMIT it plans for the real number (an index lookup per attempt).
 */
export const MANY_ATTEMPTS = new Sql<{ attempts: string; count: number }>([
  "(SELECT * FROM json_to_recordset(", param("attempts", "json"),
  `) AS x(${Object.entries(ATTEMPT_FIELDS).map(([f, t]) => `"${f}" ${t}`).join(", ")}) LIMIT `, param("count", "integer"), ") AS r",
]);

/**
 * The attempts of row source `r` (`ONE_ATTEMPT`, `MANY_ATTEMPTS`), each
 * recorded only if its delivery still exists (the app may have been reset
 * while it was posted). A source names each delivery once (`settle` counts one
 * attempt per delivery and source).
 */
export const insertAttempts = <P extends object>(r: Sql<P>) => sql`INSERT INTO "DeliveryAttempt" (${DeliveryAttempt.cols(["deliveryId", "at", "status", "error", "durationMs", "responseBody", "url", "note", "headers"])})
  SELECT r."id", r."at", r."status", r."error", r."durationMs", r."responseBody", r."url", r."note", r."headers" FROM ${r}
  WHERE EXISTS (SELECT 1 FROM "Delivery" WHERE "id" = r."id")`;

/** Each delivery's new state (its delay's reason cleared: the attempt's note keeps it); one scheduled again meanwhile (a replay between a duplicate's two posts) keeps its state, lease, replay address and delay. */
export const settle = <P extends object>(r: Sql<P>) => sql`UPDATE "Delivery" SET "attempts" = "attempts" + 1, "lastStatus" = r."status", "lastError" = r."error",
    "state" = CASE WHEN "Delivery"."state" = 'SCHEDULED' THEN "Delivery"."state" ELSE r."state" END,
    "leaseUntil" = CASE WHEN "Delivery"."state" = 'SCHEDULED' THEN "Delivery"."leaseUntil" END,
    "replayUrl" = CASE WHEN "Delivery"."state" = 'SCHEDULED' THEN "Delivery"."replayUrl" END,
    "delayReason" = CASE WHEN "Delivery"."state" = 'SCHEDULED' THEN "Delivery"."delayReason" END
  FROM ${r} WHERE "Delivery"."id" = r."id"`;

/** One attempt as `ONE_ATTEMPT` binds it and `MANY_ATTEMPTS` reads it. */
export function attemptParams(id: string, at: Date, o: AttemptRecord) {
  return {
    id, at, status: o.status, error: o.error, durationMs: o.durationMs, responseBody: o.responseBody, url: o.url, note: o.note,
    headers: JSON.stringify(o.headers), state: o.error ? "FAILED" : "DELIVERED",
  };
}
