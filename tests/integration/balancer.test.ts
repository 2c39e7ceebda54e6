// Behind a real load balancer, scraped by a real Prometheus (issue 46, items 5
// and 6; docs: /docs/operations#balancer, #metrics). Two instances on one
// PostgreSQL database (PostgreSQL only, like multi-instance.test.ts) behind
// Debian's haproxy on the documented configuration (public/samples/haproxy.cfg),
// and Debian's prometheus on public/samples/prometheus.yml. Both skip when the
// binaries are missing, except under CI, where they fail (scripts/test.sh installs them).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import nodeHttp from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DB_PROBE_MS } from "@/lib/ops/health";
import { type Haproxy, promtoolCheck, startHaproxy, startPrometheus, tools } from "../helpers/balancer";
import { requestFrom } from "../helpers/from-address";
import { ownDb } from "../helpers/own-server";
import { accessToken, cliBatch, OWN_PASSWORD, setUpApp } from "../helpers/operator";
import { ownerView } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { LANGUAGES, prepareRehearsal, runRehearsal } from "../helpers/rehearsal";
import { collectBody, http, kesGiven } from "../helpers/apps";
import { freePort, type ServerProcess, startServer } from "../helpers/server";
import { onPg } from "../helpers/test-db";

const GRACE_S = 3; // comfortably longer than haproxy's inter 200ms x fall 2
const METRICS_TOKEN = randomBytes(16).toString("hex");
const servers: ServerProcess[] = [];
let url = "";
let app: { appId: string; token: string; email: string };
const haproxyTool = tools("haproxy");
const prometheusTool = tools("prometheus", "promtool");

/** An instance as the docs run it behind the balancer: the balancer (127.0.0.1 here) trusted, a drain grace its checks see. */
const startInstance = (i: number) =>
  startServer({
    databaseUrl: url,
    env: {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `svc-lb-${i}-`)),
      AUTH_SECRET: "",
      TRUSTED_PROXIES: "127.0.0.1",
      DRAIN_GRACE_SECONDS: String(GRACE_S),
      METRICS_TOKEN,
      CALLBACKS_PER_HOST_PER_MINUTE: "100000", // every callback here goes to 127.0.0.1: the per-host budget is not under test
    },
  });

beforeAll(async () => {
  if (!onPg() || !(haproxyTool.run || prometheusTool.run)) return;
  url = (await ownDb("balancer")).url;
  servers.push(...(await Promise.all([0, 1].map(startInstance))));
  app = await setUpApp(url, servers[1]!.origin);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const push = (origin: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  http("POST", `${origin}/sandbox/collect/v1/push`, {
    headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json", "x-svc-time-scale": "0", ...headers },
    body: JSON.stringify(body),
  });

/** Pushes numbered from..to, `width` at a time, through `origin`; each answer kept by its number. */
class Load {
  readonly answers: { status: number; text: string }[] = [];
  private next = 0;
  private limit = 0;
  private finished = 0;
  private wake = new Set<() => void>();
  private readonly runId = Date.now().toString(36);
  constructor(private origin: string, private callbackUrl: string, readonly total: number, width: number) {
    this.workers = Promise.all(Array.from({ length: width }, () => this.work()));
  }
  readonly workers: Promise<unknown>;
  /** Lets the workers go on up to push number `n`. */
  allow(n: number) {
    this.limit = Math.min(n, this.total);
    this.notify();
  }
  /** Resolves once `n` pushes have been answered. */
  answered(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.finished < n) return;
        this.wake.delete(check);
        resolve();
      };
      this.wake.add(check);
      check();
    });
  }
  private notify() {
    for (const w of [...this.wake]) w();
  }
  private async work() {
    while (this.next < this.total) {
      if (this.next >= this.limit) {
        await new Promise<void>((r) => {
          const go = () => {
            if (this.next < this.limit || this.next >= this.total) {
              this.wake.delete(go);
              r();
            }
          };
          this.wake.add(go);
        });
        continue;
      }
      const i = this.next++;
      const r = await push(this.origin, collectBody({ reference: `LB-${this.runId}-${i}`, callbackUrl: this.callbackUrl })).catch((e: Error) => ({ status: -1, text: `no answer: ${e.message}` }));
      this.answers[i] = { status: r.status, text: r.text };
      this.finished++;
      this.notify();
    }
  }
}

