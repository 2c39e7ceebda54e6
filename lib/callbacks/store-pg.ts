// The dispatcher's store on PostgreSQL, shared by every instance: due rows are
// claimed with FOR UPDATE SKIP LOCKED and a lease (one instance per row; a
// dead instance's rows are claimed again when their lease runs out), and
// instances hear of new callbacks through LISTEN/NOTIFY (polling stays the
// backstop).
import type pg from "pg";
import { config } from "@/lib/config";
import { iso, newClient, pgPool, pgValues } from "@/lib/db/pg";
import { SCHEDULED_CHANNEL } from "@/lib/gateway/store-pg";
import { storedFaults } from "./faults";
import { SANDBOX_ENDED } from "@/lib/services/sandbox-life";
import type { AttemptRecord, DeliveryToSend, DispatchStore, SigningSecrets } from "./store";

const Q = {
  // A throwaway sandbox that ended ("expiresAt" <= now): its callbacks are marked NOT_SENT, never sent.
  claim: `UPDATE "Delivery" d SET
      "state" = CASE WHEN a."expiresAt" <= $1 THEN 'NOT_SENT' ELSE 'SENDING' END,
      "leaseUntil" = CASE WHEN a."expiresAt" <= $1 THEN NULL ELSE $2::timestamp(3) END,
      "lastError" = CASE WHEN a."expiresAt" <= $1 THEN $4 ELSE d."lastError" END
    FROM (SELECT "id" FROM "Delivery"
          WHERE ("state" = 'SCHEDULED' AND "dueAt" <= $1) OR ("state" = 'SENDING' AND "leaseUntil" < $1)
          ORDER BY "dueAt" ASC LIMIT $3 FOR UPDATE SKIP LOCKED) due, "App" a
    WHERE d."id" = due."id" AND a."id" = d."appId"
    RETURNING d."id", d."state", COALESCE(d."replayUrl", d."url") AS "url", d."body", d."attempts", d."faults", a."signingSecret", a."previousSigningSecret", a."previousSecretExpiresAt"`,
  nextDue: `SELECT "dueAt" FROM "Delivery" WHERE "state" = 'SCHEDULED' ORDER BY "dueAt" ASC LIMIT 1`,
  // Nothing when the delivery is gone meanwhile (the app was reset while it was posted).
  record: `WITH a AS (INSERT INTO "DeliveryAttempt" ("deliveryId", "at", "status", "error", "durationMs", "responseBody", "url", "note", "headers")
      SELECT $1::text, $2::timestamp(3), $3::integer, $4::text, $5::integer, $6::text, $8::text, $9::text, $10::text
      WHERE EXISTS (SELECT 1 FROM "Delivery" WHERE "id" = $1))
    UPDATE "Delivery" SET "attempts" = "attempts" + 1, "lastStatus" = $3, "lastError" = $4,
      "state" = CASE WHEN "state" = 'SCHEDULED' THEN "state" ELSE $7 END,
      "leaseUntil" = CASE WHEN "state" = 'SCHEDULED' THEN "leaseUntil" END,
      "replayUrl" = CASE WHEN "state" = 'SCHEDULED' THEN "replayUrl" END
    WHERE "id" = $1`,
};

const RECONNECT_MS = 1_000;

class PgDispatchStore implements DispatchStore {
  constructor(private readonly pool: pg.Pool) {}

  async claimDue(now: Date, lease: Date, limit: number) {
    const { rows } = await this.pool.query<{ id: string; state: string; url: string | null; body: string; attempts: number; faults: string | null } & SigningSecrets>(
      { name: "svc_claim_due", text: Q.claim, values: [iso(now), iso(lease), limit, SANDBOX_ENDED] });
    const toSend: DeliveryToSend[] = rows.flatMap(({ id, state, url, body, attempts, faults, ...app }) =>
      url && state === "SENDING" ? [{ id, url, body, app, faults: storedFaults(faults), replay: attempts > 0 }] : []);
    return { toSend, seen: rows.length };
  }

  async nextDue() {
    const { rows } = await this.pool.query<{ dueAt: Date }>({ name: "svc_next_due", text: Q.nextDue });
    return rows[0]?.dueAt ?? null;
  }

  async recordAttempt(id: string, at: Date, o: AttemptRecord) {
    try {
      await this.pool.query({
        name: "svc_record_attempt",
        text: Q.record,
        values: pgValues([id, iso(at), o.status, o.error, o.durationMs, o.responseBody, o.error ? "FAILED" : "DELIVERED", o.url, o.note, JSON.stringify(o.headers)]),
      });
    } catch (e) {
      // A reset that deleted the delivery committed between the EXISTS check and
      // the insert (foreign key violation): gone, like the check's own case.
      if ((e as { code?: string }).code !== "23503") throw e;
    }
  }

  /** One dedicated connection LISTENs; it reconnects after a failure (polling covers the gap). */
  async onScheduled(wake: (dueAt: Date) => void) {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async () => {
      if (stopped) return;
      const c = newClient(config.databaseUrl);
      c.on("notification", (m) => {
        const ms = Number(m.payload);
        if (Number.isFinite(ms)) wake(new Date(ms));
      });
      c.on("error", () => {
        void c.end().catch(() => {});
        if (client === c) client = null;
        setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
      });
      await c.connect();
      await c.query(`LISTEN ${SCHEDULED_CHANNEL}`);
      client = c;
    };
    await connect().catch((e) => {
      console.error("[callbacks] LISTEN failed; polling only until it reconnects", (e as Error).message);
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    });
    return async () => {
      stopped = true;
      await client?.end().catch(() => {});
    };
  }
}

const g = globalThis as unknown as { __svcPgDispatchStore?: DispatchStore };

export function pgDispatchStore(): DispatchStore {
  return (g.__svcPgDispatchStore ??= new PgDispatchStore(pgPool()));
}
