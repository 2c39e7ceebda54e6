// A reference is money's idempotency, whatever forces the scenario (contract,
// "Added 2026-11-27", References): the reference is checked before the
// scenario, through every entry point (HTTP, MCP, try-it as the app), so a
// retry whose answer was lost gets 409 DUPLICATE_REFERENCE even when it forces
// a scenario, a test number or a fault picks one; a Collect reference stays
// taken while its prompt is PENDING or COMPLETED (at time scale 0 too) and is
// free again once it FAILED; a float is reserved once per payout. The client
// packages' side is in client-rehearsal.test.ts; two instances under 100
// parallel retries in multi-instance.test.ts.
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { operationById } from "@/lib/catalog";
import { randomBase62 } from "@/lib/ids";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { rawPost } from "../helpers/raw-post";
import { base, collectBody, kesGiven, newApp, origin } from "../helpers/apps";

const ref = (p: string) => `${p}-${randomBase62(10)}`;
const payout = (reference: string, amount = 500) => ({
  amount, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference, callbackUrl: "http://127.0.0.1:9/cb",
});
const instant = { "x-svc-time-scale": "0" };

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe("Payouts: a used reference answers 409 whatever forces the scenario", () => {
  it("X-Svc-Scenario: sent with lost_response, then the same call again (as our clients resend it): 409, one payout, the float debited once", async () => {
    const a = await newApp();
    const body = payout(ref("PAY"));
    const headers = { ...instant, "x-svc-scenario": "sent" };
    const lost = await rawPost(a.token, "/payouts/v1/send", body, { ...headers, "x-svc-fault": "lost_response" });
    expect(lost.status).toBeUndefined();
    for (const retry of [{ ...headers, "x-svc-fault": "lost_response" }, headers, { ...headers, "x-svc-fault": "error_after_commit" }]) {
      const r = await a.call("POST", "/payouts/v1/send", body, retry);
      expect(r.status, r.text).toBe(409);
      expect(r.body.error).toBe("DUPLICATE_REFERENCE");
      expect(r.headers.get("x-svc-scenario")).toBe("duplicate");
      // no fault applies to a taken reference
      expect(r.headers.get("x-svc-fault")).toBeNull();
    }
    expect(await kesGiven(a.token)).toBe(500);
  });

  it("a fault that commits nothing (unavailable, rate_limited, token_expired) on a used reference: 409, not the fault", async () => {
    const a = await newApp();
    const body = payout(ref("PAY"));
    expect((await a.call("POST", "/payouts/v1/send", body, instant)).status).toBe(202);
    for (const fault of ["unavailable", "rate_limited", "token_expired"]) {
      const r = await a.call("POST", "/payouts/v1/send", body, { ...instant, "x-svc-fault": fault, "x-svc-scenario": "sent" });
      expect(r.status, `${fault}: ${r.text}`).toBe(409);
      expect(r.body.error).toBe("DUPLICATE_REFERENCE");
    }
    // token_expired was not applied: the token still works
    expect((await a.call("GET", "/dev/v1/float")).status).toBe(200);
    // A misspelled fault is still refused, taken reference or not.
    const unknown = await a.call("POST", "/payouts/v1/send", body, { ...instant, "x-svc-fault": "meteor" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "VALIDATION_ERROR", details: [{ field: "X-Svc-Fault" }] });
  });

  it("a reset frees every reference: a payout's and a completed prompt's", async () => {
    const a = await newApp();
    const body = payout(ref("RESET"));
    const push = collectBody({ reference: ref("RST").slice(0, 24) });
    expect((await a.call("POST", "/payouts/v1/send", body, instant)).status).toBe(202);
    expect((await a.call("POST", "/collect/v1/push", push, instant)).status).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", body, instant)).status).toBe(409);
    expect((await a.call("POST", "/collect/v1/push", push, instant)).status).toBe(409);
    expect((await a.call("POST", "/dev/v1/reset", {})).status).toBe(200);
    expect((await a.call("POST", "/payouts/v1/send", body, instant)).status).toBe(202);
    expect((await a.call("POST", "/collect/v1/push", push, instant)).status).toBe(202);
  });

  it("a test number that picks `sent`, and a fault plan: the retry of a used reference is 409, and draws no fault from the plan (the next call gets it)", async () => {
    const a = await newApp();
    const reference = ref("TN");
    const tn = await a.call("POST", "/dev/v1/test-numbers", { operationId: "payouts.send", field: "reference", value: reference, scenario: "sent" });
    expect(tn.status, tn.text).toBe(200);
    expect((await a.call("POST", "/payouts/v1/send", payout(reference), instant)).status).toBe(202);
    expect((await a.call("POST", "/payouts/v1/send", payout(reference), instant)).status).toBe(409);

    const plan = await a.call("PATCH", "/dev/v1/settings", { faultPlan: [{ operation: "payouts.send", fault: "lost_response", when: { every: 2 } }] });
    expect(plan.status, plan.text).toBe(200);
    const planned = ref("PLAN");
    expect((await a.call("POST", "/payouts/v1/send", payout(planned), instant)).status).toBe(202); // plan call 1
    const lost = await rawPost(a.token, "/payouts/v1/send", payout(ref("PLAN")), instant); // plan call 2: lost
    expect(lost.status).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const again = await a.call("POST", "/payouts/v1/send", payout(planned), instant); // taken: 409, not numbered
      expect(again.status, again.text).toBe(409);
      expect(again.headers.get("x-svc-fault")).toBeNull();
    }
    expect((await a.call("POST", "/payouts/v1/send", payout(ref("PLAN")), instant)).headers.get("x-svc-fault")).toBeNull(); // plan call 3
    expect((await rawPost(a.token, "/payouts/v1/send", payout(ref("PLAN")), instant)).status).toBeUndefined(); // plan call 4: lost
    expect(await kesGiven(a.token)).toBe(5 * 500);
  });
});