describe.skipIf(!onPg() || !haproxyTool.run)("two instances behind haproxy (public/samples/haproxy.cfg)", () => {
  let lb: Haproxy;
  let rx: Receiver;
  beforeAll(async () => {
    if (haproxyTool.missing.length) throw new Error(`${haproxyTool.missing.join(", ")} missing: CI installs it (scripts/test.sh)`);
    lb = await startHaproxy(servers.map((s) => s.port));
    rx = await startReceiver();
    // Both in service: each has passed its checks.
    await vi.waitFor(async () => {
      for (const s of ["portal1", "portal2"]) expect((await lb.stat(s)).status).toBe("UP");
    }, { timeout: 30_000, interval: 100 });
  });
  // A failure prints what haproxy said of its servers (their checks' state changes, with the reason and the check's duration).
  afterEach(({ task }) => {
    if (task.result?.state !== "fail" || !lb) return;
    const states = lb.log.output.split("\n").filter((l) => /^\[\w+\]\s.*(Server portal\/|no server available)/.test(l));
    console.error(`haproxy's servers, the last 20 changes:\n${states.slice(-20).join("\n")}`);
  });
  afterAll(async () => {
    await lb?.stop();
    await rx?.close();
  });

  it("300 pushes while one instance is stopped with SIGTERM and started again: every one answered 202, every callback delivered once", async () => {
    const TOTAL = 300;
    const load = new Load(lb.origin, `${rx.url}/cb`, TOTAL, 4);
    load.allow(150);
    await load.answered(100);

    // SIGTERM mid-load: /readyz answers 503 at once, haproxy's check takes the instance out,
    // and only then (the grace: 3 s) does it stop accepting connections.
    const mark = lb.log.output.length;
    let downFirst = false;
    const down = lb.log.line(/Server portal\/portal1 is DOWN/, mark).then((l) => {
      downFirst = servers[0]!.proc.exitCode === null;
      return l;
    });
    const exited = servers[0]!.stop();
    expect(await down).toMatch(/503/); // taken out on /readyz's answer, not on a refused connection
    load.allow(200);
    await exited;
    expect(downFirst, "haproxy took the instance out before it exited").toBe(true);
    load.allow(250);
    await load.answered(200);

    // Started again (on a port of its own: the balancer is told through its runtime API, as an orchestrator would);
    // haproxy puts it back once /readyz has answered 200 twice.
    const upMark = lb.log.output.length;
    servers[0] = await startInstance(0);
    expect(await lb.admin(`set server portal/portal1 addr 127.0.0.1 port ${servers[0].port}`)).toMatch(/changed from/);
    await lb.log.line(/Server portal\/portal1 is UP/, upMark);
    const servedBefore = Number((await lb.stat("portal1")).stot);
    load.allow(TOTAL);
    await load.workers;

    const answers = load.answers.map((a, i) => ({ i, ...a }));
    expect(answers).toHaveLength(TOTAL);
    expect(answers.filter((a) => a.status !== 202)).toEqual([]);
    expect(Number((await lb.stat("portal1")).stot), "the restarted instance serves again").toBeGreaterThan(servedBefore);

    // Every push's callback at the receiver (at /cb: the other tests' callbacks come to the same receiver), each delivery once (by x-svc-delivery).
    const atCb = () => rx.received.filter((r) => r.path === "/cb");
    await vi.waitFor(() => expect(atCb().length).toBeGreaterThanOrEqual(TOTAL), { timeout: 60_000, interval: 200 });
    const received = atCb();
    const deliveries = received.map((r) => String(r.headers["x-svc-delivery"]));
    expect(new Set(deliveries).size).toBe(TOTAL);
    const references = new Set(received.map((r) => (JSON.parse(r.body) as { reference?: string }).reference ?? r.body));
    expect(references.size, "one callback per push").toBe(TOTAL);
    expect(received).toHaveLength(TOTAL);
  });

  it("X-Forwarded-Proto is the balancer's and a client's X-Forwarded-Host never passes it: the console's origin check sees the balancer's address", async () => {
    // A console write (no session: the origin check comes first) from a page on the balancer's address is let through to the
    // sign-in check (401); one claiming another host or scheme through headers the trusted balancer would vouch for is refused (403).
    const write = (origin: string, headers: Record<string, string> = {}) =>
      requestFrom("127.0.0.1", `${lb.origin}/api/console/apps/${app.appId}/reset`, { method: "POST", headers: { origin, ...headers } });
    expect((await write(lb.origin)).status).toBe(401);
    const host = await write("http://evil.example", { "x-forwarded-host": "evil.example" });
    expect([host.status, host.json?.error]).toEqual([403, "FORBIDDEN"]);
    const scheme = await write(lb.origin.replace("http:", "https:"), { "x-forwarded-proto": "https" });
    expect([scheme.status, scheme.json?.error]).toEqual([403, "FORBIDDEN"]);
  });

  it("a request that never reached an instance (connection refused) is sent to the other one", async () => {
    // portal1 moved to a port nobody listens on with its checks paused: haproxy still has it UP, as in the
    // moment between an instance's crash and its next check.
    const closed = await freePort();
    expect(await lb.admin("disable health portal/portal1")).toBe("\n");
    await lb.admin(`set server portal/portal1 addr 127.0.0.1 port ${closed}`);
    try {
      const before = Number((await lb.stat("portal1")).wredis);
      for (let i = 0; i < 4; i++) {
        const r = await push(lb.origin, collectBody({ callbackUrl: `${rx.url}/refused` }));
        expect(r.status, r.text).toBe(202);
      }
      expect(Number((await lb.stat("portal1")).wredis), "sent to the other instance").toBeGreaterThan(before);
    } finally {
      await lb.admin(`set server portal/portal1 addr 127.0.0.1 port ${servers[0]!.port}`);
      await lb.admin("enable health portal/portal1");
    }
  });

  it("a POST that reached an instance is never sent again: its connection closed with no answer is a 502, and the call was made once", async () => {
    // lost_response: the instance commits the push, then closes the connection without answering.
    const body = collectBody({ callbackUrl: `${rx.url}/lost` });
    const r = await push(lb.origin, body, { "x-svc-fault": "lost_response" });
    expect(r.status).toBe(502);
    const owner = await ownerView({ appId: app.appId, user: { email: app.email } }, OWN_PASSWORD, lb.origin);
    const calls = await owner.requests({ q: body.reference as string });
    expect(calls.map((c: { status: number }) => c.status)).toEqual([202]);
  });

  it("an event stream and a long poll through the balancer: the stream's events arrive while it is open, the wait answers", async () => {
    const stream = await fetch(`${lb.origin}/sandbox/dev/v1/inbox/stream`, { headers: { authorization: `Bearer ${app.token}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const seen = async (re: RegExp) => {
      while (!re.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${re}:\n${text}`);
        text += value;
      }
    };
    try {
      await seen(/event: ready/);
      // A callback to the app's inspector address, through the balancer; a callback delay the wait waits out.
      const r = await push(lb.origin, collectBody({ callbackUrl: `${lb.origin}/inspect/${app.appId}` }), { "x-svc-time-scale": "0.2" });
      expect(r.status, r.text).toBe(202);
      const resourceId = (r.body as { checkoutId: string }).checkoutId;
      const wait = await http("GET", `${lb.origin}/sandbox/dev/v1/callbacks/wait?resourceId=${resourceId}&timeout=60`, { headers: { authorization: `Bearer ${app.token}` } });
      expect([wait.status, wait.body?.status]).toEqual([200, "ATTEMPTED"]);
      await seen(new RegExp(`event: inbox[^]*${resourceId}`));
    } finally {
      await reader.cancel();
    }
  });

  it("each language's client, forcing a scenario on every attempt, its attempts spread over both instances: a lost answer ends in its already-accepted outcome, the float debited once per payout", { timeout: 240_000 }, async () => {
    // Contract 2026-11-27, References: the reference is checked before the scenario on whichever instance the retry reaches.
    await vi.waitFor(async () => {
      for (const name of ["portal1", "portal2"]) expect((await lb.stat(name)).status).toBe("UP");
    }, { timeout: 30_000, interval: 100 });
    const sessions = (await Promise.all(["portal1", "portal2"].map((n) => lb.stat(n)))).map((r) => Number(r.stot));
    await Promise.all(LANGUAGES.map(async (lang) => {
      const own = await setUpApp(url, servers[0]!.origin, 10_000, ["Payments", "Treasury"]);
      const [keys] = await cliBatch(url, servers[0]!.origin, [["key", "create", "--app", own.appId]]);
      const dir = await prepareRehearsal(lang, lb.origin);
      const report = await runRehearsal(lang, dir, {
        SANDBOX_URL: lb.origin, SANDBOX_KEY: keys!.consumerKey!, SANDBOX_SECRET: keys!.consumerSecret!, SANDBOX_CALLBACK_URL: `${rx.url}/rehearse`,
        SANDBOX_CALLBACK_WAIT_SECONDS: "0.1", SANDBOX_TIMEOUT_SECONDS: "6", SANDBOX_TIME_SCALE: "0.3", SANDBOX_SCENARIO: "sent",
      });
      for (const fault of ["lost_response", "slow_response", "error_after_commit"]) {
        expect(report[fault], `${lang.name} ${fault}`).toEqual({ accepted: true, recovered: true, reference: expect.stringMatching(/^PAY-/) });
      }
      const token = await accessToken(servers[1]!.origin, keys!.consumerKey!, keys!.consumerSecret!);
      expect(await kesGiven(token, servers[1]!.origin), lang.name).toBe(8 * 500);
    }));
    // The balancer sent requests to both instances meanwhile.
    const after = (await Promise.all(["portal1", "portal2"].map((n) => lb.stat(n)))).map((r) => Number(r.stot));
    expect(after[0]! - sessions[0]!).toBeGreaterThan(10);
    expect(after[1]! - sessions[1]!).toBeGreaterThan(10);
  });
});

