// Faults at the gateway (lib/engine/gateway-faults.ts): X-Svc-Fault on Collect push
// and Payouts send, over real HTTP with a real receiver, each as the table
// says: committed or not, and what the client sees. Lost answers are read with
// node:http (tests/helpers/raw-post.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base, callAt, collectBody, fetchToken, http as call, newApp, type TestApp } from "../helpers/apps";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { rawPost } from "../helpers/raw-post";
import { setUpApp } from "../helpers/operator";
import { heldPortal } from "../helpers/own-server";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

let n = 0;
const payout = (tag: string, over: Record<string, unknown> = {}) => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `PAY-${Date.now()}-${n++}`,
  callbackUrl: `${receiver.url}/${tag}`, ...over,
});
const push = (tag: string, over: Record<string, unknown> = {}) => collectBody({ callbackUrl: `${receiver.url}/${tag}`, ...over });

const posted = (tag: string) => receiver.received.filter((r) => r.path === `/${tag}`);
const timeline = async (a: TestApp, id: string) => {
  const r = await a.call("GET", `/dev/v1/resources/${id}/timeline`);
  expect(r.status, r.text).toBe(200);
  return r.body.events as Record<string, any>[];
};

describe("X-Svc-Fault: bad input", () => {
  it("an unknown name is a 400 VALIDATION_ERROR naming the header, and nothing is committed", async () => {
    const a = await newApp();
    const body = payout("unknown");
    const r = await a.call("POST", "/payouts/v1/send", body, { "x-svc-fault": "meteor" });
    expect(r.status, r.text).toBe(400);
    expect(r.body).toMatchObject({ error: "VALIDATION_ERROR", details: [{ field: "X-Svc-Fault" }] });
    expect(r.body.message).toContain("lost_response");
    expect((await a.call("POST", "/payouts/v1/send", body, { "x-svc-time-scale": "0" })).status).toBe(202);
  });

  it("on a developer endpoint or the token endpoint: 400 naming the header (not applicable)", async () => {
    const a = await newApp();
    const dev = await a.call("GET", "/dev/v1/settings", undefined, { "x-svc-fault": "unavailable" });
    expect(dev.status, dev.text).toBe(400);
    expect(dev.body.message).toContain("X-Svc-Fault applies to operation calls only");
    const basic = Buffer.from(`${a.keys.consumerKey}:${a.keys.consumerSecret}`).toString("base64");
    const token = await call("POST", `${base()}/oauth/v1/token`, {
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", "x-svc-fault": "token_expired" },
      body: "grant_type=client_credentials",
    });
    expect(token.status, token.text).toBe(400);
    expect(token.body.message).toContain("X-Svc-Fault");
  });

  it("without the header nothing changes: no x-svc-fault on the answer, the callback posted as scheduled", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/payouts/v1/send", payout("plain"), { "x-svc-time-scale": "0" });
    expect(r.status, r.text).toBe(202);
    expect(r.headers.get("x-svc-fault")).toBeNull();
    await expect.poll(() => posted("plain").length, { timeout: 15_000 }).toBe(1);
  });
});

