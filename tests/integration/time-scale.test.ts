// The time scale: X-Svc-Time-Scale on a call, or the app's own
// setting; every scripted delay of the call multiplied (response, callback,
// live state). Real HTTP, real callbacks at a local receiver. Assertions are
// on order and bounds: the no_answer callback is scripted 9 s after the push.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { operationById } from "@/lib/catalog";
import { base, collectBody, newApp, type TestApp } from "../helpers/apps";
import { ownerView } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";

const NO_ANSWER = operationById("collect.push")!.scenarios.find((s) => s.key === "no_answer")!;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** A no_answer push (amount 3) whose callback goes to the receiver under its own path. */
async function pushNoAnswer(a: TestApp, tag: string, headers: Record<string, string> = {}) {
  const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 3, callbackUrl: `${receiver.url}/${tag}` }), headers);
  expect(r.status, r.text).toBe(202);
  expect(r.headers.get("x-svc-scenario")).toBe("no_answer");
  return r.body.checkoutId as string;
}

/** The callback of a resource as its owner reads it in the console, with its times in ms. */
async function deliveryOf(a: TestApp, resourceId: string) {
  const [d, ...more] = await (await ownerView(a)).deliveries({ q: resourceId });
  expect(more).toEqual([]);
  return { ...d, dueAt: new Date(d.dueAt), createdAt: new Date(d.createdAt) };
}

/** Resolves "callback" when the receiver got a post on this path, or "timer" when the scripted callback delay (9 s) ran out first. */
function callbackOrTimer(tag: string): Promise<"callback" | "timer"> {
  return receiver.first((x) => x.path === `/${tag}`, NO_ANSWER.callbackDelayMs!).then(() => "callback" as const, () => "timer" as const);
}

async function statusOf(a: TestApp, checkoutId: string, headers: Record<string, string> = {}) {
  const r = await a.call("GET", `/collect/v1/push/${checkoutId}`, undefined, headers);
  expect(r.status, r.text).toBe(200);
  return r.body.status as string;
}

describe("time scale", () => {
  it("X-Svc-Time-Scale: 0 — the no_answer callback arrives before a 9 s timer would fire, and the GET is FAILED at once", async () => {
    const a = await newApp();
    const id = await pushNoAnswer(a, "h0", { "x-svc-time-scale": "0" });
    expect(await statusOf(a, id)).toBe("FAILED");
    expect(await callbackOrTimer("h0")).toBe("callback");
    const cb = receiver.received.find((x) => x.path === "/h0")!;
    expect(JSON.parse(cb.body)).toMatchObject({ checkoutId: id, resultCode: 1037 });
    const d = await deliveryOf(a, id);
    expect(d.dueAt.getTime()).toBeLessThanOrEqual(d.createdAt.getTime());
  });

  it("the app's time scale 0 (no header) does the same, over the developer endpoint", async () => {
    const a = await newApp();
    expect((await a.call("PATCH", "/dev/v1/settings", { timeScale: 0 })).status).toBe(200);
    const id = await pushNoAnswer(a, "app0");
    expect(await statusOf(a, id)).toBe("FAILED");
    expect(await callbackOrTimer("app0")).toBe("callback");
  });

  it("at 0.1 the GET is PENDING first, then FAILED once the (0.9 s) callback was sent", async () => {
    const a = await newApp();
    const id = await pushNoAnswer(a, "tenth", { "x-svc-time-scale": "0.1" });
    expect(await statusOf(a, id)).toBe("PENDING");
    expect(await callbackOrTimer("tenth")).toBe("callback");
    expect(await statusOf(a, id)).toBe("FAILED");
    const d = await deliveryOf(a, id);
    expect(d.dueAt.getTime() - d.createdAt.getTime()).toBeGreaterThanOrEqual(NO_ANSWER.callbackDelayMs! * 0.1 - 5);
    expect(d.dueAt.getTime() - d.createdAt.getTime()).toBeLessThan(NO_ANSWER.callbackDelayMs!);
  });

  it("the header wins over the app's setting", async () => {
    const a = await newApp();
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 0 });
    const id = await pushNoAnswer(a, "wins", { "x-svc-time-scale": "1" });
    expect(await statusOf(a, id)).toBe("PENDING");
    const d = await deliveryOf(a, id);
    expect(d.dueAt.getTime() - d.createdAt.getTime()).toBeGreaterThanOrEqual(NO_ANSWER.callbackDelayMs! - 5);
    // …and the other way round: app 1, header 0
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 1 });
    const fast = await pushNoAnswer(a, "wins0", { "x-svc-time-scale": "0" });
    expect(await statusOf(a, fast)).toBe("FAILED");
  });

  it("a bad header answers 400 VALIDATION_ERROR naming it, on any operation, and is logged", async () => {
    const a = await newApp();
    for (const bad of ["2", "-0.5", "fast", "NaN", "", "0,5"]) {
      const r = await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-time-scale": bad });
      expect([r.status, r.body.error], bad).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.message).toMatch(/X-Svc-Time-Scale/);
      expect(r.body.details).toEqual([{ field: "X-Svc-Time-Scale", message: r.body.message }]);
    }
    const get = await a.call("GET", "/collect/v1/push/chk_x", undefined, { "x-svc-time-scale": "1.5" });
    expect([get.status, get.body.error]).toEqual([400, "VALIDATION_ERROR"]);
    const owner = await ownerView(a);
    const rows = await owner.requests();
    expect(rows).toHaveLength(7);
    expect(rows.every((x) => x.status === 400 && x.timeScale === null)).toBe(true);
    expect(await owner.deliveries()).toEqual([]);
  });

  it("the request log shows the scale each call ran with", async () => {
    const a = await newApp();
    await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-time-scale": "0" });
    await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-time-scale": "0.25" });
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 0.5 });
    await a.call("POST", "/collect/v1/push", collectBody({ amount: "x" }));
    const newestFirst = (await (await ownerView(a)).requests()).reverse();
    const byPath = newestFirst.filter((r) => r.path === "/collect/v1/push").map((r) => [r.status, r.timeScale]);
    expect(byPath).toEqual([[400, 0.5], [202, 0.25], [202, 0]]);
  });

  it("MCP: the timeScale argument acts like the header", async () => {
    const a = await newApp();
    const client = new Client({ name: "time-scale-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const r = await client.callTool({ name: "collect_push", arguments: { ...collectBody({ amount: 3, callbackUrl: `${receiver.url}/mcp0` }), timeScale: 0 } });
      expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
      expect(await callbackOrTimer("mcp0")).toBe("callback");
      const bad = await client.callTool({ name: "collect_push", arguments: { ...collectBody(), timeScale: 3 } });
      expect(bad.isError).toBe(true);
      expect((bad.structuredContent as { error: string }).error).toBe("VALIDATION_ERROR");
      const rows = (await (await ownerView(a)).requests()).filter((x) => x.via === "mcp");
      expect(rows.map((x) => [x.status, x.timeScale])).toEqual([[202, 0], [400, null]]);
    } finally {
      await client.close();
    }
  });
});