describe("Collect: a reference is taken while PENDING or COMPLETED, free once FAILED, at any time scale", () => {
  it("at time scale 0, a paid prompt whose answer was lost keeps its reference: the retry is 409 and retry_reuses_reference PASSED", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const body = collectBody({ reference: ref("INV").slice(0, 24) });
    const lost = await rawPost(a.token, "/collect/v1/push", body, { ...instant, "x-svc-fault": "lost_response" });
    expect(lost.status).toBeUndefined();
    const retry = await a.call("POST", "/collect/v1/push", body, instant);
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body.error).toBe("DUPLICATE_REFERENCE");
    // forced too
    expect((await a.call("POST", "/collect/v1/push", body, { ...instant, "x-svc-scenario": "paid" })).status).toBe(409);
    const checks = await a.call("GET", "/dev/v1/client-checks");
    expect(checks.body.checks.find((c: { name: string }) => c.name === "retry_reuses_reference")).toMatchObject({ status: "PASSED" });
  });

  it("a prompt that FAILED (cancelled, no answer, insufficient funds) frees its reference; a pending one holds it", async () => {
    const a = await newApp({ groups: ["Payments"] });
    for (const scenario of ["cancelled", "no_answer", "insufficient_funds"]) {
      const body = collectBody({ reference: ref("F").slice(0, 24) });
      expect((await a.call("POST", "/collect/v1/push", body, { ...instant, "x-svc-scenario": scenario })).status).toBe(202);
      const again = await a.call("POST", "/collect/v1/push", body, instant);
      expect(again.status, `${scenario}: ${again.text}`).toBe(202);
    }
    const pending = collectBody({ reference: ref("P").slice(0, 24) });
    expect((await a.call("POST", "/collect/v1/push", pending, { "x-svc-time-scale": "1", "x-svc-scenario": "cancelled" })).status).toBe(202);
    expect((await a.call("POST", "/collect/v1/push", pending, { ...instant, "x-svc-scenario": "paid" })).status).toBe(409);
  });
});

describe("every entry point goes through the one rule", () => {
  it("MCP: payout_send with scenario `sent` twice on one reference: the second is DUPLICATE_REFERENCE; collect_push at scale 0 likewise", async () => {
    const a = await newApp();
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } });
    const client = new Client({ name: "reference-test", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      return { isError: r.isError === true, s: r.structuredContent as Record<string, any> };
    };
    const body = payout(ref("MCP"));
    const first = await call("payout_send", { ...body, scenario: "sent", timeScale: 0 });
    expect(first.isError, JSON.stringify(first.s)).toBe(false);
    const second = await call("payout_send", { ...body, scenario: "sent", timeScale: 0 });
    expect(second).toMatchObject({ isError: true, s: { status: 409, error: "DUPLICATE_REFERENCE", scenario: "duplicate" } });
    const push = collectBody({ reference: ref("MCP").slice(0, 24) });
    expect((await call("collect_push", { ...push, scenario: "paid", timeScale: 0 })).isError).toBe(false);
    expect(await call("collect_push", { ...push, scenario: "paid", timeScale: 0 })).toMatchObject({ isError: true, s: { status: 409, error: "DUPLICATE_REFERENCE" } });
    expect(await kesGiven(a.token)).toBe(500);
  });

  it("try-it as the signed-in owner's app, scenario forced: the second call with the reference is 409", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery", "127.0.0.78");
    expect(session).toBeTruthy();
    const op = operationById("collect.push")!;
    const body = collectBody({ reference: ref("TRY").slice(0, 24), callbackUrl: a.inspectorUrl });
    const tryLive = async () => {
      const r = await requestFrom("127.0.0.78", `${origin()}/api/try/${op.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-svc-scenario": "paid", "x-svc-try-app": a.appId, "x-svc-try-live": "1", "x-svc-time-scale": "0", cookie: session! },
        body: JSON.stringify(body),
      });
      return r.json as { status: number; body: { error?: string } };
    };
    expect((await tryLive()).status).toBe(202);
    expect(await tryLive()).toMatchObject({ status: 409, body: { error: "DUPLICATE_REFERENCE" } });
  });
});
