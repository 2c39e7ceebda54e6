// What only the server's database can show, read there in one statement each
// (every other integration file asserts through the API, the console's JSON
// routes and the developer endpoints, as users read them): key secrets, tokens,
// throttle keys and passkey challenges are stored only as hashes; try-it stores nothing; an ended
// sandbox and a deleted app's sandboxes leave no row in any of an app's tables
// (tests/helpers/app-rows.ts); the SQLite file reclaims freed pages. Runs on
// SQLite and, with TEST_PG_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { operations } from "@/lib/catalog";
import { sha256 } from "@/lib/crypto";
import { db } from "@/lib/db/prisma";
import { exampleBody } from "@/lib/docs/doc-examples";
import { randomBase62 } from "@/lib/ids";
import { deleteApp } from "@/lib/services/apps";
import { throttleKey } from "@/lib/throttle";
import { appRowsLeft } from "../helpers/app-rows";
import { requestFrom } from "../helpers/from-address";
import { tokenRequest } from "../helpers/operator";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { newApp, newSandbox, origin } from "../helpers/apps";
import { tryIt } from "../helpers/tryit";
import { onPg } from "../helpers/test-db";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** The rows of every table of an app (its own, APP_TABLES', its callbacks' attempts) that `appId` still has. */
const rowsLeft = (appId: string) => appRowsLeft(db, onPg() ? "postgresql" : "sqlite", appId);

describe("stored only as hashes", () => {
  it("an app's key secret and tokens, and a sandbox's", async () => {
    const app = await newApp();
    const sandbox = await newSandbox(app);
    for (const [keys, token] of [[app.keys, app.token], [sandbox, sandbox.token]] as const) {
      const pair = await db.keyPair.findUniqueOrThrow({ where: { consumerKey: keys.consumerKey }, include: { tokens: { select: { tokenHash: true } } } });
      expect(pair.secretHash).not.toContain(keys.consumerSecret);
      expect(pair.secretHash).toBe(sha256(keys.consumerSecret));
      const hashes = pair.tokens.map((t) => t.tokenHash);
      expect(hashes).toContain(sha256(token));
      expect(hashes).not.toContain(token);
    }
  });

  it("throttle keys: fixed-size hashes of scope and subject, never the key that was tried", async () => {
    const { keys } = await newApp();
    const long = "k".repeat(120);
    const from = "127.0.0.61";
    for (const key of [long, keys.consumerKey]) {
      const r = await requestFrom(from, `${origin()}/sandbox/oauth/v1/token`, tokenRequest(key, "s".repeat(250)));
      expect(r.status).toBe(401);
    }
    // The token guard's places for these failures (lib/throttle.ts CredentialGuard): per account and address, per account.
    const ours = [long, keys.consumerKey].flatMap((key) => [throttleKey("token:account+address", `${key}\n${from}`), throttleKey("token:account", key)]);
    const [mine, raw] = await Promise.all([
      db.throttle.findMany({ where: { key: { in: ours } } }),
      db.throttle.count({ where: { OR: [long, keys.consumerKey, from].map((k) => ({ key: { contains: k } })) } }),
    ]);
    expect(mine.map((r) => r.key).sort()).toEqual([...ours].sort());
    for (const r of mine) expect(r.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(mine)).not.toContain(keys.consumerKey);
    expect(raw).toBe(0);
  });

  it("a passkey challenge: its SHA-256 only, with its purpose and expiry", async () => {
    const r = await requestFrom("127.0.0.62", `${origin()}/api/console/passkey-signin`, { method: "POST" });
    expect(r.status, r.text).toBe(200);
    const challenge: string = r.json.challenge;
    const [row, raw] = await Promise.all([
      db.passkeyChallenge.findUnique({ where: { challengeHash: sha256(challenge) } }),
      db.passkeyChallenge.count({ where: { challengeHash: { contains: challenge } } }),
    ]);
    expect(row).toMatchObject({ purpose: "signin", userId: null, expiresAt: expect.any(Date) });
    expect(raw).toBe(0);
  });
});

