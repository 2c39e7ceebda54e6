// The float a payout met, as its request-log row keeps it (what was available
// before its reservation, and what it reserved): in the developer API's
// timeline and MCP's timeline tool (whose output schema the client checks), in
// the console's request detail and request log, and in the docs' try-it result
// of a live payout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { base, collectBody, http, newApp, origin, type TestApp } from "../helpers/apps";

const INSTANT = { "x-svc-time-scale": "0" };
const payout = (a: TestApp, amount: number) => ({
  amount, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `PO-${randomBase62(10)}`, callbackUrl: a.inspectorUrl,
});
type Event = { type: string; requestId?: string; float?: unknown };
const creatingCall = async (a: TestApp, payoutId: string) => {
  const t = await a.call("GET", `/dev/v1/resources/${payoutId}/timeline`);
  expect(t.status, t.text).toBe(200);
  return (t.body.events as Event[]).find((e) => e.type === "request")!;
};

describe.concurrent("the float a payout met", () => {
  it("the timeline, MCP's timeline, the console's request detail and log show it; a float_low payout shows the balance that was too low", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 1000 });
    const sent = await a.call("POST", "/payouts/v1/send", payout(a, 500), INSTANT);
    const low = await a.call("POST", "/payouts/v1/send", payout(a, 600), INSTANT);
    expect([sent.headers.get("x-svc-scenario"), low.headers.get("x-svc-scenario")]).toEqual(["sent", "float_low"]);
    const metBySent = { currency: "KES", available: 1000, reserved: 500 };
    const metByLow = { currency: "KES", available: 500, reserved: 0 };

    const sentCall = await creatingCall(a, sent.body.payoutId);
    expect(sentCall).toMatchObject({ requestId: sent.headers.get("x-request-id"), float: metBySent });
    expect((await creatingCall(a, low.body.payoutId)).float).toEqual(metByLow);
    const push = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }));
    expect(push.status, push.text).toBe(202);
    expect((await creatingCall(a, push.body.checkoutId)).float).toBeNull();

    const client = new Client({ name: "float-met-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const t = await client.callTool({ name: "sandbox_dev_timeline", arguments: { id: low.body.payoutId } });
      expect(t.isError, JSON.stringify(t.content)).toBeFalsy();
      const events = (t.structuredContent as { body: { events: Event[] } }).body.events;
      expect(events.find((e) => e.type === "request")?.float).toEqual(metByLow);
    } finally {
      await client.close();
    }

    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    const consoleGet = (rest: string) => http("GET", `${origin()}/api/console/apps/${a.appId}${rest}`, { headers: { cookie: session!, accept: "application/json" } });
    const detail = await consoleGet(`/requests/${low.headers.get("x-request-id")}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ scenarioKey: "float_low", float: metByLow });
    expect(detail.body).not.toHaveProperty("floatAvailable");
    const log = await consoleGet("/requests?operation=payouts.send");
    expect(log.body.items.map((r: { float: unknown }) => r.float)).toEqual([metByLow, metBySent]);
  });

  it("the docs' try-it result of a live payout carries the float it met; a live call of another operation none", async () => {
    const a = await newApp();
    await a.call("PUT", "/dev/v1/float/KES", { available: 800 });
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    // From an address of its own: tryit.test.ts's limiter test uses up the default one's minute.
    const tryLive = async (opId: string, body: unknown) => {
      const r = await requestFrom("127.0.0.79", `${origin()}/api/try/${opId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-svc-try-app": a.appId, "x-svc-try-live": "1", "x-svc-time-scale": "0", cookie: session! },
        body: JSON.stringify(body),
      });
      expect(r.status, r.text).toBe(200);
      return r.json;
    };
    const sent = await tryLive("payouts.send", payout(a, 300));
    expect(sent).toMatchObject({ status: 202, scenario: "sent", live: { appId: a.appId, float: { currency: "KES", available: 800, reserved: 300 } } });
    const low = await tryLive("payouts.send", payout(a, 900));
    expect(low).toMatchObject({ scenario: "float_low", live: { float: { currency: "KES", available: 500, reserved: 0 } } });
    const push = await tryLive("collect.push", collectBody({ callbackUrl: a.inspectorUrl }));
    expect(push.live).toMatchObject({ appId: a.appId, float: null });
  });
});
