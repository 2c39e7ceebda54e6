// The console's one search (GET /api/console/search?q=, lib/activity/search.ts)
// and the callbacks list's search and totals (GET /api/console/apps/{id}/deliveries),
// over real HTTP with a signed-in session: every id the portal issues, a
// reference, a phone number, in an app and in a throwaway sandbox; never
// another account's; bad input answers 400 with the error body.
import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { collectBody, fetchToken, http, newApp, origin, type TestApp } from "../helpers/apps";

const PASSWORD = "correct horse battery";
const phone = () => `2547${String(randomInt(10_000_000, 99_999_999))}`;
const instant = { "x-svc-time-scale": "0" };

async function session(a: TestApp) {
  const { session } = await signInOverHttp(origin(), a.user.email, PASSWORD);
  return session!;
}
const get = (cookie: string, path: string) => http("GET", `${origin()}${path}`, { headers: { cookie, accept: "application/json" } });
const search = async (cookie: string, q: string) => {
  const r = await get(cookie, `/api/console/search?q=${encodeURIComponent(q)}`);
  expect(r.status, r.text).toBe(200);
  return r.body.results as { kind: string; id: string; href: string; title: string; detail: string; app: { id: string; name: string; sandbox: boolean } | null }[];
};
/** The callback of a resource once attempted (the developer API's wait). */
async function delivered(a: { call: TestApp["call"] }, resourceId: string) {
  const w = await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${resourceId}&timeout=30`);
  expect(w.body.status, w.text).toBe("ATTEMPTED");
  return w.body.delivery.id as string;
}

describe("the console's search", () => {
  let a: TestApp;
  let cookie: string;
  const made = {} as Record<"push" | "payout" | "sms" | "ver" | "sandboxPush", { status: number; body: any; headers: Headers }>;
  const phones = { push: phone(), sms: phone() };
  const refs = { push: `INV-S-${randomInt(1e9)}`, payout: `P-S-${randomInt(1e9)}`, sandbox: `SBX-${randomInt(1e9)}` };
  let sandbox: { appId: string; call: TestApp["call"] };

  beforeAll(async () => {
    a = await newApp();
    const cb = { callbackUrl: a.inspectorUrl };
    made.push = await a.call("POST", "/collect/v1/push", collectBody({ reference: refs.push, phoneNumber: phones.push, ...cb }), instant);
    made.payout = await a.call("POST", "/payouts/v1/send", { amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: phone() }, reference: refs.payout, ...cb }, instant);
    made.sms = await a.call("POST", "/messaging/v1/sms", { to: phones.sms, senderId: "SHOP", message: "hi", ...cb }, instant);
    made.ver = await a.call("POST", "/identity/v1/verifications", { idNumber: "12345678", firstName: "Amina" });
    for (const r of Object.values(made)) expect(r.status).toBeLessThan(300);
    // A throwaway sandbox of the app, with a call of its own.
    const s = await a.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 600, name: "ci-search" });
    expect(s.status, s.text).toBe(201);
    const token = (await fetchToken(s.body.consumerKey, s.body.consumerSecret)).body.access_token as string;
    sandbox = {
      appId: s.body.appId,
      call: (method, p, body, headers = {}) => http(method, `${origin()}/sandbox${p}`, {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body),
      }),
    };
    made.sandboxPush = await sandbox.call("POST", "/collect/v1/push", collectBody({ reference: refs.sandbox, callbackUrl: s.body.inspectorUrl }), instant);
    expect(made.sandboxPush.status, JSON.stringify(made.sandboxPush.body)).toBe(202);
    cookie = await session(a);
  });

  it("finds every kind of id the portal issues, each with the address of its page", async () => {
    const chk = made.push.body.checkoutId as string;
    const dlv = await delivered(a, chk);
    const inbox = await get(cookie, `/api/console/apps/${a.appId}/inbox?delivery=${dlv}`);
    const inb = inbox.body.items[0].id as string;
    const check = await a.call("POST", "/dev/v1/receiver-checks", { url: a.inspectorUrl });
    expect(check.status, check.text).toBe(201);
    const app = `/apps/${a.appId}`;
    const expected: [string, string, string][] = [
      [a.appId, "app", app],
      [made.push.headers.get("x-request-id")!, "request", `${app}/requests/${made.push.headers.get("x-request-id")}`],
      [chk, "resource", `${app}/resources/${chk}`],
      [made.payout.body.payoutId, "resource", `${app}/resources/${made.payout.body.payoutId}`],
      [made.sms.body.messageId, "resource", `${app}/resources/${made.sms.body.messageId}`],
      [made.ver.body.verificationId, "resource", `${app}/resources/${made.ver.body.verificationId}`],
      [dlv, "callback", `${app}/callbacks/${dlv}`],
      [inb, "inbox entry", `${app}/inspector?delivery=${dlv}`],
      [a.keys.id, "key pair", `${app}/keys`],
      [check.body.id, "receiver check", `${app}/go-live`],
      [a.user.id, "account", "/account"],
    ];
    for (const [q, kind, href] of expected) {
      const results = await search(cookie, q);
      expect(results.map((h) => [h.kind, h.id, h.href]), q).toEqual([[kind, q, href]]);
    }
    // Each result names its app.
    expect((await search(cookie, chk))[0]!.app).toEqual({ id: a.appId, name: "Test app", sandbox: false });
  });

  it("finds a reference, and a phone number as typed (with a plus sign or spaces), newest first", async () => {
    const byRef = await search(cookie, refs.payout);
    expect(byRef.map((h) => [h.kind, h.id])).toEqual([["resource", made.payout.body.payoutId]]);
    expect(byRef[0]!.detail).toContain(`reference ${refs.payout}`);
    for (const typed of [phones.push, `+${phones.push}`, `+${phones.push.slice(0, 3)} ${phones.push.slice(3, 6)} ${phones.push.slice(6)}`]) {
      expect((await search(cookie, typed)).map((h) => [h.kind, h.id, h.href]), typed).toEqual([["resource", made.push.body.checkoutId, `/apps/${a.appId}/resources/${made.push.body.checkoutId}`]]);
    }
    expect((await search(cookie, phones.sms)).map((h) => h.id)).toEqual([made.sms.body.messageId]);
    // A number in two calls: both, newest first.
    const again = await a.call("POST", "/collect/v1/push", collectBody({ phoneNumber: phones.sms, callbackUrl: a.inspectorUrl }), instant);
    expect((await search(cookie, phones.sms)).map((h) => h.id)).toEqual([again.body.checkoutId, made.sms.body.messageId]);
  });

  it("looks in the user's throwaway sandboxes too, marked as such", async () => {
    const [hit] = await search(cookie, refs.sandbox);
    expect(hit).toMatchObject({ kind: "resource", id: made.sandboxPush.body.checkoutId, href: `/apps/${sandbox.appId}/resources/${made.sandboxPush.body.checkoutId}`, app: { id: sandbox.appId, name: "ci-search", sandbox: true } });
    expect((await search(cookie, sandbox.appId)).map((h) => [h.kind, h.href, h.app?.sandbox])).toEqual([["app", `/apps/${sandbox.appId}`, true]]);
    expect(await search(cookie, made.sandboxPush.headers.get("x-request-id")!)).toHaveLength(1);
    // Part of an app's name, any case.
    expect((await search(cookie, "CI-SEA")).map((h) => [h.kind, h.id])).toEqual([["app", sandbox.appId]]);
    expect((await search(cookie, "test ap")).map((h) => [h.kind, h.id])).toEqual([["app", a.appId]]);
  });

  it("never finds another account's things, by id, reference or phone, and nothing answers for what is not there", async () => {
    const b = await newApp({ groups: ["Payments"] });
    const bPhone = phone();
    const bPush = await b.call("POST", "/collect/v1/push", collectBody({ reference: refs.push, phoneNumber: bPhone, callbackUrl: b.inspectorUrl }), instant);
    expect(bPush.status).toBe(202);
    const bCookie = await session(b);
    // b used a's reference: each sees only its own resource.
    expect((await search(bCookie, refs.push)).map((h) => h.id)).toEqual([bPush.body.checkoutId]);
    expect((await search(cookie, refs.push)).map((h) => h.id)).toEqual([made.push.body.checkoutId]);
    for (const q of [b.appId, bPush.body.checkoutId, bPush.headers.get("x-request-id")!, b.keys.id, b.user.id, bPhone]) {
      expect(await search(cookie, q), q).toEqual([]);
    }
    for (const q of [a.appId, made.push.body.checkoutId, made.push.headers.get("x-request-id")!, a.user.id, phones.sms, refs.payout, sandbox.appId]) {
      expect(await search(bCookie, q), q).toEqual([]);
    }
    expect(await search(cookie, "chk_nothingHereAtAll0000000")).toEqual([]);
    expect(await search(cookie, "no such reference")).toEqual([]);
  });

  it("bad input answers 400 VALIDATION_ERROR with a clear message; no session answers 401", async () => {
    for (const [q, message] of [
      ["", /search text \(q\) is required/],
      ["?q=", /at least 2 characters/],
      ["?q=%20x%20", /at least 2 characters/],
      [`?q=${"x".repeat(101)}`, /at most 100 characters/],
    ] as const) {
      const r = await get(cookie, `/api/console/search${q}`);
      expect([r.status, r.body.error], q).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.message, q).toMatch(message);
      expect(r.body.requestId).toMatch(/^req_/);
    }
    const nul = await get(cookie, "/api/console/search?q=R%00X");
    expect([nul.status, nul.body.results]).toEqual([200, []]);
    const anon = await http("GET", `${origin()}/api/console/search?q=${a.appId}`, { headers: { accept: "application/json" } });
    expect([anon.status, anon.body.error]).toEqual([401, "UNAUTHENTICATED"]);
  });
});
