// The developer endpoints' frame ({base_url}/dev/v1/...): the gateway's token
// and error body, recorded in the request log, outside the per-minute limit,
// one MCP tool each; the settings endpoints, console-independent.
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ownerView } from "../helpers/owner-view";
import { base, callAt, cli, collectBody, http, newApp } from "../helpers/apps";
import { OWN_PASSWORD, setUpApp } from "../helpers/operator";
import { heldPortal } from "../helpers/own-server";

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe("developer endpoints", () => {
  it("read and change the settings, with the gateway's errors", async () => {
    const a = await newApp();
    const got = await a.call("GET", "/dev/v1/settings");
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      timeScale: 1,
      callbackFaults: { duplicate: false, badSignature: false, extraDelayMs: 0 },
      inspectorMode: { status: 200, delayMs: 0, failFirst: 0 },
      faultPlan: [],
    });
    const set = await a.call("PATCH", "/dev/v1/settings", { timeScale: 0.25, callbackFaults: { duplicate: true } });
    expect(set.status).toBe(200);
    expect(set.body.timeScale).toBe(0.25);
    expect(set.body.callbackFaults).toEqual({ duplicate: true, badSignature: false, extraDelayMs: 0 });
    expect((await a.call("GET", "/dev/v1/settings")).body.timeScale).toBe(0.25);

    const bad = await a.call("PATCH", "/dev/v1/settings", { timeScale: 2, inspectorMode: { status: 99 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("VALIDATION_ERROR");
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["inspectorMode.status", "timeScale"]);
    expect((await a.call("PATCH", "/dev/v1/settings", "{not json")).body.error).toBe("INVALID_BODY");
    expect((await a.call("PATCH", "/dev/v1/settings", { unknownField: 1 })).status).toBe(400);

    const none = await a.call("GET", "/dev/v1/nothing-here");
    expect([none.status, none.body.error]).toEqual([404, "NO_SUCH_OPERATION"]);
    const method = await a.call("DELETE", "/dev/v1/settings");
    expect([method.status, method.body.error]).toEqual([404, "NO_SUCH_OPERATION"]);
    expect(method.headers.get("allow")).toBe("GET, PATCH");
    // Without a token, the token check comes first, whatever the method.
    const anonymousMethod = await http("PUT", `${base()}/dev/v1/resources/pay_1/resolve`);
    expect([anonymousMethod.status, anonymousMethod.body.error]).toEqual([401, "MISSING_TOKEN"]);
    const anonymous = await http("GET", `${base()}/dev/v1/settings`);
    expect([anonymous.status, anonymous.body.error]).toEqual([401, "MISSING_TOKEN"]);
    expect(anonymous.body.requestId).toMatch(/^req_/);
  });

  it("a change keeps the fields it does not name, also when changes come at once", async () => {
    const a = await newApp();
    await a.call("PATCH", "/dev/v1/settings", { inspectorMode: { status: 503, delayMs: 2000 }, callbackFaults: { extraDelayMs: 500 } });
    const next = await a.call("PATCH", "/dev/v1/settings", { inspectorMode: { failFirst: 2 } });
    expect(next.body.inspectorMode).toEqual({ status: 503, delayMs: 2000, failFirst: 2 });
    expect(next.body.callbackFaults.extraDelayMs).toBe(500);
    const both = await Promise.all([
      ...Array.from({ length: 5 }, () => a.call("PATCH", "/dev/v1/settings", { timeScale: 0.5 })),
      ...Array.from({ length: 5 }, () => a.call("PATCH", "/dev/v1/settings", { callbackFaults: { duplicate: true } })),
    ]);
    expect(both.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = (await a.call("GET", "/dev/v1/settings")).body;
    expect([after.timeScale, after.callbackFaults.duplicate, after.callbackFaults.extraDelayMs, after.inspectorMode.status]).toEqual([0.5, true, 500, 503]);
  });

  it("are recorded in the request log and do not count toward the per-minute limit", async () => {
    // The gateway counts per clock minute: the two pushes in one, on a portal whose clock stands at its start.
    const { portal, url } = await heldPortal("dev_not_counted");
    try {
      const app = await setUpApp(url, portal.origin, 1);
      const call = callAt(portal.origin, app.token);
      for (let i = 0; i < 3; i++) expect((await call("GET", "/dev/v1/settings")).status).toBe(200);
      expect((await call("POST", "/collect/v1/push", collectBody())).status).toBe(202);
      expect((await call("POST", "/collect/v1/push", collectBody())).status).toBe(429);
      expect((await call("GET", "/dev/v1/settings")).status).toBe(200);
      const logged = await (await ownerView({ appId: app.appId, user: app }, OWN_PASSWORD, portal.origin)).requests({ operation: "dev.settings.get" });
      expect(logged).toHaveLength(4);
      expect(logged.every((r) => r.status === 200 && r.path === "/dev/v1/settings")).toBe(true);
    } finally {
      await portal.close();
    }
  });

  it("are MCP tools too", async () => {
    const a = await newApp();
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } });
    const client = new Client({ name: "dev-test", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["sandbox_dev_get_settings", "sandbox_dev_update_settings", "sandbox_dev_get_connections"]));
    const held = await client.callTool({ name: "sandbox_dev_get_connections", arguments: {} });
    expect(held.structuredContent).toMatchObject({ status: 200, body: { waits: 0, streams: 0, account: 0, limits: { waitsPerApp: expect.any(Number) } } });
    const r = await client.callTool({ name: "sandbox_dev_update_settings", arguments: { timeScale: 0 } });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { body: { timeScale: number } }).body.timeScale).toBe(0);
    const wrong = await client.callTool({ name: "sandbox_dev_update_settings", arguments: { timeScale: -1 } });
    expect(wrong.isError).toBe(true);
    expect((wrong.structuredContent as { error: string }).error).toBe("VALIDATION_ERROR");
    expect((await (await ownerView(a)).requests({ operation: "dev.settings.update" })).filter((r) => r.via === "mcp")).toHaveLength(2);
  });

  it("the operator command line changes the same settings", async () => {
    const a = await newApp();
    const r = await cli("app", "settings", "--app", a.appId, "--time-scale", "0.5", "--bad-signature", "on", "--inspector-fail-first", "2");
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ appId: a.appId, timeScale: 0.5, callbackFaults: { badSignature: true }, inspectorMode: { failFirst: 2 } });
    expect((await a.call("GET", "/dev/v1/settings")).body.inspectorMode.failFirst).toBe(2);
    // Naming one setting leaves the others as they are.
    const one = await cli("app", "settings", "--app", a.appId, "--time-scale", "0.1");
    expect(one.code, one.stderr).toBe(0);
    expect(one.json).toMatchObject({ timeScale: 0.1, callbackFaults: { badSignature: true }, inspectorMode: { failFirst: 2 } });
    const bad = await cli("app", "settings", "--app", a.appId, "--time-scale", "fast");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/timeScale/);
  });
});