describe.skipIf(!haproxyTool.run)("haproxy's checks (public/samples/haproxy.cfg)", () => {
  it("an instance whose /readyz answers 200 as late as its own database probe allows stays in service, whatever the check interval", async () => {
    // /readyz answers within DB_PROBE_MS (lib/ops/health.ts: its database probe gives up then and answers 503). A check that
    // gave up sooner would take a ready instance out for being busy, and with every instance busy the balancer answers 503 itself.
    if (haproxyTool.missing.length) throw new Error(`${haproxyTool.missing.join(", ")} missing: CI installs it (scripts/test.sh)`);
    const late = nodeHttp.createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), DB_PROBE_MS * 0.8);
    });
    await new Promise<void>((r) => late.listen(0, "127.0.0.1", r));
    const lb = await startHaproxy([(late.address() as AddressInfo).port]);
    try {
      // The first check's outcome (check_status starts with L7 once one has finished: L7OK, L7TOUT, L7STS…; haproxy puts
      // "* " before the last outcome while the next check is running, as a loaded run met).
      const checked = async () => {
        const s = await lb.stat("portal1");
        return [s.check_status?.replace(/^\* /, ""), s.status];
      };
      await vi.waitFor(async () => expect((await checked())[0]).toMatch(/^L7/), { timeout: 30_000, interval: 100 });
      expect(await checked(), lb.log.output.slice(-2000)).toEqual(["L7OK", "UP"]);
    } finally {
      await lb.stop();
      late.closeAllConnections();
      await new Promise((r) => late.close(r));
    }
  });
});

