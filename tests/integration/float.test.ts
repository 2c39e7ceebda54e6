// The float over real HTTP with a real receiver: GET/PUT /dev/v1/float, payouts
// reserving, paying out and giving back, float_low as the state rule and its
// 2001 callback, reset, throwaway sandboxes, and exactness under concurrency:
// on the shared server, and on PostgreSQL across two instances of one database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { randomBase62 } from "@/lib/ids";
import { base, fetchToken, http, newApp, origin, type TestApp } from "../helpers/apps";
import { signInOverHttp } from "../helpers/from-address";
import { cliBatch, accessToken } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import { startReceiver, type Receiver } from "../helpers/receiver";
import type { RunningServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

const INSTANT = { "x-svc-time-scale": "0" };
const payout = (path: string, amount: number, currency = "KES") => ({
  amount, currency, destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `PO-${randomBase62(10)}`, callbackUrl: `${rx.url}/${path}`,
});
/** The callbacks posted to `path`, once each: a post sent again (its receiver slow to answer on a loaded machine; callbacks are at least once) has the same X-Svc-Delivery. */
const sentTo = (path: string) => [...new Map(rx.received.filter((r) => r.path === `/${path}`).map((r) => [r.headers["x-svc-delivery"], r])).values()]
  .map((r) => JSON.parse(r.body) as { status: string; resultCode: number });
/** Waits for `n` callbacks at `path` (the receiver wakes it on each arrival). */
async function callbacks(path: string, n: number) {
  while (sentTo(path).length < n) await rx.waitFor(rx.received.length + 1, 30_000);
  return sentTo(path);
}
const kes = async (a: TestApp) => (await a.call("GET", "/dev/v1/float")).body.balances.find((b: { currency: string }) => b.currency === "KES");

describe.concurrent("the float", () => {
  it("starts at the default in every currency; PUT sets one and answers it; bad input is 400 naming the field", async () => {
    const a = await newApp();
    const got = await a.call("GET", "/dev/v1/float");
    expect([got.status, got.body]).toEqual([200, { balances: ["KES", "TZS", "UGX"].map((currency) => ({ currency, available: 1_000_000, reserved: 0 })) }]);
    const set = await a.call("PUT", "/dev/v1/float/TZS", { available: 5000 });
    expect([set.status, set.body]).toEqual([200, { currency: "TZS", available: 5000, reserved: 0 }]);
    expect((await a.call("GET", "/dev/v1/float")).body.balances[1]).toEqual({ currency: "TZS", available: 5000, reserved: 0 });
    const bad: [string, unknown, string][] = [
      ["USD", { available: 5 }, "currency"], ["KES", { available: -1 }, "available"], ["KES", { available: 1.5 }, "available"],
      ["KES", { available: "100" }, "available"], ["KES", { available: 1_000_000_001 }, "available"], ["KES", {}, "available"],
    ];
    for (const [currency, body, field] of bad) {
      const r = await a.call("PUT", `/dev/v1/float/${currency}`, body);
      expect([r.status, r.body.error, r.body.details?.map((d: { field: string }) => d.field)], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR", [field]]);
      expect(r.body.requestId).toMatch(/^req_/);
    }
  });

  it("a payout larger than what is available runs float_low (2001 callback); the header still wins", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 500 });
    const low = await a.call("POST", "/payouts/v1/send", payout(`${a.appId}/low`, 600), INSTANT);
    expect([low.status, low.headers.get("x-svc-scenario"), low.body.status]).toEqual([202, "float_low", "QUEUED"]);
    expect(await callbacks(`${a.appId}/low`, 1)).toEqual([expect.objectContaining({ status: "FAILED", resultCode: 2001, payoutId: low.body.payoutId })]);
    const forced = await a.call("POST", "/payouts/v1/send", payout(`${a.appId}/forced`, 600), { ...INSTANT, "x-svc-scenario": "sent" });
    expect(forced.headers.get("x-svc-scenario")).toBe("sent"); // forced on a float too low: it takes nothing
    const ok = await a.call("POST", "/payouts/v1/send", payout(`${a.appId}/ok`, 500), INSTANT);
    expect(ok.headers.get("x-svc-scenario")).toBe("sent");
    expect(await callbacks(`${a.appId}/ok`, 1)).toEqual([expect.objectContaining({ status: "DELIVERED", resultCode: 0 })]);
    expect(await kes(a)).toEqual({ currency: "KES", available: 0, reserved: 0 });
  });

  it("a held payout keeps its reserve until resolved: FAILED gives it back, DELIVERED pays it; setting keeps reserves; reset restores the default", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 1000 });
    const held = (amount: number) => a.call("POST", "/payouts/v1/send", payout(`${a.appId}/held`, amount), { ...INSTANT, "x-svc-scenario": "held" });
    const one = await held(600);
    expect(await kes(a)).toEqual({ currency: "KES", available: 400, reserved: 600 });
    expect((await a.call("PUT", "/dev/v1/float/KES", { available: 700 })).body).toEqual({ currency: "KES", available: 700, reserved: 600 });
    expect((await a.call("POST", `/dev/v1/resources/${one.body.payoutId}/resolve`, { scenario: "float_low" }, INSTANT)).status).toBe(200);
    expect(await kes(a)).toEqual({ currency: "KES", available: 1300, reserved: 0 });
    const two = await held(300);
    expect(await kes(a)).toEqual({ currency: "KES", available: 1000, reserved: 300 });
    expect((await a.call("POST", `/dev/v1/resources/${two.body.payoutId}/resolve`, { scenario: "sent" }, INSTANT)).status).toBe(200);
    expect(await kes(a)).toEqual({ currency: "KES", available: 1000, reserved: 0 });
    expect((await callbacks(`${a.appId}/held`, 2)).map((c) => c.resultCode).sort()).toEqual([0, 2001]);
    expect((await a.call("POST", "/dev/v1/reset", {})).status).toBe(200);
    expect(await kes(a)).toEqual({ currency: "KES", available: 1_000_000, reserved: 0 });
  });

  it("MCP: sandbox_dev_set_float and sandbox_dev_get_float do what the endpoints do; a bad currency is a tool error naming it", async () => {
    const a = await newApp();
    const client = new Client({ name: "float-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      type Result = { status: number; body: { balances?: unknown[] }; error?: string; details?: { field: string }[] };
      const tool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Result;
      expect(await tool("sandbox_dev_set_float", { currency: "UGX", available: 42 })).toMatchObject({ status: 200, body: { currency: "UGX", available: 42, reserved: 0 } });
      expect((await tool("sandbox_dev_get_float", {})).body.balances).toContainEqual({ currency: "UGX", available: 42, reserved: 0 });
      const bad = await tool("sandbox_dev_set_float", { currency: "EUR", available: 42 });
      expect([bad.status, bad.error, bad.details?.map((d) => d.field)]).toEqual([400, "VALIDATION_ERROR", ["currency"]]);
    } finally {
      await client.close();
    }
  });

  it("a throwaway sandbox starts at the default, not at its parent's setting", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 7 });
    const box = await a.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 120, name: "float" });
    expect(box.status).toBe(201);
    const token = (await fetchToken(box.body.consumerKey, box.body.consumerSecret)).body.access_token as string;
    const child = await http("GET", `${base()}/dev/v1/float`, { headers: { authorization: `Bearer ${token}` } });
    expect(child.body.balances[0]).toEqual({ currency: "KES", available: 1_000_000, reserved: 0 });
    expect(await kes(a)).toEqual({ currency: "KES", available: 7, reserved: 0 });
  });

  it("the testing guide explains the float and how to rehearse running out", async () => {
    const page = await http("GET", `${origin()}/docs/testing`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="float"');
    expect(page.text).toMatch(/float_low<\/code>, its callback <code[^>]*>resultCode<\/code> 2001/);
    const text = page.text.replace(/<[^>]+>/g, "");
    expect(text).toContain("PUT /dev/v1/float/{currency}");
  });

  it("the console's route reads and sets it for the app's owner; bad input names the field", async () => {
    const a = await newApp();
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    const url = `${origin()}/api/console/apps/${a.appId}/float`;
    const post = (body: unknown) => http("POST", url, { headers: { cookie: session!, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ currency: "KES", available: 2500 })).body).toEqual({ currency: "KES", available: 2500, reserved: 0 });
    expect((await http("GET", url, { headers: { cookie: session! } })).body.balances[0]).toEqual({ currency: "KES", available: 2500, reserved: 0 });
    expect(await kes(a)).toEqual({ currency: "KES", available: 2500, reserved: 0 });
    const bad = await post({ currency: "KES", available: -3 });
    expect([bad.status, bad.body.error, bad.body.message]).toEqual([400, "VALIDATION_ERROR", "available must be at least 0"]);
  });

  it("20 parallel payouts against a float for 10: exactly 10 delivered, 10 float_low, the float at 0", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 1000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.call("POST", "/payouts/v1/send", payout(`${a.appId}/race`, 100), INSTANT)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(202));
    expect(answers.filter((r) => r.headers.get("x-svc-scenario") === "sent")).toHaveLength(10);
    expect(answers.filter((r) => r.headers.get("x-svc-scenario") === "float_low")).toHaveLength(10);
    const got = await callbacks(`${a.appId}/race`, 20);
    expect(got.filter((c) => c.status === "DELIVERED")).toHaveLength(10);
    expect(got.filter((c) => c.resultCode === 2001)).toHaveLength(10);
    expect(await kes(a)).toEqual({ currency: "KES", available: 0, reserved: 0 });
  });
});

