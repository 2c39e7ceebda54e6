// A throwaway sandbox's end (lib/services/sandbox-life.ts) on a server of its
// own that runs on a test clock (TEST_CLOCK=1, lib/clock.ts): the test moves
// the server's clock to the end instead of sleeping to it. Its token works
// until then and is refused from then on, its keys and inspector with it;
// a callback due after the end is never sent; the sweeper (its round on the
// same clock) deletes its rows. What the developer tools stamp (an inspector
// entry, a relay report) carries the server's time too. The clock's control
// exists only on such a server: the suite's server, started normally, answers
// 404 there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "@/lib/config";
import { appRowsLeft } from "../helpers/app-rows";
import { clientFor, ownDb, startServer } from "../helpers/own-server";
import { accessToken, OWN_PASSWORD, requestToken, setUpApp } from "../helpers/operator";
import { ownerView } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, origin as suiteOrigin } from "../helpers/apps";
import { advanceClock, type RunningServer } from "../helpers/server";

const SWEEP_MS = 600_000; // the sweeper's round: it runs when the test moves the clock there, not before
let url = "";
let db: PrismaClient;
let server: RunningServer;
let receiver: Receiver;
let parent: { appId: string; token: string; email: string };

beforeAll(async () => {
  url = (await ownDb("sandbox_end")).url;
  server = await startServer({
    databaseUrl: url,
    testClock: true,
    env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "svc-end-")), AUTH_SECRET: "end-test-secret-end-test-secret-end", SANDBOX_SWEEP_MS: String(SWEEP_MS) },
  });
  db = clientFor(url);
  receiver = await startReceiver();
  parent = await setUpApp(url, server.origin);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await db?.$disconnect();
});

const call = async (token: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.origin}/sandbox${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};

/** Every row the sandbox left, in every table of an app, in one statement (the sweeper must leave none). */
const rowsOf = (appId: string) => appRowsLeft(db, dialectOf(url), appId);

