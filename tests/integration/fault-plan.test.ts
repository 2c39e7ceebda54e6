// An app's fault plan (PATCH /dev/v1/settings faultPlan): calls without
// X-Svc-Fault meet the planned faults, numbered exactly under concurrency, a
// seeded probability repeating exactly; the header wins; no plan, no change.
// On SQLite and on PostgreSQL (scripts/test.sh PG_FILES), where a lost answer
// on one instance and its retry on another still give 409.
import fs from "node:fs";
import nodeHttp from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_FAULT_PLAN_RULES } from "@/lib/catalog/dev-endpoints";
import { ownDb, startServer } from "../helpers/own-server";
import { setUpApp } from "../helpers/operator";
import { rawPostTo } from "../helpers/raw-post";
import { base, collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";
import { advanceClock, type RunningServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

const fast = { "x-svc-time-scale": "0" };
const rule = (fault: string, when: Record<string, number>, operation = "collect.push") => ({ operation, fault, when });
const setPlan = (a: TestApp, faultPlan: unknown) => a.call("PATCH", "/dev/v1/settings", { faultPlan });
/** One Collect push after another: the fault each got (null: none). */
async function faultsInTurn(a: TestApp, n: number): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) {
    const r = await a.call("POST", "/collect/v1/push", collectBody(), fast);
    out.push(r.headers.get("x-svc-fault"));
  }
  return out;
}

describe("setting the plan", () => {
  it.skipIf(onPg())("PATCH /dev/v1/settings sets it, GET reads it, [] clears it; other settings stay", async () => {
    const a = await newApp();
    const plan = [rule("unavailable", { every: 3 }), rule("lost_response", { probability: 0.5, seed: 9 }, "payouts.send")];
    const r = await a.call("PATCH", "/dev/v1/settings", { timeScale: 0.5, faultPlan: plan });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ timeScale: 0.5, faultPlan: plan });
    expect((await a.call("PATCH", "/dev/v1/settings", { timeScale: 0 })).body.faultPlan).toEqual(plan);
    expect((await a.call("GET", "/dev/v1/settings")).body.faultPlan).toEqual(plan);
    expect((await setPlan(a, [])).body).toMatchObject({ timeScale: 0, faultPlan: [] });
  });

  it.skipIf(onPg())(`over its bounds: 400 VALIDATION_ERROR naming the field (more than ${MAX_FAULT_PLAN_RULES} rules, unknown operation or fault, a when of two kinds)`, async () => {
    const a = await newApp();
    const cases: [unknown, string, string][] = [
      [Array(MAX_FAULT_PLAN_RULES + 1).fill(rule("unavailable", { every: 2 })), "faultPlan", `at most ${MAX_FAULT_PLAN_RULES} rules`],
      [[rule("unavailable", { every: 2 }, "collect.pull")], "faultPlan.0.operation", "operation must be one of"],
      [[rule("meteor", { every: 2 })], "faultPlan.0.fault", "fault must be one of"],
      [[rule("unavailable", { every: 2, first: 1 })], "faultPlan.0.when", "exactly one of every, first or probability"],
      [[rule("unavailable", { probability: 2 })], "faultPlan.0.when.probability", "at most 1"],
      [{ operation: "collect.push" }, "faultPlan", "a list of rules"],
    ];
    for (const [faultPlan, field, text] of cases) {
      const r = await setPlan(a, faultPlan);
      expect(r.status, r.text).toBe(400);
      expect(r.body.error).toBe("VALIDATION_ERROR");
      expect(r.body.details[0]).toMatchObject({ field });
      expect(r.body.message).toContain(text);
    }
    expect((await a.call("GET", "/dev/v1/settings")).body.faultPlan).toEqual([]);
  });

  it.skipIf(onPg())("the testing guide documents it: the rules, the API, the CLI's faults and rehearse", async () => {
    const page = await http("GET", `${origin()}/docs/testing`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="fault-plan"');
    const text = page.text.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"');
    expect(text).toContain(`at most ${MAX_FAULT_PLAN_RULES}`);
    expect(text).toContain('"faultPlan": [{"operation": "payouts.send", "fault": "lost_response", "when": {"every": 3}}]');
    expect(text).toContain("sandbox.mjs faults set payouts.send lost_response --every 3");
    expect(text).toContain("sandbox.mjs rehearse -- npm test");
  });

  it.skipIf(onPg())("over MCP: sandbox_dev_update_settings sets the plan", async () => {
    const a = await newApp();
    const client = new Client({ name: "fault-plan-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const plan = [rule("rate_limited", { first: 1 })];
      const r = await client.callTool({ name: "sandbox_dev_update_settings", arguments: { faultPlan: plan } });
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect((r.structuredContent as { body: { faultPlan: unknown } }).body.faultPlan).toEqual(plan);
      const wrong = await client.callTool({ name: "sandbox_dev_update_settings", arguments: { faultPlan: [rule("rate_limited", { first: 0 })] } });
      expect(wrong.isError).toBe(true);
      expect(await faultsInTurn(a, 2)).toEqual(["rate_limited", null]);
    } finally {
      await client.close();
    }
  });
});

