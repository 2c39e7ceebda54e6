// The generated TypeScript clients, downloaded from the portal, call the real
// gateway: token caching, one typed method per operation, scenarios, errors.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/doc-examples";
import { clientClassName } from "@/lib/client-gen/client";
import { opSlug } from "@/lib/docs/urls";
import { randomBase62 } from "@/lib/ids";
import { ownerView } from "../helpers/owner-view";
import { startReceiver } from "../helpers/receiver";
import { http, newApp, origin, type TestApp } from "../helpers/apps";

let app: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-clients-"));
beforeAll(async () => {
  app = await newApp();
});

async function load(apiId: string) {
  const r = await http("GET", `${origin()}/clients/${apiId}.ts`);
  expect(r.status).toBe(200);
  const file = path.join(dir, `${apiId}.ts`);
  fs.writeFileSync(file, r.text);
  return import(/* @vite-ignore */ file);
}

describe.each(apis)("TypeScript client of $name", (api) => {
  it("sends with the example body, then reads the created resource back", async () => {
    const mod = await load(api.id);
    let tokenCalls = 0;
    const client = new mod[clientClassName(api)]({
      consumerKey: app.keys.consumerKey,
      consumerSecret: app.keys.consumerSecret,
      fetch: (url: string, init: RequestInit) => {
        if (String(url).endsWith("/oauth/v1/token")) tokenCalls++;
        return fetch(url, init);
      },
    });
    expect(mod[clientClassName(api)].defaultBaseUrl).toBe(`${origin()}/sandbox`);
    const [send, get] = operations.filter((o) => o.api === api.id);
    const body = { ...exampleBody(send!), ...(send!.referenceField ? { [send!.referenceField]: `C-${randomBase62(8)}` } : {}) };
    const created = await client[opSlug(send!)](body);
    const id = created[send!.resource.idField];
    expect(id).toMatch(new RegExp(`^${send!.resource.prefix}_`));
    const read = await client[opSlug(get!)](id);
    expect(read[get!.resource.idField]).toBe(id);
    expect(tokenCalls).toBe(1); // cached

    const err = await client[opSlug(get!)]("x".repeat(65)).catch((e: Error) => e);
    expect(err).toBeInstanceOf(mod.SandboxApiError);
    expect(err).toMatchObject({ status: 400, body: { error: "VALIDATION_ERROR" } });

    // The same body twice, each forcing the default scenario at time scale 0: a reference is checked first (contract 2026-11-27, References).
    const forced = { scenario: send!.scenarios.find((s) => s.default)!.key, timeScale: 0 };
    const again = { ...exampleBody(send!), ...(send!.referenceField ? { [send!.referenceField]: `C-${randomBase62(8)}` } : {}) };
    await client[opSlug(send!)](again, forced);
    const resent = await client[opSlug(send!)](again, forced).then(() => null, (e: Error) => e);
    if (send!.referenceField) expect(resent).toMatchObject({ status: 409, code: "DUPLICATE_REFERENCE" });
    else expect(resent).toBeNull();
  });
});

it("a scenario option sends X-Svc-Scenario", async () => {
  const mod = await load("collect");
  const client = new mod.CollectClient({ consumerKey: app.keys.consumerKey, consumerSecret: app.keys.consumerSecret });
  const e = await client.push({ ...exampleBody(operations[0]!), reference: `C-${randomBase62(8)}` }, { scenario: "invalid_phone" }).catch((x: Error) => x);
  expect(e).toMatchObject({ status: 400, body: { error: "INVALID_PHONE_NUMBER" } });
  expect(e.headers.get("x-svc-scenario")).toBe("invalid_phone");
});

