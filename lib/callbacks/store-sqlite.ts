// The dispatcher's store on the embedded SQLite database: prepared statements
// on the hot-path connection (lib/db/sqlite.ts), writes in its group commit.
// One process owns the file, so a claim is a conditional update in one transaction.
import { retryBusy, sqlite, ts, write } from "@/lib/db/sqlite";
import { hasEnded, SANDBOX_ENDED } from "@/lib/services/sandbox-life";
import { storedFaults } from "./faults";
import type { AttemptRecord, DeliveryToSend, DispatchStore } from "./store";

type Due = {
  id: string; url: string | null; body: string; state: string; leaseUntil: string | null; attempts: number; faults: string | null;
  signingSecret: string; previousSigningSecret: string | null; previousSecretExpiresAt: string | null;
  appExpiresAt: string | null;
};

function statements() {
  const p = (sql: string) => sqlite().prepare(sql);
  return {
    due: p(`SELECT d."id", COALESCE(d."replayUrl", d."url") AS "url", d."body", d."attempts", d."faults", d."state", d."leaseUntil", a."signingSecret", a."previousSigningSecret", a."previousSecretExpiresAt",
        a."expiresAt" AS "appExpiresAt"
      FROM "Delivery" d JOIN "App" a ON a."id" = d."appId"
      WHERE (d."state" = 'SCHEDULED' AND d."dueAt" <= ?) OR (d."state" = 'SENDING' AND d."leaseUntil" < ?)
      ORDER BY d."dueAt" ASC LIMIT ?`),
    claim: p(`UPDATE "Delivery" SET "state" = 'SENDING', "leaseUntil" = ? WHERE "id" = ? AND "state" = ? AND "leaseUntil" IS ?`),
    // A throwaway sandbox that ended: its callbacks are never sent.
    refuse: p(`UPDATE "Delivery" SET "state" = 'NOT_SENT', "leaseUntil" = NULL, "lastError" = ? WHERE "id" = ? AND "state" = ? AND "leaseUntil" IS ?`),
    nextDue: p(`SELECT "dueAt" FROM "Delivery" WHERE "state" = 'SCHEDULED' ORDER BY "dueAt" ASC LIMIT 1`),
    // Nothing when the delivery is gone meanwhile (the app was reset while it was posted).
    attempt: p(`INSERT INTO "DeliveryAttempt" ("deliveryId", "at", "status", "error", "durationMs", "responseBody", "url", "note", "headers")
      SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM "Delivery" WHERE "id" = ?)`),
    // A delivery scheduled again meanwhile (a replay between a duplicate's two posts) keeps its state, lease and replay address.
    settle: p(`UPDATE "Delivery" SET "attempts" = "attempts" + 1, "lastStatus" = ?, "lastError" = ?,
        "state" = CASE WHEN "state" = 'SCHEDULED' THEN "state" ELSE ? END,
        "leaseUntil" = CASE WHEN "state" = 'SCHEDULED' THEN "leaseUntil" END,
        "replayUrl" = CASE WHEN "state" = 'SCHEDULED' THEN "replayUrl" END
      WHERE "id" = ?`),
  };
}

let q: ReturnType<typeof statements> | undefined;
const stmts = () => (q ??= statements());

/**
 * Claims the due deliveries (scheduled and due, or abandoned by a process
 * that died mid-send) in one transaction; a row is ours when its state and
 * lease were still as read. Returns those to send, and how many were due.
 */
function claimDue(now: Date, lease: Date, limit: number): Promise<{ toSend: DeliveryToSend[]; seen: number }> {
  return write(() => {
    const s = stmts();
    const due = s.due.all(ts(now), ts(now), limit) as Due[];
    const toSend: DeliveryToSend[] = [];
    for (const d of due) {
      if (hasEnded({ expiresAt: d.appExpiresAt ? new Date(d.appExpiresAt) : null }, now)) {
        s.refuse.run(SANDBOX_ENDED, d.id, d.state, d.leaseUntil);
        continue;
      }
      if (s.claim.run(ts(lease), d.id, d.state, d.leaseUntil).changes !== 1 || !d.url) continue;
      const expires = d.previousSecretExpiresAt ? new Date(d.previousSecretExpiresAt) : null;
      toSend.push({
        id: d.id, url: d.url, body: d.body, faults: storedFaults(d.faults), replay: d.attempts > 0,
        app: { signingSecret: d.signingSecret, previousSigningSecret: d.previousSigningSecret, previousSecretExpiresAt: expires },
      });
    }
    return { toSend, seen: due.length };
  });
}

function nextDue(): Promise<Date | null> {
  return retryBusy(() => {
    const r = stmts().nextDue.get() as { dueAt: string } | undefined;
    return r ? new Date(r.dueAt) : null;
  });
}

/** Records one attempt and the delivery's new state. */
function recordAttempt(id: string, at: Date, o: AttemptRecord): Promise<void> {
  return write(() => {
    const s = stmts();
    s.attempt.run(id, ts(at), o.status, o.error, o.durationMs, o.responseBody, o.url, o.note, JSON.stringify(o.headers), id);
    s.settle.run(o.status, o.error, o.error ? "FAILED" : "DELIVERED", id);
  });
}

/** Nothing to listen to: one process schedules and sends. */
const onScheduled = async () => async () => {};

export const sqliteDispatchStore: DispatchStore = { claimDue, nextDue, recordAttempt, onScheduled };
