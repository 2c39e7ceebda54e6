// What the vendor's operations team reads (contract, "Added 2026-11-27":
// Operable): /livez and /healthz, /readyz (draining here; the database away in
// db-outage.test.ts) and /metrics (series present, counters moving with real
// calls and callbacks, refused to a client that is not on loopback without the
// token). A portal of its own behind a trusted proxy's X-Forwarded-For with a
// metrics token; a server process of its own on a test clock that ends its drain grace.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { setUpApp } from "../helpers/operator";
import { collectBody, http, newApp, origin } from "../helpers/apps";
import { advanceClock, type ServerProcess, startServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

/** The value of one series' sample in a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? "").split(",").filter(Boolean);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

describe("liveness, readiness and metrics on the suite's server", () => {
  it("/livez, /healthz and /readyz answer 200 {ok: true}, uncached; other methods 405", async () => {
    for (const path of ["/livez", "/healthz", "/readyz"]) {
      const r = await http("GET", `${origin()}${path}`);
      expect([path, r.status, r.body]).toEqual([path, 200, { ok: true }]);
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    const post = await http("POST", `${origin()}/readyz`);
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("/metrics from loopback: every series of the contract, and the counters move with real calls and callbacks", async () => {
    const read = async () => {
      const r = await http("GET", `${origin()}/metrics`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return r.text;
    };
    // A request counted before the first read (this test's own, whatever ran before it): a labelled series shows once it has a sample.
    expect((await http("GET", `${origin()}/livez`)).status).toBe(200);
    const before = await read();
    for (const name of ["svc_http_requests_total", "svc_http_request_duration_seconds_bucket", "svc_callbacks_total", "svc_callback_lag_seconds_bucket",
      "svc_dispatcher_oldest_due_seconds", "svc_db_up", "process_cpu_seconds_total", "nodejs_eventloop_lag_seconds"]) {
      expect(before, name).toMatch(new RegExp(`^${name}[{ ]`, "m"));
    }
    expect(sample(before, "svc_db_up")).toBe(1);

    const a = await newApp({ groups: ["Payments"] });
    const pushes = 3;
    for (let i = 0; i < pushes; i++) {
      const r = await a.call("POST", "/collect/v1/push", collectBody({ reference: `M-${i}-${Date.now()}`.slice(0, 24), callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
      expect(r.status).toBe(202);
    }
    for (let i = 0; i < pushes; i++) expect((await a.call("GET", "/dev/v1/resources/chk_none/timeline")).status).toBe(404);
    // The callbacks go out after the answers: the counters are read until they have moved (other files' calls move them too).
    await vi.waitFor(async () => {
      const after = await read();
      expect(sample(after, "svc_http_requests_total", { surface: "gateway", status: "202" }) - sample(before, "svc_http_requests_total", { surface: "gateway", status: "202" })).toBeGreaterThanOrEqual(pushes);
      expect(sample(after, "svc_http_requests_total", { surface: "devapi", status: "404" }) - sample(before, "svc_http_requests_total", { surface: "devapi", status: "404" })).toBeGreaterThanOrEqual(pushes);
      expect(sample(after, "svc_callbacks_total", { outcome: "delivered" }) - sample(before, "svc_callbacks_total", { outcome: "delivered" })).toBeGreaterThanOrEqual(pushes);
      expect(sample(after, "svc_callback_lag_seconds_count") - sample(before, "svc_callback_lag_seconds_count")).toBeGreaterThanOrEqual(pushes);
    }, { timeout: 30_000, interval: 200 });
    // Labels of bounded values only: no app id, no path, no address.
    const after = await read();
    expect(after).not.toContain(a.appId);
    expect(after).not.toMatch(/path="|address="|appId="/);
  });
});

describe("a portal behind a trusted proxy, with a metrics token", () => {
  let portal: InProcessPortal;
  const TOKEN = "metrics-token-for-the-test";
  beforeAll(async () => {
    portal = await startPortal({ env: { DATABASE_URL: (await ownDb("ops_proxy")).url, TRUSTED_PROXIES: "127.0.0.1", METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await portal?.close();
  });
  const from = (client: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": client, ...headers } });

  it("/metrics for a client that is not on loopback: 404 without the token or with a wrong one, 200 with it", async () => {
    expect((await http("GET", `${portal.origin}/metrics`, from("203.0.113.9"))).status).toBe(404);
    expect((await http("GET", `${portal.origin}/metrics`, from("203.0.113.9", { authorization: "Bearer wrong" }))).status).toBe(404);
    const ok = await http("GET", `${portal.origin}/metrics`, from("203.0.113.9", { authorization: `Bearer ${TOKEN}` }));
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/^# TYPE svc_http_requests_total counter$/m); // the exposition (counters moving: the test above)
    expect((await http("GET", `${portal.origin}/metrics`, from("127.0.0.1"))).status).toBe(200);
  });
});

describe("a server process with a drain grace", () => {
  let server: ServerProcess;
  let app: { appId: string; token: string };
  beforeAll(async () => {
    const db = await ownDb("ops");
    server = await startServer({ databaseUrl: db.url, testClock: true, env: { DRAIN_GRACE_SECONDS: "30" } });
    app = await setUpApp(db.url, server.origin);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("SIGTERM: /readyz answers 503 with Retry-After at once while the instance goes on serving for its grace; then it drains and exits", async () => {
    expect((await http("GET", `${server.origin}/readyz`)).status).toBe(200);
    const exited = new Promise((r) => server.proc.once("exit", r));
    process.kill(-server.proc.pid!, "SIGTERM");
    await vi.waitFor(async () => expect((await http("GET", `${server.origin}/readyz`)).status).toBe(503), { timeout: 15_000, interval: 50 });
    const ready = await http("GET", `${server.origin}/readyz`);
    expect(ready.body).toMatchObject({ error: "SERVICE_UNAVAILABLE", message: expect.stringContaining("draining") });
    expect(Number(ready.headers.get("retry-after"))).toBeGreaterThan(0);
    // Still serving: liveness, the gateway, the console's pages.
    expect((await http("GET", `${server.origin}/livez`)).status).toBe(200);
    const push = await http("POST", `${server.origin}/sandbox/collect/v1/push`, {
      headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
      body: JSON.stringify(collectBody({ reference: `DRAIN-${Date.now()}`.slice(0, 24), callbackUrl: "http://127.0.0.1:9/cb" })),
    });
    expect(push.status, push.text).toBe(202);
    expect((await http("GET", `${server.origin}/docs`)).status).toBe(200);
    // The grace ends when its 30 s have passed on the server's clock: moved on here, then it drains and exits.
    await advanceClock(server.origin, Date.now() + 3_600_000);
    await exited;
  });
});

describe.skipIf(onPg())("SQLite's file away (moved, deleted, its volume gone)", () => {
  let server: ServerProcess;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "svc-away-")), "sandbox.db");
  beforeAll(async () => {
    server = await startServer({ dbFile: file });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("/readyz answers 503 and pages the unavailable page while the file is not at its path; both serve again once it is back", async () => {
    const before = await http("GET", `${server.origin}/readyz`);
    expect(before.status, before.text).toBe(200);
    fs.renameSync(file, `${file}.away`);
    try {
      const ready = await http("GET", `${server.origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body.message).toContain("the database did not answer");
      expect((await http("GET", `${server.origin}/livez`)).status).toBe(200);
      const page = await http("GET", `${server.origin}/docs`);
      expect(page.status).toBe(503);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    await vi.waitFor(async () => expect((await http("GET", `${server.origin}/readyz`)).status).toBe(200), { timeout: 15_000, interval: 200 });
    // The pages' gate keeps a "no" for a second (lib/ops/health.ts databaseUp): they serve again within it.
    await vi.waitFor(async () => expect((await http("GET", `${server.origin}/docs`)).status).toBe(200), { timeout: 15_000, interval: 200 });
  });
});
