// A database outage (PostgreSQL only): the server reaches its database through
// a TCP relay the test controls. Cut, every kind of call answers 503
// SERVICE_UNAVAILABLE with Retry-After and the error body — never a 500 — and
// once the relay is back the same calls succeed again, without a restart.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LEASE_MS } from "@/lib/callbacks/dispatcher";
import { setUpApp } from "../helpers/operator";
import { startReceiver } from "../helpers/receiver";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

/** A relay to host:port that can refuse (listener closed, open connections cut) and come back on the same port. */
async function relay(host: string, port: number) {
  const open = new Set<net.Socket>();
  let listener: net.Server | null = null;
  let at = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      listener = net.createServer((client) => {
        const up = net.connect(port, host);
        for (const s of [client, up]) {
          open.add(s);
          s.on("close", () => open.delete(s));
          s.on("error", () => {});
        }
        client.pipe(up).pipe(client);
      });
      listener.listen(at, "127.0.0.1", () => {
        at = (listener!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    port: () => at,
    cut: async () => {
      // close() calls back once every connection has ended: stop listening, cut them, then wait.
      const closed = new Promise<void>((resolve) => listener!.close(() => resolve()));
      for (const s of open) s.destroy();
      await closed;
    },
    restore: start,
    close: async () => {
      const closed = new Promise<void>((resolve) => (listener?.listening ? listener.close(() => resolve()) : resolve()));
      for (const s of open) s.destroy();
      await closed;
    },
  };
}

describe.runIf(onPg())("the database goes away and comes back", () => {
  let server: RunningServer;
  let link: Awaited<ReturnType<typeof relay>>;
  let app: { appId: string; token: string };

  beforeAll(async () => {
    const db = await ownDb("outage");
    const direct = new URL(db.url);
    link = await relay(direct.hostname, Number(direct.port || 5432));
    const relayed = new URL(db.url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(link.port());
    server = await startServer({ databaseUrl: relayed.toString() });
    app = await setUpApp(db.url, server.origin);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await link?.close();
  });

  const push = (reference: string) =>
    fetch(`${server.origin}/sandbox/collect/v1/push`, {
      method: "POST",
      headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
      body: JSON.stringify({ shortCode: "1", amount: 2, currency: "KES", phoneNumber: "254712345678", reference, callbackUrl: `${server.origin}/inspect/${app.appId}` }),
    });

  it("answers 503 with Retry-After while it is away, then serves again", async () => {
    expect((await push("OUT-0")).status).toBe(202);
    await link.cut();

    const calls: [string, () => Promise<Response>][] = [
      ["push", () => push("OUT-1")],
      ["status", () => fetch(`${server.origin}/sandbox/collect/v1/status/ws_CO_1`, { headers: { authorization: `Bearer ${app.token}` } })],
      ["developer endpoint", () => fetch(`${server.origin}/sandbox/dev/v1/settings`, { headers: { authorization: `Bearer ${app.token}` } })],
      ["token", () => fetch(`${server.origin}/sandbox/oauth/v1/token`, { method: "POST", headers: { authorization: `Basic ${Buffer.from("k:s").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" })],
      ["inspector", () => fetch(`${server.origin}/inspect/${app.appId}`, { method: "POST", body: "{}" })],
    ];
    for (const [what, call] of calls) {
      const r = await call();
      const body = (await r.json()) as { error: string; requestId: string };
      expect([what, r.status, body.error], what).toEqual([what, 503, "SERVICE_UNAVAILABLE"]);
      expect(Number(r.headers.get("retry-after")), what).toBeGreaterThan(0);
      expect(body.requestId, what).toMatch(/^req_/);
    }

    // What a load balancer and Prometheus see meanwhile: not ready (with Retry-After), still alive, the database down.
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await ready.json()) as { message: string }).message).toContain("the database did not answer");
    expect((await fetch(`${server.origin}/livez`)).status).toBe(200);
    expect(await (await fetch(`${server.origin}/metrics`)).text()).toMatch(/^svc_db_up 0$/m);

    await link.restore();
    await vi.waitFor(async () => expect((await fetch(`${server.origin}/readyz`)).status).toBe(200), { timeout: 30_000, interval: 500 });
    expect(await (await fetch(`${server.origin}/metrics`)).text()).toMatch(/^svc_db_up 1$/m);
    const seen: number[] = [];
    await vi.waitFor(async () => {
      seen.push((await push(`OUT-2-${Date.now()}`)).status);
      expect(seen.at(-1)).toBe(202);
    }, { timeout: 30_000, interval: 500 });
    expect(seen.slice(0, -1).every((s) => s === 503)).toBe(true); // on its way back: still the retryable answer, never a 500
  }, 90_000);

  it("a callback answered while the database is away is recorded once it is back, and not posted again", async () => {
    // The receiver cuts the database as the callback arrives and restores it 1.5 s
    // later: the dispatcher's record of the answer fails, then succeeds on a later try.
    const receiver = await startReceiver(() => {
      void link.cut().then(() => setTimeout(() => void link.restore(), 1_500));
      return { status: 200, delayMs: 100 };
    });
    try {
      expect((await fetch(`${server.origin}/sandbox/collect/v1/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
        body: JSON.stringify({ shortCode: "1", amount: 2, currency: "KES", phoneNumber: "254712345678", reference: "OUT-REC", callbackUrl: `${receiver.url}/cb` }),
      })).status).toBe(202);
      await receiver.waitFor(1);
      // Past the lease: a lost record would have the callback posted again by now.
      await new Promise((r) => setTimeout(r, LEASE_MS + 3_000));
      expect(receiver.received).toHaveLength(1);
      const r = await fetch(`${server.origin}/sandbox/dev/v1/callbacks/wait?reference=OUT-REC&timeout=5`, { headers: { authorization: `Bearer ${app.token}` } });
      const waited = (await r.json()) as { status: string; delivery: { state: string; attempts: number }; attempt: { status: number } };
      expect([r.status, waited.status, waited.delivery.state, waited.delivery.attempts, waited.attempt.status]).toEqual([200, "ATTEMPTED", "DELIVERED", 1, 200]);
    } finally {
      receiver.respond = () => ({ status: 200 });
      await receiver.close();
    }
  }, 90_000);
});