describe("TypeScript client: errors, response data, timeouts, callbacks", () => {
  const creds = () => ({ consumerKey: app.keys.consumerKey, consumerSecret: app.keys.consumerSecret });

  it("one error class across APIs: an error of the Payouts client is a SandboxApiError of the Collect file", async () => {
    const [collect, payouts] = [await load("collect"), await load("payouts")];
    const e = await new payouts.PayoutsClient(creds()).status("x".repeat(65)).catch((x: Error) => x);
    expect(e).toBeInstanceOf(collect.SandboxApiError);
    expect(e).toBeInstanceOf(payouts.SandboxApiError);
    expect(new Error("plain")).not.toBeInstanceOf(collect.SandboxApiError);
    expect(e).toMatchObject({ status: 400, requestId: e.body.requestId, rateLimit: { limit: 60 } });
    expect(e.requestId).toMatch(/^req_/);
  });

  it("a non-JSON answer (a proxy's 502) is a SandboxApiError, not a SyntaxError", async () => {
    const mod = await load("collect");
    // The token passes; the call meets a proxy that answers HTML.
    const client = new mod.CollectClient({
      ...creds(),
      fetch: (url: string, init: RequestInit) =>
        String(url).endsWith("/oauth/v1/token") ? fetch(url, init) : Promise.resolve(new Response("<html><h1>502 Bad Gateway</h1></html>", { status: 502, headers: { "content-type": "text/html" } })),
    });
    const e = await client.status("chk_1").catch((x: Error) => x);
    expect(e).toBeInstanceOf(mod.SandboxApiError);
    expect(e).toMatchObject({ status: 502, body: { error: "HTTP_502", message: expect.stringContaining("502 Bad Gateway") } });
    // A real server in front of nothing: its 502 on the token request.
    const proxy = await startReceiver(() => ({ status: 502 }));
    try {
      const e2 = await new mod.CollectClient({ ...creds(), baseUrl: proxy.url }).status("chk_1").catch((x: Error) => x);
      expect(e2).toBeInstanceOf(mod.SandboxApiError);
      expect(e2).toMatchObject({ status: 502, body: { error: "HTTP_502" } });
    } finally {
      await proxy.close();
    }
  });

  it("withResponse gives the request id, scenario, rate limit and headers", async () => {
    const mod = await load("identity");
    const r = await new mod.IdentityClient(creds()).getWithResponse("ver_1", { scenario: "found" });
    expect(r.status).toBe(200);
    expect(r.requestId).toMatch(/^req_/);
    expect(r.requestId).toBe(r.headers.get("x-request-id"));
    expect(r.scenario).toBe("found");
    expect(r.rateLimit).toMatchObject({ limit: 60, remaining: expect.any(Number), resetSeconds: expect.any(Number) });
    expect(r.data.verificationId).toBe("ver_1");
  });

  it("a call with no answer in time fails with TIMEOUT within the bound", async () => {
    const mod = await load("collect");
    const slow = await startReceiver(() => ({ status: 200, delayMs: 5000 }));
    try {
      // The receiver's late answer (a 200 that is not JSON) would be another error: TIMEOUT is the client giving up on its own, each attempt.
      const e = await new mod.CollectClient({ ...creds(), baseUrl: slow.url, timeoutMs: 300 }).status("chk_1").catch((x: Error) => x);
      expect(e).toBeInstanceOf(mod.SandboxApiError);
      expect(e).toMatchObject({ status: 0, body: { error: "TIMEOUT" } });
    } finally {
      await slow.close();
    }
  });

  it("time-scale and scenario options are sent as X-Svc-Time-Scale and X-Svc-Scenario", async () => {
    const mod = await load("identity");
    const seen: Headers[] = [];
    const client = new mod.IdentityClient({
      ...creds(),
      timeScale: 0,
      fetch: (url: string, init: RequestInit) => {
        if (!String(url).endsWith("/oauth/v1/token")) seen.push(new Headers(init.headers));
        return fetch(url, init);
      },
    });
    await client.get("ver_1");
    await client.get("ver_1", { timeScale: 0.5, scenario: "found" });
    expect(seen.map((h) => h.get("x-svc-time-scale"))).toEqual(["0", "0.5"]);
    expect(seen.map((h) => h.get("x-svc-scenario"))).toEqual([null, "found"]);
  });

  it("verifyCallback accepts a real callback with the app's signing secret and refuses a tampered one", async () => {
    const mod = await load("payouts");
    const rx = await startReceiver();
    try {
      const secret = (await (await ownerView(app)).get("/signing-secret")).signingSecret as string;
      const body = { ...exampleBody(operations.find((o) => o.id === "payouts.send")!), reference: `V-${randomBase62(8)}`, callbackUrl: `${rx.url}/cb` };
      await new mod.PayoutsClient(creds()).send(body, { scenario: "float_low" });
      const [got] = await rx.waitFor(1);
      expect(await mod.verifyCallback(got!.body, got!.headers, secret)).toBe(true);
      expect(await mod.verifyCallback(got!.body, new Headers(got!.headers as Record<string, string>), secret)).toBe(true);
      expect(await mod.verifyCallback(got!.body.replace("2001", "0"), got!.headers, secret)).toBe(false);
      expect(await mod.verifyCallback(got!.body, got!.headers, `whsec_${Buffer.alloc(32, 7).toString("base64")}`)).toBe(false);
      expect(await mod.verifyCallback(got!.body, { ...got!.headers, "webhook-signature": "v1,!!!" }, secret)).toBe(false);
    } finally {
      await rx.close();
    }
  });
});

