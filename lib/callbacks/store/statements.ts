// The dispatcher's SQL, written once for both databases (lib/db/sql.ts renders
// it); sqlite.ts and pg.ts compose these into what each dialect runs. Also the
// delivery row the gateway's commit inserts: the Delivery table is this
// domain's (lib/gateway/store/statements.ts imports it).
import { param, sql, type ParamsOf, type RowOf, type Sql } from "@/lib/db/sql";
import { App, Delivery, DeliveryAttempt } from "@/lib/db/tables";
import { hasEnded } from "@/lib/services/sandbox-life";
import { storedFaults } from "../faults";
import type { AttemptRecord, DeliveryToSend } from "./types";

/** A new delivery as scheduled (lib/callbacks/schedule.ts `newDelivery`); the rest are left to their defaults. */
const DELIVERY_DEFAULTS = ["seq", "leaseUntil", "resendUntil", "replayUrl", "attempts", "lastStatus"] as const;
export const insertDelivery = Delivery.insert("delivery", DELIVERY_DEFAULTS);
/** The same row, written only when `tail` (e.g. sql`FROM r`) yields a row. */
export const insertDeliveryWhen = <P>(tail: Sql<P, object>) => Delivery.insertSelect("delivery", DELIVERY_DEFAULTS, tail);
export type DeliveryRow = ParamsOf<typeof insertDelivery>["delivery"];

const now = param("now");

/** Due: scheduled and due, or abandoned by a process that died mid-send (its lease ran out). Columns of "Delivery". */
export const DUE = sql`("state" = 'SCHEDULED' AND "dueAt" <= ${now}) OR ("state" = 'SENDING' AND "leaseUntil" < ${now})`;

/** What a claimed delivery `d` is posted with: its replay address first, and its app `a`'s signing secrets. */
export const TO_SEND = sql`${Delivery.cols(["id"], "d")}, ${sql`COALESCE(d."replayUrl", d."url") AS "url"`.reads<{ url: string | null }>()},
  ${Delivery.cols(["body", "attempts", "faults"], "d")}, ${App.cols(["signingSecret", "previousSigningSecret", "previousSecretExpiresAt", "expiresAt"], "a")}`;


/** A claimed row as the dispatcher posts it; none without an address (claimed all the same: it cannot be sent). */
export function toSend(r: RowOf<typeof TO_SEND>): DeliveryToSend | null {
  if (!r.url) return null;
  const app = { signingSecret: r.signingSecret, previousSigningSecret: r.previousSigningSecret, previousSecretExpiresAt: r.previousSecretExpiresAt };
  return { id: r.id, url: r.url, body: r.body, app, faults: storedFaults(r.faults), replay: r.attempts > 0 };
}

/** A claimed row of a throwaway sandbox that has ended (lib/services/sandbox-life.ts): never posted, marked by `refuseEnded`. */
export const ended = (r: RowOf<typeof TO_SEND>, now: Date) => hasEnded({ expiresAt: r.expiresAt }, now);
export const refuseEnded = sql`UPDATE "Delivery" SET "state" = 'NOT_SENT', "leaseUntil" = NULL, "lastError" = ${param("error", "text")}
  WHERE "id" = ${param("id", "text")}`;

export const nextDue = sql`SELECT ${Delivery.cols(["dueAt"])} FROM "Delivery" WHERE "state" = 'SCHEDULED' ORDER BY "dueAt" ASC LIMIT 1`;

const id = param("id", "text");
const status = param("status", "integer");
const error = param("error", "text");

/** Nothing when the delivery is gone meanwhile (the app was reset while it was posted). */
export const insertAttempt = sql`INSERT INTO "DeliveryAttempt" (${DeliveryAttempt.cols(["deliveryId", "at", "status", "error", "durationMs", "responseBody", "url", "note", "headers"])})
  SELECT ${id}, ${param("at", "timestamp(3)")}, ${status}, ${error}, ${param("durationMs", "integer")}, ${param("responseBody", "text")},
    ${param("url", "text")}, ${param("note", "text")}, ${param("headers", "text")}
  WHERE EXISTS (SELECT 1 FROM "Delivery" WHERE "id" = ${id})`;

/** The delivery's new state; one scheduled again meanwhile (a replay between a duplicate's two posts) keeps its state, lease and replay address. */
export const settle = sql`UPDATE "Delivery" SET "attempts" = "attempts" + 1, "lastStatus" = ${status}, "lastError" = ${error},
    "state" = CASE WHEN "state" = 'SCHEDULED' THEN "state" ELSE ${param("state")} END,
    "leaseUntil" = CASE WHEN "state" = 'SCHEDULED' THEN "leaseUntil" END,
    "replayUrl" = CASE WHEN "state" = 'SCHEDULED' THEN "replayUrl" END
  WHERE "id" = ${id}`;

/** The parameters of `insertAttempt` and `settle`. */
export function attemptParams(id: string, at: Date, o: AttemptRecord) {
  return {
    id, at, status: o.status, error: o.error, durationMs: o.durationMs, responseBody: o.responseBody, url: o.url, note: o.note,
    headers: JSON.stringify(o.headers), state: o.error ? "FAILED" : "DELIVERED",
  };
}
