// Wait for a callback, replay, reset and callback faults over real HTTP, with
// real local receivers.
import { createHmac } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { base, cli, collectBody, newApp, type TestApp } from "../helpers/apps";
import { ownDb, startServer } from "../helpers/own-server";
import { ownerOf, ownerView } from "../helpers/owner-view";
import { setUpApp } from "../helpers/operator";
import { startReceiver, type Receiver } from "../helpers/receiver";

let ok: Receiver;
beforeAll(async () => {
  ok = await startReceiver();
});
afterAll(() => ok.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const instant = (a: TestApp, faults?: Record<string, unknown>) =>
  a.call("PATCH", "/dev/v1/settings", { timeScale: 0, ...(faults ? { callbackFaults: faults } : {}) });
const wait = (a: TestApp, q: string) => a.call("GET", `/dev/v1/callbacks/wait?${q}`);
const at = (r: Receiver, id: string) => r.received.filter((x) => x.headers["x-svc-delivery"] === id);


function signatureOk(header: string, body: string, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  return Boolean(m) && createHmac("sha256", secret).update(`${m![1]}.${body}`).digest("hex") === m![2];
}

describe.concurrent("wait for a callback", () => {
  it("answers the first attempt: body and headers sent, the receiver's status and answer", async () => {
    const a = await newApp();
    await instant(a);
    const body = collectBody({ amount: 2, callbackUrl: `${ok.url}/w` });
    const r = await a.call("POST", "/collect/v1/push", body);
    const w = await wait(a, `resourceId=${r.body.checkoutId}&timeout=30`);
    expect(w.status).toBe(200);
    expect(w.body.status).toBe("ATTEMPTED");
    const got = at(ok, w.body.delivery.id);
    expect(got).toHaveLength(1); // it had arrived when the wait answered
    expect(w.body.delivery).toMatchObject({ resourceId: r.body.checkoutId, operationId: "collect.push", scenarioKey: "cancelled", url: `${ok.url}/w`, faults: null });
    expect(w.body.delivery.body).toEqual(JSON.parse(got[0]!.body));
    expect(w.body.attempt).toMatchObject({ url: `${ok.url}/w`, status: 200, responseBody: "ok", error: null, note: null });
    for (const h of ["content-type", "user-agent", "x-svc-delivery", "x-svc-signature", "webhook-id", "webhook-signature"]) {
      expect(w.body.attempt.headers[h], h).toBe(got[0]!.headers[h]);
    }
    expect(JSON.stringify(w.body.attempt.headers)).not.toContain(a.app.signingSecret);
    // by reference (the app's latest resource with it), and by delivery id: the same delivery, at once
    const byRef = await wait(a, `reference=${encodeURIComponent(body.reference)}&timeout=0`);
    const again = await wait(a, `deliveryId=${w.body.delivery.id}&timeout=0`);
    expect([byRef.body.status, again.body.status, again.body.delivery.id]).toEqual(["ATTEMPTED", "ATTEMPTED", w.body.delivery.id]);
    // logged like any developer endpoint
    expect(await (await ownerOf(a)).requests({ operation: "dev.callbacks.wait" })).toHaveLength(3);
  });

  it("times out clearly; unknown ids answer 404; bad input 400; another app's resource is unknown", async () => {
    const a = await newApp();
    await a.call("PATCH", "/dev/v1/settings", { timeScale: 1 });
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 3, callbackUrl: ok.url })); // no_answer: 9 s
    const started = Date.now();
    const w = await wait(a, `resourceId=${r.body.checkoutId}&timeout=1`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect([w.status, w.body.status, w.body.attempt, w.body.delivery.state]).toEqual([200, "TIMEOUT", null, "SCHEDULED"]);
    const unknown = await wait(a, "resourceId=chk_nothing&timeout=1");
    expect([unknown.status, unknown.body.error]).toEqual([404, "NOT_FOUND"]);
    const b = await newApp();
    expect((await wait(b, `resourceId=${r.body.checkoutId}&timeout=0`)).status).toBe(404);
    const tooLong = await wait(a, `resourceId=${r.body.checkoutId}&timeout=61`);
    expect([tooLong.status, tooLong.body.error]).toEqual([400, "VALIDATION_ERROR"]);
    expect(tooLong.body.message).toMatch(/timeout/);
    expect((await wait(a, "timeout=1")).status).toBe(400);
    expect((await wait(a, `resourceId=${r.body.checkoutId}&deliveryId=x`)).status).toBe(400);
    // a resource whose scenario sends no callback
    const v = await a.call("POST", "/identity/v1/verifications", { idNumber: "12345678" });
    expect(v.status).toBe(200);
    const none = await wait(a, `resourceId=${v.body.verificationId}&timeout=0`);
    expect([none.status, none.body.message]).toEqual([404, expect.stringMatching(/no callback/)]);
  });

  it("a callback with no address answers NOT_SENT at once", async () => {
    const a = await newApp();
    const s = await a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi" });
    const w = await wait(a, `resourceId=${s.body.messageId}&timeout=30`);
    // NOT_SENT: answered on the delivery's state, not at its 30 s timeout (TIMEOUT)
    expect([w.status, w.body.status, w.body.attempt]).toEqual([200, "NOT_SENT", null]);
  });

  it("more than 20 waits at once for one app answer 429", async () => {
    const a = await newApp();
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 3, callbackUrl: ok.url }));
    // no_answer calls back after 9 s: every wait is held until then (or its 25 s), so all 22 overlap however slowly they arrive.
    const all = await Promise.all(Array.from({ length: 22 }, () => wait(a, `resourceId=${r.body.checkoutId}&timeout=25`)));
    const statuses = all.map((x) => x.status).sort();
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(all.find((x) => x.status === 429)!.body.error).toBe("RATE_LIMITED");
  });

  it("is an MCP tool too, like resend, replay and reset", async () => {
    const a = await newApp();
    await instant(a);
    const r = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: ok.url }));
    const transport = new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } });
    const client = new Client({ name: "dev-callbacks-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["sandbox_dev_wait_callback", "sandbox_dev_resend_delivery", "sandbox_dev_replay_failed", "sandbox_dev_reset"]));
      const w = await client.callTool({ name: "sandbox_dev_wait_callback", arguments: { resourceId: r.body.checkoutId, timeout: 30 } });
      expect(w.isError).toBeFalsy();
      const body = (w.structuredContent as { body: { status: string; delivery: { id: string } } }).body;
      expect(body.status).toBe("ATTEMPTED");
      const again = await client.callTool({ name: "sandbox_dev_resend_delivery", arguments: { deliveryId: body.delivery.id } });
      expect((again.structuredContent as { body: { status: number } }).body.status).toBe(200);
      expect(at(ok, body.delivery.id)).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});

