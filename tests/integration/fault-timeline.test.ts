// What the developer API shows of faults injected on purpose (X-Svc-Fault):
// the resource timeline marks the call whose answer was lost and the retry
// with the same reference that found it (409 DUPLICATE_REFERENCE), a
// slow_response the client gave up on included; the client
// checks point at docs anchors that exist. Real HTTP against the shared server.
import http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GATEWAY_FAULTS } from "@/lib/engine";
import { rawPost } from "../helpers/raw-post";
import { base, collectBody, newApp, type TestApp } from "../helpers/apps";

let n = 0;
const payout = (over: Record<string, unknown> = {}) => ({
  amount: 700, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `FT-${Date.now()}-${n++}`,
  callbackUrl: "http://127.0.0.1:9/cb", ...over,
});
const events = async (a: TestApp, id: string) => {
  const r = await a.call("GET", `/dev/v1/resources/${id}/timeline`);
  expect(r.status, r.text).toBe(200);
  return r.body.events as Record<string, any>[];
};
/** The resource a call with a lost answer made, as a client finds it: the callback wait by reference. */
async function resourceOf(a: TestApp, reference: string): Promise<string> {
  const r = await a.call("GET", `/dev/v1/callbacks/wait?reference=${encodeURIComponent(reference)}&timeout=1`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.delivery?.resourceId, r.text).toBeTruthy();
  return r.body.delivery.resourceId as string;
}
const sees = (name: string) => GATEWAY_FAULTS.find((f) => f.name === name)!.sees;

/** A POST whose client gives up before the answer comes: it closes the connection when told to (never sent again, unlike the suite's fetch). */
function abandonedPost(a: TestApp, path: string, body: unknown, headers: Record<string, string>) {
  const answered = vi.fn();
  const req = http.request(`${base()}${path}`, {
    method: "POST", agent: false,
    headers: { authorization: `Bearer ${a.token}`, "content-type": "application/json", ...headers },
  }, answered);
  req.on("error", () => {});
  req.end(JSON.stringify(body));
  return { answered, giveUp: () => req.destroy() };
}

