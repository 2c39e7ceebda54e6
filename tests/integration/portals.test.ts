// Two portals in one process (server/portal.ts `createPortal`), each on a fresh
// SQLite file and a test clock of its own, both listening on port 0: they do
// not see each other. An app and its token made on one are refused on the
// other; a callback carries its own portal's time and only the clock moved
// moves its portal's callbacks and expiries; Next's pages (route handlers run
// inside the request's async context) read the portal serving them; one
// portal closed, the other is ready and serves on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_LIFETIME_S } from "@/lib/catalog/schemas/common";
import { ManualClock } from "@/lib/clock";
import { makeConfig } from "@/lib/config";
import { randomBase62 } from "@/lib/ids";
import { enter } from "@/lib/runtime";
import { createApp } from "@/lib/services/apps";
import { createKeyPair } from "@/lib/services/keys";
import { subscribe } from "@/lib/services/subscriptions";
import { ownTeamId } from "@/lib/services/teams";
import { createUser } from "@/lib/services/users";
import { createPortal, type Portal } from "@/server/portal";
import { requestToken } from "../helpers/operator";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { collectBody, http } from "../helpers/apps";

type Side = { portal: Portal; clock: ManualClock; origin: string; dir: string };

async function makeSide(name: string): Promise<Side> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const clock = new ManualClock();
  const config = makeConfig({ DATABASE_URL: `file:${path.join(dir, "sandbox.db")}`, HOST: "127.0.0.1", PORT: "0" });
  const portal = createPortal({ config, clock });
  const { origin } = await portal.listen();
  return { portal, clock, origin, dir };
}

/** A user, an app subscribed to Payments and a key pair, made on `s`'s portal (its runtime, so its database); a token asked of its gateway. */
async function appOn(s: Side) {
  const made = await enter(s.portal.runtime, async () => {
    const user = await createUser({ email: `p-${randomBase62(10).toLowerCase()}@example.com`, password: "correct horse battery" });
    const app = await createApp({ teamId: await ownTeamId(user.id), name: "Portal app", callbackUrl: "" });
    await subscribe(app.id, "Payments");
    return { app, keys: await createKeyPair(app.id) };
  });
  const t = await requestToken(s.origin, made.keys.consumerKey, made.keys.consumerSecret);
  expect(t.status).toBe(200);
  const token: string = ((await t.json()) as { access_token: string }).access_token;
  return { ...made, token };
}

