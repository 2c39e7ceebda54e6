// The callback network policy on a hosted portal (PUBLIC_URL not loopback):
// loopback spellings, private and metadata addresses are refused with the reason
// recorded, nothing reaches the (loopback) receiver, and the app's own inspector
// address is delivered in-process. Only loopback traffic leaves the test.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ownDb, startServer } from "../helpers/own-server";
import { ownerView, type OwnerView } from "../helpers/owner-view";
import { bareApp, setUpApp } from "../helpers/operator";
import { holdNextMinute, letClocksRun } from "../helpers/window";
import { requestFrom } from "../helpers/from-address";
import { startReceiver, type Receiver } from "../helpers/receiver";
import type { RunningServer } from "../helpers/server";

const PUBLIC_URL = "https://sandbox.example.test";
let server: RunningServer;
let receiver: Receiver;
let dbUrl: string;
let app: { appId: string; token: string; email: string };
let owner: OwnerView;

beforeAll(async () => {
  const db = await ownDb("hosted");
  dbUrl = db.url;
  server = await startServer({ databaseUrl: db.url, env: { PUBLIC_URL, INBOX_BYTES_LIMIT: "4000" }, testClock: true });
  receiver = await startReceiver();
  app = await setUpApp(db.url, server.origin);
  owner = await ownerView({ appId: app.appId, user: app }, "long enough pw", server.origin);
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});
// a count held in its minute (holdNextMinute) lets the clock run again for the next test
afterEach(() => letClocksRun(server.origin));

async function push(callbackUrl: string): Promise<string> {
  const r = await fetch(`${server.origin}/sandbox/collect/v1/push`, {
    method: "POST",
    headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
    body: JSON.stringify({ shortCode: "1", amount: 2, currency: "KES", phoneNumber: "254712345678", reference: `H-${Math.random()}`, callbackUrl }),
  });
  expect(r.status).toBe(202);
  return ((await r.json()) as { checkoutId: string }).checkoutId;
}

/** The push's callback with its attempts once settled, as the app's owner reads it in the console. */
async function settled(checkoutId: string) {
  return vi.waitFor(async () => {
    const [found] = await owner.deliveries({ q: checkoutId });
    if (!found || found.state === "SCHEDULED" || found.state === "SENDING") throw new Error(`delivery of ${checkoutId} not settled`);
    return owner.delivery(found.id);
  }, { timeout: 15_000, interval: 100 });
}


describe("hosted: callbacks go to public addresses only", () => {
  it("refuses every loopback spelling, private, link-local and metadata addresses, and says why", async () => {
    const port = new URL(receiver.url).port;
    const targets: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/a`, /loopback/],
      [`http://127.1:${port}/b`, /loopback/],
      [`http://0x7f000001:${port}/c`, /loopback/],
      [`http://2130706433:${port}/d`, /loopback/],
      [`http://[::ffff:127.0.0.1]:${port}/e`, /IPv4-mapped/],
      [`http://0.0.0.0:${port}/f`, /unspecified/],
      [`http://localhost:${port}/g`, /loopback/],
      [`http://[::1]:${port}/h`, /loopback/],
      ["http://169.254.169.254/latest/meta-data/", /link-local/],
      ["http://10.0.0.1/", /private/],
      ["http://100.64.1.1/", /shared/],
      ["http://[fd00::1]/", /unique-local/],
      [`http://user:pw@127.0.0.1:${port}/i`, /credentials/],
      [`${server.origin}/sandbox/oauth/v1/token`, /loopback/],
    ];
    const ids = await Promise.all(targets.map(([url]) => push(url)));
    for (let i = 0; i < targets.length; i++) {
      const d = await settled(ids[i]!);
      expect(d.state, targets[i]![0]).toBe("FAILED");
      expect(d.lastError, targets[i]![0]).toMatch(/^refused by the callback network policy/);
      expect(d.lastError, targets[i]![0]).toMatch(targets[i]![1]);
      expect(d.attemptLog[0]!.responseBody).toBeNull();
    }
    // every one settled as refused before a post: none reached the receiver
    expect(receiver.received).toHaveLength(0);
  });

  it("the app's own inspector address is delivered in-process", async () => {
    const id = await push(`${PUBLIC_URL}/inspect/${app.appId}`);
    const d = await settled(id);
    expect(d).toMatchObject({ state: "DELIVERED", lastStatus: 200 });
    const inbox = await owner.inbox();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.headers["x-svc-delivery"]).toBe(d.id);
    expect(JSON.parse(inbox[0]!.body).checkoutId).toBe(id);
  });
});

describe("inspector bounds", () => {
  it("POSTs per app per minute are limited (429) on a server with INSPECT_PER_MINUTE", async () => {
    // this server runs with the default (120 a minute): 120 go in, the 121st is refused
    const other = await bareApp(dbUrl, server.origin);
    await holdNextMinute(server.origin);
    // from four addresses, each under its own limit (INSPECT_PER_ADDRESS_PER_MINUTE, 60); the 120 at once
    const post = (i: number) => requestFrom(`127.0.61.${(i % 4) + 1}`, `${server.origin}/inspect/${other.appId}`, { method: "POST", body: `n${i}` });
    const statuses = (await Promise.all(Array.from({ length: 120 }, (_, i) => post(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await post(120)).status).toBe(429);
  }, 180_000);
});

describe("inspector byte quota", () => {
  it("keeps the newest entries within INBOX_BYTES_LIMIT bytes per app", async () => {
    const other = await bareApp(dbUrl, server.origin);
    for (const c of ["a", "b", "c"]) {
      expect((await requestFrom("127.0.62.1", `${server.origin}/inspect/${other.appId}`, { method: "POST", body: c.repeat(1500) })).status).toBe(200);
    }
    const inbox = await (await ownerView({ appId: other.appId, user: other }, "long enough pw", server.origin)).inbox();
    expect(inbox.map((e) => e.body[0])).toEqual(["b", "c"]);
    // what an entry counts against the quota (lib/inspector receiveInspection): body, headers as stored, method
    const bytes = (e: { body: string; headers: object; method: string }) => Buffer.byteLength(e.body) + Buffer.byteLength(JSON.stringify(e.headers)) + e.method.length;
    expect(inbox.reduce((n, e) => n + bytes(e), 0)).toBeLessThanOrEqual(4000);
  }, 180_000);
});
