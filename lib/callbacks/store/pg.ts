// The dispatcher's store on PostgreSQL, shared by every instance: due rows are
// claimed with FOR UPDATE SKIP LOCKED and a lease (one instance per row; a
// dead instance's rows are claimed again when their lease runs out), a
// turn's attempts and their deliveries' states are one statement, so are a
// turn's posts counted on one host's budget, and instances hear of
// new callbacks through LISTEN/NOTIFY (polling stays the backstop).
import type pg from "pg";
import { jsonRows, named, newClient, unnamed } from "@/lib/db/pg";
import { perTurn } from "@/lib/db/turn-batch";
import { param, Sql, sql } from "@/lib/db/sql";
import type { AttemptRecord, DeliveryToSend, DispatchStore, HostPosts } from "./types";
import { SANDBOX_ENDED } from "@/lib/services/sandbox-life";
import * as S from "./statements";
import { log } from "@/lib/log";

/**
 * The claim: due rows in "dueAt" order, each locked for this instance (SKIP LOCKED) and leased. The two
 * halves of the due rule are each an index scan in that order, not one bitmap scan of both: a bitmap scan
 * visits the heap for every index entry, the dead versions every claim and settle leave (until a vacuum)
 * included, about 600 blocks a claim in the bench (/docs/performance); an index scan marks the dead ones
 * it meets, so the next one skips them (tests/store/pg-plans.test.ts).
 */
export const CLAIM_DUE = sql`WITH s AS (SELECT "id", "dueAt" FROM "Delivery" WHERE ${S.DUE_SCHEDULED} ORDER BY "dueAt" ASC LIMIT ${param("limit")} FOR UPDATE SKIP LOCKED),
    l AS (SELECT "id", "dueAt" FROM "Delivery" WHERE ${S.DUE_ABANDONED} ORDER BY "dueAt" ASC LIMIT ${param("limit")} FOR UPDATE SKIP LOCKED),
    due AS (SELECT "id" FROM (SELECT * FROM s UNION ALL SELECT * FROM l) u ORDER BY "dueAt" ASC LIMIT ${param("limit")})
    UPDATE "Delivery" d SET "state" = 'SENDING', "leaseUntil" = ${param("lease")}
    FROM due, "App" a
    WHERE d."id" = due."id" AND a."id" = d."appId"
    RETURNING ${S.TO_SEND}`;

/** The channel a scheduled callback is announced on; the payload is its due time (ms since the epoch). */
export const SCHEDULED_CHANNEL = "svc_callback_scheduled";

const Q = {
  claim: named("claim_due", CLAIM_DUE),
  refuseEnded: named("refuse_ended", S.refuseEnded),
  nextDue: named("next_due", S.nextDue),
  takeHostPosts: named("take_host_posts", S.takeHostPosts),
  delay: named("delay_delivery", S.delay),
  // One round trip for the attempts of a turn: each attempt (a data-modifying CTE) and its delivery's state.
  // Unnamed (lib/db/pg.ts): planned for the batch at hand; a generic plan made while "Delivery"
  // was small joined the attempts to it by reading the whole table, and kept doing so as it grew.
  record: unnamed(sql`WITH a AS (${S.insertAttempts(S.MANY_ATTEMPTS)}) ${S.settle(S.MANY_ATTEMPTS)}`),
};

const FOREIGN_KEY_VIOLATION = "23503";

/** Records `attempts` (each delivery named once) in one statement. */
async function recordAll(pool: pg.Pool, attempts: S.AttemptParams[]): Promise<void> {
  await Q.record.query(pool, { attempts: jsonRows(attempts), count: attempts.length });
}

/** The attempts in rounds that name each delivery once, in the order they were asked for. */
function rounds(attempts: S.AttemptParams[]): S.AttemptParams[][] {
  const out: S.AttemptParams[][] = [];
  const seen = new Map<string, number>();
  for (const a of attempts) {
    const n = seen.get(a.id) ?? 0;
    seen.set(a.id, n + 1);
    (out[n] ??= []).push(a);
  }
  return out;
}

