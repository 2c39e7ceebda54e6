// The MCP endpoint {base_url}/mcp, driven by the SDK's own client against the
// production server: tools per subscription, calls through the gateway
// pipeline (checks, request log, real callbacks; the per-minute limit MCP
// shares with HTTP is in rate-limit.test.ts, on a test clock).
import { afterAll, describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { setSuspended } from "@/lib/services/apps";
import { base, collectBody, http, newApp, origin } from "../helpers/apps";
import { ownerOf } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";

const mcpUrl = () => `${base()}/mcp`;
const clients: Client[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(receivers.map((r) => r.close()));
});

async function connect(authorization?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl()), {
    requestInit: { headers: authorization ? { authorization } : {} },
  });
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type Structured = Record<string, any>;
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = await client.callTool({ name, arguments: args });
  const s = r.structuredContent as Structured;
  // the text content carries the same JSON
  expect(JSON.parse((r.content as { type: string; text: string }[])[0]!.text)).toEqual(s);
  return { isError: r.isError === true, s };
}

describe("MCP endpoint", () => {
  it("every tool declares an outputSchema; the SDK client validates each result against it, successes and tool errors", async () => {
    const a = await newApp();
    const client = await connect(`Bearer ${a.token}`);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(20);
    for (const t of tools) expect(t.outputSchema?.type, t.name).toBe("object");
    const ajv = new Ajv({ strict: false });
    const check = (name: string, s: Structured) => {
      const valid = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
      expect(valid(s), `${name}: ${JSON.stringify(valid.errors)}`).toBe(true);
    };
    // The SDK client itself rejects a result that breaks the declared schema (callTool throws); we check with ajv as well.
    const push = await call(client, "collect_push", { ...collectBody(), scenario: "paid", timeScale: 0 });
    expect([push.isError, push.s.status]).toEqual([false, 202]);
    check("collect_push", push.s);
    const refused = await call(client, "collect_push", { ...collectBody(), amount: -1 });
    expect([refused.isError, refused.s.error]).toEqual([true, "VALIDATION_ERROR"]);
    check("collect_push", refused.s);
    const scripted = await call(client, "collect_status", { checkoutId: "chk_missing" });
    expect([scripted.isError, scripted.s.status]).toEqual([true, 404]);
    check("collect_status", scripted.s);
    const settings = await call(client, "sandbox_dev_get_settings", {});
    expect([settings.isError, settings.s.status]).toEqual([false, 200]);
    check("sandbox_dev_get_settings", settings.s);
    expect(tools.find((t) => t.name === "collect_push")!.outputSchema).not.toEqual(tools.find((t) => t.name === "sms_send")!.outputSchema);
  });

  it("the docs page maps every tool to its OpenAPI operationId", async () => {
    const page = await http("GET", `${origin()}/docs/mcp`);
    expect(page.status).toBe(200);
    const cells = (tool: string) => new RegExp(`${tool}</code></td><td[^>]*><code[^>]*>(\\w+)</code>`).exec(page.text)?.[1];
    expect(cells("collect_push")).toBe("collectPush");
    expect(cells("payout_status")).toBe("payoutsStatus");
    expect(cells("sandbox_dev_get_settings")).toBe("devSettingsGet");
    expect(cells("sandbox_dev_list_test_numbers")).toBe("devTestNumbersList");
  });

  it("lists only the tools of the app's usable groups, with generated schemas and a scenario argument", async () => {
    const a = await newApp({ groups: ["Payments", "Treasury", "Messaging"], pendingTreasury: true });
    const client = await connect(`Bearer ${a.token}`);
    const { tools } = await client.listTools();
    // The developer endpoints' tools (sandbox_dev_*) are every app's; the operations' follow the groups.
    expect(tools.map((t) => t.name).filter((n) => !n.startsWith("sandbox_dev_")).sort()).toEqual(["collect_push", "collect_status", "sms_send", "sms_status"]);
    const push = tools.find((t) => t.name === "collect_push")!;
    expect(push.inputSchema.required).toEqual(expect.arrayContaining(["shortCode", "amount", "currency", "phoneNumber", "reference", "callbackUrl"]));
    expect((push.inputSchema.properties as Structured).scenario.enum).toEqual(expect.arrayContaining(["paid", "cancelled", "invalid_phone"]));
    expect(push.description).toContain("insufficient_funds");
    const status = tools.find((t) => t.name === "collect_status")!;
    expect(status.inputSchema.required).toEqual(["checkoutId"]);

    // an unlisted tool still goes through the pipeline: pending Treasury, no Identity
    const payout = await call(client, "payout_status", { payoutId: "pay_x" });
    expect(payout.isError).toBe(true);
    expect(payout.s.error).toBe("SUBSCRIPTION_PENDING");
    const identity = await call(client, "identity_get", { verificationId: "ver_x" });
    expect(identity.s).toMatchObject({ error: "NOT_SUBSCRIBED", status: 403 });
    expect(identity.s.requestId).toMatch(/^req_/);
  });

  it("every tool that moves money says that a retry reuses the reference, and what a 409 DUPLICATE_REFERENCE on the retry means", async () => {
    const a = await newApp({ groups: ["Payments", "Treasury", "Identity", "Messaging"] });
    const client = await connect(`Bearer ${a.token}`);
    const { tools } = await client.listTools();
    // The tools that move money: those whose caller names the payment by its own reference.
    const money = tools.filter((t) => ((t.inputSchema.required as string[] | undefined) ?? []).includes("reference"));
    expect(money.map((t) => t.name).sort()).toEqual(["collect_push", "payout_send"]);
    for (const t of money) {
      expect(t.description, t.name).toContain("must reuse the same `reference`");
      expect(t.description, t.name).toContain("A 409 DUPLICATE_REFERENCE on the retry means the first call went through");
    }
    for (const t of tools.filter((t) => !money.includes(t))) expect(t.description ?? "", t.name).not.toContain("DUPLICATE_REFERENCE on the retry");
  });

  it("collect_push schedules a real callback; collect_status answers the tracked live state; the log says via mcp", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const a = await newApp({ groups: ["Payments"] });
    const client = await connect(`Bearer ${a.token}`);
    const body = collectBody({ callbackUrl: `${receiver.url}/cb` });
    const pushed = await call(client, "collect_push", body);
    expect(pushed.isError).toBe(false);
    expect(pushed.s).toMatchObject({ status: 202, scenario: "paid", body: { status: "PENDING" } });
    const checkoutId: string = pushed.s.body.checkoutId;
    expect(checkoutId).toMatch(/^chk_/);

    const pending = await call(client, "collect_status", { checkoutId });
    expect(pending.s).toMatchObject({ status: 200, scenario: "tracked", body: { checkoutId, status: "PENDING" } });

    const [cb] = await receiver.waitFor(1, 20_000);
    expect(cb!.method).toBe("POST");
    expect(cb!.path).toBe("/cb");
    const deliveryId = cb!.headers["x-svc-delivery"] as string;
    expect(deliveryId).toMatch(/^dlv_/);
    const delivery = await (await ownerOf(a)).delivery(deliveryId);
    expect(delivery).toMatchObject({ appId: a.appId, resourceId: checkoutId });
    const sent = JSON.parse(cb!.body);
    expect(sent).toMatchObject({ checkoutId, reference: body.reference, resultCode: 0, amount: body.amount, phoneNumber: body.phoneNumber });

    const done = await call(client, "collect_status", { checkoutId });
    expect(done.s).toMatchObject({ status: 200, scenario: "tracked", body: { checkoutId, status: "COMPLETED", resultCode: 0, receipt: sent.receipt } });

    const logged = await (await ownerOf(a)).requests();
    expect(logged.map((l) => [l.via, l.method, l.path, l.status, l.scenarioKey])).toEqual([
      ["mcp", "POST", "/collect/v1/push", 202, "paid"],
      ["mcp", "GET", `/collect/v1/push/${checkoutId}`, 200, "tracked"],
      ["mcp", "GET", `/collect/v1/push/${checkoutId}`, 200, "tracked"],
    ]);
    expect((await (await ownerOf(a)).request(logged[0]!.requestId)).requestBody).toEqual(body);
    expect(logged[0]!.requestId).toBe(pushed.s.requestId);
  });

  it("the scenario argument acts like the X-Svc-Scenario header; magic values reach their scenario", async () => {
    const a = await newApp({ groups: ["Payments", "Treasury"] });
    const client = await connect(`Bearer ${a.token}`);
    const forced = await call(client, "collect_push", { ...collectBody(), scenario: "cancelled" });
    expect(forced.s).toMatchObject({ status: 202, scenario: "cancelled" });
    const magic = await call(client, "collect_push", collectBody({ phoneNumber: "254000000000" }));
    expect(magic.s).toMatchObject({ error: "INVALID_PHONE_NUMBER", status: 400, scenario: "invalid_phone" });
    // payouts need 10 or more, but amount 1 is the float_low trigger
    const floatLow = await call(client, "payout_send", {
      amount: "1", currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: `P-${Date.now()}`,
      callbackUrl: "https://example.com/cb",
    });
    expect(floatLow.s).toMatchObject({ status: 202, scenario: "float_low", body: { status: "QUEUED" } });
    const owner = await ownerOf(a);
    const [log] = await owner.requests({ scenario: "cancelled" });
    expect((await owner.request(log!.requestId)).requestHeaders["x-svc-scenario"]).toBe("cancelled");
  });

  it("a validation error is a tool error with VALIDATION_ERROR naming the field", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const client = await connect(`Bearer ${a.token}`);
    const bad = await call(client, "collect_push", collectBody({ amount: 12.5 }));
    expect(bad.isError).toBe(true);
    expect(bad.s).toMatchObject({ error: "VALIDATION_ERROR", status: 400, message: "amount must be an integer of at least 1" });
    expect(bad.s.requestId).toMatch(/^req_/);
    expect(bad.s.scenario).toBeUndefined();
    const missing = await call(client, "collect_status", {});
    expect(missing.s).toMatchObject({ error: "VALIDATION_ERROR", message: "checkoutId is required" });
    const logged = (await (await ownerOf(a)).requests({ status: "4xx" })).filter((l) => l.via === "mcp" && l.status === 400);
    expect(logged).toHaveLength(2);
  });

  it("a missing or invalid token is refused with the gateway's 401 before any MCP exchange", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const none = await http("POST", mcpUrl(), { headers, body: JSON.stringify(init) });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: "MISSING_TOKEN" });
    expect(none.body.requestId).toBe(none.headers.get("x-request-id"));
    const wrong = await http("POST", mcpUrl(), { headers: { ...headers, authorization: "Bearer not-a-token" }, body: JSON.stringify(init) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: "INVALID_TOKEN" });
    // the SDK client fails to connect either way
    await expect(connect()).rejects.toThrow(/401|MISSING_TOKEN/);
    await expect(connect("Bearer not-a-token")).rejects.toThrow(/401|INVALID_TOKEN/);
  });

  it("stateless: GET (no server stream) answers 405 with the error body; the SDK client carries on", async () => {
    const a = await newApp({ groups: ["Identity"] });
    const r = await http("GET", mcpUrl(), { headers: { authorization: `Bearer ${a.token}`, accept: "text/event-stream" } });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(r.body).toMatchObject({ error: "METHOD_NOT_ALLOWED" });
    const client = await connect(`Bearer ${a.token}`);
    expect((await client.listTools()).tools.map((t) => t.name).filter((n) => !n.startsWith("sandbox_dev_"))).toEqual(["identity_verify", "identity_get"]);
  });

  it("a suspended app's tool calls are refused with APP_SUSPENDED", async () => {
    const a = await newApp({ groups: ["Identity"] });
    const client = await connect(`Bearer ${a.token}`);
    expect((await call(client, "identity_verify", { idNumber: "12345678" })).s).toMatchObject({ status: 200, body: { status: "MATCH" } });
    await setSuspended(a.appId, true);
    const refused = await call(client, "identity_verify", { idNumber: "12345678" });
    expect(refused.isError).toBe(true);
    expect(refused.s).toMatchObject({ error: "APP_SUSPENDED", status: 403 });
    await setSuspended(a.appId, false);
    expect((await call(client, "identity_verify", { idNumber: "12345678" })).isError).toBe(false);
  });
});