describe("the float on two instances of one database", () => {
  const servers: RunningServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it.runIf(onPg())("20 parallel payouts through both against a float for 10: exactly 10 delivered, 10 float_low, the float at 0", async () => {
    const { url } = await ownDb("float_multi");
    const [one, two] = await Promise.all([0, 1].map(() => startServer({ databaseUrl: url })));
    servers.push(one!, two!);
    const email = `f-${randomBase62(8).toLowerCase()}@example.com`;
    const answers = await cliBatch(url, one!.origin, [
      ["user", "create", "--email", email, "--password", "long enough pw"],
      ["app", "create", "--owner", email, "--name", "Float"],
      ["subscribe", "--app", "{appId}", "--group", "Treasury"],
      ["review", "--app", "{appId}", "--group", "Treasury", "--approve"],
      ["app", "limit", "--app", "{appId}", "--per-minute", "10000"],
      ["key", "create", "--app", "{appId}"],
    ]);
    const { consumerKey, consumerSecret } = answers.at(-1)!;
    const token = await accessToken(one!.origin, consumerKey!, consumerSecret!);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", ...INSTANT };
    const on = (s: RunningServer, method: string, path: string, body: unknown) =>
      fetch(`${s.origin}/sandbox${path}`, { method, headers, body: JSON.stringify(body) });
    expect((await on(one!, "PUT", "/dev/v1/float/KES", { available: 1000 })).status).toBe(200);
    const path = `multi/${consumerKey}`;
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => on(i % 2 ? one! : two!, "POST", "/payouts/v1/send", payout(path, 100))));
    const scenarios = sent.map((r) => r.headers.get("x-svc-scenario"));
    expect(scenarios.filter((s) => s === "sent")).toHaveLength(10);
    expect(scenarios.filter((s) => s === "float_low")).toHaveLength(10);
    const got = await callbacks(path, 20);
    expect(got.filter((c) => c.status === "DELIVERED")).toHaveLength(10);
    expect(got.filter((c) => c.resultCode === 2001)).toHaveLength(10);
    const float = (await (await fetch(`${two!.origin}/sandbox/dev/v1/float`, { headers })).json()) as { balances: { currency: string }[] };
    expect(float.balances[0]).toEqual({ currency: "KES", available: 0, reserved: 0 });
  });
});