describe.skipIf(!onPg() || !prometheusTool.run)("Prometheus scrapes two instances (public/samples/prometheus.yml)", () => {
  it("both instances' series through Prometheus' HTTP API; promtool accepts the exposition", async () => {
    if (prometheusTool.missing.length) throw new Error(`${prometheusTool.missing.join(", ")} missing: CI installs it (scripts/test.sh)`);
    const targets = servers.map((s) => `127.0.0.1:${s.port}`);
    for (const s of servers) expect((await http("GET", `${s.origin}/livez`)).status).toBe(200); // a request counted on each
    const prom = await startPrometheus(targets, METRICS_TOKEN);
    try {
      const query = async (q: string) => {
        const r = await http("GET", `${prom.origin}/api/v1/query?query=${encodeURIComponent(q)}`);
        expect(r.status, r.text).toBe(200);
        return (r.body as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
      };
      await vi.waitFor(async () => {
        const result = await query("svc_http_requests_total");
        expect(new Set(result.map((s) => s.metric.instance))).toEqual(new Set(targets));
      }, { timeout: 60_000, interval: 250 });
      const up = await query("up");
      expect(up.map((s) => [s.metric.instance, s.value[1]]).sort()).toEqual(targets.map((t) => [t, "1"]).sort());
      const dbUp = await query("svc_db_up");
      expect(dbUp.map((s) => s.value[1])).toEqual(["1", "1"]);
      // One series per (instance, surface, status): no app id, path or address in a label.
      const labels = new Set((await query("svc_http_requests_total")).flatMap((s) => Object.keys(s.metric)));
      expect([...labels].sort()).toEqual(["__name__", "instance", "job", "status", "surface"]);
    } finally {
      await prom.stop();
    }
    for (const s of servers) {
      const text = (await http("GET", `${s.origin}/metrics`)).text;
      const check = promtoolCheck(text);
      expect(check.code, check.output).toBe(0);
    }
  });
});
