// The one Prisma client of the process: SQLite through better-sqlite3, or
// PostgreSQL through `pg`, as DATABASE_URL says (lib/config.ts `dialectOf`).
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PgPrismaClient } from "@/lib/generated/prisma-pg/client";
import { dialectOf, sqlitePath } from "@/lib/config";
import { config, part, runtime } from "@/lib/runtime";
import { secureDbFile } from "./files";
import { queued } from "./queued-sqlite";
import { turnsFor } from "./turns";
import { withoutNul } from "./pg";

export function sqliteAdapter(url = config.databaseUrl) {
  const file = sqlitePath(url);
  secureDbFile(file);
  // timeout: how long a writer waits for another process's lock (the CLI and
  // the server share the file).
  return new PrismaBetterSqlite3({ url: file, timeout: 5000 });
}

/** Prisma's own pool on PostgreSQL: the console, the CLI and the services are light. */
const PRISMA_PG_POOL = 4;

/**
 * How long an interactive transaction may wait for its turn (a connection of the pool on PostgreSQL,
 * the process's one connection on SQLite: queued-sqlite.ts) and then run (a row lock it waits for
 * counts here: a burst of requests at a cap queues on one row). Prisma's defaults (2 and 5 s) turn a
 * queue on a busy machine into failed requests (P2028, tests/store/transactions.test.ts). The one
 * place for it: no call passes its own.
 */
const TRANSACTIONS = { maxWait: 15_000, timeout: 15_000 };

/**
 * A client for the database at `url`. Both generated clients come from the
 * same models (prisma/postgresql/schema.prisma is derived from
 * prisma/schema.prisma), so they share one type.
 */
export function clientFor(url = config.databaseUrl): PrismaClient {
  if (dialectOf(url) === "postgresql") {
    const adapter = new PrismaPg({ connectionString: url, max: PRISMA_PG_POOL });
    const client = new PgPrismaClient({ adapter, transactionOptions: TRANSACTIONS }).$extends({
      query: { $allModels: { $allOperations: ({ args, query }) => query(withoutNul(args)) } },
    });
    return client as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: queued(sqliteAdapter(url), turnsFor(sqlitePath(url))), transactionOptions: TRANSACTIONS });
}

const PRISMA = part<PrismaClient>("prisma");

/**
 * The current portal's client (lib/runtime.ts): a part of its runtime, so shared across module
 * copies (our server and Next's route bundles load their own) and one per portal. `db` stands for
 * it: each use reads the current runtime's, made on first use.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, key) {
    const client = runtime().of(PRISMA, () => clientFor());
    const value = Reflect.get(client, key, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
export type Db = PrismaClient;

/** Disconnects the current portal's client, if it made one (a portal's close: server/shutdown.ts); a later use makes a new one. */
export async function disconnectDb(): Promise<void> {
  const rt = runtime();
  const client = rt.get(PRISMA);
  rt.set(PRISMA, undefined);
  await client?.$disconnect();
}
