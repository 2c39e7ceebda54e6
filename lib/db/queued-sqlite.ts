// Prisma's better-sqlite3 adapter runs every query of the process on one
// connection, and an interactive transaction (BEGIN, then statements across
// awaits, then COMMIT) keeps that connection's transaction open while other
// requests go on. Their queries would run inside it: rolled back with it when
// it throws (a CONFLICT at a cap). The adapter here takes turns, in the file's
// one queue (./turns.ts, shared with the hot path's group commit): while a
// transaction is open, the process's other queries and writes wait for its end,
// as they wait for a row lock on PostgreSQL; between transactions they run as
// before, one at a time. Another process's commit (the command line's) between
// a transaction's first read and its first write still makes that write fail
// (SQLITE_BUSY_SNAPSHOT): the command line runs its command again (lib/cli/main.ts).
// Beginning IMMEDIATE would avoid it at the cost of every transaction, reads
// included, holding the lock, and of this thread blocking while the command
// line holds it.
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import type { Turns } from "./turns";

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

function queuedAdapter(inner: SqlDriverAdapter, turns: Turns): SqlDriverAdapter {
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

/** `factory`'s connections, taking `turns` (the file's, ./turns.ts) for their transactions and their other queries. */
export function queued(factory: SqlDriverAdapterFactory, turns: Turns): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => queuedAdapter(await factory.connect(), turns),
  };
}