describe.concurrent("replay", () => {
  it("resends exactly the failed deliveries since T, then to another address; one delivery can be resent", async () => {
    let status = 500;
    const flaky = await startReceiver(() => ({ status }));
    const other = await startReceiver();
    try {
      const a = await newApp();
      await instant(a);
      const old = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: flaky.url, reference: "OLD" }));
      const oldWait = await wait(a, `resourceId=${old.body.checkoutId}`);
      expect(oldWait.body.delivery.state).toBe("FAILED");
      await sleep(20);
      const since = new Date().toISOString();
      const failed: string[] = [];
      for (const ref of ["F1", "F2"]) {
        const p = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: flaky.url, reference: ref }));
        failed.push((await wait(a, `resourceId=${p.body.checkoutId}`)).body.delivery.id as string);
      }
      const good = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: ok.url, reference: "OK1" }));
      const goodId = (await wait(a, `resourceId=${good.body.checkoutId}`)).body.delivery.id;
      // another app's failed delivery is not this app's to replay
      const b = await newApp();
      await instant(b);
      const bp = await b.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: flaky.url }));
      const bId = (await wait(b, `resourceId=${bp.body.checkoutId}`)).body.delivery.id;

      status = 200;
      const ancient = await a.call("POST", "/dev/v1/deliveries/replay", { since: "0000-06-01T00:00:00Z" });
      expect([ancient.status, ancient.body.error]).toEqual([400, "VALIDATION_ERROR"]);
      const rep = await a.call("POST", "/dev/v1/deliveries/replay", { since });
      expect(rep.status).toBe(200);
      expect(rep.body).toMatchObject({ since: new Date(since).toISOString(), url: null, skipped: [], more: false });
      expect([...rep.body.replayed].sort()).toEqual([...failed].sort());
      await vi.waitFor(() => expect(failed.filter((id) => at(flaky, id).length < 2)).toEqual([]), { timeout: 10_000, interval: 100 });
      for (const id of failed) {
        const posts = at(flaky, id);
        expect(posts).toHaveLength(2);
        expect(posts[1]!.body).toBe(posts[0]!.body);
      }
      expect(at(flaky, oldWait.body.delivery.id)).toHaveLength(1); // before T: not replayed
      expect(at(ok, goodId)).toHaveLength(1); // delivered: not replayed
      expect(at(flaky, bId)).toHaveLength(1); // another app's
      const owner = await ownerOf(a);
      const settled = await vi.waitFor(async () => {
        const d = await owner.delivery(failed[0]!);
        expect(d.state).toBe("DELIVERED");
        return d;
      }, { timeout: 10_000, interval: 100 });
      expect(settled).toMatchObject({ state: "DELIVERED", attempts: 2, replayUrl: null });
      expect(settled.attemptLog.map((x: { status: number; note: string | null }) => [x.status, x.note])).toEqual([[500, null], [200, "replay"]]);

      // to another address: the old failed one (since before it), once; its own address keeps
      status = 500;
      const rep2 = await a.call("POST", "/dev/v1/deliveries/replay", { since: new Date(Date.now() - 3600_000).toISOString(), url: `${other.url}/elsewhere` });
      expect(rep2.body.replayed).toEqual([oldWait.body.delivery.id]);
      await other.waitFor(1, 10_000);
      expect(other.received[0]!.path).toBe("/elsewhere");
      expect(other.received[0]!.headers["x-svc-delivery"]).toBe(oldWait.body.delivery.id);
      const moved = await wait(a, `deliveryId=${oldWait.body.delivery.id}&timeout=0`);
      expect(moved.body.delivery.url).toBe(flaky.url);
      const row = await vi.waitFor(async () => {
        const d = await owner.delivery(oldWait.body.delivery.id);
        expect(d.attempts).toBeGreaterThanOrEqual(2);
        return d;
      }, { timeout: 20_000, interval: 100 });
      expect(row.attemptLog.map((x: { url: string }) => x.url)).toEqual([flaky.url, `${other.url}/elsewhere`]);
      expect(row).toMatchObject({ state: "DELIVERED", replayUrl: null });

      // one delivery, now, with its outcome
      const one = await a.call("POST", `/dev/v1/deliveries/${failed[0]}/resend`);
      expect([one.status, one.body.status, one.body.error]).toEqual([200, 500, "HTTP 500"]);
      expect(one.body.headers["x-svc-delivery"]).toBe(failed[0]);
      expect((await a.call("POST", `/dev/v1/deliveries/dlv_nothing/resend`)).status).toBe(404);

      // bad input
      const bad = await a.call("POST", "/dev/v1/deliveries/replay", { since: "yesterday", url: "ftp://x" });
      expect([bad.status, bad.body.error]).toEqual([400, "VALIDATION_ERROR"]);
      expect(bad.body.details.map((x: { field: string }) => x.field).sort()).toEqual(["since", "url"]);
    } finally {
      await Promise.all([flaky.close(), other.close()]);
    }
  });

  it("a resend while the callback's attempt is in flight: 409 saying it is being sent right now (not that it was never sent)", async () => {
    // A receiver that holds its answer until the test has asked: the attempt stays in flight meanwhile.
    let arrived!: (id: string) => void;
    const arrival = new Promise<string>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holding = http.createServer((req, res) => {
      req.resume();
      arrived(String(req.headers["x-svc-delivery"]));
      void released.then(() => res.end("ok"));
    });
    await new Promise<void>((r) => holding.listen(0, "127.0.0.1", r));
    try {
      const a = await newApp();
      await instant(a);
      const { port } = holding.address() as { port: number };
      await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: `http://127.0.0.1:${port}/cb` }));
      const id = await arrival;
      const r = await a.call("POST", `/dev/v1/deliveries/${id}/resend`, {});
      expect(r.status, r.text).toBe(409);
      expect(r.body.message).toBe("this callback is being sent right now; wait for that attempt to finish");
    } finally {
      release();
      holding.closeAllConnections();
      await new Promise((r) => holding.close(r));
    }
  });

  it("the operator command line replays, waits and resends too", async () => {
    const flaky = await startReceiver(() => ({ status: 503 }));
    try {
      const a = await newApp();
      await instant(a);
      const since = new Date(Date.now() - 1000).toISOString();
      const p = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: flaky.url }));
      const id = (await wait(a, `resourceId=${p.body.checkoutId}`)).body.delivery.id;
      const r = await cli("deliveries", "replay", "--app", a.appId, "--since", since, "--url", ok.url);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json).toMatchObject({ appId: a.appId, replayed: [id], url: ok.url });
      // the server's dispatcher picks it up (it polls each second)
      await ok.first((x) => x.headers["x-svc-delivery"] === id, 10_000);
      expect(at(ok, id)).toHaveLength(1);
      // The receiver has the post before the dispatcher records its attempt (it reads the answer first):
      // the event to wait for is the replay's attempt on the delivery's timeline.
      const attempts = async () => ((await a.call("GET", `/dev/v1/resources/${p.body.checkoutId}/timeline`)).body.events as { type: string }[]).filter((e) => e.type === "callback_attempt").length;
      await vi.waitFor(async () => expect(await attempts()).toBe(2), { timeout: 15_000, interval: 100 });
      // wait and resend from the command line too
      const w = await cli("deliveries", "wait", "--app", a.appId, "--resource", p.body.checkoutId, "--timeout", "5");
      expect(w.code, w.stderr).toBe(0);
      expect(w.json).toMatchObject({ status: "ATTEMPTED", delivery: { id }, attempt: { status: 503, url: flaky.url } });
      const again = await cli("deliveries", "resend", "--app", a.appId, "--delivery", id);
      expect(again.code, again.stderr).toBe(0);
      expect(again.json).toMatchObject({ deliveryId: id, status: 503, error: "HTTP 503" });
      expect((await cli("deliveries", "wait", "--app", a.appId, "--resource", "chk_none")).code).not.toBe(0);
    } finally {
      await flaky.close();
    }
  });
});

