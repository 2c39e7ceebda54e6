// Budgets that throwaway sandboxes and many apps cannot multiply (README
// "Hosting it for others", "What is bounded, and how"): receiver checks count
// per family (an app with its sandboxes) and per destination host over the
// whole portal; a refused request uses up no place. 100 requests at once, on a
// server of its own (SQLite), or on two instances sharing one PostgreSQL
// database (TEST_PG_URL), on test clocks moved to the start of a minute and held
// there (tests/helpers/window.ts holdNextMinute: a test's counts stay in that
// minute however slow the machine). The inspector's per-sender count is kept
// only for posts that every limit let through. Callbacks count per
// destination host over the portal: past the budget a post waits for the next
// minute, never dropped, and the delivery says so.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { consoleCall } from "../helpers/console-http";
import { requestFrom, signInOverHttp } from "../helpers/from-address";
import { accessToken, cliBatch } from "../helpers/operator";
import { ownDb, startServer } from "../helpers/own-server";
import type { RunningServer } from "../helpers/server";
import { atCap } from "../helpers/burst";
import { onPg } from "../helpers/test-db";
import { holdNextMinute, letClocksRun } from "../helpers/window";

const servers: RunningServer[] = [];
let dbUrl = "";
const origin = (i: number) => servers[i % servers.length]!.origin;
const BUDGETS = {
  RECEIVER_CHECKS_PER_HOST_AT_ONCE: "8", RECEIVER_CHECKS_PER_HOST_PER_MINUTE: "40",
  INSPECT_PER_MINUTE: "10", INSPECT_PER_ADDRESS_PER_MINUTE: "30",
  CALLBACKS_PER_HOST_PER_MINUTE: "10",
};

beforeAll(async () => {
  dbUrl = (await ownDb("budgets")).url;
  const env = (i: number) => ({ ...BUDGETS, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `svc-budgets-${i}-`)), AUTH_SECRET: "" });
  servers.push(...(await Promise.all((onPg() ? [0, 1] : [0]).map((i) => startServer({ databaseUrl: dbUrl, env: env(i), testClock: true })))));
});
afterEach(() => letClocksRun(...servers.map((s) => s.origin)));
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const count = <T>(xs: T[], x: T) => xs.filter((y) => y === x).length;

/**
 * A receiver on a loopback address of its own (a host of its own to the
 * portal) that holds every answer until `release()`; then it answers 200 at
 * once. `paths` are the distinct paths it was posted to (a check per path, its
 * cases' posts on it); `mostOpen` the most checks it held a post of at one moment;
 * `givenUp` the checks a post of which was given up (the portal's 10 s deadline) before `release()`.
 */
