// A second server on a database of its own (durability and bound tests), set
// up through the operator command line against that database (./operator.ts).
import path from "node:path";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { sqliteAdapter } from "@/lib/db/client";
import { removeDb, startServer } from "./server";


const root = path.resolve(import.meta.dirname, "..", "..");

export function ownDb(name: string) {
  const file = path.join(root, "data", `test-${name}.db`);
  removeDb(file);
  return { file, url: `file:${file}` };
}

export function clientFor(url: string) {
  return new PrismaClient({ adapter: sqliteAdapter(url) });
}

export { startServer };
