// Limits and defaults of a server as `npm start` runs it, each on a server of
// its own (README "Hosting it for others"): anonymous inspector posts per
// sender address, and the password-hashing queue. A burst that fills a server's
// hashing queue would answer "busy" to other files' sign-ins on the shared server.
import { afterAll, describe, expect, it } from "vitest";
import { bareApp, cliOn, userEmails } from "../helpers/operator";
import { signUpOverHttp } from "../helpers/console-http";
import { ownDb, startServer } from "../helpers/own-server";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import type { RunningServer } from "../helpers/server";
import { holdNextMinute, nextHour } from "../helpers/window";

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});
const own = async (name: string, env: Record<string, string> = {}) => {
  const db = await ownDb(name);
  const s = await startServer({ databaseUrl: db.url, env, testClock: true });
  servers.push(s);
  return { server: s, dbUrl: db.url };
};

describe("the inspector, per sender address", () => {
  it("one address gets 60 posts a minute (INSPECT_PER_ADDRESS_PER_MINUTE), whichever inspectors it posts to; others still get through", async () => {
    const { server, dbUrl } = await own("inspect_address");
    const a = await bareApp(dbUrl, server.origin);
    const b = { appId: (await cliOn(dbUrl, server.origin, "app", "create", "--owner", a.email, "--name", "Second")).appId };
    await holdNextMinute(server.origin);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await requestFrom("127.0.51.1", `${server.origin}/inspect/${i % 2 ? a.appId : b.appId}`, { method: "POST", body: `n${i}` })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await requestFrom("127.0.51.1", `${server.origin}/inspect/${a.appId}`, { method: "POST", body: "one more" });
    expect([refused.status, refused.json.error]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestFrom("127.0.51.2", `${server.origin}/inspect/${a.appId}`, { method: "POST", body: "another sender" })).status).toBe(200);
  }, 180_000);
});

describe("password hashing", () => {
  it("waits in a bounded queue: a burst of sign-ins from many addresses gets some 'busy' answers instead of starving everyone; after it, sign-in works", async () => {
    // at the default cost (the suite runs at 10: each check would end before the burst filled the queue)
    const { server, dbUrl } = await own("hash_queue", { PASSWORD_HASH_COST: "14" });
    const owner = await bareApp(dbUrl, server.origin);
    const tries = await Promise.all(
      Array.from({ length: 120 }, (_, i) => signInOverHttp(server.origin, `burst-${i}@example.com`, "some password here", `127.0.73.${i + 1}`)),
    );
    const busy = tries.filter((t) => t.location.includes("code=busy")).length;
    const wrong = tries.filter((t) => t.location.includes("code=credentials")).length;
    expect(busy).toBeGreaterThan(0);
    expect(wrong).toBeGreaterThan(0);
    // Every answer is one of the two: no session for an unknown account, no server error.
    expect(busy + wrong).toBe(tries.length);
    // the burst is over: the queue is empty again
    expect((await signInOverHttp(server.origin, owner.email, "long enough pw", "127.0.74.1")).session).not.toBeNull();
  }, 180_000);

  it("a sign-up answered busy (the queue full) made no account and gives its place back: the address still makes its 10 (SIGNUPS_PER_HOUR)", async () => {
    // One hash at a time and one waiting, at the default cost: of 10 sign-ups at once, those that find both places
    // taken are answered busy at once.
    const { server, dbUrl } = await own("signup_busy", { PASSWORD_HASH_COST: "14", PASSWORD_HASHES_AT_ONCE: "1", PASSWORD_HASH_QUEUE: "1" });
    const from = "127.0.73.250";
    const tag = `sb${Date.now().toString(36)}`;
    const signUp = (i: number) => signUpOverHttp(server.origin, `${tag}-${i}@example.com`, "a fine pass phrase", from);
    const made = async () => (await userEmails(dbUrl, server.origin)).filter((e) => e.startsWith(`${tag}-`)).length;
    await nextHour(server.origin); // the sign-ups are counted per clock hour: all of them in one
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(i)));
    const busy = first.filter((r) => r.status === 200 && r.text.includes("busy checking passwords")).length;
    expect(busy).toBeGreaterThan(0);
    const madeFirst = await made();
    // Each sign-up made an account (its sign-in after may have been the busy one) or was busy before one was made.
    expect(madeFirst).toBeGreaterThanOrEqual(10 - busy);
    // The places of those that made none were given back: the address makes up to 10 in all, one at a time, then is told why.
    for (let i = 10; (await made()) < 10; i++) {
      const r = await signUp(i);
      expect(r.status, r.text.slice(0, 300)).toBe(303);
    }
    const eleventh = await signUp(99);
    expect([eleventh.status, eleventh.text.includes("Too many sign-ups from your network")]).toEqual([200, true]);
    expect(await made()).toBe(10);
  }, 180_000);
});
