// The one Prisma client of the process (SQLite through better-sqlite3).
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { config, sqlitePath } from "@/lib/config";
import { secureDbFile } from "./files";

export function sqliteAdapter(url = config.databaseUrl) {
  const file = sqlitePath(url);
  secureDbFile(file);
  // timeout: how long a writer waits for another process's lock (the CLI and
  // the server share the file).
  return new PrismaBetterSqlite3({ url: file, timeout: 5000 });
}

function create(): PrismaClient {
  return new PrismaClient({ adapter: sqliteAdapter() });
}

const g = globalThis as unknown as { __svcPrisma?: PrismaClient };
/** Shared across module copies (our server and Next's route bundles load their own). */
export const db: PrismaClient = (g.__svcPrisma ??= create());
export type Db = PrismaClient;