describe("calls under a plan", () => {
  it.skipIf(onPg())("without the header and without a plan, nothing changes: no x-svc-fault, every call accepted", async () => {
    const a = await newApp();
    const replies = await Promise.all(Array.from({ length: 6 }, () => a.call("POST", "/collect/v1/push", collectBody(), fast)));
    expect(replies.map((r) => [r.status, r.headers.get("x-svc-fault"), r.body.status])).toEqual(Array(6).fill([202, null, "PENDING"]));
    expect((await a.call("GET", "/dev/v1/settings")).body.faultPlan).toEqual([]);
  });

  it.skipIf(onPg())("every Nth call, the first N: each operation numbered on its own; the header wins and is not numbered", async () => {
    const a = await newApp();
    expect((await setPlan(a, [rule("unavailable", { every: 3 }), rule("lost_callback", { first: 1 }, "payouts.send")])).status).toBe(200);
    const first = await faultsInTurn(a, 2);
    const header = await a.call("POST", "/collect/v1/push", collectBody(), { ...fast, "x-svc-fault": "rate_limited" });
    expect(header.status, header.text).toBe(429);
    expect(header.headers.get("x-svc-fault")).toBe("rate_limited");
    const third = await a.call("POST", "/collect/v1/push", collectBody(), fast);
    expect(third.status, third.text).toBe(503);
    expect(third.body.error).toBe("SERVICE_UNAVAILABLE");
    expect(third.headers.get("x-svc-fault")).toBe("unavailable");
    expect([...first, ...(await faultsInTurn(a, 3))]).toEqual([null, null, null, null, "unavailable"]);
    // Another operation: its own numbers; an operation without rules: never.
    const payout = (ref: string) => ({ amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: ref, callbackUrl: "https://example.com/cb" });
    const p1 = await a.call("POST", "/payouts/v1/send", payout(`P1-${Date.now()}`), fast);
    const p2 = await a.call("POST", "/payouts/v1/send", payout(`P2-${Date.now()}`), fast);
    expect([p1.status, p1.headers.get("x-svc-fault"), p2.status, p2.headers.get("x-svc-fault")]).toEqual([202, "lost_callback", 202, null]);
    const sms = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", message: "hi", callbackUrl: "https://example.com/cb" }, fast);
    expect(sms.headers.get("x-svc-fault")).toBeNull();
  });

  it("exact under concurrency: of 24 calls at once, the first 5 and every 4th of the rest get the faults", async () => {
    const a = await newApp();
    await setPlan(a, [rule("unavailable", { first: 5 }), rule("rate_limited", { every: 4 })]);
    const replies = await Promise.all(Array.from({ length: 24 }, () => a.call("POST", "/collect/v1/push", collectBody(), fast)));
    const count = (f: string | null) => replies.filter((r) => r.headers.get("x-svc-fault") === f).length;
    // Numbers 1-5: unavailable; 8, 12, 16, 20, 24: rate_limited; the other 14 accepted.
    expect([count("unavailable"), count("rate_limited"), count(null)]).toEqual([5, 5, 14]);
    expect(replies.filter((r) => r.status === 202)).toHaveLength(14);
  });

  it.skipIf(onPg())("a seeded probability repeats exactly: set again (or after a reset), the same calls get the same faults", async () => {
    const a = await newApp();
    const plan = [rule("unavailable", { probability: 0.3, seed: 11 })];
    await setPlan(a, plan);
    const run1 = await faultsInTurn(a, 20);
    await setPlan(a, plan);
    const run2 = await faultsInTurn(a, 20);
    expect((await a.call("POST", "/dev/v1/reset", {})).status).toBe(200);
    const run3 = await faultsInTurn(a, 20);
    expect(run2).toEqual(run1);
    expect(run3).toEqual(run1);
    const hits = run1.filter(Boolean).length;
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(20);
    await setPlan(a, [rule("unavailable", { probability: 0.3, seed: 12 })]);
    expect(await faultsInTurn(a, 20)).not.toEqual(run1);
  });

  it.skipIf(onPg())("a throwaway sandbox starts with its parent's plan, numbered from 1", async () => {
    const a = await newApp();
    await setPlan(a, [rule("unavailable", { first: 1 })]);
    expect(await faultsInTurn(a, 1)).toEqual(["unavailable"]);
    const made = await a.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 600 });
    expect(made.status, made.text).toBe(201);
    const t = await fetch(`${base()}/oauth/v1/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${made.body.consumerKey}:${made.body.consumerSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const token = ((await t.json()) as { access_token: string }).access_token;
    const child = { ...a, token, call: (m: string, p: string, b?: unknown, h: Record<string, string> = {}) =>
      a.call(m, p, b, { ...h, authorization: `Bearer ${token}` }) } as TestApp;
    expect((await child.call("GET", "/dev/v1/settings")).body.faultPlan).toEqual([rule("unavailable", { first: 1 })]);
    expect(await faultsInTurn(child, 2)).toEqual(["unavailable", null]);
  });
});

// A server of its own: a small wait cap, and (on PostgreSQL) a second instance on the same database;
// test clocks, so a slow_response's 30 s pass when the test moves them on.
describe("on servers of their own", () => {
  const servers: RunningServer[] = [];
  let url = "";
  beforeAll(async () => {
    url = (await ownDb("fault_plan")).url;
    // A data folder each and no AUTH_SECRET: the session secret they share comes from the database.
    const env = (i: number) => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `svc-fp-${i}-`)), AUTH_SECRET: "", WAITS_PER_APP: "3" });
    servers.push(...(await Promise.all(Array.from({ length: onPg() ? 2 : 1 }, (_, i) => startServer({ databaseUrl: url, env: env(i), testClock: true })))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });
  const post = (origin: string, token: string, p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/sandbox${p}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  it.skipIf(onPg())("slow_response holds a connection like a wait: with the cap at 3, of 4 at once one is refused 429 with Retry-After, and so is a wait", async () => {
    const origin = servers[0]!.origin;
    const { token } = await setUpApp(url, origin);
    const calls = Array.from({ length: 4 }, () =>
      post(origin, token, "/collect/v1/push", collectBody(), { "x-svc-fault": "slow_response", "x-svc-time-scale": "1" }).then(
        async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as { error?: string; message?: string } }),
        () => ({ status: 0, retryAfter: null, body: {} as { error?: string; message?: string } }),
      ));
    // Three are held (30 s on the servers' clocks); the fourth is answered at once.
    const refused = await Promise.race(calls);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("RATE_LIMITED");
    expect(refused.body.message).toContain("at most 3 waits, slow_response and early_callback calls at once per app");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const wait = await fetch(`${origin}/sandbox/dev/v1/callbacks/wait?reference=none&timeout=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(wait.status).toBe(429);
    // The three held answers come, late and accepted, once the clocks pass their 30 s; their slots are given back.
    let answered = false;
    const held = Promise.all(calls).finally(() => { answered = true; });
    await vi.waitFor(async () => {
      for (const s of servers) await advanceClock(s.origin, (await advanceClock(s.origin, 0)) + 30_000);
      expect(answered).toBe(true);
    }, { timeout: 60_000, interval: 250 });
    const all = await held;
    expect(all.map((r) => r.status).sort()).toEqual([202, 202, 202, 429]);
    const again = await post(origin, token, "/collect/v1/push", collectBody(), { "x-svc-fault": "slow_response", "x-svc-time-scale": "0" });
    expect(again.status).toBe(202);
  });

  it.skipIf(onPg())("early_callback holds its caller's connection like a wait: with the cap at 3 and the receiver holding the callbacks, of 4 at once one is refused 429 before anything is committed, and so is a wait", async () => {
    const origin = servers[0]!.origin;
    const { token } = await setUpApp(url, origin);
    // A receiver that holds every callback's answer until released: each early_callback call waits for its callback's post.
    const held: (() => void)[] = [];
    let received = 0;
    let released = false;
    const receiver = nodeHttp.createServer((req, res) => {
      received++;
      req.resume().on("end", () => {
        const answer = () => res.writeHead(200).end("ok");
        if (released) answer();
        else held.push(answer);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
    try {
      const calls = Array.from({ length: 4 }, () =>
        post(origin, token, "/collect/v1/push", collectBody({ callbackUrl }), { "x-svc-fault": "early_callback", "x-svc-time-scale": "0" }).then(
          async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as { error?: string; message?: string } }),
        ));
      // Three are held by their callbacks' posts; the fourth is answered at once.
      const refused = await Promise.race(calls);
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
      expect(refused.body.error).toBe("RATE_LIMITED");
      expect(refused.body.message).toContain("at most 3 waits, slow_response and early_callback calls at once per app");
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      const wait = await fetch(`${origin}/sandbox/dev/v1/callbacks/wait?reference=none&timeout=1`, { headers: { authorization: `Bearer ${token}` } });
      expect(wait.status).toBe(429);
      released = true;
      held.splice(0).forEach((a) => a());
      const all = await Promise.all(calls);
      expect(all.map((r) => r.status).sort()).toEqual([202, 202, 202, 429]);
      // The refused call committed nothing: three callbacks were posted.
      expect(received).toBe(3);
      // The slots were given back with the answers.
      const again = await post(origin, token, "/collect/v1/push", collectBody({ callbackUrl }), { "x-svc-fault": "early_callback", "x-svc-time-scale": "0" });
      expect(again.status).toBe(202);
    } finally {
      released = true;
      held.splice(0).forEach((a) => a());
      await new Promise((r) => receiver.close(r));
    }
  });

  it.skipIf(!onPg())("two instances: a lost_response push on one, its retry on the other gets 409 DUPLICATE_REFERENCE", async () => {
    const [one, two] = servers;
    const { token } = await setUpApp(url, one!.origin);
    // At the app's time scale (1): the prompt is still pending when the retry comes.
    const body = collectBody();
    const lost = await rawPostTo(`${one!.origin}/sandbox/collect/v1/push`, token, body, { "x-svc-fault": "lost_response" });
    expect(lost.status).toBeUndefined();
    const retry = await post(two!.origin, token, "/collect/v1/push", body);
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { error: string }).error).toBe("DUPLICATE_REFERENCE");
    // The same through the plan: the first push lost on instance two, retried on one.
    const other = collectBody();
    const patch = await fetch(`${one!.origin}/sandbox/dev/v1/settings`, {
      method: "PATCH", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ faultPlan: [rule("lost_response", { first: 1 })] }),
    });
    expect(patch.status).toBe(200);
    const lostByPlan = await rawPostTo(`${two!.origin}/sandbox/collect/v1/push`, token, other);
    expect(lostByPlan.status).toBeUndefined();
    const retried = await post(one!.origin, token, "/collect/v1/push", other);
    expect(retried.status).toBe(409);
    expect(((await retried.json()) as { error: string }).error).toBe("DUPLICATE_REFERENCE");
  });
});
