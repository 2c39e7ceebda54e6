// Rate windows (lib/engine/rate-window.ts, lib/gateway/steps/rate-limit.ts):
// 60 calls per app per clock minute, on a portal of its own (in this process) on a test clock
// (lib/clock.ts). The test moves the server's clock to the start of a minute
// instead of waiting for one, and on to the next minute to see the window
// reset. The token endpoint's lockout (lib/throttle.ts CredentialGuard, in
// windows on the same clock) ends when the clock passes its Retry-After.
// Raising the limit needs no clock: the suite's server.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseList } from "structured-headers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ownDb } from "../helpers/own-server";
import { type InProcessPortal, startPortal } from "../helpers/portal";
import { cliBatch, OWN_PASSWORD, requestToken, setUpApp } from "../helpers/operator";
import { ownerView } from "../helpers/owner-view";
import { http, newApp } from "../helpers/apps";
import { advanceClock } from "../helpers/server";
import { holdNextMinute, letClocksRun } from "../helpers/window";

let url = "";
let server: InProcessPortal;
beforeAll(async () => {
  url = (await ownDb("rate_limit")).url;
  server = await startPortal({ env: { DATABASE_URL: url } });
});
afterAll(() => server?.close());
// a count held in its minute (holdNextMinute) lets the clock run again for the next test
afterEach(() => letClocksRun(server.origin));

/** An app of the plan's 60 a minute on that server, subscribed to Identity. */
async function clockedApp() {
  const { appId, token, email } = await setUpApp(url, server.origin, 60, ["Identity"]);
  const call = (p: string, headers: Record<string, string> = {}) => http("GET", `${server.origin}/sandbox${p}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { appId, token, user: { email }, call };
}


describe("rate limit: 60 calls per app per clock minute", () => {
  it("the 61st call in a minute is refused with 429 and retry-after; every call carries the headers; the next minute counts afresh", async () => {
    const a = await clockedApp();
    const b = await clockedApp();
    await holdNextMinute(server.origin);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof a.call>> | undefined;
    for (let i = 0; i < 61; i++) {
      last = await a.call(`/identity/v1/verifications/ver_${i}`, { "x-svc-scenario": "found" });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("x-ratelimit-limit")).toBe("60");
        expect(last.headers.get("x-ratelimit-remaining")).toBe("59");
        // IETF RateLimit fields, read with an RFC 9651 Structured Fields parser.
        const [policy] = parseList(last.headers.get("ratelimit-policy")!);
        expect(policy![0]).toBe("minute");
        expect(Object.fromEntries(policy![1])).toEqual({ q: 60, w: 60 });
        const [limit] = parseList(last.headers.get("ratelimit")!);
        expect(limit![0]).toBe("minute");
        expect(Object.fromEntries(limit![1])).toEqual({ r: 59, t: Number(last.headers.get("x-ratelimit-reset")) });
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.error).toBe("RATE_LIMITED");
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    const retry = Number(last!.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(last!.headers.get("x-ratelimit-reset")).toBe(String(retry));
    expect(Object.fromEntries(parseList(last!.headers.get("ratelimit")!)[0]![1])).toEqual({ r: 0, t: retry });
    // another app is counted on its own
    expect((await b.call("/identity/v1/verifications/ver_1")).status).toBe(200);
    // the next clock minute is a new window
    await holdNextMinute(server.origin);
    const fresh = await a.call("/identity/v1/verifications/ver_62", { "x-svc-scenario": "found" });
    expect([fresh.status, fresh.headers.get("x-ratelimit-remaining")]).toEqual([200, "59"]);

    // the request log keeps the refused call with its status
    const logged = await (await ownerView(a, OWN_PASSWORD, server.origin)).requests();
    expect(logged.filter((l) => l.status === 429)).toHaveLength(1);
    expect(logged.filter((l) => l.status === 200)).toHaveLength(61);
  });

  it("MCP and HTTP calls share the per-minute limit: the 61st is refused whichever way it comes", async () => {
    const a = await clockedApp();
    const client = new Client({ name: "rate-limit-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/sandbox/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const viaMcp = async (verificationId: string) => {
        const r = await client.callTool({ name: "identity_get", arguments: { verificationId } });
        return { isError: r.isError === true, s: r.structuredContent as Record<string, unknown> };
      };
      await holdNextMinute(server.origin); // the 62 calls land in one window
      const results: { via: string; ok: boolean }[] = [];
      for (let i = 0; i < 60; i++) {
        if (i % 2 === 0) results.push({ via: "mcp", ok: !(await viaMcp(`ver_${i}`)).isError });
        else results.push({ via: "http", ok: (await a.call(`/identity/v1/verifications/ver_${i}`)).status === 200 });
      }
      expect(results.every((r) => r.ok)).toBe(true);
      const overMcp = await viaMcp("ver_61");
      expect(overMcp.isError).toBe(true);
      expect(overMcp.s).toMatchObject({ error: "RATE_LIMITED", status: 429 });
      const overHttp = await a.call("/identity/v1/verifications/ver_62");
      expect([overHttp.status, overHttp.body.error]).toEqual([429, "RATE_LIMITED"]);

      const logged = await (await ownerView(a, OWN_PASSWORD, server.origin)).requests();
      const count = (via: string, status: number) => logged.filter((l) => l.via === via && l.status === status).length;
      expect([count("mcp", 200), count("http", 200), count("mcp", 429), count("http", 429)]).toEqual([30, 30, 1, 1]);
    } finally {
      await client.close();
    }
  });

  it("the token endpoint's lockout: ten wrong secrets for a key from one address, then the right one is refused with Retry-After until the clock passes it", async () => {
    const a = await clockedApp();
    const [{ consumerKey, consumerSecret }] = await cliBatch(url, server.origin, [["key", "create", "--app", a.appId]]);
    await holdNextMinute(server.origin); // the ten land in one window
    for (let i = 0; i < 10; i++) expect((await requestToken(server.origin, consumerKey!, "wrong-secret")).status).toBe(401);
    const locked = await requestToken(server.origin, consumerKey!, consumerSecret!);
    expect([locked.status, ((await locked.json()) as { error: string }).error]).toEqual([429, "RATE_LIMITED"]);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // once the clock passes it (the server's clock: nobody waits), the right secret gets a token
    await advanceClock(server.origin, (await advanceClock(server.origin, 0)) + retryAfter * 1000);
    expect((await requestToken(server.origin, consumerKey!, consumerSecret!)).status).toBe(200);
  });

  it("an operator can raise an app's limit", async () => {
    const a = await newApp();
    const { setPerMinute } = await import("@/lib/services/apps");
    await setPerMinute(a.appId, 500);
    const r = await a.call("GET", "/identity/v1/verifications/ver_1");
    expect(r.headers.get("x-ratelimit-limit")).toBe("500");
  });
});
