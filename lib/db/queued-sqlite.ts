// Prisma's better-sqlite3 adapter runs every query of the process on one
// connection, and an interactive transaction (BEGIN, then statements across
// awaits, then COMMIT) keeps that connection's transaction open while other
// requests go on. Their queries would run inside it: rolled back with it when
// it throws (a CONFLICT at a cap), and a read among them before the
// transaction's first write starts its snapshot, which another connection's
// commit (the hot path's, the command line's) then makes stale, so that write
// fails at once with SQLITE_BUSY_SNAPSHOT ("database is locked") instead of
// waiting for the lock. The adapter here takes turns: while a transaction is
// open, the process's other queries wait for its end, as they wait for a row
// lock on PostgreSQL; between transactions they run as before, one at a time.
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/** One turn at a time, in the order asked for. */
class Turns {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the turns asked for before; answers how to end this one. */
  async take(): Promise<() => void> {
    let end!: () => void;
    const mine = new Promise<void>((r) => (end = r));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    return end;
  }

  /** `fn` in a turn of its own. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const end = await this.take();
    try {
      return await fn();
    } finally {
      end();
    }
  }
}

/** The transaction, whose own queries run in its turn; its commit or rollback ends the turn. */
function inTurn(tx: Transaction, end: () => void): Transaction {
  const finish = (how: () => Promise<void>) => async () => {
    try {
      await how();
    } finally {
      end();
    }
  };
  return {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: (q: SqlQuery) => tx.queryRaw(q),
    executeRaw: (q: SqlQuery) => tx.executeRaw(q),
    commit: finish(() => tx.commit()),
    rollback: finish(() => tx.rollback()),
    ...(tx.createSavepoint ? { createSavepoint: (name: string) => tx.createSavepoint!(name) } : {}),
    ...(tx.rollbackToSavepoint ? { rollbackToSavepoint: (name: string) => tx.rollbackToSavepoint!(name) } : {}),
    ...(tx.releaseSavepoint ? { releaseSavepoint: (name: string) => tx.releaseSavepoint!(name) } : {}),
  };
}

function queuedAdapter(inner: SqlDriverAdapter): SqlDriverAdapter {
  const turns = new Turns();
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (q) => turns.run(() => inner.queryRaw(q)),
    executeRaw: (q) => turns.run(() => inner.executeRaw(q)),
    executeScript: (script) => turns.run(() => inner.executeScript(script)),
    async startTransaction(isolationLevel?: IsolationLevel) {
      const end = await turns.take();
      try {
        return inTurn(await inner.startTransaction(isolationLevel), end);
      } catch (e) {
        end();
        throw e;
      }
    },
    ...(inner.getConnectionInfo ? { getConnectionInfo: () => inner.getConnectionInfo!() } : {}),
    dispose: () => inner.dispose(),
  };
}

/** `factory`'s connections, each taking turns between its transactions and its other queries. */
export function queued(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => queuedAdapter(await factory.connect()),
  };
}