/**
 * Tells every instance's dispatcher (`onScheduled`) that a callback is due:
 * an expression the gateway's commit statement selects, so the notification
 * goes out when that statement's transaction commits, in the same round trip.
 * `announce` is `announcement(dueAt)`.
 */
export const ANNOUNCE_SCHEDULED = sql`pg_notify(${new Sql([`'${SCHEDULED_CHANNEL}'`])}, ${param("announce", "text")})`;
export const announcement = (dueAt: Date) => String(dueAt.getTime());

const RECONNECT_MS = 1_000;

export class PgDispatchStore implements DispatchStore {
  /** `url`: where the LISTEN connection goes (the pool's database). */
  constructor(private readonly pool: pg.Pool, private readonly url: string) {}

  async claimDue(now: Date, lease: Date, limit: number) {
    const { rows } = await Q.claim.query(this.pool, { now, lease, limit });
    for (const r of rows) if (S.ended(r, now)) await Q.refuseEnded.query(this.pool, { id: r.id, error: SANDBOX_ENDED });
    const toSend = rows.filter((r) => !S.ended(r, now)).map(S.toSend).filter((d): d is DeliveryToSend => d !== null);
    return { toSend, seen: rows.length };
  }

  async nextDue() {
    const { rows } = await Q.nextDue.query(this.pool, {});
    return rows[0]?.dueAt ?? null;
  }

  /**
   * The posts of one turn of the event loop to one host in one minute are
   * counted by one upsert of their sum (exact on every instance: the row's
   * atomic update), each answered its own count, as if counted one after
   * another in the order asked. Every post to a host updates that host's one
   * row: a statement each queued each post behind the previous one's commit
   * (README "Performance", per statement).
   */
  private readonly hostPosts = perTurn<HostPosts, number>(
    (p) => `${p.key} ${p.window}`,
    async (posts) => {
      const n = posts.reduce((sum, p) => sum + p.n, 0);
      const { rows } = await Q.takeHostPosts.query(this.pool, { ...posts[0]!, n });
      let count = Number(rows[0]!.count) - n;
      return posts.map((p) => (count += p.n));
    },
  );

  takeHostPosts(p: HostPosts) {
    return this.hostPosts(p);
  }

  async delay(id: string, until: Date, reason: string) {
    await Q.delay.query(this.pool, { id, until, reason });
  }

  /**
   * The attempts recorded in one turn of the event loop share one statement
   * (a round trip and a commit instead of one each).
   */
  private readonly record = perTurn<S.AttemptParams, void>(
    () => "",
    async (attempts) => {
      for (const round of rounds(attempts)) {
        try {
          await recordAll(this.pool, round);
        } catch (e) {
          // A reset that deleted a delivery committed between the EXISTS check and
          // the insert (foreign key violation): that attempt is gone, like the
          // check's own case; the others are recorded one by one.
          if ((e as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw e;
          for (const a of round) {
            await recordAll(this.pool, [a]).catch((e1: { code?: string }) => {
              if (e1.code !== FOREIGN_KEY_VIOLATION) throw e1;
            });
          }
        }
      }
      return attempts.map(() => undefined);
    },
  );

  recordAttempt(id: string, at: Date, o: AttemptRecord) {
    return this.record(S.attemptParams(id, at, o));
  }

  /** One dedicated connection LISTENs; it reconnects after a failure (polling covers the gap). */
  async onScheduled(wake: (dueAt: Date) => void) {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async () => {
      if (stopped) return;
      const c = newClient(this.url);
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
      log().error({ err: e }, "[callbacks] LISTEN failed; polling only until it reconnects");
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    });
    return async () => {
      stopped = true;
      await client?.end().catch(() => {});
    };
  }
}