describe("try-it stores nothing", () => {
  // Try-it without an app has no owner who could read what it stored. Callbacks go out only from Delivery
  // rows (lib/callbacks/dispatcher.ts), so no Delivery row is also no callback.
  const REF = `TRY-${randomBase62(12)}`;
  // A path of this test's own: the receiver's port may have been another file's receiver's earlier in the run,
  // whose rows stay in the run's database.
  const TAG = `/at-rest-${randomBase62(12)}`;
  const callbackUrl = () => `${receiver.url}${TAG}`;
  /** Rows that carry this test's callback address or its reference: other files write meanwhile. */
  const stored = async () => {
    const [url, ref] = [`%${callbackUrl()}%`, `%${REF}%`];
    const [row] = await db.$queryRaw<{ resources: unknown; requestLogs: unknown; deliveries: unknown }[]>`
      SELECT (SELECT count(*) FROM "Resource" WHERE reference = ${REF} OR data LIKE ${url}) AS "resources",
             (SELECT count(*) FROM "RequestLog" WHERE "requestBody" LIKE ${url} OR "requestBody" LIKE ${ref}) AS "requestLogs",
             (SELECT count(*) FROM "Delivery" WHERE url LIKE ${url} OR body LIKE ${ref}) AS "deliveries"`;
    return { resources: Number(row!.resources), requestLogs: Number(row!.requestLogs), deliveries: Number(row!.deliveries) };
  };

  it("no resource, request log or delivery for any scenario of any operation, and no callback; the gateway's same call stores all three and calls back", async () => {
    for (const op of operations) {
      const example = exampleBody(op);
      const body = example && { ...example, ...("reference" in example ? { reference: REF } : {}), ...("callbackUrl" in example ? { callbackUrl: callbackUrl() } : {}) };
      // At time scale 0: a callback it scheduled would be due at once, before the gateway's below.
      for (const scenario of op.scenarios) {
        const r = await tryIt("127.0.0.62", op, body, { scenario: scenario.key, headers: { "x-svc-time-scale": "0" } });
        expect(r.status, `${op.id} ${scenario.key}: ${r.text}`).toBe(200);
      }
    }
    expect(await stored()).toEqual({ resources: 0, requestLogs: 0, deliveries: 0 });
    // The count sees what the gateway stores for the same call: a real push with this receiver's address, whose
    // callback, due after any try-it would have scheduled, is the only one the receiver gets.
    const app = await newApp({ groups: ["Payments"] });
    const push = operations.find((o) => o.id === "collect.push")!;
    const sent = await app.call("POST", "/collect/v1/push", { ...exampleBody(push), reference: REF, callbackUrl: callbackUrl() }, { "x-svc-time-scale": "0" });
    expect(sent.status).toBe(202);
    expect(await stored()).toEqual({ resources: 1, requestLogs: 1, deliveries: 1 });
    await receiver.first((r) => r.body.includes(sent.body.checkoutId));
    expect(receiver.received).toHaveLength(1);
  });
});

describe("what an end deletes", () => {
  it("a sandbox ended with DELETE, and a deleted app's sandboxes, leave no row in any of an app's tables", async () => {
    const parent = await newApp({ groups: ["Messaging"] });
    const child = await newSandbox(parent);
    // something in most of its tables: a request log row, a resource, a delivery and its attempt, an inbox entry
    const sms = await fetch(`${origin()}/sandbox/messaging/v1/sms`, {
      method: "POST",
      headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...exampleBody(operations.find((o) => o.id === "sms.send")!), callbackUrl: child.inspectorUrl }),
    });
    expect(sms.status).toBe(202);
    expect(await rowsLeft(child.appId)).toBeGreaterThan(0);
    expect((await parent.call("DELETE", `/dev/v1/sandboxes/${child.appId}`)).status).toBe(204);
    // this instance sweeps at once after a DELETE
    await vi.waitFor(async () => expect(await rowsLeft(child.appId)).toBe(0), { timeout: 15_000, interval: 100 });

    const p2 = await newApp();
    const orphan = await newSandbox(p2);
    expect(await rowsLeft(orphan.appId)).toBeGreaterThan(0);
    await deleteApp(p2.appId);
    await vi.waitFor(async () => expect([await rowsLeft(orphan.appId), await rowsLeft(p2.appId)]).toEqual([0, 0]), { timeout: 15_000, interval: 100 });
  });
});

describe.runIf(!onPg())("the SQLite file", () => {
  it("reclaims freed pages (incremental auto-vacuum)", async () => {
    const [row] = await db.$queryRawUnsafe<{ auto_vacuum: number | bigint }[]>("PRAGMA auto_vacuum");
    expect(Number(row!.auto_vacuum)).toBe(2);
  });
});
