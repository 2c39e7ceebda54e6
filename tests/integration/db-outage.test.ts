// A database outage (PostgreSQL only): the server reaches its database through
// a TCP relay the test controls. Cut, every kind of call answers 503
// SERVICE_UNAVAILABLE with Retry-After and the error body — never a 500 — and
// once the relay is back the same calls succeed again, without a restart.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LEASE_MS } from "@/lib/callbacks/dispatcher";
import { consoleCall, formFields, postForm } from "../helpers/console-http";
import { type RawReply, requestFrom, setCookies, signInOverHttp } from "../helpers/from-address";
import { OWN_PASSWORD, setUpApp } from "../helpers/operator";
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
  let app: { appId: string; token: string; email: string };

  beforeAll(async () => {
    const db = await ownDb("outage");
    const direct = new URL(db.url);
    link = await relay(direct.hostname, Number(direct.port || 5432));
    const relayed = new URL(db.url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(link.port());
    server = await startServer({ databaseUrl: relayed.toString() });
    app = await setUpApp(db.url, server.origin);
  });
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
  });

  it("pages, console routes and sign-in answer 503 with Retry-After while it is away (a branded page, the error body), then serve again", async () => {
    const o = server.origin;
    const session = (await signInOverHttp(o, app.email, OWN_PASSWORD)).session!;
    expect(session).toBeTruthy();
    // What a browser holds before the outage: the forms' hidden fields, a CSRF token and its cookie.
    const forgotForm = await formFields(`${o}/forgot`);
    const signInForm = await formFields(`${o}/signin`);
    const csrf = await requestFrom("127.0.0.1", `${o}/api/auth/csrf`);
    const credentials = () =>
      requestFrom("127.0.0.1", `${o}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: setCookies(csrf).join("; "), "x-auth-return-redirect": "1" },
        body: new URLSearchParams({ csrfToken: csrf.json.csrfToken, email: app.email, password: OWN_PASSWORD, callbackUrl: `${o}/apps` }).toString(),
      });
    const pages: [string, () => Promise<RawReply>][] = [
      ["console page", () => requestFrom("127.0.0.1", `${o}/apps`, { headers: { cookie: session } })],
      ["docs signed in", () => requestFrom("127.0.0.1", `${o}/docs`, { headers: { cookie: session } })],
      ["forgot", () => requestFrom("127.0.0.1", `${o}/forgot`)],
      ["forgot's form", () => postForm(`${o}/forgot`, forgotForm, { email: app.email })],
      ["sign-in form", () => postForm(`${o}/signin`, signInForm, { email: app.email, password: OWN_PASSWORD })],
    ];
    const routes: [string, () => Promise<RawReply>][] = [
      ["console route", () => consoleCall(o, session, "GET", "/apps")],
      ["credentials callback", credentials],
      ["docs as Markdown", () => requestFrom("127.0.0.1", `${o}/llms.txt`)],
    ];

    await link.cut();
    try {
      for (const [what, call] of pages) {
        const r = await call();
        expect.soft([what, r.status, r.headers["content-type"]], what).toEqual([what, 503, "text/html; charset=utf-8"]);
        expect.soft(Number(r.headers["retry-after"]), what).toBeGreaterThan(0);
        expect.soft(r.text, what).toContain("Temporarily unavailable");
        // The request id on the page is the one in the header, to quote when reporting.
        expect.soft(r.headers["x-request-id"], what).toMatch(/^req_/);
        expect.soft(r.text, what).toContain(String(r.headers["x-request-id"]));
      }
      for (const [what, call] of routes) {
        const r = await call();
        expect.soft([what, r.status, r.json?.error], what).toEqual([what, 503, "SERVICE_UNAVAILABLE"]);
        expect.soft(Number(r.headers["retry-after"]), what).toBeGreaterThan(0);
        expect.soft(r.json.requestId, what).toBe(r.headers["x-request-id"]);
        expect.soft(r.text, what).not.toMatch(/configuration/i);
      }
      // A server action sent by the page's script: Next's client throws a text/plain 503's text as the error its boundary shows.
      const action = await requestFrom("127.0.0.1", `${o}/forgot`, { method: "POST", headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, body: "[]" });
      expect.soft([action.status, action.headers["content-type"]]).toEqual([503, "text/plain"]);
      expect.soft(Number(action.headers["retry-after"])).toBeGreaterThan(0);
      expect.soft(action.text).toContain(String(action.headers["x-request-id"]));
    } finally {
      await link.restore();
    }

    // Back: the same requests serve, without a restart.
    await vi.waitFor(async () => expect((await requestFrom("127.0.0.1", `${o}/apps`, { headers: { cookie: session } })).status).toBe(200), { timeout: 30_000, interval: 500 });
    const [apps, docs, forgot, asked, signedIn] = await Promise.all(pages.map(([, call]) => call()));
    expect([apps!.status, docs!.status, forgot!.status, asked!.status, signedIn!.status]).toEqual([200, 200, 200, 200, 303]);
    expect(asked!.text).toContain("If an account exists for that address, we sent a link to it.");
    expect((await consoleCall(o, session, "GET", "/apps")).json.map((a: { id: string }) => a.id)).toContain(app.appId);
    const again = await credentials();
    expect(setCookies(again).some((c) => c.includes("session-token=") && !c.endsWith("="))).toBe(true);
  });

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
  });
});
