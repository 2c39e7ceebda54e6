// The integrators' command line, run as a user runs it (node cli/sandbox.mjs
// with SANDBOX_URL/KEY/SECRET) against the real server: `listen --forward-to`
// relays callbacks to local receivers with their own body and signature
// headers, reports the answers (seen in the console's JSON routes), catches up
// after a stop, serves several listeners, and copies other deliveries with --all;
// then the stream and relay endpoints directly (cursors, the bound; rows committed
// late are the store suite's, tests/store/listen-feed.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { signInOverHttp } from "../helpers/from-address";
import { ownerOf } from "../helpers/owner-view";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { newApp, origin, type TestApp } from "../helpers/apps";

const root = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(root, "cli", "sandbox.mjs");
/** The Node that runs the CLI: SANDBOX_CLI_NODE=<a Node 18 binary> checks the oldest supported version. */
const NODE = process.env.SANDBOX_CLI_NODE || process.execPath;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "listen-test-"));
const running: ChildProcess[] = [];
const receivers: Receiver[] = [];

afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill("SIGKILL");
  await Promise.all(receivers.map((r) => r.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const envOf = (a: TestApp, over: Record<string, string> = {}) => ({
  ...process.env, SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret, XDG_CONFIG_HOME: tmp, ...over,
});

/** The CLI run to its end; not spawnSync: this process's event loop serves the portal it calls (tests/helpers/file-portal.ts). */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(NODE, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    p.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

type Listener = { proc: ChildProcess; lines: any[]; stderr(): string; next(pred: (o: any) => boolean, timeoutMs?: number): Promise<any>; stop(): Promise<void> };

/** `node cli/sandbox.mjs listen --json …`, reading its JSON lines. */
function listen(a: TestApp | NodeJS.ProcessEnv, args: string[]): Listener {
  const env = "keys" in a ? envOf(a as TestApp) : a;
  const proc = spawn(NODE, [CLI, "listen", "--json", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(proc);
  const lines: any[] = [];
  let err = "";
  let buf = "";
  const waiters = new Set<() => void>();
  proc.stdout!.on("data", (c) => {
    buf += c;
    let i: number;
    while ((i = buf.indexOf("\n")) >= 0) {
      lines.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
    }
    waiters.forEach((w) => w());
  });
  proc.stderr!.on("data", (c) => (err += c));
  return {
    proc,
    lines,
    stderr: () => err,
    async next(pred, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(pred);
        if (found) return found;
        if (proc.exitCode !== null) throw new Error(`listener exited ${proc.exitCode}: ${err}`);
        if (Date.now() > deadline) throw new Error(`listener printed no such line in ${timeoutMs} ms; stderr: ${err}`);
        await new Promise<void>((r) => {
          const w = () => {
            waiters.delete(w);
            r();
          };
          waiters.add(w);
          setTimeout(w, 200);
        });
      }
    },
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
    },
  };
}

async function receiver(status = 200) {
  const r = await startReceiver(() => ({ status }));
  receivers.push(r);
  return r;
}

const sms = (a: TestApp, callbackUrl: string) =>
  a.call("POST", "/messaging/v1/sms", { to: "254712345678", senderId: "SHOP", message: "hi", callbackUrl }, { "x-svc-time-scale": "0" });

/** What `f` answers once it is truthy: checked again until a generous deadline (an event, not a moment). */
function until<T>(what: string, f: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(async () => {
    const v = await f();
    if (!v) throw new Error(`timed out waiting for ${what}`);
    return v;
  }, { timeout: timeoutMs, interval: 150 });
}

/** A TCP relay to the portal whose connections can all be cut at once (what a portal restart does to a stream), and which can refuse new ones until it is back up. */
async function dropper(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Every connection cut, and new ones refused until `up`. */
    down: () => {
      refusing = true;
      sockets.forEach((s) => s.destroy());
    },
    up: () => {
      refusing = false;
    },
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(r);
      }),
  };
}

const SIGNED = ["content-type", "user-agent", "x-svc-delivery", "x-svc-signature", "webhook-id", "webhook-timestamp", "webhook-signature"];