describe("TypeScript client: what it sends again and what it does not (the rule of every core, lib/client-gen/core)", () => {
  const creds = () => ({ consumerKey: app.keys.consumerKey, consumerSecret: app.keys.consumerSecret });
  /** A client whose calls (token requests aside) are counted. */
  const counted = (mod: any, Client: string, options: Record<string, unknown> = {}) => {
    const calls: string[] = [];
    const client = new mod[Client]({ ...creds(), ...options, fetch: (url: string, init: RequestInit) => {
      if (!String(url).endsWith("/oauth/v1/token")) calls.push(new Headers(init.headers).get("x-svc-fault") ?? "-");
      return fetch(url, init);
    } });
    return { client, calls };
  };
  const payout = () => ({ ...exampleBody(operations.find((o) => o.id === "payouts.send")!), reference: `R-${randomBase62(8)}`, callbackUrl: `${origin()}/inspect/${app.appId}` });

  it("a real duplicate stays DUPLICATE_REFERENCE: nothing was lost before it", async () => {
    const mod = await load("payouts");
    const { client, calls } = counted(mod, "PayoutsClient");
    const body = payout();
    await client.send(body);
    const e = await client.send(body).catch((x: Error) => x);
    expect(e).toBeInstanceOf(mod.SandboxApiError);
    expect(e).not.toBeInstanceOf(mod.AlreadyAcceptedError);
    expect(e).toMatchObject({ status: 409, code: "DUPLICATE_REFERENCE" });
    expect(calls).toEqual(["-", "-"]);
  });

  it("a lost answer: the fault on the first attempt only, the same request again, AlreadyAcceptedError with the reference", async () => {
    const mod = await load("payouts");
    const { client, calls } = counted(mod, "PayoutsClient");
    const body = payout();
    const e = await client.send(body, { fault: "lost_response" }).catch((x: Error) => x);
    expect(e).toBeInstanceOf(mod.AlreadyAcceptedError);
    expect(e).toMatchObject({ status: 409, code: "ALREADY_ACCEPTED", reference: body.reference, duplicate: { code: "DUPLICATE_REFERENCE" } });
    expect(calls).toEqual(["lost_response", "-"]);
  });

  it("retries off (maxAttempts 1): the lost answer is the caller's NETWORK_ERROR", async () => {
    const mod = await load("payouts");
    const { client, calls } = counted(mod, "PayoutsClient", { maxAttempts: 1 });
    const e = await client.send(payout(), { fault: "lost_response" }).catch((x: Error) => x);
    expect(e).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(calls).toEqual(["lost_response"]);
  });

  it("a call without a reference is not sent again after a 5xx (its outcome is unknown), but is after a 503", async () => {
    const mod = await load("sms");
    const sms = operations.find((o) => o.id === "sms.send")!;
    const { client, calls } = counted(mod, "SmsClient");
    const e = await client.send(exampleBody(sms), { fault: "error_after_commit" }).catch((x: Error) => x);
    expect(e).toMatchObject({ status: 500, code: "INTERNAL_ERROR" });
    expect(calls).toEqual(["error_after_commit"]);
    await client.send(exampleBody(sms), { fault: "unavailable" });
    expect(calls).toEqual(["error_after_commit", "unavailable", "-"]);
  });

  it("an expired token is renewed once, whatever maxAttempts is", async () => {
    const mod = await load("payouts");
    const { client, calls } = counted(mod, "PayoutsClient", { maxAttempts: 1 });
    const r = await client.send(payout(), { fault: "token_expired" });
    expect(r.payoutId).toMatch(/^pay_/);
    expect(calls).toEqual(["token_expired", "-"]);
  });
});
