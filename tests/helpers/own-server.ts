// A second server on a database of its own (durability, bound and
// multi-instance tests), set up through the operator command line against that
// database (./operator.ts). The database is a SQLite file, or a fresh
// PostgreSQL database when the suite runs on PostgreSQL (./test-db.ts).
import path from "node:path";
import { clientFor } from "@/lib/db/prisma";
import { removeDb, startServer } from "./server";
import { createPgDatabase, onPg, runPrefix } from "./test-db";

const root = path.resolve(import.meta.dirname, "..", "..");

export async function ownDb(name: string): Promise<{ url: string }> {
  if (onPg()) return { url: await createPgDatabase(`${runPrefix()}_${name}`) };
  const file = path.join(root, "data", `test-${name}.db`);
  removeDb(file);
  return { url: `file:${file}` };
}

export { clientFor, startServer };