const push = (s: Side, token: string, body: unknown) =>
  http("POST", `${s.origin}/sandbox/collect/v1/push`, { headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

let a: Side;
let b: Side;
let receiver: Receiver;
beforeAll(async () => {
  [a, b] = await Promise.all([makeSide("a"), makeSide("b")]);
  receiver = await startReceiver();
});
afterAll(async () => {
  await Promise.all([a?.portal.close(), b?.portal.close(), receiver?.close()]);
  for (const s of [a, b]) if (s) fs.rmSync(s.dir, { recursive: true, force: true });
});

describe("two portals in one process", () => {
  it("listen on ports of their own", () => {
    expect(a.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(b.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.origin).not.toBe(b.origin);
  });

  it("an app's keys and token made on one are refused (401) on the other", async () => {
    const onA = await appOn(a);
    expect((await push(a, onA.token, collectBody())).status).toBe(202);
    const there = await push(b, onA.token, collectBody());
    expect(there.status).toBe(401);
    expect(there.body).toMatchObject({ error: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
    expect((await requestToken(b.origin, onA.keys.consumerKey, onA.keys.consumerSecret)).status).toBe(401);
  });

  it("Next's pages read the portal serving them: each docs overview shows its own gateway address", async () => {
    const [pageA, pageB] = await Promise.all([http("GET", `${a.origin}/docs`), http("GET", `${b.origin}/docs`)]);
    expect(pageA.status).toBe(200);
    expect(pageB.status).toBe(200);
    expect(pageA.text).toContain(`${a.origin}/sandbox`);
    expect(pageA.text).not.toContain(`${b.origin}/sandbox`);
    expect(pageB.text).toContain(`${b.origin}/sandbox`);
    expect(pageB.text).not.toContain(`${a.origin}/sandbox`);
  });

  it("each serves client packages of its own: the Python index links to its own address, not the first portal's", async () => {
    const [indexA, indexB] = await Promise.all([http("GET", `${a.origin}/clients/pypi/simple/svc-sandbox/`), http("GET", `${b.origin}/clients/pypi/simple/svc-sandbox/`)]);
    expect([indexA.status, indexB.status]).toEqual([200, 200]);
    expect(indexA.text).toContain(`${a.origin}/clients/pypi/files/`);
    expect(indexB.text).toContain(`${b.origin}/clients/pypi/files/`);
    expect(indexB.text).not.toContain(a.origin);
  });

  it("a callback carries its own portal's time: moving one clock moves only its portal's callbacks", async () => {
    const [onA, onB] = await Promise.all([appOn(a), appOn(b)]);
    const bodyA = collectBody({ amount: 150, callbackUrl: `${receiver.url}/from-a` });
    const bodyB = collectBody({ amount: 150, callbackUrl: `${receiver.url}/from-b` });
    expect((await push(a, onA.token, bodyA)).status).toBe(202);
    expect((await push(b, onB.token, bodyB)).status).toBe(202);
    const aBefore = a.clock.now();
    const bBefore = b.clock.now();
    a.clock.advance(10 * 60_000); // A's callback (due 4 s after its call on A's clock) goes out now
    const fromA = JSON.parse((await receiver.first((r) => r.path === "/from-a", 30_000)).body);
    expect(fromA.reference).toBe(bodyA.reference);
    expect(Date.parse(fromA.paidAt)).toBeGreaterThanOrEqual(aBefore);
    const fromB = JSON.parse((await receiver.first((r) => r.path === "/from-b", 30_000)).body); // B's, on B's unmoved clock
    expect(fromB.reference).toBe(bodyB.reference);
    expect(Date.parse(fromB.paidAt)).toBeGreaterThanOrEqual(bBefore);
    // A's time is ten minutes ahead of B's: its callback was paid by its own clock, B's by B's.
    expect(a.clock.now() - b.clock.now()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(Date.parse(fromB.paidAt)).toBeLessThan(a.clock.now() - 5 * 60_000);
  });

  it("a token expires on its own portal's clock only", async () => {
    const [onA, onB] = await Promise.all([appOn(a), appOn(b)]);
    a.clock.advance((TOKEN_LIFETIME_S + 60) * 1000);
    const expired = await push(a, onA.token, collectBody());
    expect(expired.status).toBe(401);
    expect((await push(b, onB.token, collectBody())).status).toBe(202);
  });

  it("one closed, the other is ready and serves on", async () => {
    // A third portal, closed here: a and b stay open for the other tests, whatever their order.
    const c = await makeSide("c");
    let closed: Promise<void> | undefined;
    try {
      const [onA, onC] = await Promise.all([appOn(a), appOn(c)]);
      // c has served its gateway and Next's pages before it closes
      expect((await push(c, onC.token, collectBody())).status).toBe(202);
      expect((await http("GET", `${c.origin}/docs`)).status).toBe(200);
      await (closed = c.portal.close());
      expect((await http("GET", `${a.origin}/readyz`)).status).toBe(200);
      await expect(fetch(`${c.origin}/readyz`)).rejects.toThrow();
      expect((await push(a, onA.token, collectBody())).status).toBe(202);
      expect((await http("GET", `${a.origin}/docs`)).status).toBe(200);
    } finally {
      await (closed ?? c.portal.close());
      fs.rmSync(c.dir, { recursive: true, force: true });
    }
  });
});