describe.concurrent("reset", () => {
  it("leaves keys, subscriptions and settings working and everything else empty", async () => {
    const a = await newApp();
    await instant(a);
    const p = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: a.inspectorUrl }));
    await wait(a, `resourceId=${p.body.checkoutId}`);
    const payout = await a.call("POST", "/payouts/v1/send", { amount: 100, currency: "UGX", destination: { type: "bank", bankCode: "01", accountNumber: "99" }, reference: "R-1", callbackUrl: ok.url });
    const owner = await ownerOf(a);
    expect((await owner.get("/inbox")).items).toHaveLength(1);
    const b = await newApp();
    const bPush = await b.call("POST", "/collect/v1/push", collectBody({ amount: 2 }));

    const r = await a.call("POST", "/dev/v1/reset", {});
    expect(r.status).toBe(200);
    expect(r.body.deleted).toMatchObject({ resources: 2, deliveries: 2, inbox: 1 });
    expect(r.body.deleted.attempts).toBeGreaterThanOrEqual(1);
    expect(r.body.deleted.requestLog).toBeGreaterThanOrEqual(4);
    // the reset call itself is the log's only row
    expect((await owner.requests()).map((x) => x.operationId)).toEqual(["dev.reset"]);
    // the resources are unknown, the callbacks and the inbox empty, as the owner reads them
    const timeline = async (app: TestApp, id: string) => (await app.call("GET", `/dev/v1/resources/${id}/timeline`)).status;
    expect([await timeline(a, p.body.checkoutId), await timeline(a, payout.body.payoutId)]).toEqual([404, 404]);
    expect([await owner.deliveries(), (await owner.get("/inbox")).items]).toEqual([[], []]);
    // what the per-minute limit counted stays: limits-dev.test.ts ("keeps the rate window")
    // keys, token, subscriptions and settings still work; the old prompt is unknown now (scripted default, not tracked)
    const after = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, reference: "R-1" }));
    expect(after.status).toBe(202);
    expect((await a.call("GET", "/dev/v1/settings")).body.timeScale).toBe(0);
    expect((await a.call("GET", `/collect/v1/push/${p.body.checkoutId}`)).headers.get("x-svc-scenario")).not.toBe("tracked");
    // another app's data is untouched
    expect(await timeline(b, bPush.body.checkoutId)).toBe(200);
    // the operator command line
    const c = await cli("app", "reset", "--app", a.appId);
    expect(c.code, c.stderr).toBe(0);
    expect(c.json).toMatchObject({ appId: a.appId, deleted: { resources: 1, deliveries: 1 } });
    expect(await timeline(a, after.body.checkoutId)).toBe(404);
  });
});

