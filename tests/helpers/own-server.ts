// A second server on a database of its own (durability and bound tests), set
// up through the operator command line against that database.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { sqliteAdapter } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { removeDb, startServer, type RunningServer } from "./server";

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

/** A user, an app subscribed to Payments with a raised limit, and a token, on `server`'s database. */
export async function setUpApp(dbUrl: string, server: RunningServer) {
  const email = `d-${randomBase62(8).toLowerCase()}@example.com`;
  cliOn(dbUrl, server.origin, "user", "create", "--email", email, "--password", "long enough pw");
  const { appId } = cliOn(dbUrl, server.origin, "app", "create", "--owner", email, "--name", "Own");
  cliOn(dbUrl, server.origin, "subscribe", "--app", appId, "--group", "Payments");
  cliOn(dbUrl, server.origin, "app", "limit", "--app", appId, "--per-minute", "10000");
  const { consumerKey, consumerSecret } = cliOn(dbUrl, server.origin, "key", "create", "--app", appId);
  const r = await fetch(`${server.origin}/sandbox/oauth/v1/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const { access_token } = (await r.json()) as { access_token: string };
  return { appId, token: access_token };
}

export function clientFor(url: string) {
  return new PrismaClient({ adapter: sqliteAdapter(url) });
}

export { startServer };
