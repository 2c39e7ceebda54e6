// Every fault on every operation that calls back (the catalog's operations with
// a `callback`: Collect push, Payouts send, SMS send), over real HTTP
// (X-Svc-Fault) and over MCP (the tool's `fault` argument) with a real
// receiver: what the client sees, and for a committed call that its callback
// still comes (or, for lost_callback, is recorded as not sent).
// The expectations are README's table ("Faults on purpose"), written out here,
// not read from lib/engine/gateway-faults.ts.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Operation, operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/doc-examples";
import { rawPost } from "../helpers/raw-post";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { base, newApp, type TestApp } from "../helpers/apps";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const calledBack = operations.filter((o) => o.callback && o.method === "POST");
const posted = (tag: string) => receiver.received.filter((r) => r.path === `/${tag}`);
let n = 0;

type Seen = { status: number; error?: string; retryAfter?: boolean };
/** What the client sees, and whether the call is committed (its callback comes, or is recorded as not sent). */
const TABLE: Record<string, { sees: Seen | "no answer"; committed: boolean }> = {
  lost_response: { sees: "no answer", committed: true },
  slow_response: { sees: { status: 202 }, committed: true },
  error_after_commit: { sees: { status: 500, error: "INTERNAL_ERROR" }, committed: true },
  unavailable: { sees: { status: 503, error: "SERVICE_UNAVAILABLE", retryAfter: true }, committed: false },
  rate_limited: { sees: { status: 429, error: "RATE_LIMITED", retryAfter: true }, committed: false },
  lost_callback: { sees: { status: 202 }, committed: true },
  early_callback: { sees: { status: 202 }, committed: true },
  token_expired: { sees: { status: 401, error: "INVALID_TOKEN" }, committed: false }, // last: the app's token stays refused
};

it("the catalog has the three operations that call back", () => {
  expect(calledBack.map((o) => o.id)).toEqual(["collect.push", "payouts.send", "sms.send"]);
});

/** What the client saw of one call: no answer, or the status, error code, Retry-After seconds and body. */
type Answer = { status?: number; error?: string; retryAfter?: number; body?: Record<string, unknown> };
type Send = (op: Operation, body: Record<string, unknown>, fault: string, timeScale: string) => Promise<Answer>;

/** Over HTTP: the X-Svc-Fault header. */
const overHttp = (a: TestApp): Send => async (op, body, fault, timeScale) => {
  const headers = { "x-svc-fault": fault, "x-svc-time-scale": timeScale };
  if (fault === "lost_response") return rawPost(a.token, op.path, body, headers); // never sent again
  const r = await a.call("POST", op.path, body, headers);
  const retryAfter = r.headers.get("retry-after");
  return { status: r.status, error: r.body.error, retryAfter: retryAfter === null ? undefined : Number(retryAfter), body: r.body };
};

/** Over MCP: the tool's fault argument, through the SDK client (it validates results against the tool's output schema). */
const overMcp = (client: Client): Send => async (op, body, fault, timeScale) => {
  const r = await client.callTool({ name: op.tool, arguments: { ...body, fault, timeScale: Number(timeScale) } });
  const out = r.structuredContent as { status: number; error?: string; retryAfter?: number; body?: Record<string, unknown> } | undefined;
  if (!out) {
    expect(r).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("no answer (fault lost_response, on purpose)") }] });
    return {};
  }
  expect(Boolean(r.isError)).toBe(out.status >= 400);
  return { status: out.status, error: out.error, retryAfter: out.retryAfter, body: out.body };
};

describe.each(calledBack.flatMap((o) => [["HTTP", o.id, o] as const, ["MCP", o.id, o] as const]))("over %s: %s", (transport, _, op) => {
  it(`answers each fault of ${op.id} as the contract's table says; a committed call still calls back`, async () => {
    const a = await newApp();
    const client = new Client({ name: "gateway-faults-every-operation", version: "1.0.0" });
    if (transport === "MCP") {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    }
    const send = transport === "MCP" ? overMcp(client) : overHttp(a);
    const body = (tag: string) => ({
      ...exampleBody(op),
      ...(op.referenceField ? { [op.referenceField]: `F-${Date.now()}-${n++}` } : {}),
      callbackUrl: `${receiver.url}/${tag}`,
    });
    const prefix = `${transport}-${op.id}`;
    try {
      for (const [fault, want] of Object.entries(TABLE)) {
        const tag = `${prefix}-${fault}-${n++}`;
        const r = await send(op, body(tag), fault, fault === "slow_response" ? "0.02" : "0");
        if (want.sees === "no answer") expect([fault, r.status]).toEqual([fault, undefined]);
        else {
          expect([fault, r.status], JSON.stringify(r)).toEqual([fault, want.sees.status]);
          if (want.sees.error) expect(r.error).toBe(want.sees.error);
          if (want.sees.retryAfter) expect(r.retryAfter, `${fault}: Retry-After`).toBeGreaterThan(0);
          if (fault === "early_callback") expect(posted(tag), "posted before the answer").toHaveLength(1);
          if (fault === "lost_callback") {
            const id = r.body![op.resource!.idField] as string;
            const events = (await a.call("GET", `/dev/v1/resources/${id}/timeline`)).body.events as { type: string; state?: string }[];
            expect(events.find((e) => e.type === "callback_scheduled")).toMatchObject({ state: "NOT_SENT" });
            continue;
          }
        }
        if (want.committed) await expect.poll(() => posted(tag).length, { timeout: 30_000, message: `${op.id} ${fault}: its callback` }).toBe(1);
      }
    } finally {
      await client.close();
    }
    // lost_callback's receiver never got a post, and no call that committed nothing posted one (all were answered above; their
    // callbacks would have been due at once, like the committed ones that came).
    expect(receiver.received.filter((r) => r.path.startsWith(`/${prefix}-lost_callback`) || /-(unavailable|rate_limited|token_expired)-/.test(r.path) && r.path.startsWith(`/${prefix}`))).toEqual([]);
  });
});