describe("sandbox.mjs", () => {
  it("--help on every command; a wrong key is a clear error and a non-zero exit", async () => {
    const a = await newApp({ groups: ["Messaging"] });
    const main = await runCli(["--help"], envOf(a));
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/listen\s+relay the app's callbacks/);
    for (const cmd of ["listen", "call", "settings", "token"]) {
      const r = await runCli([cmd, "--help"], envOf(a));
      expect([r.code, r.stdout.startsWith(`Usage: node sandbox.mjs ${cmd}`)], cmd).toEqual([0, true]);
    }
    const bad = await runCli(["listen", "--forward-to", "http://127.0.0.1:9/cb"], envOf(a, { SANDBOX_SECRET: "not-the-secret" }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("the key or secret was refused (401 INVALID_CLIENT)");
    expect(bad.stdout).toBe("");
    const noUrl = await runCli(["token"], envOf(a, { SANDBOX_URL: "" }));
    expect([noUrl.code, noUrl.stderr.includes("SANDBOX_URL")]).toEqual([2, true]);
    const token = await runCli(["token"], envOf(a));
    expect(token.code).toBe(0);
    expect(token.stdout.trim()).toMatch(/^\S{20,}$/);
    const settings = await runCli(["settings"], envOf(a));
    expect([settings.code, JSON.parse(settings.stdout).inspectorMode.status]).toEqual([0, 200]);
  });

  it("settings changes faults and the inspector's answer too, leaves the rest, and passes the portal's refusal on", async () => {
    const a = await newApp({ groups: ["Messaging"] });
    const changed = await runCli(["settings", "--time-scale", "0", "--duplicate", "on", "--extra-delay-ms", "250", "--inspector-fail-first", "2"], envOf(a));
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toEqual({
      timeScale: 0,
      callbackFaults: { duplicate: true, badSignature: false, extraDelayMs: 250 },
      inspectorMode: { status: 200, delayMs: 0, failFirst: 2 },
      faultPlan: [],
    });
    // Read back through the API, as another client sees it; one option changes only its own field.
    const again = await runCli(["settings", "--inspector-status", "503"], envOf(a));
    expect(JSON.parse(again.stdout)).toMatchObject({ timeScale: 0, callbackFaults: { duplicate: true, extraDelayMs: 250 }, inspectorMode: { status: 503, failFirst: 2 } });
    const wrongSwitch = await runCli(["settings", "--duplicate", "yes"], envOf(a));
    expect([wrongSwitch.code, wrongSwitch.stderr]).toEqual([2, expect.stringContaining("--duplicate takes on or off")]);
    const refused = await runCli(["settings", "--inspector-status", "99"], envOf(a));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("status must be from 200 to 599");
    const notNumber = await runCli(["settings", "--extra-delay-ms", "soon"], envOf(a));
    expect([notNumber.code, notNumber.stderr]).toEqual([1, expect.stringContaining("extraDelayMs must be a number")]);
    const unchanged = JSON.parse((await runCli(["settings"], envOf(a))).stdout);
    expect(unchanged.inspectorMode.status).toBe(503);
  });

  it("is served at /cli/sandbox.mjs, byte for byte the repository's file", async () => {
    const r = await fetch(`${origin()}/cli/sandbox.mjs`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await r.text()).toBe(fs.readFileSync(CLI, "utf8"));
  });

  it("listen relays callbacks with their own body and signature headers, reports the answers, catches up after a stop, and serves two listeners", async () => {
    const a = await newApp({ groups: ["Messaging"] });
    const one = await receiver(201);
    const two = await receiver(200);
    const first = listen(a, ["--forward-to", `${one.url}/callbacks`, "--cursor-file", path.join(tmp, "one.cursor")]);
    const second = listen(a, ["--forward-to", `${two.url}/hooks`, "--cursor-file", path.join(tmp, "two.cursor")]);
    await Promise.all([first.next((o) => o.type === "ready"), second.next((o) => o.type === "ready")]);

    const s = await sms(a, a.inspectorUrl);
    expect(s.status).toBe(202);
    const [got] = await one.waitFor(1);
    await two.waitFor(1);
    const owner = await ownerOf(a);
    const [entry] = await owner.inbox();
    const sent = entry.headers as Record<string, string>;
    expect(got!.path).toBe("/callbacks");
    expect(got!.body).toBe(entry.body);
    for (const h of SIGNED) expect(got!.headers[h], h).toBe(sent[h]);
    // The developer's own check, with the secret the console shows, passes on what was relayed.
    const { signingSecret } = await owner.get("/signing-secret");
    const [t, v1] = String(got!.headers["x-svc-signature"]).split(",").map((p) => p.split("=")[1]);
    expect(v1).toBe(createHmac("sha256", signingSecret).update(`${t}.${got!.body}`).digest("hex"));
    expect(two.received[0]!.body).toBe(entry.body);
    const deliveryId = sent["x-svc-delivery"]!;
    const line = await first.next((o) => o.type === "relay");
    expect(line).toMatchObject({ deliveryId, inboxEntryId: entry.id, operation: "sms.send", scenario: "delivered", status: 201, error: null });

    // What the receivers answered, in the console's JSON routes (inbox entry and delivery).
    const { session } = await signInOverHttp(origin(), a.user.email, "correct horse battery");
    const consoleJson = (p: string) => fetch(`${origin()}/api/console/apps/${a.appId}${p}`, { headers: { cookie: session! } }).then((r) => r.json());
    const inbox = await until("both relays in the inbox route", async () => {
      const b = await consoleJson("/inbox");
      return b.items[0]?.relays?.length === 2 && b;
    });
    expect(inbox.items[0].relays.map((r: { status: number }) => r.status).sort()).toEqual([200, 201]);
    expect(inbox.items[0].relays.find((r: { status: number }) => r.status === 201)).toMatchObject({ target: `${one.url}/callbacks`, responseBody: "ok", deliveryId });
    const delivery = await consoleJson(`/deliveries/${deliveryId}`);
    expect(delivery.relays.map((r: { status: number }) => r.status).sort()).toEqual([200, 201]);

    // Stopped: three callbacks reach the inspector meanwhile; started again, they arrive once each.
    await first.stop();
    for (let i = 0; i < 3; i++) expect((await sms(a, a.inspectorUrl)).status).toBe(202);
    await until("three more inbox entries", async () => (await owner.inbox()).length === 4);
    await two.waitFor(4); // the other listener got them live
    expect(one.received).toHaveLength(1);
    const again = listen(a, ["--forward-to", `${one.url}/callbacks`, "--cursor-file", path.join(tmp, "one.cursor")]);
    await one.waitFor(4);
    await again.next((o) => o.type === "relay");
    // A stranger's post to the inspector address is not relayed; a callback of the app posted after it is, and
    // once both listeners relayed that one, anything relayed before it (a duplicate, the stranger's post) is in too.
    expect((await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "application/json" }, body: '{"from":"a stranger"}' })).status).toBe(200);
    const marker = await sms(a, a.inspectorUrl);
    expect(marker.status).toBe(202);
    const markerOf = (r: Receiver) => r.first((x) => x.body.includes(marker.body.messageId));
    await Promise.all([markerOf(one), markerOf(two)]);
    const ids = one.received.map((r) => r.headers["x-svc-delivery"]);
    expect(new Set(ids).size).toBe(5);
    expect(one.received).toHaveLength(5);
    expect(two.received.map((r) => r.body).filter((b) => b.includes("a stranger"))).toEqual([]);
    expect(two.received).toHaveLength(5);
    await Promise.all([again.stop(), second.stop()]);
  });

  it("--all also relays a signed copy of callbacks sent to other addresses", async () => {
    const a = await newApp({ groups: ["Messaging"] });
    const own = await receiver(200);
    const local = await receiver(202);
    const l = listen(a, ["--all", "--forward-to", local.url, "--cursor-file", path.join(tmp, "all.cursor")]);
    await l.next((o) => o.type === "ready");
    expect((await sms(a, `${own.url}/cb`)).status).toBe(202);
    const [original] = await own.waitFor(1);
    const copy = (await local.waitFor(1)).find((r) => r.headers["x-svc-delivery"] === original!.headers["x-svc-delivery"]);
    expect(copy!.body).toBe(original!.body);
    expect(copy!.headers["x-svc-delivery"]).toBe(original!.headers["x-svc-delivery"]);
    const owner = await ownerOf(a);
    const { signingSecret } = await owner.get("/signing-secret");
    const [t, v1] = String(copy!.headers["x-svc-signature"]).split(",").map((p) => p.split("=")[1]);
    expect(v1).toBe(createHmac("sha256", signingSecret).update(`${t}.${copy!.body}`).digest("hex"));
    const line = await l.next((o) => o.type === "relay");
    expect(line).toMatchObject({ source: "delivery", status: 202, operation: "sms.send" });
    await until("the copy's relay recorded", async () => (await owner.delivery(line.deliveryId)).relays.length === 1);
    // A callback to the app's own inspector arrives once: as the inbox entry, not also as a copy.
    expect((await sms(a, a.inspectorUrl)).status).toBe(202);
    await local.waitFor(2);
    await until("its attempt recorded", async () => {
      const sent = await owner.deliveries();
      return sent.length === 2 && (await Promise.all(sent.map((d) => owner.delivery(d.id)))).every((d) => d.attemptLog.length === 1);
    });
    expect((await l.next((o) => o.type === "relay" && o.source === "inbox")).status).toBe(202);
    // A later one relayed too: a copy of the earlier one would have been relayed before it.
    const marker = await sms(a, a.inspectorUrl);
    expect(marker.status).toBe(202);
    await local.first((r) => r.body.includes(marker.body.messageId));
    const ids = local.received.map((r) => r.headers["x-svc-delivery"]);
    expect([ids.length, new Set(ids).size]).toEqual([3, 3]);
    await l.stop();
  });

  it("reconnects when the connection drops and resumes from its cursor; relays what arrived while it was away; --include-foreign relays strangers' posts", async () => {
    const a = await newApp({ groups: ["Messaging"] });
    const portal = await dropper(origin());
    const local = await receiver();
    const l = listen(envOf(a, { SANDBOX_URL: portal.url }), ["--include-foreign", "--forward-to", local.url]);
    await l.next((o) => o.type === "ready");
    portal.down(); // as a portal restart does: every connection cut, and none taken until it is back
    // Posted while the listener cannot be connected (straight to the portal, not through the relay): only the resumed stream's reading can bring it.
    expect((await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "text/plain" }, body: "from elsewhere" })).status).toBe(200);
    portal.up();
    const [got] = await local.waitFor(1);
    expect(got!.body).toBe("from elsewhere");
    expect(l.stderr()).toMatch(/reconnecting in/);
    // The cursor file is per portal and app, in the config folder.
    expect(fs.readdirSync(path.join(tmp, "svc-sandbox"))).toContain(`cursor-${new URL(portal.url).host.replace(":", "_")}-${a.appId}`);
    await l.stop();
    await portal.close();
  });

  describe("the stream and relay endpoints", () => {
    type Sse = { event: string; id: string | null; data: any };
    /** Reads a stream's events for `ms` (or until `count` arrived), then closes it. */
    async function read(a: TestApp, query: string, headers: Record<string, string> = {}, count = Infinity, ms = 1500): Promise<{ status: number; events: Sse[]; body?: any }> {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), ms);
      const r = await fetch(`${origin()}/sandbox/dev/v1/inbox/stream${query}`, { headers: { authorization: `Bearer ${a.token}`, ...headers }, signal: abort.signal });
      if (r.status !== 200) {
        clearTimeout(timer);
        return { status: r.status, events: [], body: await r.json() };
      }
      const events: Sse[] = [];
      let text = "";
      try {
        const reader = r.body!.getReader();
        while (events.length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
          let i: number;
          while ((i = text.indexOf("\n\n")) >= 0) {
            const block = text.slice(0, i);
            text = text.slice(i + 2);
            const field = (f: string) => block.split("\n").find((l) => l.startsWith(`${f}: `))?.slice(f.length + 2) ?? null;
            if (field("data")) events.push({ event: field("event")!, id: field("id"), data: JSON.parse(field("data")!) });
          }
        }
      } catch {
        /* our own time limit */
      } finally {
        clearTimeout(timer);
        abort.abort();
      }
      return { status: 200, events };
    }
    const inspect = (a: TestApp, body: string) => fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "text/plain" }, body });

    it("resumes after a cursor given as `after` or Last-Event-ID, in order, once; a cursor the database never reached starts from now", async () => {
      const a = await newApp({ groups: ["Messaging"] });
      const start = await read(a, "", {}, 1);
      const [ready] = start.events;
      expect(ready).toMatchObject({ event: "ready", data: { appId: a.appId, resumed: false } });
      for (const body of ["one", "two"]) expect((await inspect(a, body)).status).toBe(200);
      const both = await read(a, "?foreign=true", { "last-event-id": ready!.id! }, 3);
      expect(both.events.map((e) => e.event)).toEqual(["ready", "inbox", "inbox"]);
      expect(both.events.slice(1).map((e) => e.data.body)).toEqual(["one", "two"]);
      expect(both.events[1]!.id).toBe(both.events[1]!.data.cursor);
      const second = await read(a, `?after=${both.events[1]!.id}&foreign=true`, {}, 2);
      expect(second.events.map((e) => e.data.body)).toEqual([undefined, "two"]);
      expect(second.events[0]!.data.resumed).toBe(true);
      const future = await read(a, "?after=999999999.999999999", {}, 1);
      expect(future.events[0]!.data.resumed).toBe(false);
      const bad = await read(a, "?after=yesterday");
      expect([bad.status, bad.body.error, bad.body.message]).toEqual([400, "VALIDATION_ERROR", expect.stringContaining("after")]);
    });

    it("streams only the app's own callbacks by default, with the callback's headers only; foreign=true adds the other posts", async () => {
      const a = await newApp({ groups: ["Messaging"] });
      const [ready] = (await read(a, "", {}, 1)).events;
      const sneaky = { "content-type": "text/plain", cookie: "session=stolen", authorization: "Bearer not-yours", "x-forwarded-host": "evil.example", "x-custom": "1" };
      expect((await fetch(a.inspectorUrl, { method: "POST", headers: sneaky, body: "a stranger" })).status).toBe(200);
      expect((await sms(a, a.inspectorUrl)).status).toBe(202);
      const owner = await ownerOf(a);
      const own = await until("the callback in the inbox", async () => (await owner.inbox()).find((e) => e.deliveryId !== null));
      // someone who saw the delivery id posts another body under it
      const forged = await fetch(a.inspectorUrl, { method: "POST", headers: { "content-type": "application/json", "x-svc-delivery": own.deliveryId! }, body: '{"forged":true}' });
      expect(forged.status).toBe(200);
      // and someone signs a body with a secret that is not the app's
      expect((await fetch(a.inspectorUrl, { method: "POST", headers: { "x-svc-signature": "t=1,v1=00" }, body: "{}" })).status).toBe(200);

      const mine = (await read(a, `?after=${ready!.id}`, {}, Infinity, 2500)).events.filter((e) => e.event === "inbox");
      expect(mine.map((e) => [e.data.deliveryId, e.data.body])).toEqual([[own.deliveryId, own.body]]);
      expect(Object.keys(mine[0]!.data.headers).every((h) => SIGNED.includes(h))).toBe(true);
      expect(Object.keys(mine[0]!.data.headers).sort()).toEqual([...SIGNED].sort());

      const every = (await read(a, `?after=${ready!.id}&foreign=true`, {}, Infinity, 2500)).events.filter((e) => e.event === "inbox");
      expect(every.map((e) => e.data.body)).toEqual(["a stranger", own.body, '{"forged":true}', "{}"]);
      const stranger = every[0]!.data.headers as Record<string, string>;
      expect(stranger["content-type"]).toBe("text/plain");
      for (const h of ["cookie", "authorization", "x-forwarded-host", "x-custom", "host"]) expect(stranger[h], h).toBeUndefined();
      // a delivery id that is not the app's own names nothing
      expect(every[2]!.data.deliveryId).toBeNull();
    });

    it("at most 10 streams of one app at once: the 11th answers 429", async () => {
      const a = await newApp({ groups: ["Messaging"] });
      const abort = new AbortController();
      const streams = await Promise.all(
        Array.from({ length: 10 }, () => fetch(`${origin()}/sandbox/dev/v1/inbox/stream`, { headers: { authorization: `Bearer ${a.token}` }, signal: abort.signal })),
      );
      // Each stream counts once it started (its ready event is on the way).
      await Promise.all(streams.map((r) => r.body!.getReader().read()));
      const eleventh = await a.call("GET", "/dev/v1/inbox/stream");
      expect([eleventh.status, eleventh.body.error]).toEqual([429, "RATE_LIMITED"]);
      abort.abort();
      await until("a stream slot free again", async () => {
        const r = await read(a, "", {}, 1, 1000);
        return r.status === 200;
      });
    });

    it("a relay report names only this app's inbox entries and deliveries; bad reports answer 400", async () => {
      const a = await newApp({ groups: ["Messaging"] });
      const b = await newApp({ groups: ["Messaging"] });
      await inspect(b, "b's");
      const [theirs] = await (await ownerOf(b)).inbox();
      const report = { listener: "me", target: "http://localhost:8080/cb", status: 200, durationMs: 3 };
      const other = await a.call("POST", "/dev/v1/inbox/relays", { ...report, inboxEntryId: theirs.id });
      expect([other.status, other.body.error]).toEqual([404, "NOT_FOUND"]);
      const bad = await a.call("POST", "/dev/v1/inbox/relays", { ...report, listener: "", status: 99 });
      expect([bad.status, bad.body.error]).toEqual([400, "VALIDATION_ERROR"]);
      const ok = await a.call("POST", "/dev/v1/inbox/relays", report);
      expect([ok.status, ok.body.listener, ok.body.status]).toEqual([201, "me", 200]);
    });
  });
});

