// The dispatcher's store on SQLite: the statements prepared on a hot-path
// connection (lib/db/sqlite.ts), writes in its group commit. One process owns
// the file, so a claim is a conditional update in one transaction, and nobody
// else schedules callbacks to listen for.
import { param, sql } from "@/lib/db/sql";
import { isBusy, prepare, retryBusy, type SqliteHotPath } from "@/lib/db/sqlite";
import type { AttemptRecord, DeliveryToSend, DispatchStore, HostPosts } from "./types";
import { SANDBOX_ENDED } from "@/lib/services/sandbox-life";
import * as S from "./statements";

/** The due rows with their state and lease as stored (text), for the claim's condition. */
const DUE = sql`SELECT ${S.TO_SEND}, ${sql`d."state", d."leaseUntil"`.reads<{ state: string; leaseUntil: string | null }>()}
  FROM "Delivery" d JOIN "App" a ON a."id" = d."appId"
  WHERE ${S.DUE} ORDER BY d."dueAt" ASC LIMIT ${param("limit")}`;
/** Ours when its state and lease are still as read. */
const CLAIM = sql`UPDATE "Delivery" SET "state" = 'SENDING', "leaseUntil" = ${param("lease")}
  WHERE "id" = ${param("id")} AND "state" = ${param("state")} AND "leaseUntil" IS ${param("leaseUntil")}`;

/**
 * A write of the dispatcher, in the group commit: it waits for its turn after
 * this process's transactions (lib/db/turns.ts), and is tried again for as long
 * as another process holds the write lock (the operator command line). The group
 * commit gives up on that lock after 5 s, the bound of a gateway call that waits for its answer; nobody waits for
 * a claim or a record, and failing one fails the dispatcher's tick (or sends
 * a posted callback again once its lease has run out) over a lock that ends.
 */
async function written<T>(db: SqliteHotPath, fn: () => T): Promise<T> {
  for (;;) {
    try {
      return await db.write(fn);
    } catch (e) {
      if (!isBusy(e)) throw e;
    }
  }
}

export class SqliteDispatchStore implements DispatchStore {
  private readonly q;

  constructor(private readonly db: SqliteHotPath) {
    const { conn } = db;
    this.q = {
      due: prepare(conn, DUE),
      claim: prepare(conn, CLAIM),
      refuseEnded: prepare(conn, S.refuseEnded),
      nextDue: prepare(conn, S.nextDue),
      insertAttempt: prepare(conn, S.insertAttempts(S.ONE_ATTEMPT)),
      settle: prepare(conn, S.settle(S.ONE_ATTEMPT)),
      takeHostPosts: prepare(conn, S.takeHostPosts),
      delay: prepare(conn, S.delay),
    };
  }

  /**
   * In one job of the group commit (it holds the write lock). After a wait
   * for the lock of a second or more, `now` and the lease move on by the wait,
   * so a long one does not claim rows for a lease already over.
   */
  claimDue(asked: Date, askedLease: Date, limit: number): Promise<{ toSend: DeliveryToSend[]; seen: number }> {
    const askedAt = Date.now();
    return written(this.db, () => {
      const waited = Date.now() - askedAt;
      const late = waited >= 1_000 ? waited : 0;
      const [now, lease] = [new Date(asked.getTime() + late), new Date(askedLease.getTime() + late)];
      const due = this.q.due.all({ now, limit });
      const toSend: DeliveryToSend[] = [];
      for (const d of due) {
        if (this.q.claim.run({ lease, id: d.id, state: d.state, leaseUntil: d.leaseUntil }).changes !== 1) continue;
        if (S.ended(d, now)) {
          this.q.refuseEnded.run({ id: d.id, error: SANDBOX_ENDED });
          continue;
        }
        const send = S.toSend(d);
        if (send) toSend.push(send);
      }
      return { toSend, seen: due.length };
    });
  }

  nextDue(): Promise<Date | null> {
    return retryBusy(() => this.q.nextDue.get({})?.dueAt ?? null);
  }

  recordAttempt(id: string, at: Date, o: AttemptRecord): Promise<void> {
    const p = S.attemptParams(id, at, o);
    return written(this.db, () => {
      this.q.insertAttempt.run(p);
      this.q.settle.run(p);
    });
  }

  takeHostPosts(p: HostPosts): Promise<number> {
    return written(this.db, () => Number(this.q.takeHostPosts.get(p)!.count));
  }

  async delay(id: string, until: Date, reason: string): Promise<void> {
    await written(this.db, () => this.q.delay.run({ id, until, reason }));
  }

  async onScheduled() {
    return async () => {};
  }
}