describe("timeline: the lost answer and the retry that found it", () => {
  it("lost_response on Payouts send: the creating call says its answer was lost on purpose; the retry's 409 says it found it", async () => {
    const a = await newApp();
    const body = payout();
    const lost = await rawPost(a.token, "/payouts/v1/send", body, { "x-svc-fault": "lost_response", "x-svc-time-scale": "0" });
    expect(lost.status).toBeUndefined();
    const retry = await a.call("POST", "/payouts/v1/send", body);
    expect(retry.status, retry.text).toBe(409);
    // a duplicate of another reference is not this payout's retry
    const other = payout();
    expect((await a.call("POST", "/payouts/v1/send", other, { "x-svc-time-scale": "0" })).status).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", other)).status).toBe(409);

    const ev = await events(a, await resourceOf(a, body.reference));
    const calls = ev.filter((e) => e.type === "request");
    expect(calls).toHaveLength(2);
    const [first, found] = calls;
    expect(first).toMatchObject({ status: 202, fault: "lost_response" });
    expect(first!.note).toBe(`answer lost on purpose (X-Svc-Fault: lost_response); what the client saw: ${sees("lost_response")}`);
    expect(found).toMatchObject({ status: 409, requestId: retry.headers.get("x-request-id"), retryOf: first!.requestId, fault: null });
    expect(found!.note).toContain("your retry found it: the first call");
    expect(Date.parse(found!.at)).toBeGreaterThanOrEqual(Date.parse(first!.at));
  });

  it("error_after_commit on Collect push: the call answered 500 and its retry's 409 on the prompt's timeline", async () => {
    const a = await newApp();
    const body = collectBody({ callbackUrl: "http://127.0.0.1:9/cb" });
    const r = await a.call("POST", "/collect/v1/push", body, { "x-svc-fault": "error_after_commit" });
    expect(r.status, r.text).toBe(500);
    const retry = await a.call("POST", "/collect/v1/push", body);
    expect(retry.status, retry.text).toBe(409);
    const calls = (await events(a, await resourceOf(a, body.reference))).filter((e) => e.type === "request");
    expect(calls.map((e) => [e.requestId, e.status, e.fault, e.retryOf ?? null])).toEqual([
      // the log keeps the committed answer; the note says the client saw a 500
      [r.headers.get("x-request-id"), 202, "error_after_commit", null],
      [retry.headers.get("x-request-id"), 409, null, r.headers.get("x-request-id")],
    ]);
    expect(calls[0]!.note).toContain(sees("error_after_commit"));
  });

  it("slow_response cut short on Payouts send: committed (its callback scheduled), the late call marked on purpose, the retry's 409 found it", async () => {
    const a = await newApp();
    const body = payout();
    // At time scale 1 the answer is held 30 s; the client gives up once the payout exists (the wait by reference answers 200, not 404).
    const slow = abandonedPost(a, "/payouts/v1/send", body, { "x-svc-fault": "slow_response", "x-svc-time-scale": "1" });
    const id = await vi.waitFor(() => resourceOf(a, body.reference), { timeout: 20_000, interval: 200 });
    slow.giveUp();
    expect(slow.answered).not.toHaveBeenCalled();
    const retry = await a.call("POST", "/payouts/v1/send", body);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.error).toBe("DUPLICATE_REFERENCE");

    const ev = await events(a, id);
    const calls = ev.filter((e) => e.type === "request");
    expect(calls.map((e) => [e.status, e.fault, e.retryOf ?? null])).toEqual([
      [202, "slow_response", null],
      [409, null, calls[0]!.requestId],
    ]);
    expect(calls[0]!.note).toBe(`answer lost on purpose (X-Svc-Fault: slow_response); what the client saw: ${sees("slow_response")}`);
    expect(calls[1]).toMatchObject({ requestId: retry.headers.get("x-request-id") });
    expect(calls[1]!.note).toContain(`your retry found it: the first call (${calls[0]!.requestId}) went through`);
    expect(ev.filter((e) => e.type === "callback_scheduled")).toHaveLength(1);
  });

  it("slow_response the client waited for: a duplicate sent after the answer came is not a retry that found it", async () => {
    const a = await newApp();
    const body = payout();
    const slow = await a.call("POST", "/payouts/v1/send", body, { "x-svc-fault": "slow_response", "x-svc-time-scale": "0" });
    expect(slow.status, slow.text).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", body)).status).toBe(409);
    const calls = (await events(a, slow.body.payoutId)).filter((e) => e.type === "request");
    expect(calls.map((e) => [e.status, e.fault, e.retryOf ?? null])).toEqual([[202, "slow_response", null]]);
  });

  it("without a fault nothing changes: a duplicate of the reference is not an event, no call carries a note", async () => {
    const a = await newApp();
    const body = payout();
    const first = await a.call("POST", "/payouts/v1/send", body, { "x-svc-time-scale": "0" });
    expect(first.status, first.text).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", body)).status).toBe(409);
    const ev = await events(a, first.body.payoutId);
    expect(ev.filter((e) => e.type === "request")).toEqual([expect.objectContaining({ requestId: first.headers.get("x-request-id"), fault: null })]);
    expect(ev.some((e) => "note" in e && e.type === "request")).toBe(false);
  });

  it("a fault that lost no answer (lost_callback): its note says so, and a duplicate is not a retry that found it", async () => {
    const a = await newApp();
    const body = payout();
    const first = await a.call("POST", "/payouts/v1/send", body, { "x-svc-fault": "lost_callback", "x-svc-time-scale": "0" });
    expect(first.status, first.text).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", body)).status).toBe(409);
    const calls = (await events(a, first.body.payoutId)).filter((e) => e.type === "request");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.note).toBe(`fault on purpose (X-Svc-Fault: lost_callback); what the client saw: ${sees("lost_callback")}`);
  });
});

describe("timeline over MCP", () => {
  it("sandbox_dev_timeline answers the note and retryOf within its output schema (the SDK client validates it)", async () => {
    const a = await newApp();
    const body = payout();
    expect((await rawPost(a.token, "/payouts/v1/send", body, { "x-svc-fault": "lost_response", "x-svc-time-scale": "0" })).status).toBeUndefined();
    const retry = await a.call("POST", "/payouts/v1/send", body);
    expect(retry.status, retry.text).toBe(409);
    const id = await resourceOf(a, body.reference);
    const client = new Client({ name: "fault-timeline-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const t = await client.callTool({ name: "sandbox_dev_timeline", arguments: { id } });
      expect(t.isError, JSON.stringify(t.content)).toBeFalsy();
      const calls = (t.structuredContent as { body: { events: Record<string, unknown>[] } }).body.events.filter((e) => e.type === "request");
      expect(calls.map((e) => [e.fault, e.retryOf ?? null])).toEqual([["lost_response", null], [null, calls[0]!.requestId]]);
    } finally {
      await client.close();
    }
  });
});

describe("client checks: docs links", () => {
  it("every check links to docs, and each link's page has its anchor", async () => {
    const a = await newApp();
    const r = await a.call("GET", "/dev/v1/client-checks");
    expect(r.status, r.text).toBe(200);
    const links = (r.body.checks as { links: { label: string; url: string }[] }[]).flatMap((c) => c.links);
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const c of r.body.checks) expect(c.links.length, c.name).toBeGreaterThan(0);
    for (const url of new Set(links.map((l) => l.url))) {
      const page = await fetch(url);
      expect(page.status, url).toBe(200);
      const anchor = new URL(url).hash.slice(1);
      if (anchor) expect(await page.text(), url).toContain(`id="${anchor}"`);
    }
  });
});