describe("sandbox.mjs options for everyday use", () => {
  it("--version prints the version; call takes --time-scale, repeated --header / -H and -d @file, and refuses malformed ones", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const version = await runCli(["--version"], envOf(a));
    expect([version.code, version.stdout.trim()]).toEqual([0, expect.stringMatching(/^sandbox\.mjs \d+\.\d+\.\d+$/)]);

    const file = path.join(tmp, "push.json");
    fs.writeFileSync(file, JSON.stringify({ shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: `CLI-${Date.now()}`, callbackUrl: "https://example.com/cb" }));
    const r = await runCli(["call", "POST", "/collect/v1/push", "-d", `@${file}`, "--time-scale", "0", "--header", "X-Svc-Scenario: cancelled", "-H", "X-Trace-Id:cli-7", "--json"], envOf(a));
    expect(r.code, r.stderr).toBe(0);
    const answer = JSON.parse(r.stdout);
    expect([answer.status, answer.scenario]).toEqual([202, "cancelled"]);
    const logged = await (await ownerOf(a)).request(answer.requestId);
    expect(logged.timeScale).toBe(0);
    expect(logged.requestBody.shortCode).toBe("174379");
    expect(logged.requestHeaders).toMatchObject({ "x-svc-scenario": "cancelled", "x-trace-id": "cli-7", "x-svc-time-scale": "0" });

    fs.writeFileSync(path.join(tmp, "bad.json"), "{not json");
    for (const [args, says] of [
      [["-d", `@${path.join(tmp, "bad.json")}`], "--data is not valid JSON"],
      [["-d", `@${path.join(tmp, "missing.json")}`], "cannot read"],
      [["--header", "no colon here"], '--header must be "Name: value"'],
      [["--header", "Authorization: Bearer x"], "cannot set Authorization"],
      [["--time-scale", "2"], "--time-scale must be a decimal from 0 to 1"],
    ] as const) {
      const bad = await runCli(["call", "GET", "/collect/v1/push/chk_1", ...args], envOf(a));
      expect([bad.code, bad.stderr], args.join(" ")).toEqual([2, expect.stringContaining(says)]);
    }
  });

  it("listen --forward-to without a scheme relays over http; --operation relays only that operation's callbacks", async () => {
    const a = await newApp({ groups: ["Payments", "Messaging"] });
    const rx = await receiver(200);
    const port = new URL(rx.url).port;
    const l = listen(a, ["--forward-to", `127.0.0.1:${port}/hooks`, "--operation", "collectPush", "--cursor-file", path.join(tmp, "op.cursor")]);
    const ready = await l.next((o) => o.type === "ready");
    expect(ready.target).toBe(`127.0.0.1:${port}/hooks`);
    expect((await sms(a, a.inspectorUrl)).status).toBe(202);
    const owner = await ownerOf(a);
    await until("the SMS's callback in the inbox", async () => (await owner.inbox()).length === 1);
    const push = await a.call("POST", "/collect/v1/push", {
      shortCode: "174379", amount: 100, currency: "KES", phoneNumber: "254712345678", reference: `OP-${Date.now()}`, callbackUrl: a.inspectorUrl,
    }, { "x-svc-time-scale": "0", "x-svc-scenario": "paid" });
    expect(push.status, push.text).toBe(202);
    const relayed = await l.next((o) => o.type === "relay");
    expect([relayed.operation, relayed.status]).toEqual(["collect.push", 200]);
    await until("the push's callback at the receiver", async () => rx.received.length > 0);
    // Both callbacks reached the inspector; only the push's was relayed (the SMS's, streamed first, was passed over).
    expect(await owner.inbox()).toHaveLength(2);
    expect(rx.received.map((x) => x.path)).toEqual(["/hooks"]);
    expect(l.lines.filter((o) => o.type === "relay")).toHaveLength(1);
    await l.stop();
  });
});
