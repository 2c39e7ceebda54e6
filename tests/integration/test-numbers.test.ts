// Test numbers: per app, "when this field of this operation equals
// this value, run this scenario", over the API, MCP and the operator command
// line; ranked after X-Svc-Scenario and before the catalog's magic values.
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ownerView } from "../helpers/owner-view";
import { base, cli, collectBody, newApp, type TestApp } from "../helpers/apps";

const PHONE = "254700000001";
const cancelOnPhone = { operationId: "collect.push", field: "phoneNumber", value: PHONE, scenario: "cancelled" };

async function scenarioOf(a: TestApp, over: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await a.call("POST", "/collect/v1/push", collectBody(over), headers);
  expect(r.status, r.text).toBeLessThan(500);
  return r.headers.get("x-svc-scenario");
}

describe("test numbers", () => {
  it("a test number picks its scenario; the header beats it; it beats a magic value; another app's never apply", async () => {
    const [a, other] = await Promise.all([newApp(), newApp()]);
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("paid");
    const added = await a.call("POST", "/dev/v1/test-numbers", cancelOnPhone);
    expect(added.status, added.text).toBe(200);
    expect(added.body.testNumbers).toEqual([
      { id: expect.stringMatching(/^tn_/), operationId: "collect.push", field: "body.phoneNumber", value: PHONE, scenarioKey: "cancelled" },
    ]);
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("cancelled");
    expect(await scenarioOf(a, { phoneNumber: "254700000002" })).toBe("paid");
    expect(await scenarioOf(a, { phoneNumber: PHONE }, { "x-svc-scenario": "no_answer" })).toBe("no_answer");
    expect(await scenarioOf(a, { phoneNumber: PHONE, amount: 1 })).toBe("cancelled"); // amount 1 is insufficient_funds' magic value
    expect(await scenarioOf(a, { phoneNumber: "254700000002", amount: 1 })).toBe("insufficient_funds");
    expect(await scenarioOf(other, { phoneNumber: PHONE })).toBe("paid");
    // the scenario's callback body is the scenario's
    const push = await a.call("POST", "/collect/v1/push", collectBody({ phoneNumber: PHONE, callbackUrl: "http://127.0.0.1:9/cb" }), { "x-svc-time-scale": "0" });
    const owner = await ownerView(a);
    const [found] = await owner.deliveries({ q: push.body.checkoutId });
    const d = await owner.delivery(found.id);
    expect([d.scenarioKey, JSON.parse(d.body).resultCode]).toEqual(["cancelled", 1032]);
    // a path parameter works too
    await a.call("POST", "/dev/v1/test-numbers", { operationId: "collect.status", field: "path.checkoutId", value: "chk_gone", scenario: "not_found" });
    const status = await a.call("GET", "/collect/v1/push/chk_gone");
    expect([status.status, status.headers.get("x-svc-scenario")]).toEqual([404, "not_found"]);
  });

  it("list, refuse a value that exists, remove; invalid rules are refused naming the field; at most 50", async () => {
    const a = await newApp();
    const first = (await a.call("POST", "/dev/v1/test-numbers", cancelOnPhone)).body.testNumbers[0];
    // the same operation, field and value (however the field is spelled) is refused, not replaced
    for (const scenario of ["no_answer", "cancelled"]) {
      const dup = await a.call("POST", "/dev/v1/test-numbers", { ...cancelOnPhone, field: "body.phoneNumber", scenario });
      expect([dup.status, dup.body.error], dup.text).toEqual([409, "CONFLICT"]);
      expect(dup.body.message).toBe(`body.phoneNumber = ${PHONE} of collect.push already runs cancelled (test number ${first.id}); remove it first to run another scenario`);
      expect(dup.body.requestId).toEqual(expect.any(String));
      expect(dup.body.details).toEqual([{ field: "value", message: dup.body.message }]);
    }
    const replaced = await a.call("GET", "/dev/v1/test-numbers");
    expect(replaced.body.testNumbers).toEqual([first]);
    // the same value on another field or operation is another rule
    const other = await a.call("POST", "/dev/v1/test-numbers", { operationId: "sms.send", field: "to", value: PHONE, scenario: "delivered" });
    expect(other.status, other.text).toBe(200);
    await a.call("DELETE", `/dev/v1/test-numbers/${other.body.testNumbers.at(-1).id}`);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...cancelOnPhone, operationId: "collect.nope" }, "operationId"],
      [{ ...cancelOnPhone, scenario: "float_low" }, "scenario"],
      [{ ...cancelOnPhone, field: "destination" }, "field"],
      [{ ...cancelOnPhone, field: "path.phoneNumber" }, "field"],
      [{ ...cancelOnPhone, value: "not a phone" }, "value"],
      [{ ...cancelOnPhone, value: "2".repeat(65) }, "value"],
      [{ ...cancelOnPhone, value: "" }, "value"],
      [{ operationId: "collect.push", field: "phoneNumber", value: PHONE }, "scenario"],
    ];
    for (const [body, field] of bad) {
      const r = await a.call("POST", "/dev/v1/test-numbers", body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.details?.[0]?.field ?? r.body.message, JSON.stringify(body)).toContain(field);
    }
    // numbers compare as text; a magic value of the field is accepted although it breaks the field's rule
    const amount = await a.call("POST", "/dev/v1/test-numbers", { operationId: "payouts.send", field: "amount", value: "1500.0", scenario: "float_low" });
    expect(amount.body.testNumbers.at(-1)).toMatchObject({ field: "body.amount", value: "1500" });
    const payout = { currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, callbackUrl: "http://127.0.0.1:9/cb" };
    const low = await a.call("POST", "/payouts/v1/send", { ...payout, amount: 1500, reference: `P-${Date.now()}` });
    expect(low.headers.get("x-svc-scenario")).toBe("float_low");
    expect((await a.call("POST", "/payouts/v1/send", { ...payout, amount: 1501, reference: `Q-${Date.now()}` })).headers.get("x-svc-scenario")).toBe("sent");
    // stored as validation reads the field: "0100" on a number field is 100, which a call of amount 100 matches
    const padded = await a.call("POST", "/dev/v1/test-numbers", { operationId: "payouts.send", field: "amount", value: "0100", scenario: "float_low" });
    expect(padded.body.testNumbers.at(-1)).toMatchObject({ field: "body.amount", value: "100" });
    expect((await a.call("POST", "/payouts/v1/send", { ...payout, amount: 100, reference: `R-${Date.now()}` })).headers.get("x-svc-scenario")).toBe("float_low");
    expect((await a.call("POST", "/dev/v1/test-numbers", { operationId: "identity.verify", field: "idNumber", value: "ABC", scenario: "match" })).status).toBe(200);

    const id = replaced.body.testNumbers[0].id;
    const removed = await a.call("DELETE", `/dev/v1/test-numbers/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.testNumbers.map((n: { id: string }) => n.id)).not.toContain(id);
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("paid");
    const again = await a.call("DELETE", `/dev/v1/test-numbers/${id}`);
    expect([again.status, again.body.error]).toEqual([404, "NOT_FOUND"]);

    const b = await newApp();
    const adds = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      b.call("POST", "/dev/v1/test-numbers", { ...cancelOnPhone, value: `2547000${String(i).padStart(5, "0")}` })));
    expect(adds.map((r) => r.status)).toEqual(Array(50).fill(200)); // concurrent adds all land
    expect((await b.call("GET", "/dev/v1/test-numbers")).body.testNumbers).toHaveLength(50);
    const over = await b.call("POST", "/dev/v1/test-numbers", { ...cancelOnPhone, value: "254799999999" });
    expect([over.status, over.body.error]).toEqual([409, "CONFLICT"]);
    expect(await (await ownerView(b)).requests({ operation: "dev.test_numbers.add" })).toHaveLength(51);
  });

  it("over MCP: add and list as tools; an operation tool call is picked by them", async () => {
    const a = await newApp();
    const client = new Client({ name: "test-numbers", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const add = await client.callTool({ name: "sandbox_dev_add_test_number", arguments: cancelOnPhone });
      expect(add.isError, JSON.stringify(add.structuredContent)).toBeFalsy();
      const list = await client.callTool({ name: "sandbox_dev_list_test_numbers", arguments: {} });
      expect((list.structuredContent as { body: { testNumbers: unknown[] } }).body.testNumbers).toHaveLength(1);
      const push = await client.callTool({ name: "collect_push", arguments: collectBody({ phoneNumber: PHONE }) });
      expect((push.structuredContent as { scenario: string }).scenario).toBe("cancelled");
      const forced = await client.callTool({ name: "collect_push", arguments: { ...collectBody({ phoneNumber: PHONE }), scenario: "paid" } });
      expect((forced.structuredContent as { scenario: string }).scenario).toBe("paid");
      const id = (list.structuredContent as { body: { testNumbers: { id: string }[] } }).body.testNumbers[0]!.id;
      const rm = await client.callTool({ name: "sandbox_dev_remove_test_number", arguments: { id } });
      expect(rm.isError).toBeFalsy();
      const push2 = await client.callTool({ name: "collect_push", arguments: collectBody({ phoneNumber: PHONE }) });
      expect((push2.structuredContent as { scenario: string }).scenario).toBe("paid");
    } finally {
      await client.close();
    }
  });

  it("the operator command line adds, lists and removes them; the gateway sees each change at once", async () => {
    const a = await newApp();
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("paid"); // the token (and its app) is now cached
    const add = await cli("test-number", "add", "--app", a.appId, "--operation", "collect.push", "--field", "phoneNumber", "--value", PHONE, "--scenario", "cancelled");
    expect(add.code, add.stderr).toBe(0);
    expect(add.json).toMatchObject({ appId: a.appId, testNumbers: [{ value: PHONE, scenarioKey: "cancelled" }] });
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("cancelled");
    const list = await cli("test-number", "list", "--app", a.appId);
    expect(list.json.testNumbers).toHaveLength(1);
    const bad = await cli("test-number", "add", "--app", a.appId, "--operation", "collect.push", "--field", "phoneNumber", "--value", PHONE, "--scenario", "nope");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/VALIDATION_ERROR: scenario must be one of/);
    const rm = await cli("test-number", "remove", "--app", a.appId, "--value", PHONE);
    expect(rm.code, rm.stderr).toBe(0);
    expect(rm.json.testNumbers).toEqual([]);
    expect(await scenarioOf(a, { phoneNumber: PHONE })).toBe("paid");
    expect((await cli("test-number", "remove", "--app", a.appId)).code).not.toBe(0);
  });
});
