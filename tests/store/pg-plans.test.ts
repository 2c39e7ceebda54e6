// PostgreSQL's plans for the hot path's reference checks, for an app its
// statistics do not know yet: a new app, a new throwaway CI sandbox (every app
// is one until the next ANALYZE). Beside the reference index, (appId,
// createdAt) leads with "appId" too; with statistics on "appId" the planner
// estimated such an app at one row, took that smaller index and read every
// resource of the app. The migration 20261126020234_resource_reference_index
// takes the column's statistics away. Planned for the call's values (the
// guarded commit's simple query) and as a named statement's generic plan, the
// check must read the reference index, also after an ANALYZE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, inline } from "@/lib/db/sql";
import { encode, literal, newClient } from "@/lib/db/pg";
import { CLAIM_DUE } from "@/lib/callbacks/store/pg";
import { FAILED_SETTLEMENTS, referenceTaken, referenceUsed, resource } from "@/lib/gateway/store/statements";
import { DIALECTS, freshDb, seedApp, type TestDb } from "./databases";

/** `n` resources of app `appId` with references, written in one statement. */
const fill = (appId: string, n: number) => `INSERT INTO "Resource" ("id", "appId", "operationId", "reference", "scenarioKey", "settlesAt", "data")
  SELECT '${appId}_' || g, '${appId}', 'collect.push', '${appId}-REF-' || g, 'paid', now() + interval '1 minute', '{"amount":100}'
  FROM generate_series(1, ${n}) g`;

