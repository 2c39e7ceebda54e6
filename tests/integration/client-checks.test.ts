// Client checks (GET /dev/v1/client-checks, lib/activity/client-checks.ts):
// a good client and a bad one, each a small script driven against the real
// server through the faults (X-Svc-Fault), then each check's verdict and why.
import { describe, expect, it } from "vitest";
import { base, collectBody, fetchToken, http, newApp, type TestApp } from "../helpers/apps";
import { rawPost } from "../helpers/raw-post";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const payout = (over: Record<string, unknown> = {}) => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `PAY-${Date.now()}-${n++}`,
  callbackUrl: "http://127.0.0.1:9/cb", ...over,
});

const send = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  http(method, `${base()}${path}`, {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-svc-time-scale": "0", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** What a careful client does after each fault. */
async function goodClient(a: TestApp) {
  let token = a.token;
  // the answer is lost: the same request again; 409 says the first one went through
  const p = payout();
  expect((await rawPost(token, "/payouts/v1/send", p, { "x-svc-fault": "lost_response" })).status).toBeUndefined();
  expect((await send(token, "POST", "/payouts/v1/send", p)).status).toBe(409);
  // 503: wait Retry-After, then the same request
  const push = collectBody();
  const refused = await send(token, "POST", "/collect/v1/push", push, { "x-svc-fault": "unavailable" });
  await sleep(Number(refused.headers.get("retry-after")) * 1000);
  expect((await send(token, "POST", "/collect/v1/push", push)).status).toBe(202);
  // 401: one new token, then the same request
  const q = payout();
  expect((await send(token, "POST", "/payouts/v1/send", q, { "x-svc-fault": "token_expired" })).status).toBe(401);
  token = (await fetchToken(a.keys.consumerKey, a.keys.consumerSecret)).body.access_token;
  expect((await send(token, "POST", "/payouts/v1/send", q)).status).toBe(202);
  // no callback: ask for the status
  const r = await send(token, "POST", "/payouts/v1/send", payout(), { "x-svc-fault": "lost_callback" });
  expect((await send(token, "GET", `/payouts/v1/${r.body.payoutId}`)).status).toBe(200);
}

/** A client that pays twice, hammers on, keeps its dead token and never polls. */
async function badClient(a: TestApp) {
  const p = payout({ reference: "FIRST-1" });
  await rawPost(a.token, "/payouts/v1/send", p, { "x-svc-fault": "lost_response" });
  expect((await send(a.token, "POST", "/payouts/v1/send", { ...p, reference: "SECOND-2" })).status).toBe(202);
  const push = collectBody();
  await send(a.token, "POST", "/collect/v1/push", push, { "x-svc-fault": "unavailable" });
  expect((await send(a.token, "POST", "/collect/v1/push", push)).status).toBe(202);
  await send(a.token, "POST", "/payouts/v1/send", payout(), { "x-svc-fault": "lost_callback" });
  const q = payout();
  await send(a.token, "POST", "/payouts/v1/send", q, { "x-svc-fault": "token_expired" });
  for (let i = 0; i < 2; i++) expect((await send(a.token, "POST", "/payouts/v1/send", q)).status).toBe(401);
}

async function checksOf(a: TestApp, token = a.token) {
  const r = await send(token, "GET", "/dev/v1/client-checks");
  expect(r.status, r.text).toBe(200);
  return Object.fromEntries((r.body.checks as { name: string }[]).map((c) => [c.name, c])) as Record<string, any>;
}

describe("client checks", () => {
  it("an app that ran no fault: every check NOT_EXERCISED, in readiness too", async () => {
    const a = await newApp();
    expect((await send(a.token, "POST", "/payouts/v1/send", payout())).status).toBe(202);
    const checks = await checksOf(a);
    expect(Object.values(checks).map((c) => c.status)).toEqual(Array(4).fill("NOT_EXERCISED"));
    const ready = await send(a.token, "GET", "/dev/v1/readiness");
    expect(ready.body.clientChecks).toHaveLength(4);
  });

  it("the good client passes every check, with the request ids as evidence", async () => {
    const a = await newApp();
    await goodClient(a);
    const fresh = (await fetchToken(a.keys.consumerKey, a.keys.consumerSecret)).body.access_token;
    const checks = await checksOf(a, fresh);
    for (const name of ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"]) {
      expect(checks[name], name).toMatchObject({ status: "PASSED" });
      expect(checks[name].requestIds.length, name).toBeGreaterThanOrEqual(2);
      expect(checks[name].why).toBeUndefined();
    }
  });

  it("the bad client fails every check, each saying why with the amounts, number and reference, and what to do", async () => {
    const a = await newApp();
    await badClient(a);
    const fresh = (await fetchToken(a.keys.consumerKey, a.keys.consumerSecret)).body.access_token;
    const checks = await checksOf(a, fresh);
    expect(checks.retry_reuses_reference.status).toBe("FAILED");
    expect(checks.retry_reuses_reference.why).toMatch(
      /^After the payout of 500 KES to 254712345678 lost its answer, your client sent a new payout with another reference \(SECOND-2\) [\d.]+ s later: in production that pays twice\.$/,
    );
    expect(checks.honours_retry_after.status).toBe("FAILED");
    expect(checks.honours_retry_after.why).toMatch(/^After a 503 SERVICE_UNAVAILABLE on POST \/collect\/v1\/push asking to retry after 1 s, your client called it again [\d.]+ s later/);
    expect(checks.renews_expired_token.status).toBe("FAILED");
    expect(checks.renews_expired_token.why).toContain("sent the same token 2 more times");
    expect(checks.polls_after_lost_callback.status).toBe("FAILED");
    expect(checks.polls_after_lost_callback.why).toMatch(/^The callback of the payout of 500 KES to 254712345678 \(pay_\w+\) never came/);
    for (const c of Object.values(checks)) {
      expect(c.hint, c.name).toBeTruthy();
      expect(c.requestIds.length, c.name).toBeGreaterThanOrEqual(1);
    }
  });
});
