// The time scale: X-Svc-Time-Scale on a call, or the app's own
// setting; every scripted delay of the call multiplied (response, callback,
// live state). Real HTTP, real callbacks at a local receiver. Assertions are
// on order and bounds: the no_answer callback is scripted 9 s after the push.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { operationById } from "@/lib/catalog";
import { db } from "@/lib/db/prisma";
import { listRequests } from "@/lib/activity/requests";
import { base, collectBody, newApp, type TestApp } from "../helpers/sandbox";
import { startReceiver, type Receiver } from "../helpers/receiver";

const NO_ANSWER = operationById("collect.push")!.scenarios.find((s) => s.key === "no_answer")!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** Resolves "callback" when the receiver got a post on this path, or "timer" when the scripted callback delay (9 s) ran out first. */
async function callbackOrTimer(tag: string): Promise<"callback" | "timer"> {
  const deadline = Date.now() + NO_ANSWER.callbackDelayMs!;
  while (Date.now() < deadline) {
    if (receiver.received.some((x) => x.path === `/${tag}`)) return "callback";
    await sleep(20);
  }
  return "timer";
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
    const d = await db.delivery.findFirstOrThrow({ where: { appId: a.appId, resourceId: id } });
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
    const d = await db.delivery.findFirstOrThrow({ where: { appId: a.appId, resourceId: id } });
    expect(d.dueAt.getTime() - d.createdAt.getTime()).toBeGreaterThanOrEqual(NO_ANSWER.callbackDelayMs! * 0.1 - 5);
    expect(d.dueAt.getTime() - d.createdAt.getTime()).toBeLessThan(NO_ANSWER.callbackDelayMs!);
  });

  it("the header wins over the app's setting", async () => {
    const a = await newApp();
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 0 });
    const id = await pushNoAnswer(a, "wins", { "x-svc-time-scale": "1" });
    expect(await statusOf(a, id)).toBe("PENDING");
    const d = await db.delivery.findFirstOrThrow({ where: { appId: a.appId, resourceId: id } });
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
    const rows = await db.requestLog.findMany({ where: { appId: a.appId }, orderBy: { seq: "asc" } });
    expect(rows).toHaveLength(7);
    expect(rows.every((x) => x.status === 400 && x.timeScale === null)).toBe(true);
    expect(await db.delivery.count({ where: { appId: a.appId } })).toBe(0);
  });

  it("the request log shows the scale each call ran with", async () => {
    const a = await newApp();
    await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-time-scale": "0" });
    await a.call("POST", "/collect/v1/push", collectBody(), { "x-svc-time-scale": "0.25" });
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 0.5 });
    await a.call("POST", "/collect/v1/push", collectBody({ amount: "x" }));
    const page = await listRequests(a.appId, {});
    const byPath = page.items.filter((r) => r.path === "/collect/v1/push").map((r) => [r.status, r.timeScale]);
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
      const rows = await db.requestLog.findMany({ where: { appId: a.appId, via: "mcp" }, orderBy: { seq: "asc" } });
      expect(rows.map((x) => [x.status, x.timeScale])).toEqual([[202, 0], [400, null]]);
    } finally {
      await client.close();
    }
  });
});