async function heldReceiver(host: string) {
  const paths = new Set<string>();
  const waiting: (() => void)[] = [];
  let released = false;
  const open = new Map<string, number>(); // a check's posts held now, by its path
  const rx = {
    url: "",
    paths,
    mostOpen: 0,
    givenUp: new Set<string>(),
    release() {
      released = true;
      waiting.splice(0).forEach((a) => a());
    },
    close: () => new Promise((r) => server.close(r)),
  };
  const server = http.createServer((req, res) => {
    const check = req.url!;
    paths.add(check);
    open.set(check, (open.get(check) ?? 0) + 1);
    rx.mostOpen = Math.max(rx.mostOpen, open.size);
    res.once("close", () => {
      const left = open.get(check)! - 1;
      if (left) open.set(check, left);
      else open.delete(check);
      if (!res.writableFinished && !released) rx.givenUp.add(check);
    });
    req.resume().on("end", () => {
      const answer = () => res.writeHead(200).end("ok");
      if (released) answer();
      else waiting.push(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  rx.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return rx;
}

/**
 * What a burst's budget of `cap` checks at once let run: `cap`, every other request 429 (or busy: 503), never more than `cap` at
 * the receiver at one moment. A post given up at the portal's 10 s deadline before the whole burst has arrived (a
 * slow machine) may free its check's place for one more: so exactly `cap` run unless checks gave up, and then at
 * most one more for each. Answers how many ran.
 */
function ranAtOnce(replies: Check[], rx: Awaited<ReturnType<typeof heldReceiver>>, cap: number): number {
  const ran = count(replies.map((r) => r.status), 201);
  const answers = atCap(replies.map((r) => ({ status: r.status, json: r.body, headers: { "retry-after": r.retryAfter ?? undefined } })), 429);
  expect([answers, rx.paths.size]).toEqual([{ 201: ran, 429: replies.length - ran }, ran]);
  expect(rx.mostOpen).toBeLessThanOrEqual(cap);
  expect(ran).toBeGreaterThanOrEqual(cap);
  expect(ran).toBeLessThanOrEqual(cap + rx.givenUp.size);
  return ran;
}

/** Parent apps of one account, the i-th with `sandboxes[i]` throwaway sandboxes: for each, a token per app, parent first. */
async function families(...sandboxes: number[]): Promise<string[][]> {
  const email = `f-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin(0), [
    ["user", "create", "--email", email, "--password", "long enough pw"],
    ...sandboxes.flatMap((_, i) => [["app", "create", "--owner", email, "--name", `Family ${i}`], ["key", "create", "--app", "{appId}"]]),
  ]);
  return Promise.all(sandboxes.map(async (n, f) => {
    const keys = answers[2 + 2 * f]!;
    const parent = await accessToken(origin(0), keys.consumerKey!, keys.consumerSecret!);
    const tokens = [parent];
    for (let i = 0; i < n; i++) {
      const r = await call(parent, i, "/dev/v1/sandboxes", { ttlSeconds: 900 });
      if (r.status !== 201) throw new Error(`sandbox create answered ${r.status}: ${JSON.stringify(r.body)}`);
      tokens.push(await accessToken(origin(i), r.body.consumerKey, r.body.consumerSecret));
    }
    return tokens;
  }));
}

async function call(token: string, i: number, p: string, body: unknown) {
  const r = await fetch(`${origin(i)}/sandbox${p}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as any };
}

type Check = Awaited<ReturnType<typeof call>>;
/**
 * Starts a check per `tokens[i]` at once (to `${url}/c<i>`), spread over the
 * instances; once every one was refused or reached the receiver, releases it.
 */
async function startAtOnce(rx: Awaited<ReturnType<typeof heldReceiver>>, tokens: string[]): Promise<Check[]> {
  const answered: Record<number, number> = {};
  const all = tokens.map((t, i) =>
    call(t, i, "/dev/v1/receiver-checks", { url: `${rx.url}/c${i}` }).then((r) => {
      answered[r.status] = (answered[r.status] ?? 0) + 1;
      return r;
    }));
  // Every request refused (429, or busy: 503 on a machine too loaded for it to take its turn, tests/helpers/burst.ts) or
  // its check held: only then released (a check started after it would be answered at once and free its place uncounted);
  // a burst that has not all come in 90 s is this test's failure, said as such, with what was answered meanwhile.
  const refused = () => (answered[429] ?? 0) + (answered[503] ?? 0);
  const whole = await vi.waitFor(() => expect(refused() + rx.paths.size).toBe(tokens.length), { timeout: 90_000, interval: 50 }).then(() => true, () => false);
  rx.release();
  const replies = await Promise.all(all);
  expect(whole, `in 90 s the receiver held ${rx.paths.size} checks and ${refused()} were refused, of ${tokens.length} (answers by status meanwhile: ${JSON.stringify(answered)})`).toBe(true);
  return replies;
}

/** `n` more checks to `url`, `batch` at a time (within the running caps), over `tokens` in turn: their statuses. */
async function inBatches(tokens: string[], url: string, n: number, batch: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < n; done += batch) {
    const round = Array.from({ length: Math.min(batch, n - done) }, (_, j) => done + j);
    statuses.push(...(await Promise.all(round.map((k) => call(tokens[k % tokens.length]!, k, "/dev/v1/receiver-checks", { url: `${url}/more${k}` }).then((r) => r.status)))));
  }
  return statuses;
}

describe("receiver checks: one budget per family, one per destination host", () => {
  it("100 at once split between a parent and its 4 sandboxes: exactly 5 run (one family); the 95 refused use no per-minute place, so 25 more start this minute and the 31st is refused", async () => {
    const [tokens, [other]] = await families(4, 0);
    const rx = await heldReceiver("127.0.31.1");
    try {
      await holdNextMinute(...servers.map((s) => s.origin));
      const replies = await startAtOnce(rx, Array.from({ length: 100 }, (_, i) => tokens[i % tokens.length]!));
      const ran = ranAtOnce(replies, rx, 5); // 5 but on a slow machine (above)
      const refused = replies.find((r) => r.status === 429)!;
      expect(refused.body).toMatchObject({ error: "RATE_LIMITED", message: "at most 5 receiver checks run at once per app and its throwaway sandboxes together; wait for one to finish" });
      expect(refused.retryAfter).toBe("10");
      expect(await inBatches(tokens, rx.url, 30 - ran, 5)).toEqual(Array(30 - ran).fill(201));
      const over = await call(tokens[3]!, 0, "/dev/v1/receiver-checks", { url: `${rx.url}/over` });
      expect([over.status, over.body.message]).toEqual([429, expect.stringMatching(/^at most 30 receiver checks start a minute per app and its throwaway sandboxes together; try again in \d+ s$/)]);
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
      // another family (of the same account) is not counted
      expect((await call(other!, 1, "/dev/v1/receiver-checks", { url: `${rx.url}/other` })).status).toBe(201);
    } finally {
      await rx.close();
    }
  });

  it("100 at once from four families to one host: exactly 8 run over the portal (RECEIVER_CHECKS_PER_HOST_AT_ONCE); the refused use no place, so 32 more start this minute and the 41st is refused", async () => {
    const four = await families(1, 0, 2, 0);
    const rx = await heldReceiver("127.0.32.1");
    try {
      await holdNextMinute(...servers.map((s) => s.origin));
      const spread = Array.from({ length: 100 }, (_, i) => four[i % 4]![Math.floor(i / 4) % four[i % 4]!.length]!);
      const replies = await startAtOnce(rx, spread);
      const ran = ranAtOnce(replies, rx, 8); // 8 but on a slow machine (above)
      expect(replies.map((r) => r.body.message)).toContain("at most 8 receiver checks run at once at one host (127.0.32.1) over the whole portal; try again in a few seconds");
      // 8 of the host's 40 a minute are used: 32 more (8 at a time, two per family), then none
      expect(await inBatches(four.map((f) => f[0]!), rx.url, 40 - ran, 8)).toEqual(Array(40 - ran).fill(201));
      const over = await call(four[0]![0]!, 0, "/dev/v1/receiver-checks", { url: `${rx.url}/over` });
      expect([over.status, over.body.message]).toEqual([429, expect.stringMatching(/^at most 40 receiver checks start a minute at one host \(127\.0\.32\.1\) over the whole portal; try again in \d+ s$/)]);
      // another host is not counted
      const elsewhere = await heldReceiver("127.0.33.1");
      elsewhere.release();
      expect((await call(four[0]![0]!, 1, "/dev/v1/receiver-checks", { url: `${elsewhere.url}/x` })).status).toBe(201);
      await elsewhere.close();
    } finally {
      await rx.close();
    }
  });
});

/**
 * A receiver on a loopback address of its own (a host of its own to the
 * portal): the delivery id of every post it got, in order; it answers `status`.
 */
async function countingReceiver(host: string) {
  const rx = { got: [] as string[], status: 200, url: "", close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    rx.got.push(String(req.headers["x-svc-delivery"]));
    req.resume().on("end", () => res.writeHead(rx.status).end("answered"));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  rx.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  rx.close = () => new Promise((r) => server.close(() => r()));
  return rx;
}

/** A parent app subscribed to Payments and its `n` throwaway sandboxes: a token each, parent first; its owner and the parent's id. */
async function payingFamily(n: number): Promise<{ tokens: string[]; email: string; appId: string }> {
  const email = `p-${randomUUID().slice(0, 8)}@example.com`;
  const answers = await cliBatch(dbUrl, origin(0), [
    ["user", "create", "--email", email, "--password", "long enough pw"],
    ["app", "create", "--owner", email, "--name", "Paying"],
    ["subscribe", "--app", "{appId}", "--group", "Payments"],
    ["key", "create", "--app", "{appId}"],
  ]);
  const keys = answers.at(-1)!;
  const parent = await accessToken(origin(0), keys.consumerKey!, keys.consumerSecret!);
  const tokens = [parent];
  for (let i = 0; i < n; i++) {
    const r = await call(parent, i, "/dev/v1/sandboxes", { ttlSeconds: 900 });
    if (r.status !== 201) throw new Error(`sandbox create answered ${r.status}: ${JSON.stringify(r.body)}`);
    tokens.push(await accessToken(origin(i), r.body.consumerKey, r.body.consumerSecret));
  }
  return { tokens, email, appId: answers[1]!.appId! };
}

describe("callbacks: one budget per destination host over the portal (CALLBACKS_PER_HOST_PER_MINUTE)", () => {
  type Push = { token: string; reference: string; i: number };
  const push = async (p: Push, callbackUrl: string) => {
    const r = await fetch(`${origin(p.i)}/sandbox/collect/v1/push`, {
      method: "POST",
      headers: { authorization: `Bearer ${p.token}`, "content-type": "application/json", "x-svc-time-scale": "0" },
      body: JSON.stringify({ shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: p.reference, callbackUrl }),
    });
    return r.status;
  };
  /** The push's callback as its app's developer reads it (GET /dev/v1/callbacks/wait, answering at once). */
  const callbackOf = async (p: Push) => {
    const r = await fetch(`${origin(p.i + 1)}/sandbox/dev/v1/callbacks/wait?reference=${p.reference}&timeout=0`, { headers: { authorization: `Bearer ${p.token}` } });
    return (await r.json()) as {
      status: string;
      delivery: { id: string; state: string; dueAt: string; delayReason: string | null };
      attempt: { note: string | null; status: number | null } | null;
    };
  };
  /** The callbacks of `pushes` that wait for a later minute, each with the index of its push. */
  const delayedOf = async (pushes: Push[]) =>
    (await Promise.all(pushes.map(async (p, push) => ({ ...(await callbackOf(p)), push })))).filter((c) => c.delivery.delayReason !== null);
  const reason = (until: number) =>
    `delayed: 127.0.35.1 has had the 10 callbacks a minute one destination host takes from this portal (all apps together); it goes in the next minute, at ${new Date(until).toISOString()}`;

  it("a parent and its 2 sandboxes schedule 15 callbacks to one host in a minute: 10 are posted, 5 wait for the next minute and say so; replays and a resend past the budget wait the same way, a Send copy answers 429; nothing is dropped or posted twice", async () => {
    const { tokens, email, appId } = await payingFamily(2);
    const rx = await countingReceiver("127.0.35.1");
    const cb = `${rx.url}/cb`;
    const everyOrigin = servers.map((s) => s.origin);
    try {
      // Minute A: the receiver fails every post (the failed ones are replayed later).
      rx.status = 500;
      const a = await holdNextMinute(...everyOrigin);
      const pushes: Push[] = Array.from({ length: 15 }, (_, i) => ({ token: tokens[i % 3]!, reference: `HB-${randomUUID().slice(0, 8)}`, i }));
      expect(await Promise.all(pushes.map((p) => push(p, cb)))).toEqual(Array(15).fill(202));
      await vi.waitFor(() => expect(rx.got.length).toBe(10), { timeout: 30_000, interval: 100 });
      const waiting = await vi.waitFor(async () => {
        const d = await delayedOf(pushes);
        expect(d.length).toBe(5);
        return d;
      }, { timeout: 30_000, interval: 200 });
      const late = pushes.filter((_, k) => waiting.some((w) => w.push === k));
      for (const w of waiting) {
        expect(w.status).toBe("TIMEOUT");
        expect(w.delivery).toMatchObject({ state: "SCHEDULED", dueAt: new Date(a + 60_000).toISOString(), delayReason: reason(a + 60_000) });
      }
      expect(rx.got.length).toBe(10); // all 15 are accounted for: 10 posted, 5 waiting

      // Minute B: the 5 go (5 of the minute's 10); the 10 failed are replayed: 5 go, 5 wait.
      rx.status = 200;
      const b = await holdNextMinute(...everyOrigin);
      await vi.waitFor(() => expect(rx.got.length).toBe(15), { timeout: 30_000, interval: 100 });
      expect(new Set(rx.got).size).toBe(15);
      expect(rx.got.slice(10).sort()).toEqual(waiting.map((w) => w.delivery.id).sort());
      // Their first attempt says they were delayed; their delivery no longer waits.
      await vi.waitFor(async () => {
        const views = await Promise.all(late.map(callbackOf));
        expect(views.map((v) => [v.status, v.delivery.state, v.delivery.delayReason, v.attempt?.note])).toEqual(
          Array(5).fill(["ATTEMPTED", "DELIVERED", null, "delayed by its destination host's callback budget (CALLBACKS_PER_HOST_PER_MINUTE)"]),
        );
      }, { timeout: 30_000, interval: 200 });
      let replayed = 0;
      for (const [i, t] of tokens.entries()) {
        const r = await call(t, i, "/dev/v1/deliveries/replay", { since: "2000-01-01T00:00:00Z" });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        replayed += r.body.replayed.length;
      }
      expect(replayed).toBe(10);
      await vi.waitFor(() => expect(rx.got.length).toBe(20), { timeout: 30_000, interval: 100 });
      await vi.waitFor(async () => expect((await delayedOf(pushes)).map((d) => [d.delivery.state, d.delivery.delayReason])).toEqual(Array(5).fill(["SCHEDULED", reason(b + 60_000)])),
        { timeout: 30_000, interval: 200 });
      // "Send it again" past the budget: nothing posted; the delivery waits for the next minute, and the answer says so.
      const again = late[0]!;
      const resend = await fetch(`${origin(1)}/sandbox/dev/v1/deliveries/${waiting[0]!.delivery.id}/resend`, { method: "POST", headers: { authorization: `Bearer ${again.token}` } });
      expect(resend.status).toBe(200);
      expect(await resend.json()).toMatchObject({ deliveryId: waiting[0]!.delivery.id, status: null, delayedUntil: new Date(b + 60_000).toISOString(), delayReason: expect.stringMatching(/^127\.0\.35\.1 has had the 10 callbacks a minute/) });
      expect((await callbackOf(again)).delivery).toMatchObject({ state: "SCHEDULED", dueAt: new Date(b + 60_000).toISOString(), delayReason: reason(b + 60_000) });
      // The console's "Send copy", a trial with no delivery to schedule, is refused until the next minute.
      const { session } = await signInOverHttp(origin(0), email, "long enough pw");
      const parentDelivery = (await callbackOf(pushes[0]!)).delivery.id;
      const copy = await consoleCall(origin(0), session!, "POST", `/apps/${appId}/deliveries/${parentDelivery}/send-to`, { url: `${rx.url}/copy` });
      expect([copy.status, copy.json?.error], copy.text.slice(0, 300)).toEqual([429, "RATE_LIMITED"]);
      expect(Number(copy.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(copy.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(copy.json.message).toMatch(/^not sent: 127\.0\.35\.1 has had the 10 callbacks a minute one destination host takes from this portal \(all apps together\); try again in \d+ s$/);
      expect(rx.got.length).toBe(20);

      // Minute C: the 5 replays and the resend waiting go.
      await holdNextMinute(...everyOrigin);
      await vi.waitFor(() => expect(rx.got.length).toBe(26), { timeout: 30_000, interval: 100 });
      await vi.waitFor(async () => expect((await Promise.all(pushes.map(callbackOf))).map((v) => [v.delivery.state, v.delivery.delayReason])).toEqual(Array(15).fill(["DELIVERED", null])),
        { timeout: 30_000, interval: 200 });
      expect(new Set(rx.got).size).toBe(15);
    } finally {
      await rx.close();
    }
  });
});

describe("inspector", () => {
  it("posts refused for one app take no place of their sender: with A full, 100 posts to A and 100 to four other apps at once from one address keep exactly 30 (INSPECT_PER_ADDRESS_PER_MINUTE)", async () => {
    const email = `i-${randomUUID().slice(0, 8)}@example.com`;
    const answers = await cliBatch(dbUrl, origin(0), [
      ["user", "create", "--email", email, "--password", "long enough pw"],
      ...Array.from({ length: 5 }, (_, i) => ["app", "create", "--owner", email, "--name", `Inbox ${i}`]),
    ]);
    const [a, ...others] = answers.slice(1).map((x) => x.appId!);
    const post = (from: string, appId: string, i: number) =>
      requestFrom(from, `${origin(i)}/inspect/${appId}`, { method: "POST", body: `post ${i}` });
    await holdNextMinute(...servers.map((s) => s.origin));
    // A's ten a minute (INSPECT_PER_MINUTE), from another address
    for (let i = 0; i < 10; i++) expect((await post("127.0.34.9", a!, i)).status).toBe(200);
    const [toA, toOthers] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, (_, i) => post("127.0.34.1", a!, i))),
      Promise.all(Array.from({ length: 100 }, (_, i) => post("127.0.34.1", others[i % 4]!, i))),
    ]);
    expect(count(toA.map((r) => r.status), 429)).toBe(100);
    expect(toA[0]!.json.message).toMatch(/^this inspector accepts at most 10 requests a minute; try again in \d+ s$/);
    // four apps could keep 40; the sender's 30 is the limit, whatever A refused meanwhile
    expect(count(toOthers.map((r) => r.status), 200)).toBe(30);
    expect(toOthers.find((r) => r.status === 429)!.json.message).toMatch(/^at most 30 posts a minute to the inspector from one address/);
  });
});