describe("a throwaway sandbox's end on the server's clock", () => {
  it("a 60 s sandbox: its token works until its end and is refused from then on; a callback due after is never sent; the sweeper's round deletes its rows", async () => {
    // A minute, not the shortest (10 s): the server's clock runs on in real time, and the rows below took
    // seconds to write on a loaded machine; the test moves the clock to a second before the end, then to it.
    const made = await call(parent.token, "POST", "/dev/v1/sandboxes", { ttlSeconds: 60 });
    expect(made.status).toBe(201);
    const child = made.body as { appId: string; consumerKey: string; consumerSecret: string; inspectorUrl: string; expiresAt: string };
    const end = Date.parse(child.expiresAt);
    const token = await accessToken(server.origin, child.consumerKey, child.consumerSecret);
    const scale0 = { "x-svc-time-scale": "0" };
    // rows in every table: a callback with its attempt, a resource, the log, an inbox entry, a rate window
    expect((await call(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: receiver.url }), scale0)).status).toBe(202);
    await receiver.waitFor(1);
    expect((await fetch(child.inspectorUrl, { method: "POST", body: '{"hello":1}' })).status).toBe(200);
    // a callback due 90 s after the push (a fault delays it), after the end: never sent
    expect((await call(token, "PATCH", "/dev/v1/settings", { callbackFaults: { extraDelayMs: 90_000 } })).status).toBe(200);
    const late = await call(token, "POST", "/collect/v1/push", collectBody({ callbackUrl: receiver.url }), scale0);
    expect(late.status).toBe(202);
    const lateDue = (await advanceClock(server.origin, 0)) + 90_000;
    expect(await rowsOf(child.appId)).toBeGreaterThanOrEqual(10);

    // a second before its end, on the server's clock: it works
    await advanceClock(server.origin, end - 1000);
    expect((await call(token, "GET", "/collect/v1/push/chk_1")).status).toBe(200);
    // at its end: refused for its end (the sweeper's round is minutes away, so the token is still there)
    await advanceClock(server.origin, end);
    const refused = await call(token, "GET", "/collect/v1/push/chk_1");
    expect([refused.status, refused.body.error]).toEqual([401, "INVALID_TOKEN"]);
    expect(refused.body.message).toContain(`the throwaway sandbox ${child.appId} ended at`);
    expect(((await (await requestToken(server.origin, child.consumerKey, child.consumerSecret)).json()) as { error: string }).error).toBe("INVALID_CLIENT");
    expect((await fetch(child.inspectorUrl, { method: "POST", body: "{}" })).status).toBe(404);
    expect((await call(parent.token, "GET", "/dev/v1/sandboxes")).body.sandboxes).toEqual([]);

    // the late callback's due time passes: the dispatcher wakes and marks it not sent (one read of its row:
    // no route shows an ended sandbox, lib/services/sandbox-life.ts liveApps)
    await advanceClock(server.origin, lateDue + 1000);
    await vi.waitFor(async () => expect((await db.delivery.findMany({ where: { appId: child.appId }, select: { state: true } })).map((d) => d.state).sort()).toEqual(["DELIVERED", "NOT_SENT"]), { timeout: 20_000, interval: 100 });
    // the sweeper's round comes: every row goes
    await advanceClock(server.origin, end + SWEEP_MS + 1000);
    await vi.waitFor(async () => expect(await rowsOf(child.appId)).toBe(0), { timeout: 30_000, interval: 200 });
    expect(receiver.received).toHaveLength(1);
    expect(server.log()).not.toContain("sweep failed");
  });

  it("the clock's control answers loopback with the new time, refuses a step that is not a whole number of milliseconds, holds the clock and lets it run, and does not exist on a normal start", async () => {
    const before = await advanceClock(server.origin, 0);
    const r = await fetch(`${server.origin}/__clock/advance?ms=2500`, { method: "POST" });
    expect(r.status).toBe(200);
    expect(Date.parse(((await r.json()) as { now: string }).now)).toBeGreaterThanOrEqual(before + 2500);
    for (const ms of ["-1", "1.5", "x", "", "86400001"]) {
      const bad = await fetch(`${server.origin}/__clock/advance?ms=${ms}`, { method: "POST" });
      expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, "VALIDATION_ERROR"]);
    }
    expect((await fetch(`${server.origin}/__clock/advance?ms=1`)).status).toBe(405);
    const badHold = await fetch(`${server.origin}/__clock/advance?ms=0&hold=yes`, { method: "POST" });
    expect([badHold.status, ((await badHold.json()) as { error: string }).error]).toEqual([400, "VALIDATION_ERROR"]);
    // held, the clock reads the same until moved; let run, it goes on from there
    const held = await advanceClock(server.origin, 0, { hold: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(await advanceClock(server.origin, 0)).toBe(held);
    expect(await advanceClock(server.origin, held + 1000)).toBe(held + 1000);
    await advanceClock(server.origin, 0, { hold: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(await advanceClock(server.origin, 0)).toBeGreaterThan(held + 1000);
    // the suite's server was started without TEST_CLOCK
    const normal = await fetch(`${suiteOrigin()}/__clock/advance?ms=1000`, { method: "POST" });
    expect(normal.status).toBe(404);
  });
});

describe("what the developer tools stamp, on the server's clock", () => {
  it("an inspector entry and a listener's relay report carry the server's time, not the wall clock's", async () => {
    // 20 minutes ahead of the wall clock (the parent's token lives an hour)
    const at = await advanceClock(server.origin, Date.now() + 20 * 60_000);
    const posted = await fetch(`${server.origin}/inspect/${parent.appId}`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"stamped":"by the clock"}' });
    expect(posted.status).toBe(200);
    const owner = await ownerView({ appId: parent.appId, user: { email: parent.email } }, OWN_PASSWORD, server.origin);
    const entry = (await owner.inbox()).find((e: { body: string }) => e.body.includes("by the clock"));
    expect(Date.parse(entry.receivedAt)).toBeGreaterThanOrEqual(at);
    const relay = await call(parent.token, "POST", "/dev/v1/inbox/relays", { listener: "me", target: "http://localhost:8080/cb", inboxEntryId: entry.id, status: 200, durationMs: 3 });
    expect(relay.status).toBe(201);
    expect(Date.parse(relay.body.at)).toBeGreaterThanOrEqual(at);
  });
});