describe("faults that commit nothing (only the log row)", () => {
  it("unavailable on Collect push: 503 SERVICE_UNAVAILABLE with Retry-After; the same reference is then still free", async () => {
    const a = await newApp();
    const body = push("unavail");
    const r = await a.call("POST", "/collect/v1/push", body, { "x-svc-fault": "unavailable" });
    expect(r.status, r.text).toBe(503);
    expect(r.body.error).toBe("SERVICE_UNAVAILABLE");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(r.headers.get("x-svc-fault")).toBe("unavailable");
    expect((await a.call("POST", "/collect/v1/push", body)).status).toBe(202);
  });

  it("rate_limited on Payouts send: 429 RATE_LIMITED with retry-after; the real per-minute count goes on one call at a time", async () => {
    // The real count is per clock minute: both calls in one, on a portal whose clock stands at its start.
    const { portal, url } = await heldPortal("faults_rate_limited");
    try {
      const app = await setUpApp(url, portal.origin, 60, ["Treasury"]);
      const send = callAt(portal.origin, app.token);
      const body = payout("ratelimited");
      const r = await send("POST", "/payouts/v1/send", body, { "x-svc-fault": "rate_limited" });
      expect(r.status, r.text).toBe(429);
      expect(r.body.error).toBe("RATE_LIMITED");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      const remaining = Number(r.headers.get("x-ratelimit-remaining"));
      const next = await send("POST", "/payouts/v1/send", body, { "x-svc-time-scale": "0" });
      expect(next.status, next.text).toBe(202);
      expect(Number(next.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
    } finally {
      await portal.close();
    }
  });

  it("token_expired: 401 INVALID_TOKEN, the token stays refused; a new token works and the reference was never used", async () => {
    const a = await newApp();
    const body = payout("expired");
    const r = await a.call("POST", "/payouts/v1/send", body, { "x-svc-fault": "token_expired" });
    expect(r.status, r.text).toBe(401);
    expect(r.body.error).toBe("INVALID_TOKEN");
    expect(r.headers.get("www-authenticate")).toContain("invalid_token");
    const again = await a.call("POST", "/payouts/v1/send", body);
    expect(again.status, again.text).toBe(401);
    expect(again.body.message).toContain("expired on purpose");
    const t = await fetchToken(a.keys.consumerKey, a.keys.consumerSecret);
    const fresh = await call("POST", `${base()}/payouts/v1/send`, {
      headers: { authorization: `Bearer ${t.body.access_token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
      body: JSON.stringify(body),
    });
    expect(fresh.status, fresh.text).toBe(202);
  });
});

describe("faults on committed calls", () => {
  it("lost_response on Payouts send: the connection closes with no answer, yet the payout went through: the retry gets 409 DUPLICATE_REFERENCE", async () => {
    const a = await newApp();
    const body = payout("lost");
    const lost = await rawPost(a.token, "/payouts/v1/send", body, { "x-svc-fault": "lost_response", "x-svc-time-scale": "0" });
    expect(lost.status).toBeUndefined();
    expect(lost.error).toBeTruthy();
    const retry = await a.call("POST", "/payouts/v1/send", body);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.error).toBe("DUPLICATE_REFERENCE");
    await expect.poll(() => posted("lost").length, { timeout: 15_000 }).toBe(1);
    const { payoutId } = JSON.parse(posted("lost")[0]!.body);
    const events = await timeline(a, payoutId);
    expect(events.find((e) => e.type === "request")).toMatchObject({ status: 202, fault: "lost_response" });
  });

  it("error_after_commit on Collect push: 500 INTERNAL_ERROR, yet the prompt is pending: the retry gets 409 DUPLICATE_REFERENCE", async () => {
    const a = await newApp();
    const body = push("err500");
    const r = await a.call("POST", "/collect/v1/push", body, { "x-svc-fault": "error_after_commit" });
    expect(r.status, r.text).toBe(500);
    expect(r.body).toMatchObject({ error: "INTERNAL_ERROR", requestId: r.headers.get("x-request-id") });
    const retry = await a.call("POST", "/collect/v1/push", body);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.error).toBe("DUPLICATE_REFERENCE");
  });

  it("slow_response: the normal answer, after 30 s × the call's time scale", async () => {
    const a = await newApp();
    const started = performance.now();
    const r = await a.call("POST", "/payouts/v1/send", payout("slow"), { "x-svc-fault": "slow_response", "x-svc-time-scale": "0.02" });
    expect(r.status, r.text).toBe(202);
    expect(r.headers.get("x-svc-fault")).toBe("slow_response");
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
  });

  it("lost_callback on Payouts send: the normal answer, the callback recorded as not sent on purpose, the live state still changes", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/payouts/v1/send", payout("nocb"), { "x-svc-fault": "lost_callback", "x-svc-time-scale": "0" });
    expect(r.status, r.text).toBe(202);
    const id = r.body.payoutId as string;
    const scheduled = (await timeline(a, id)).find((e) => e.type === "callback_scheduled");
    expect(scheduled).toMatchObject({ state: "NOT_SENT" });
    expect(scheduled!.error).toContain("on purpose");
    const status = await a.call("GET", `/payouts/v1/${id}`);
    expect(status.body.status).toBe("DELIVERED");
    expect(posted("nocb")).toEqual([]);
  });

  it("early_callback on Collect push: the callback has been received before the answer comes", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/collect/v1/push", push("early"), { "x-svc-fault": "early_callback" });
    expect(r.status, r.text).toBe(202);
    const got = posted("early");
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ checkoutId: r.body.checkoutId, resultCode: 0 });
  });

  it("over MCP: the fault argument; a lost answer is a tool error, and the HTTP retry finds the payout (409)", async () => {
    const a = await newApp();
    const body = payout("mcp");
    const rpc = await call("POST", `${base()}/mcp`, {
      headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "payout_send", arguments: { ...body, fault: "lost_response", timeScale: 0 } } }),
    });
    expect(rpc.status, rpc.text).toBe(200);
    expect(rpc.text).toContain("lost_response");
    expect(rpc.text).toContain('"isError":true');
    const retry = await a.call("POST", "/payouts/v1/send", body);
    expect(retry.status, retry.text).toBe(409);
  });
});