/** The indexes a plan reads (EXPLAIN's JSON). */
function indexesOf(plan: unknown): string[] {
  const out: string[] = [];
  const walk = (n: Record<string, unknown>) => {
    if (typeof n["Index Name"] === "string") out.push(n["Index Name"]);
    if (n["Node Type"] === "Seq Scan") out.push(`Seq Scan on ${n["Relation Name"]}`);
    for (const c of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(c);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return out;
}

describe.runIf(DIALECTS.includes("postgresql"))("PostgreSQL plans a new app's reference check on the reference index", () => {
  let db: TestDb;
  let client: ReturnType<typeof newClient>;
  let fresh: string;
  beforeAll(async () => {
    db = await freshDb("postgresql", "plans");
    client = newClient(db.url);
    await client.connect();
    // Three apps the statistics know, then one they do not, with as many resources.
    for (let i = 0; i < 3; i++) await client.query(fill((await seedApp(db.prisma)).appId, 1_000));
    await client.query(`ANALYZE "Resource"`);
    fresh = (await seedApp(db.prisma)).appId;
    await client.query(fill(fresh, 3_000));
  });
  afterAll(async () => {
    await client?.end();
    await db?.close();
  });

  const values = () => ({ appId: fresh, operationId: "collect.push", reference: "REF-NOT-THERE", asOf: new Date(), ...FAILED_SETTLEMENTS });
  const explain = async (text: string, args: unknown[] = []) =>
    indexesOf((await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, args)).rows[0]!["QUERY PLAN"]);

  for (const [name, statement] of [["taken", referenceTaken], ["used", referenceUsed]] as const) {
    it(`${name}: planned for the call's values`, async () => {
      expect(await explain(inline(statement, values(), literal))).toEqual(["Resource_appId_reference_operationId_idx"]);
    });

    it(`${name}: a named statement's generic plan`, async () => {
      const c = compile(statement, "postgresql", encode);
      await client.query(`PREPARE check_${name} AS ${c.text}`);
      await client.query("SET plan_cache_mode = force_generic_plan");
      try {
        const args = (c.bind(values()) as unknown[]).map((v) => literal(v as never));
        expect(await explain(`EXECUTE check_${name}(${args.join(", ")})`)).toEqual(["Resource_appId_reference_operationId_idx"]);
      } finally {
        await client.query("RESET plan_cache_mode");
      }
    });
  }
});

// A status call's lookup of its resource by id (and app). A named statement's
// generic plan is made by its sixth run and kept: made while "Resource" was
// nearly empty (a new database, the first calls), it read an index leading
// with "appId" (smaller, so cheaper by a hair at that size) and filtered on
// the id, and kept reading every resource of the app as they grew: 1,300
// blocks a call in the bench (README "Performance", per statement), 35 ms at
// 100,000 resources. It must read the primary key whatever the table's size.
describe.runIf(DIALECTS.includes("postgresql"))("PostgreSQL plans a resource's lookup by id on its primary key", () => {
  let db: TestDb;
  let client: ReturnType<typeof newClient>;
  let appId: string;
  beforeAll(async () => {
    db = await freshDb("postgresql", "plans_id");
    client = newClient(db.url);
    await client.connect();
    appId = (await seedApp(db.prisma)).appId;
    await client.query(fill(appId, 88));
  });
  afterAll(async () => {
    await client?.end();
    await db?.close();
  });

  it("as a named statement's generic plan made while the table is small", async () => {
    const c = compile(resource, "postgresql", encode);
    await client.query(`PREPARE by_id AS ${c.text}`);
    await client.query("SET plan_cache_mode = force_generic_plan");
    try {
      const args = (c.bind({ id: `${appId}_7`, appId }) as unknown[]).map((v) => literal(v as never));
      const plan = (await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) EXECUTE by_id(${args.join(", ")})`)).rows[0]!["QUERY PLAN"];
      expect(indexesOf(plan)).toEqual(["Resource_pkey"]);
      expect((await client.query(`EXECUTE by_id(${args.join(", ")})`)).rows.map((r) => r.id)).toEqual([`${appId}_7`]);
      const other = (c.bind({ id: `${appId}_7`, appId: "another app" }) as unknown[]).map((v) => literal(v as never));
      expect((await client.query(`EXECUTE by_id(${other.join(", ")})`)).rows).toEqual([]); // another app's id is not found
    } finally {
      await client.query("RESET plan_cache_mode");
    }
  });
});

// The dispatcher's claim of due callbacks. Every claim and every settle leaves
// a dead version of its delivery until a vacuum. Planned as one bitmap scan of
// both halves of the due rule (scheduled and due, or abandoned), a claim visited
// every one of them again in the heap: about 600 blocks a claim in the bench
// (/docs/performance, per statement). Each half an index scan, the dead entries
// are marked by the first scan that meets them and skipped from then on.
describe.runIf(DIALECTS.includes("postgresql"))("PostgreSQL claims due callbacks without visiting dead versions again", () => {
  let db: TestDb;
  let client: ReturnType<typeof newClient>;
  let appId: string;
  /** Whether a claim's scan has marked the dead entries (mark). */
  let marked = false;
  const deliveries = (prefix: string, n: number) => `INSERT INTO "Delivery" ("id", "appId", "operationId", "scenarioKey", "body", "dueAt", "state")
    SELECT '${prefix}' || g, '${appId}', 'collect.push', 'paid', '{}', now() - interval '1 minute', 'SCHEDULED' FROM generate_series(1, ${n}) g`;
  beforeAll(async () => {
    db = await freshDb("postgresql", "plans_claim");
    client = newClient(db.url);
    await client.connect();
    appId = (await seedApp(db.prisma)).appId;
    // No vacuum during the test: 5,000 callbacks claimed and delivered leave two dead versions each.
    await client.query(`ALTER TABLE "Delivery" SET (autovacuum_enabled = false)`);
    await client.query(deliveries("old_", 5_000));
    await client.query(`UPDATE "Delivery" SET "state" = 'SENDING', "leaseUntil" = now() + interval '1 minute'`);
    await client.query(`UPDATE "Delivery" SET "state" = 'DELIVERED', "leaseUntil" = NULL`);
    await client.query(`ANALYZE "Delivery"`);
    // 10 new callbacks among them; a first claim's scan meets the dead entries and marks them, for both tests
    // below in whichever order they run (each tries again while it could not: mark).
    await client.query(deliveries("new_", 10));
    marked = await mark();
  });
  afterAll(async () => {
    await client?.end();
    await db?.close();
  });

  type Node = { "Node Type": string; "Index Name"?: string; "Relation Name"?: string; "Shared Hit Blocks": number; "Shared Read Blocks": number; Plans?: Node[] };
  /** Blocks the scans that find due rows read (a bitmap heap scan of "Delivery" with its index scans, or each index scan on the due index). */
  const finding = (n: Node): number =>
    n["Node Type"] === "Bitmap Heap Scan" && n["Relation Name"] === "Delivery"
      ? n["Shared Hit Blocks"] + n["Shared Read Blocks"]
      : (n["Node Type"] === "Index Scan" && n["Index Name"] === "Delivery_state_dueAt_idx" ? n["Shared Hit Blocks"] + n["Shared Read Blocks"] : 0) +
        (n.Plans ?? []).reduce((sum, c) => sum + finding(c), 0);

  /** The scans of "Delivery" a plan makes: "Index Scan on <index>", "Bitmap Heap Scan", "Seq Scan". */
  const scansOf = (n: Node): string[] => [
    ...(n["Relation Name"] === "Delivery" && /Scan$/.test(n["Node Type"]) ? [n["Index Name"] ? `${n["Node Type"]} on ${n["Index Name"]}` : n["Node Type"]] : []),
    ...(n.Plans ?? []).flatMap(scansOf),
  ];

  /** The scans that find due rows (the update's own lookup by id left out): one index scan of each half, not one bitmap scan of both. */
  const dueScans = (scans: string[]) => scans.filter((x) => x !== "Index Scan on Delivery_id_key");

  /** The claim of `limit`, run then explained (ANALYZE, BUFFERS), each in a transaction rolled back: rows claimed, the scans, blocks read finding them. */
  async function claim(limit: number): Promise<{ blocks: number; claimed: number; scans: string[] }> {
    const text = inline(CLAIM_DUE, { now: new Date(), lease: new Date(Date.now() + 60_000), limit }, literal);
    await client.query("BEGIN");
    try {
      const claimed = (await client.query(text)).rowCount ?? 0;
      await client.query("ROLLBACK");
      await client.query("BEGIN");
      const plan = (await client.query<{ "QUERY PLAN": { Plan: Node }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`)).rows[0]!["QUERY PLAN"][0]!.Plan;
      return { blocks: finding(plan), claimed, scans: scansOf(plan) };
    } finally {
      await client.query("ROLLBACK");
    }
  }

  /**
   * Whether another transaction on the server is open (any database's: one held open in the server's
   * `postgres` database was seen to keep them, PostgreSQL 15), which may keep the dead versions visible: then no scan may mark their index entries dead, and the blocks read say nothing about the
   * plan (npm test runs the other suites' PostgreSQL databases beside this one).
   */
  async function horizonHeld(): Promise<boolean> {
    const r = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (backend_xid IS NOT NULL OR backend_xmin IS NOT NULL)`);
    return r.rows[0].n > 0;
  }

  /** A claim whose scan meets the dead entries and marks them, run while no other transaction keeps them visible: whether it could. */
  async function mark(): Promise<boolean> {
    if (await horizonHeld()) return false;
    await claim(10);
    return !(await horizonHeld());
  }
  /** Before a measure: marks the dead entries if no scan could yet; whether they may still be unmarked (another transaction keeps them visible). */
  async function unmarkedBefore(): Promise<boolean> {
    marked ||= await mark();
    return !marked || (await horizonHeld());
  }

  it("10 new callbacks among 10,000 dead versions are found by an index scan of each half, in a few blocks (189 as one bitmap scan)", async (ctx) => {
    const heldBefore = await unmarkedBefore();
    const { blocks, claimed, scans } = await claim(10);
    expect(claimed).toBe(10);
    expect(dueScans(scans)).toEqual(["Index Scan on Delivery_state_dueAt_idx", "Index Scan on Delivery_state_dueAt_idx"]);
    if (heldBefore || (await horizonHeld())) ctx.annotate(`${blocks} blocks read: another transaction on the server kept the dead versions visible`);
    else expect(blocks).toBeLessThan(50);
  });

  it("the same as the named statement's generic plan", async (ctx) => {
    const c = compile(CLAIM_DUE, "postgresql", encode);
    await client.query(`PREPARE claim AS ${c.text}`);
    await client.query("SET plan_cache_mode = force_generic_plan");
    try {
      const args = (c.bind({ now: new Date(), lease: new Date(Date.now() + 60_000), limit: 10 }) as unknown[]).map((v) => literal(v as never));
      const heldBefore = await unmarkedBefore();
      await client.query("BEGIN");
      const plan = (await client.query<{ "QUERY PLAN": { Plan: Node }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE claim(${args.join(", ")})`)).rows[0]!["QUERY PLAN"][0]!.Plan;
      await client.query("ROLLBACK");
      expect(dueScans(scansOf(plan))).toEqual(["Index Scan on Delivery_state_dueAt_idx", "Index Scan on Delivery_state_dueAt_idx"]);
      if (heldBefore || (await horizonHeld())) ctx.annotate(`${finding(plan)} blocks read: another transaction on the server kept the dead versions visible`);
      else expect(finding(plan)).toBeLessThan(50);
    } finally {
      await client.query("RESET plan_cache_mode");
    }
  });
});
