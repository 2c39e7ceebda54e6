// The Delivery transitions off the hot paths (statements.ts), run through
// Prisma (lib/db/raw.ts: compiled for the dialect in use, inside Prisma's
// transactions where the caller needs one). Each answers the rows it changed.
// `dialect`: the database's, when it is not the configured one (tests/store/deliveries.test.ts).
import { callbackFaultsOf } from "@/lib/catalog/dev-endpoints";
import type { Dialect } from "@/lib/config";
import type { Db } from "@/lib/db/prisma";
import { rawStatement } from "@/lib/db/raw";
import { newDelivery, type ScheduledCallback } from "../schedule";
import * as S from "./statements";

type Client = Pick<Db, "$executeRawUnsafe">;

/**
 * A gateway fault's part on a new delivery (lib/engine/gateway-faults.ts `callback`):
 * "never" records it as not sent, with the reason saying it was on purpose;
 * "early" makes it due at once (the gateway's answer waits for its post).
 */
export function gatewayFaultOnDelivery<D extends { state: string; lastError: string | null; dueAt: Date }>(d: D, kind: "never" | "early" | undefined, now: Date): D {
  if (d.state !== "SCHEDULED" || !kind) return d;
  if (kind === "early") return { ...d, dueAt: now };
  return { ...d, state: "NOT_SENT", lastError: "not sent on purpose (X-Svc-Fault: lost_callback); the live state still changes at its due time" };
}

/**
 * The row of a new delivery, the one way one is made: a gateway call's (lib/gateway/persist.ts,
 * written by its store's commit) and a held resource's resolve (held.ts, written by
 * `scheduleDelivery`). The app's stored callback faults are decided on it (schedule.ts
 * `newDelivery`), then the call's gateway fault's part (`gatewayFaultOnDelivery` below: a
 * `lost_callback` NOT_SENT, an `early_callback` due at once).
 */
export const deliveryRow = (cb: ScheduledCallback, o: { now: Date; appCallbackFaults: string | null; gatewayFault?: "never" | "early" }): S.DeliveryRow =>
  gatewayFaultOnDelivery(newDelivery(cb, o.now, callbackFaultsOf(o.appCallbackFaults)), o.gatewayFault, o.now);

/** A new delivery (`deliveryRow`), e.g. in the transaction that resolves a held resource. */
export const scheduleDelivery = (tx: Client, delivery: S.DeliveryRow, dialect?: Dialect) => rawStatement(S.insertDelivery, tx, dialect)({ delivery });

/** A failed delivery scheduled again now (statements.ts `replay`): 1 when it was, 0 when it changed meanwhile. */
export const replayDelivery = (db: Client, p: { appId: string; id: string; now: Date; replayUrl: string | null; maxAttempts: number }, dialect?: Dialect) =>
  rawStatement(S.replay, db, dialect)(p);

/** 1 when this resend holds the delivery's lease until `until`, 0 when it is not sent yet or another resend holds it. */
export const takeResendLease = (db: Client, id: string, now: Date, until: Date, dialect?: Dialect) => rawStatement(S.takeResendLease, db, dialect)({ id, now, until });
export const endResendLease = (db: Client, id: string, dialect?: Dialect) => rawStatement(S.endResendLease, db, dialect)({ id });

/** An app's attempts and deliveries deleted: two statements, for the caller's `db.$transaction([...])`, in this order. */
export const deleteDeliveriesOf = (db: Client, appId: string, dialect?: Dialect) =>
  [rawStatement(S.deleteAttemptsOf, db, dialect)({ appId }), rawStatement(S.deleteDeliveriesOf, db, dialect)({ appId })] as const;
