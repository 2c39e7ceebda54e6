// The teams migration on a database the previous release made: built from the
// migrations committed before teams (up to PREVIOUS_RELEASE), filled through
// that schema's SQL with two accounts' apps, a throwaway sandbox, key pairs, an
// access token, subscriptions, logged calls, callbacks with their attempts and
// an inbox entry; then a server of this release starts on it (it migrates at
// start) and everything is read back through the console's routes and the
// gateway, as the accounts use them. On SQLite, and on PostgreSQL when the
// suite runs there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dialectOf, sqlitePath } from "@/lib/config";
import { hashPassword, sha256 } from "@/lib/crypto";
import { committed, engineFor, sqliteUpToDate, TARGETS } from "@/lib/db/migrate";
import { signInOverHttp } from "../helpers/from-address";
import { accessToken } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { ownerView } from "../helpers/owner-view";
import { collectBody, http } from "../helpers/apps";
import type { RunningServer } from "../helpers/server";

/** The last migration of the release before teams. */
const PREVIOUS_RELEASE = "20261128000453_request_log_phone";
const PASSWORD = "an old release's password";

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

/** A database at the previous release's schema: its migrations copied to a folder of their own and applied. */
async function previousRelease(url: string) {
  const t = TARGETS[dialectOf(url)];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "previous-release-"));
  try {
    fs.copyFileSync(path.join(t.migrationsDir, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
    const names = committed(t.migrationsDir).filter((name) => name <= PREVIOUS_RELEASE);
    expect(names.at(-1)).toBe(PREVIOUS_RELEASE);
    for (const name of names) fs.cpSync(path.join(t.migrationsDir, name), path.join(dir, name), { recursive: true });
    if (dialectOf(url) === "sqlite") sqliteUpToDate(url); // the file as the server makes it (WAL, auto-vacuum)
    const engine = await engineFor(url);
    try {
      expect(await engine.applyMigrations(dir)).toEqual(names);
    } finally {
      await engine.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs statements on the database, as the previous release's SQL. */
async function runSql(url: string, statements: string[]) {
  if (dialectOf(url) === "sqlite") {
    const conn = new Database(sqlitePath(url));
    try {
      conn.transaction(() => {
        for (const s of statements) conn.prepare(s).run();
      })();
    } finally {
      conn.close();
    }
    return;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("BEGIN");
    for (const s of statements) await c.query(s);
    await c.query("COMMIT");
  } finally {
    await c.end();
  }
}

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`);
const row = (table: string, values: Record<string, string | number | null>) =>
  `INSERT INTO "${table}" (${Object.keys(values).map((k) => `"${k}"`).join(", ")}) VALUES (${Object.values(values).map(q).join(", ")})`;

describe("the teams migration on the previous release's database", () => {
  it("gives every account a team of its own and moves its apps there with everything they had", async () => {
    const db = await ownDb("teams_migration", { empty: true });
    await previousRelease(db.url);

    const at = "2026-11-27T10:00:00.000Z";
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const ada = { id: "usr_adaAdaAdaAdaAdaAdaAda01", email: "ada-migrated@example.com" };
    const bob = { id: "usr_bobBobBobBobBobBobBob01", email: "bob-migrated@example.com" };
    const idle = { id: "usr_idleIdleIdleIdleIdle01", email: "idle-migrated@example.com" };
    const app = { id: "app_migratedMigrated0001", secret: "whsec_b2xkIHJlbGVhc2UncyBzaWduaW5nIHNlY3JldA==" };
    const child = "app_migratedSandbox00001";
    const bobApp = "app_migratedBobsApp00001";
    const key = { id: "key_migratedKey000000001", consumerKey: "ck_migrated_0001", consumerSecret: "cs_migrated_secret_0001" };
    const token = "old-release-access-token-0001";
    const passwordHash = await hashPassword(PASSWORD, 10);
    const appRow = (id: string, ownerId: string, name: string, extra: Record<string, string | null> = {}) =>
      row("App", { id, name, ownerId, callbackUrl: null, signingSecret: id === app.id ? app.secret : `whsec_${id}`, perMinute: 60, createdAt: at, ...extra });
    await runSql(db.url, [
      ...[ada, bob, idle].map((u) => row("User", { id: u.id, email: u.email, passwordHash, createdAt: at })),
      appRow(app.id, ada.id, "Old shop"),
      appRow(child, ada.id, "Old sandbox", { parentAppId: app.id, expiresAt: later }),
      appRow(bobApp, bob.id, "Bob's app"),
      row("KeyPair", { id: key.id, appId: app.id, consumerKey: key.consumerKey, secretHash: sha256(key.consumerSecret), label: "server", createdAt: at }),
      row("AccessToken", { tokenHash: sha256(token), keyPairId: key.id, appId: app.id, createdAt: at, expiresAt: later }),
      row("Subscription", { appId: app.id, group: "Payments", status: "ACTIVE", createdAt: at }),
      row("RequestLog", {
        requestId: "req_migratedRequest00001", appId: app.id, via: "http", method: "POST", path: "/collect/v1/push", operationId: "collect.push",
        status: 202, scenarioKey: "success", durationMs: 12, requestHeaders: "{}", requestBody: '{"reference":"OLD-1"}', responseHeaders: "{}",
        responseBody: '{"status":"PENDING"}', createdAt: at,
      }),
      row("Delivery", {
        id: "dlv_migratedDelivery0001", appId: app.id, operationId: "collect.push", scenarioKey: "success", url: "http://127.0.0.1:9/cb",
        body: '{"reference":"OLD-1"}', dueAt: at, state: "FAILED", attempts: 1, lastError: "connection refused", createdAt: at,
      }),
      row("DeliveryAttempt", { deliveryId: "dlv_migratedDelivery0001", at, error: "connection refused", durationMs: 3 }),
      row("InboxEntry", { id: "inb_migratedInbox0000001", appId: app.id, method: "POST", headers: "{}", body: '{"hello":"old"}', bytes: 20, receivedAt: at }),
    ]);

    const server = await startServer({ databaseUrl: db.url });
    servers.push(server);
    const o = server.origin;

    // Ada: her apps, listed in her own team, ids kept
    const owner = await ownerView({ appId: app.id, user: { email: ada.email } }, PASSWORD, o);
    const session = (await signInOverHttp(o, ada.email, PASSWORD)).session!;
    const get = (p: string, cookie = session) => http("GET", `${o}/api/console${p}`, { headers: { cookie, accept: "application/json" } });
    const apps = (await get("/apps")).body as { id: string; name: string; teamId: string }[];
    expect(apps.map((a) => [a.id, a.name])).toEqual([[app.id, "Old shop"]]);
    const teamId = apps[0]!.teamId;
    expect(teamId).toMatch(/^team_/);
    // its sandbox: the parent's team, listed under it
    expect((await owner.get("", child)).teamId).toBe(teamId);
    expect(((await owner.get("/sandboxes")) as { sandboxes: { appId: string }[] }).sandboxes.map((s) => s.appId)).toEqual([child]);
    // keys, secret, subscriptions, logs, callbacks, inbox
    expect(JSON.stringify(await owner.get("/keys"))).toContain(key.consumerKey);
    expect((await owner.get("/signing-secret")).signingSecret).toBe(app.secret);
    expect((await owner.get("/subscriptions")).find((s: { group: string }) => s.group === "Payments").status).toBe("ACTIVE");
    expect((await owner.requests()).map((r) => r.requestId)).toEqual(["req_migratedRequest00001"]);
    const delivery = await owner.delivery("dlv_migratedDelivery0001");
    expect([delivery.state, delivery.attemptLog.map((a: { error: string }) => a.error)]).toEqual(["FAILED", ["connection refused"]]);
    expect((await owner.inbox()).map((e) => e.id)).toEqual(["inb_migratedInbox0000001"]);

    // the gateway: the old token still works, and the old key pair gets a new one
    const push = (bearer: string, reference: string) =>
      http("POST", `${o}/sandbox/collect/v1/push`, { headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(collectBody({ reference })) });
    expect((await push(token, "NEW-1")).status).toBe(202);
    expect((await push(await accessToken(o, key.consumerKey, key.consumerSecret), "NEW-2")).status).toBe(202);

    // Bob: his own team, his app, none of Ada's (404)
    const bobSession = (await signInOverHttp(o, bob.email, PASSWORD)).session!;
    const bobs = (await get("/apps", bobSession)).body as { id: string; teamId: string }[];
    expect(bobs.map((a) => a.id)).toEqual([bobApp]);
    expect(bobs[0]!.teamId).not.toBe(teamId);
    expect((await get(`/apps/${app.id}`, bobSession)).status).toBe(404);
    // an account with no app: a team of its own, where a new app goes
    const idleSession = (await signInOverHttp(o, idle.email, PASSWORD)).session!;
    expect((await get("/apps", idleSession)).body).toEqual([]);
  }, 180_000);
});