describe.concurrent("callback faults", () => {
  it("duplicate: two posts under one delivery id, the second noted", async () => {
    const r = await startReceiver();
    try {
      const a = await newApp();
      await instant(a, { duplicate: true });
      const p = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: r.url }));
      const w = await wait(a, `resourceId=${p.body.checkoutId}`);
      expect(w.body.delivery.faults).toEqual({ duplicate: true });
      const posts = await r.waitFor(2, 10_000);
      expect(posts.map((x) => x.headers["x-svc-delivery"])).toEqual([w.body.delivery.id, w.body.delivery.id]);
      expect(posts[1]!.body).toBe(posts[0]!.body);
      // The second attempt is recorded after its post is answered: a bound, not a timing (a loaded CI machine took over 5 s once).
      // The console reads the delivery row and then its attempts in two statements, so an attempt
      // committed between them shows in the log but not yet in the row's count: wait for both.
      const owner = await ownerOf(a);
      const d = await vi.waitFor(async () => {
        const got = await owner.delivery(w.body.delivery.id);
        expect([got.attemptLog.length, got.attempts]).toEqual([2, 2]);
        return got;
      }, { timeout: 30_000, interval: 100 });
      expect(d.attempts).toBe(2);
      expect(d.attemptLog[0]!.note).toBeNull();
      expect(d.attemptLog[1]!.note).toMatch(/duplicate/);
    } finally {
      await r.close();
    }
  });

  it("badSignature: a signature that does not verify with the app's secret", async () => {
    const r = await startReceiver();
    try {
      const a = await newApp();
      await instant(a);
      const fine = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: r.url, reference: "S1" }));
      await wait(a, `resourceId=${fine.body.checkoutId}`);
      await a.call("PATCH", "/dev/v1/settings", { callbackFaults: { badSignature: true } });
      const bad = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: r.url, reference: "S2" }));
      const w = await wait(a, `resourceId=${bad.body.checkoutId}`);
      expect(w.body.delivery.faults).toEqual({ badSignature: true });
      expect(w.body.attempt.note).toMatch(/wrong secret/);
      const [good, wrong] = await r.waitFor(2, 10_000);
      expect(signatureOk(String(good!.headers["x-svc-signature"]), good!.body, a.app.signingSecret)).toBe(true);
      expect(wrong!.headers["x-svc-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(signatureOk(String(wrong!.headers["x-svc-signature"]), wrong!.body, a.app.signingSecret)).toBe(false);
    } finally {
      await r.close();
    }
  });

  it("extraDelayMs: the callback arrives after the extra delay, and says so", async () => {
    const r = await startReceiver();
    try {
      const a = await newApp();
      await instant(a, { extraDelayMs: 1500 });
      const sent = Date.now();
      const p = await a.call("POST", "/collect/v1/push", collectBody({ amount: 2, callbackUrl: r.url }));
      const w = await wait(a, `resourceId=${p.body.checkoutId}`);
      const [got] = await r.waitFor(1, 10_000);
      expect(got!.at - sent).toBeGreaterThanOrEqual(1500);
      expect(w.body.delivery.faults).toEqual({ extraDelayMs: 1500 });
      expect(w.body.attempt.note).toMatch(/1500 ms late/);
    } finally {
      await r.close();
    }
  });
});

