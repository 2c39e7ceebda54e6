// The request-log queries the console runs stay on indexes
// with 100,000 rows for one app. The SQL is the one Prisma actually sends
// (captured from its query log) and SQLite's EXPLAIN QUERY PLAN must show an
// index search for every filter, never a full scan of the table. (The portal
// never runs ANALYZE, so these are the plans a real database gets.) SQLite's
// planner only: skipped when the suite runs on PostgreSQL.
// The rows go into a database file of its own, migrated here: seeding them in
// one transaction holds that file's write lock for seconds on a busy machine,
// and on the suite's shared file every other test's write waited behind it.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/runtime";
import { sqlitePath } from "@/lib/config";
import { sqliteAdapter } from "@/lib/db/prisma";
import { applyMigrations } from "@/lib/db/migrate";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { hasCall, listRequests, type RequestFilters } from "@/lib/activity/requests";
import { ownDb } from "../helpers/own-server";

const N = 100_000;
const onSqlite = config.dialect === "sqlite";
const queries: { query: string; params: string }[] = [];
/** A client that reports the SQL it sends. */
const clientOn = (url: string) => new PrismaClient({ adapter: sqliteAdapter(url), log: [{ emit: "event", level: "query" }] });
let client: ReturnType<typeof clientOn>;
let raw: Database.Database;
const appId = "app_scale";

beforeAll(async () => {
  if (!onSqlite) return;
  const { url } = await ownDb("request_log_scale");
  await applyMigrations(url);
  client = clientOn(url);
  client.$on("query", (e) => queries.push({ query: e.query, params: e.params }));
  await client.user.create({ data: { id: "usr_scale", email: "scale@example.com", passwordHash: "-" } });
  await client.team.create({ data: { id: "team_scale", name: "scale@example.com", personalOf: "usr_scale", members: { create: { userId: "usr_scale", role: "owner" } } } });
  await client.app.create({ data: { id: appId, name: "Scale", teamId: "team_scale", signingSecret: "-" } });
  raw = new Database(sqlitePath(url));
  const insert = raw.prepare(`INSERT INTO "RequestLog" ("requestId","appId","via","method","path","operationId","status","scenarioKey","durationMs","requestHeaders","responseHeaders","responseBody","createdAt")
    VALUES (?,?,'http','POST','/collect/v1/push',?,?,?,50,'{}','{}','{}',?)`);
  raw.transaction(() => {
    for (let i = 0; i < N; i++) {
      const status = i % 20 === 0 ? 429 : i % 10 === 0 ? 400 : i % 97 === 0 ? 500 : 202;
      insert.run(`req_scale${i}`, appId, i % 3 ? "collect.push" : "sms.send", status, status === 202 ? "paid" : null, new Date(1e12 + i).toISOString());
    }
  })();
});

afterAll(async () => {
  if (!onSqlite) return;
  raw?.close();
  await client?.$disconnect();
});

/** The plans of the queries `listRequests` sent (a status class sends one per status). */
async function plansOf(f: RequestFilters) {
  queries.length = 0;
  const page = await listRequests(appId, f, client);
  const plans = queries.filter((x) => x.query.includes("RequestLog")).map((q) => {
    const params = JSON.parse(q.params).map((p: unknown) => (typeof p === "boolean" ? Number(p) : p));
    const plan = raw.prepare(`EXPLAIN QUERY PLAN ${q.query}`).all(...params) as { detail: string }[];
    return plan.map((p) => p.detail).join(" | ");
  });
  return { page, plans };
}

describe.skipIf(!onSqlite)("request log with 100,000 rows for one app", () => {
  const cases: [string, RequestFilters][] = [
    ["no filter", {}],
    ["status class", { status: "4xx" }],
    ["operation", { operation: "sms.send" }],
    ["scenario", { scenario: "paid" }],
    ["request id", { requestId: "req_x" }],
    ["status class, next page", { status: "5xx", before: 50_000 }],
    ["operation and scenario", { operation: "collect.push", scenario: "paid", before: 90_000 }],
  ];
  for (const [name, f] of cases) {
    it(`${name}: an index search, no full scan`, async () => {
      const { plans } = await plansOf(f);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        // seq is the rowid: a range on it is a search too (the keyset itself).
        expect(plan).toMatch(/SEARCH .*RequestLog USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY)/);
        expect(plan).not.toMatch(/SCAN .*RequestLog(?! USING)/);
      }
      // A status class is read status by status: no sort of the whole class.
      if (f.status) expect(plans.join(" ")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    });
  }

  it("whether a status class has a call is one index search, not a count of the class", async () => {
    queries.length = 0;
    expect(await hasCall(appId, "2xx", client)).toBe(true);
    expect(await hasCall(appId, "4xx", client)).toBe(true);
    for (const q of queries.filter((x) => x.query.includes("RequestLog"))) {
      const params = JSON.parse(q.params).map((p: unknown) => (typeof p === "boolean" ? Number(p) : p));
      const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${q.query}`).all(...params) as { detail: string }[]).map((p) => p.detail).join(" | ");
      expect(plan).toMatch(/SEARCH .*RequestLog USING COVERING INDEX/);
      expect(q.query).not.toMatch(/COUNT|GROUP BY|ORDER BY/i);
    }
  });

  it("pages are newest first, filtered, and chain by seq", async () => {
    const a = await listRequests(appId, { status: "4xx" }, client);
    expect(a.items).toHaveLength(50);
    expect(a.items.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    const seqs = a.items.map((r) => r.seq);
    expect([...seqs].sort((x, y) => y - x)).toEqual(seqs);
    const b = await listRequests(appId, { status: "4xx", before: a.nextBefore! }, client);
    expect(b.items[0]!.seq).toBeLessThan(seqs.at(-1)!);
    expect(b.items[0]!.seq).toBe(seqs.at(-1)! - 10); // every 10th row is a 4xx
    // Two statuses of the class, read status by status, come back merged in seq order.
    expect(seqs.slice(0, 4).map((q) => a.items.find((r) => r.seq === q)!.status).sort()).toEqual([400, 400, 429, 429]);
    expect(seqs.every((q, i) => i === 0 || seqs[i - 1]! - q === 10)).toBe(true);
    expect(a.total).toBe(N / 10);
  });
});
