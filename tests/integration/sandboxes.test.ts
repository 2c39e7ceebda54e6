// Throwaway sandboxes (POST/GET/DELETE {base_url}/dev/v1/sandboxes,
// lib/services/sandboxes.ts) over real HTTP against the suite's server: child
// apps made in parallel with working keys, what they copy, isolation both
// ways, nested creation refused, ending at once (tokens, keys, inspector;
// the rows deleted after: at-rest.test.ts), the quota under parallel creation. Runs on
// SQLite and, with TEST_PG_URL, on PostgreSQL. The end at expiry, on a test
// clock: sandbox-end.test.ts. Several instances and the sweeper's batches:
// sandbox-sweep.test.ts.
import { createHmac } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, deleteApp, setPerMinute, setSuspended, updateApp } from "@/lib/services/apps";
import { ownerOf } from "../helpers/owner-view";
import { consoleCall } from "../helpers/console-http";
import { signInOverHttp } from "../helpers/from-address";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { asSandbox, base, collectBody, type CreatedSandbox, fetchToken, http, newApp, newSandbox, origin, type Reply, type TestApp } from "../helpers/apps";
import { onPg } from "../helpers/test-db";

const receivers: Receiver[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all(clients.map((c) => c.close()));
});

async function mcpClient(token: string): Promise<Client> {
  const client = new Client({ name: "sandboxes-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

const create = (parent: { call: TestApp["call"] }, body: unknown = { ttlSeconds: 600 }) => parent.call("POST", "/dev/v1/sandboxes", body);


const signed = (secret: string, t: string, raw: string) => createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex");

describe("throwaway sandboxes", () => {
  it("20 parallel creates give 20 distinct apps with working keys; they do not count toward APPS_PER_USER", async () => {
    const parent = await newApp();
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => create(parent, { ttlSeconds: 600, name: `ci-${i}` })));
    for (const r of replies) expect(r.status, r.text).toBe(201);
    const made = replies.map((r) => r.body as CreatedSandbox);
    expect(new Set(made.map((m) => m.appId)).size).toBe(20);
    expect(new Set(made.map((m) => m.consumerKey)).size).toBe(20);
    expect(new Set(made.map((m) => m.signingSecret)).size).toBe(20);
    for (const m of made) {
      expect(m.appId).toMatch(/^app_[0-9A-Za-z]{22}$/);
      expect(m.name).toMatch(/^ci-\d+$/);
      expect(m.consumerKey.length).toBeGreaterThanOrEqual(32);
      expect(m.consumerSecret.length).toBeGreaterThanOrEqual(32);
      expect(m.signingSecret).toMatch(/^whsec_/);
      expect(m.inspectorUrl).toBe(`${origin()}/inspect/${m.appId}`);
      const life = Date.parse(m.expiresAt) - started;
      expect(life).toBeGreaterThan(599_000);
      expect(life).toBeLessThan(610_000);
      expect(m.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // every key pair works: a token, then a call as the sandbox
    const calls = await Promise.all(made.map(async (m) => (await asSandbox(m)).call("GET", "/collect/v1/push/chk_anything")));
    for (const c of calls) expect(c.status, c.text).toBe(200);
    // listed, first to end first
    const list = await parent.call("GET", "/dev/v1/sandboxes");
    expect(list.status).toBe(200);
    expect(list.body.sandboxes.map((s: { appId: string }) => s.appId).sort()).toEqual(made.map((m) => m.appId).sort());
    expect(list.text).not.toContain("consumerSecret");
    // 1 app + 20 sandboxes: the owner may still make apps up to APPS_PER_USER (20)
    const more = await createApp({ teamId: parent.app.teamId, name: "Second app" });
    expect(more.id).toMatch(/^app_/);
  });

  it.skipIf(onPg())("a sandbox has the parent's owner, subscriptions in the same states, settings, test numbers and per-minute limit", async () => {
    const parent = await newApp({ groups: ["Payments", "Treasury", "Messaging"], pendingTreasury: true });
    await setPerMinute(parent.appId, 7);
    const settings = { timeScale: 0.5, callbackFaults: { duplicate: true, extraDelayMs: 5 }, inspectorMode: { status: 202, failFirst: 1 } };
    expect((await parent.call("PATCH", "/dev/v1/settings", settings)).status).toBe(200);
    expect((await parent.call("POST", "/dev/v1/test-numbers", { operationId: "collect.push", field: "phoneNumber", value: "254711000111", scenario: "cancelled" })).status).toBe(200);
    const child = await newSandbox(parent);

    // the parent's owner sees it in the console as theirs
    const owner = await ownerOf(parent);
    expect((await owner.get("", child.appId)).parentAppId).toBe(parent.appId);
    const subscriptions: { group: string; status: string | null }[] = await owner.get("/subscriptions", child.appId);
    expect(subscriptions.filter((s) => s.status).map((s) => [s.group, s.status]).sort()).toEqual([["Messaging", "ACTIVE"], ["Payments", "ACTIVE"], ["Treasury", "PENDING"]]);
    expect((await child.call("GET", "/dev/v1/settings")).body).toEqual((await parent.call("GET", "/dev/v1/settings")).body);
    expect((await child.call("GET", "/dev/v1/test-numbers")).body).toEqual((await parent.call("GET", "/dev/v1/test-numbers")).body);
    // the test number picks its scenario in the sandbox too, under the parent's limit
    const push = await child.call("POST", "/collect/v1/push", collectBody({ phoneNumber: "254711000111" }), { "x-svc-time-scale": "0" });
    expect([push.status, push.headers.get("x-svc-scenario"), push.headers.get("x-ratelimit-limit")]).toEqual([202, "cancelled", "7"]);
    // the subscription states are the parent's: Treasury waits for review, Identity was never subscribed
    expect((await child.call("GET", "/payouts/v1/pay_x")).body.error).toBe("SUBSCRIPTION_PENDING");
    expect((await child.call("POST", "/identity/v1/verifications", { idNumber: "12345678" })).body.error).toBe("NOT_SUBSCRIBED");
    // suspending the parent suspends its sandboxes; resuming resumes them
    await setSuspended(parent.appId, true);
    expect((await child.call("GET", "/collect/v1/push/chk_1")).body.error).toBe("APP_SUSPENDED");
    await setSuspended(parent.appId, false);
    expect((await child.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    // a Treasury subscription approved for the parent is approved for the child
    const approved = await newApp();
    const c2 = await newSandbox(approved);
    const payout = await c2.call("GET", "/payouts/v1/pay_x");
    expect(payout.status, payout.text).toBe(200);
  });

  it.skipIf(onPg())("a sandbox's push calls back its own address, signed with its own secret; the parent's inspector as default becomes the sandbox's", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const parent = await newApp();
    await parent.call("POST", "/dev/v1/sandboxes", { ttlSeconds: 600 }); // an unrelated sibling
    const child = await newSandbox(parent);
    const push = await child.call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${receiver.url}/cb` }), { "x-svc-time-scale": "0" });
    expect(push.status, push.text).toBe(202);
    const [got] = await receiver.waitFor(1);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(got!.headers["x-svc-signature"]))!;
    expect(v1).toBe(signed(child.signingSecret, t!, got!.body));
    expect(JSON.parse(got!.body).checkoutId).toBe(push.body.checkoutId);
    const wait = await child.call("GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=10`);
    expect([wait.status, wait.body.status, wait.body.attempt.status]).toEqual([200, "ATTEMPTED", 200]);

    // The parent's default callback address is its own inspector: the sandbox's becomes the sandbox's own inspector.
    const p2 = await newApp({ callbackUrl: `${origin()}/inspect/PLACEHOLDER` });
    await updateApp(p2.appId, { callbackUrl: `${origin()}/inspect/${p2.appId}` });
    const c2 = await newSandbox(p2);
    const owner2 = await ownerOf(p2);
    expect((await owner2.get("", c2.appId)).callbackUrl).toBe(c2.inspectorUrl);
    const sms = await c2.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi" }, { "x-svc-time-scale": "0" });
    expect(sms.status, sms.text).toBe(202);
    const smsWait = await c2.call("GET", `/dev/v1/callbacks/wait?resourceId=${sms.body.messageId}&timeout=10`);
    expect([smsWait.body.status, smsWait.body.delivery.url]).toEqual(["ATTEMPTED", c2.inspectorUrl]);
    expect(await owner2.inbox({}, c2.appId)).toHaveLength(1);
    expect(await owner2.inbox()).toHaveLength(0);
    // …and another default (a server of the integrator's) is copied as it is
    const p3 = await newApp({ callbackUrl: "https://hooks.example.com/svc" });
    const c3 = await newSandbox(p3);
    expect((await (await ownerOf(p3)).get("", c3.appId)).callbackUrl).toBe("https://hooks.example.com/svc");
  });

  it.skipIf(onPg())("the parent cannot read the sandbox's resources, callbacks, log or inbox, and the sandbox none of the parent's", async () => {
    const parent = await newApp();
    const child = await newSandbox(parent);
    const ts0 = { "x-svc-time-scale": "0" };
    const mine = await parent.call("POST", "/collect/v1/push", collectBody({ callbackUrl: `${origin()}/inspect/${parent.appId}` }), ts0);
    const theirs = await child.call("POST", "/collect/v1/push", collectBody({ callbackUrl: child.inspectorUrl }), ts0);
    expect([mine.status, theirs.status]).toEqual([202, 202]);
    const deliveryOf = async (who: { call: TestApp["call"] }, id: string) => {
      const w = await who.call("GET", `/dev/v1/callbacks/wait?resourceId=${id}&timeout=10`);
      expect(w.body.status).toBe("ATTEMPTED");
      return w.body.delivery.id as string;
    };
    const myDelivery = await deliveryOf(parent, mine.body.checkoutId);
    const theirDelivery = await deliveryOf(child, theirs.body.checkoutId);
    // live state for one's own resource only; the other's id answers the scripted default, as any unknown id does
    const own = async (who: { call: TestApp["call"] }, id: string) => (await who.call("GET", `/collect/v1/push/${id}`)).headers.get("x-svc-scenario");
    expect(await own(parent, mine.body.checkoutId)).toBe("tracked");
    expect(await own(child, theirs.body.checkoutId)).toBe("tracked");
    expect(await own(parent, theirs.body.checkoutId)).not.toBe("tracked");
    expect(await own(child, mine.body.checkoutId)).not.toBe("tracked");
    // callbacks: waiting for the other's resource is 404
    expect((await parent.call("GET", `/dev/v1/callbacks/wait?resourceId=${theirs.body.checkoutId}&timeout=0`)).status).toBe(404);
    expect((await child.call("GET", `/dev/v1/callbacks/wait?resourceId=${mine.body.checkoutId}&timeout=0`)).status).toBe(404);
    // references are per app: the parent's payout reference is free in the sandbox
    const ref = { amount: 100, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" }, reference: "SHARED-REF", callbackUrl: "https://example.com/cb" };
    expect((await parent.call("POST", "/payouts/v1/send", ref, ts0)).status).toBe(202);
    expect((await child.call("POST", "/payouts/v1/send", ref, ts0)).status).toBe(202);

    // the console (one owner for both) shows each app its own log, callbacks and inbox
    const { session } = await signInOverHttp(origin(), parent.user.email, "correct horse battery");
    const consoleGet = (appId: string, what: string) => http("GET", `${origin()}/api/console/apps/${appId}/${what}`, { headers: { cookie: session!, accept: "application/json" } });
    const ids = async (appId: string, what: string, key: string) => ((await consoleGet(appId, what)).body.items as Record<string, string>[]).map((i) => i[key]);
    expect(await ids(parent.appId, "requests", "requestId")).toContain(mine.headers.get("x-request-id"));
    expect(await ids(parent.appId, "requests", "requestId")).not.toContain(theirs.headers.get("x-request-id"));
    expect(await ids(child.appId, "requests", "requestId")).toContain(theirs.headers.get("x-request-id"));
    expect(await ids(child.appId, "requests", "requestId")).not.toContain(mine.headers.get("x-request-id"));
    expect(await ids(parent.appId, "deliveries", "id")).toContain(myDelivery);
    expect(await ids(parent.appId, "deliveries", "id")).not.toContain(theirDelivery);
    expect(await ids(child.appId, "deliveries", "id")).toContain(theirDelivery);
    expect(await ids(child.appId, "deliveries", "id")).not.toContain(myDelivery);
    const inboxOf = async (appId: string) => ((await consoleGet(appId, "inbox")).body.items as { body: string }[]).map((i) => JSON.parse(i.body).checkoutId);
    expect(await inboxOf(parent.appId)).toEqual([mine.body.checkoutId]);
    expect(await inboxOf(child.appId)).toEqual([theirs.body.checkoutId]);
    // the parent's console lists the sandbox; the sandbox's pages open like any app's
    expect((await consoleGet(parent.appId, "sandboxes")).body.sandboxes.map((s: { appId: string }) => s.appId)).toEqual([child.appId]);
    const page = await http("GET", `${origin()}/apps/${child.appId}`, { headers: { cookie: session! } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Throwaway sandbox");
  });

  it.skipIf(onPg())("a sandbox cannot make sandboxes; bad input answers VALIDATION_ERROR naming the field", async () => {
    const parent = await newApp();
    const child = await newSandbox(parent);
    const nested = await create(child);
    expect([nested.status, nested.body.error]).toEqual([403, "SANDBOX_NOT_ALLOWED"]);
    expect(nested.body.message).toContain(parent.appId);
    expect(nested.body.requestId).toBe(nested.headers.get("x-request-id"));
    expect((await child.call("GET", "/dev/v1/sandboxes")).body).toEqual({ sandboxes: [] });
    for (const body of [{ ttlSeconds: 9 }, { ttlSeconds: 86_401 }, { ttlSeconds: 60.5 }, { ttlSeconds: "60" }, {}]) {
      const r = await create(parent, body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.message).toContain("ttlSeconds must be a whole number of seconds from 10 to 86400");
    }
    for (const [body, field] of [[{ ttlSeconds: 60, name: "a\u202Eb" }, "name"], [{ ttlSeconds: 60, name: "x".repeat(65) }, "name"], [{ ttlSeconds: 60, owner: "me" }, "owner"]] as const) {
      const r = await create(parent, body);
      expect([r.status, r.body.error]).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.message).toContain(field);
    }
    expect((await create(parent, "[1]")).body.error).toBe("INVALID_BODY");
    expect((await create(parent, { ttlSeconds: 10 })).status).toBe(201);
    expect((await create(parent, { ttlSeconds: 86_400 })).status).toBe(201);
  });

  it.skipIf(onPg())("the request log keeps the creation without its secrets", async () => {
    const parent = await newApp();
    const r = await create(parent, { ttlSeconds: 60 });
    const row = await (await ownerOf(parent)).request(r.headers.get("x-request-id")!);
    expect([row.appId, row.operationId, row.status]).toEqual([parent.appId, "dev.sandboxes.create", 201]);
    expect(row.responseBody).toMatchObject({ appId: r.body.appId, consumerKey: r.body.consumerKey, consumerSecret: "[redacted]", signingSecret: "[redacted]" });
    expect(JSON.stringify(row)).not.toContain(r.body.consumerSecret);
    expect(JSON.stringify(row)).not.toContain(r.body.signingSecret);
  });

  it.skipIf(onPg())("DELETE ends a sandbox at once: its tokens, keys and inspector are refused on the next call; the parent or the sandbox itself may end it, no other app", async () => {
    const parent = await newApp();
    const other = await newApp();
    const child = await newSandbox(parent);
    const path = `/dev/v1/sandboxes/${child.appId}`;
    expect((await other.call("DELETE", path)).status).toBe(404);
    expect((await child.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    const del = await parent.call("DELETE", path);
    expect([del.status, del.text]).toEqual([204, ""]);
    const refused = await child.call("GET", "/collect/v1/push/chk_1");
    expect([refused.status, refused.body.error]).toEqual([401, "INVALID_TOKEN"]);
    expect((await child.call("GET", "/dev/v1/settings")).body.error).toBe("INVALID_TOKEN");
    expect((await fetchToken(child.consumerKey, child.consumerSecret)).body.error).toBe("INVALID_CLIENT");
    expect((await http("POST", child.inspectorUrl, { body: "{}" })).status).toBe(404);
    expect((await parent.call("DELETE", path)).status).toBe(404);
    expect((await parent.call("GET", "/dev/v1/sandboxes")).body.sandboxes).toEqual([]);
    // a sandbox may end itself (a CI job tearing down with the keys it was given)
    const self = await newSandbox(parent);
    expect((await self.call("DELETE", `/dev/v1/sandboxes/${self.appId}`)).status).toBe(204);
    expect((await self.call("GET", "/collect/v1/push/chk_1")).status).toBe(401);
    // …but not its siblings, and nobody a normal app
    const a = await newSandbox(parent);
    const b = await newSandbox(parent);
    expect((await a.call("DELETE", `/dev/v1/sandboxes/${b.appId}`)).status).toBe(404);
    expect((await parent.call("DELETE", `/dev/v1/sandboxes/${other.appId}`)).status).toBe(404);
    expect((await b.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    // deleting the parent app deletes its sandboxes with it
    const p2 = await newApp();
    const orphan = await newSandbox(p2);
    await deleteApp(p2.appId);
    expect((await orphan.call("GET", "/collect/v1/push/chk_1")).status).toBe(401);
    // that their rows are deleted too is read in the database: at-rest.test.ts
  });

  it.skipIf(onPg())("MCP tools generated from the endpoints make, list and end sandboxes through the same checks", async () => {
    const parent = await newApp();
    const client = await mcpClient(parent.token);
    const { tools } = await client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    expect(tool("sandbox_dev_create_sandbox").inputSchema.required).toEqual(["ttlSeconds"]);
    expect(tool("sandbox_dev_list_sandboxes").annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool("sandbox_dev_delete_sandbox").annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const made = await client.callTool({ name: "sandbox_dev_create_sandbox", arguments: { ttlSeconds: 120, name: "from-mcp" } });
    const s = made.structuredContent as { status: number; body: CreatedSandbox };
    expect([made.isError ?? false, s.status, s.body.name]).toEqual([false, 201, "from-mcp"]);
    const child = await asSandbox(s.body);
    expect((await child.call("GET", "/collect/v1/push/chk_1")).status).toBe(200);
    const listed = await client.callTool({ name: "sandbox_dev_list_sandboxes", arguments: {} });
    expect((listed.structuredContent as { body: { sandboxes: { appId: string }[] } }).body.sandboxes.map((x) => x.appId)).toEqual([child.appId]);
    // a sandbox's own MCP session cannot make sandboxes either
    const nested = await (await mcpClient(child.token)).callTool({ name: "sandbox_dev_create_sandbox", arguments: { ttlSeconds: 60 } });
    expect([nested.isError, (nested.structuredContent as { error: string }).error]).toEqual([true, "SANDBOX_NOT_ALLOWED"]);
    const ended = await client.callTool({ name: "sandbox_dev_delete_sandbox", arguments: { appId: child.appId } });
    expect((ended.structuredContent as { status: number }).status).toBe(204);
    expect((await child.call("GET", "/collect/v1/push/chk_1")).status).toBe(401);
    const log: { operationId: string; via: string }[] = await (await ownerOf(parent)).requests();
    expect(log.filter((l) => l.via === "mcp").map((l) => l.operationId)).toEqual(["dev.sandboxes.create", "dev.sandboxes.list", "dev.sandboxes.delete"]);
  });

  it(`the quota answers 429 SANDBOX_LIMIT_REACHED exactly at the limit under parallel creates, naming it`, async () => {
    const parent = await newApp();
    const replies: Reply[] = await Promise.all(Array.from({ length: 56 }, () => create(parent, { ttlSeconds: 300 })));
    const ok = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.body.error).toBe("SANDBOX_LIMIT_REACHED");
      expect(r.body.message).toContain("at most 50 live sandboxes (SANDBOXES_PER_APP)");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(250);
    }
    expect((await parent.call("GET", "/dev/v1/sandboxes")).body.sandboxes).toHaveLength(50);
    // ending one frees its place
    expect((await parent.call("DELETE", `/dev/v1/sandboxes/${ok[0]!.body.appId}`)).status).toBe(204);
    expect((await create(parent, { ttlSeconds: 300 })).status).toBe(201);
    expect((await create(parent, { ttlSeconds: 300 })).status).toBe(429);
  });

  it.skipIf(onPg())("the console makes one through the same service: its secrets once, working keys, the same bounds and refusals", async () => {
    const parent = await newApp({ groups: ["Payments"] });
    const { session } = await signInOverHttp(origin(), parent.user.email, "correct horse battery");
    const started = Date.now();
    const made = await consoleCall(origin(), session!, "POST", `/apps/${parent.appId}/sandboxes`, { name: "checkout-e2e", ttlSeconds: 900 });
    expect(made.status, made.text).toBe(201);
    const s = made.json as CreatedSandbox;
    expect(s).toMatchObject({ name: "checkout-e2e", inspectorUrl: `${origin()}/inspect/${s.appId}` });
    expect(s.signingSecret).toMatch(/^whsec_/);
    expect(Date.parse(s.expiresAt) - started).toBeGreaterThan(899_000);
    // its keys work like those the developer endpoint gives, and the parent's list has it
    const child = await asSandbox(s);
    expect((await child.call("GET", "/collect/v1/push/chk_from_console")).status).toBe(200);
    const listed = await parent.call("GET", "/dev/v1/sandboxes");
    expect(listed.body.sandboxes.map((x: { appId: string }) => x.appId)).toEqual([s.appId]);
    // the list never shows a secret again
    const again = await consoleCall(origin(), session!, "GET", `/apps/${parent.appId}/sandboxes`);
    expect(again.text).not.toContain(s.consumerSecret);
    expect(again.text).not.toContain(s.signingSecret);
    // the developer endpoint's bounds and refusals, in the spec's error body
    const short = await consoleCall(origin(), session!, "POST", `/apps/${parent.appId}/sandboxes`, { ttlSeconds: 5 });
    const viaApi = await create(parent, { ttlSeconds: 5 });
    expect([short.status, short.json.error, short.json.message]).toEqual([400, "VALIDATION_ERROR", viaApi.body.message]);
    expect(short.json.requestId).toMatch(/^req_/);
    const badName = await consoleCall(origin(), session!, "POST", `/apps/${parent.appId}/sandboxes`, { ttlSeconds: 600, name: "a\u202Eb" });
    expect([badName.status, badName.json.error]).toEqual([400, "VALIDATION_ERROR"]);
    const nested = await consoleCall(origin(), session!, "POST", `/apps/${s.appId}/sandboxes`, { ttlSeconds: 600 });
    expect([nested.status, nested.json.error]).toEqual([403, "SANDBOX_NOT_ALLOWED"]);
    // another user's app is not found
    const stranger = await newApp({ groups: ["Payments"] });
    const theirs = await consoleCall(origin(), session!, "POST", `/apps/${stranger.appId}/sandboxes`, { ttlSeconds: 600 });
    expect([theirs.status, theirs.json.error]).toEqual([404, "NOT_FOUND"]);
  });
});