describe("a server of its own", () => {
  it("reset while a callback is in flight records nothing for it; a wait answers TIMEOUT at once on SIGTERM", async () => {
    const { url } = await ownDb("dev_wait_drain");
    const server = await startServer({ databaseUrl: url });
    const slow = await startReceiver(() => ({ status: 200, delayMs: 1500 }));
    try {
      const { appId, token, email } = await setUpApp(url, server.origin);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      // reset while the receiver holds the post: the answer comes back to a delivery that is gone
      await fetch(`${server.origin}/sandbox/collect/v1/push`, { method: "POST", headers, body: JSON.stringify(collectBody({ amount: 2, callbackUrl: slow.url })) });
      await slow.waitFor(1, 15_000);
      const reset = await fetch(`${server.origin}/sandbox/dev/v1/reset`, { method: "POST", headers, body: "{}" });
      expect(reset.status).toBe(200);
      // the post's answer came back and was handled: the dispatcher logs each attempt once it is recorded, or that it failed to record
      await vi.waitFor(() => expect(server.log()).toMatch(/\[callbacks\] (attempt|a delivery failed to record)/), { timeout: 30_000, interval: 50 });
      expect(server.log()).not.toMatch(/failed to record/);
      // the app's callbacks as its owner reads them: none, so no attempt either (attempts are read with their callback)
      const owner = await ownerView({ appId, user: { email } }, "long enough pw", server.origin);
      expect(await owner.deliveries()).toEqual([]);

      const push = await fetch(`${server.origin}/sandbox/collect/v1/push`, { method: "POST", headers, body: JSON.stringify(collectBody({ amount: 3, callbackUrl: ok.url })) });
      const { checkoutId } = (await push.json()) as { checkoutId: string };
      const waiting = fetch(`${server.origin}/sandbox/dev/v1/callbacks/wait?resourceId=${checkoutId}&timeout=60`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
      // SIGTERM once the wait is held (GET /dev/v1/connections counts it)
      await vi.waitFor(async () => {
        const held = await fetch(`${server.origin}/sandbox/dev/v1/connections`, { headers: { authorization: headers.authorization } });
        expect(((await held.json()) as { waits: number }).waits).toBe(1);
      }, { timeout: 30_000, interval: 50 });
      const stopped = server.stop();
      const w = await waiting;
      // TIMEOUT with no attempt: the drain answered it before no_answer's callback (9 s away) came, and
      // before its own 60 s timeout (the server's count of its wait, not this machine's speed)
      expect([w.status, w.body.status, w.body.attempt]).toEqual([200, "TIMEOUT", null]);
      expect(w.body.waitedMs).toBeLessThan(60_000);
      await stopped;
    } finally {
      await Promise.all([server.stop(), slow.close()]);
    }
  });
});
