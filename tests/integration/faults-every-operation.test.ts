// Every fault of X-Svc-Fault on every operation that calls back (the catalog's
// operations with a `callback`: Collect push, Payouts send, SMS send), over real
// HTTP with a real receiver: what the client sees, and for a committed call that
// its callback still comes (or, for lost_callback, is recorded as not sent).
// The expectations are README's table ("Faults on purpose"), written out here,
// not read from lib/engine/faults.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/doc-examples";
import { rawPost } from "../helpers/raw-post";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { newApp } from "../helpers/sandbox";

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

describe.each(calledBack.map((o) => [o.id, o] as const))("%s", (_, op) => {
  it("answers each fault as the contract's table says; a committed call still calls back", async () => {
    const a = await newApp();
    const body = (tag: string) => ({
      ...exampleBody(op),
      ...(op.referenceField ? { [op.referenceField]: `F-${Date.now()}-${n++}` } : {}),
      callbackUrl: `${receiver.url}/${tag}`,
    });
    for (const [fault, want] of Object.entries(TABLE)) {
      const tag = `${op.id}-${fault}-${n++}`;
      const headers = { "x-svc-fault": fault, "x-svc-time-scale": fault === "slow_response" ? "0.02" : "0" };
      if (want.sees === "no answer") {
        const lost = await rawPost(a.token, op.path, body(tag), headers);
        expect([fault, lost.status]).toEqual([fault, undefined]);
      } else {
        const r = await a.call("POST", op.path, body(tag), headers);
        expect([fault, r.status], r.text).toEqual([fault, want.sees.status]);
        if (want.sees.error) expect(r.body.error).toBe(want.sees.error);
        if (want.sees.retryAfter) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
        if (fault === "early_callback") expect(posted(tag), "posted before the answer").toHaveLength(1);
        if (fault === "lost_callback") {
          const id = r.body[op.resource!.idField] as string;
          const events = (await a.call("GET", `/dev/v1/resources/${id}/timeline`)).body.events as { type: string; state?: string }[];
          expect(events.find((e) => e.type === "callback_scheduled")).toMatchObject({ state: "NOT_SENT" });
          continue;
        }
      }
      if (want.committed) await expect.poll(() => posted(tag).length, { timeout: 30_000, message: `${op.id} ${fault}: its callback` }).toBe(1);
    }
    // lost_callback's receiver never got a post, and no call that committed nothing posted one (all were answered above; their
    // callbacks would have been due at once, like the committed ones that came).
    expect(receiver.received.filter((r) => r.path.startsWith(`/${op.id}-lost_callback`) || /-(unavailable|rate_limited|token_expired)-/.test(r.path) && r.path.startsWith(`/${op.id}`))).toEqual([]);
  });
});
