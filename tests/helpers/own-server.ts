// A second server on a database of its own (durability and bound tests), set
// up through the operator command line against that database.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { sqliteAdapter } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { removeDb, startServer } from "./server";
import { accessToken } from "./token";

const root = path.resolve(import.meta.dirname, "..", "..");

export function ownDb(name: string) {
  const file = path.join(root, "data", `test-${name}.db`);
  removeDb(file);
  return { file, url: `file:${file}` };
}

export function cliOn(dbUrl: string, origin: string, ...args: string[]) {
  const r = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, PUBLIC_URL: origin },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`admin ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * A user, an app subscribed to Payments with a raised limit, and a token, on the
 * database of the server at `origin` — all through the operator command line.
 */
export async function setUpApp(dbUrl: string, origin: string, perMinute = 10_000): Promise<{ appId: string; token: string }> {
  const email = `d-${randomBase62(8).toLowerCase()}@example.com`;
  cliOn(dbUrl, origin, "user", "create", "--email", email, "--password", "long enough pw");
  const { appId } = cliOn(dbUrl, origin, "app", "create", "--owner", email, "--name", "Own");
  cliOn(dbUrl, origin, "subscribe", "--app", appId, "--group", "Payments");
  cliOn(dbUrl, origin, "app", "limit", "--app", appId, "--per-minute", String(perMinute));
  const { consumerKey, consumerSecret } = cliOn(dbUrl, origin, "key", "create", "--app", appId);
  return { appId, token: await accessToken(origin, consumerKey, consumerSecret) };
}

export function clientFor(url: string) {
  return new PrismaClient({ adapter: sqliteAdapter(url) });
}

export { startServer };
