// Receiver checks over real HTTP against real receivers: a careful one
// (the standardwebhooks package, its 5-minute tolerance, dedupe on webhook-id)
// passes every case; one that answers 200 to anything fails each forgery with
// its why; a slow one fails `valid` on the 10 s deadline; bad URLs are 400s or
// failed cases, never 5xx; at most 5 run at once per app (also on PostgreSQL:
// counted in the database); a laptop receiver behind the app's inspector address
// is checked through `sandbox.mjs listen`; the CLI's `check`. On PostgreSQL
// (npm test's second pass) only the count kept in the database runs: the rest
// does not depend on the database.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Webhook } from "standardwebhooks";
import { onPg } from "../helpers/test-db";
import { afterAll, describe, expect, it, vi } from "vitest";
import { RAW_BODY_RECIPES } from "@/lib/docs/signature";
import { ownerOf } from "../helpers/owner-view";
import { startReceiver, type Receiver, type Received } from "../helpers/receiver";
import { base, newApp, origin, type TestApp } from "../helpers/apps";

const root = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(root, "cli", "sandbox.mjs");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-check-"));
const receivers: Receiver[] = [];
const running: ChildProcess[] = [];
afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill("SIGKILL");
  await Promise.all(receivers.map((r) => r.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const FORGERIES = ["tampered_body", "wrong_secret", "stale_timestamp", "future_timestamp", "unsigned"];
/** The signing secret as the console shows it to the app's owner. */
const secretOf = async (a: TestApp) => (await (await ownerOf(a)).get("/signing-secret")).signingSecret as string;

async function receiver(respond: (r: Received) => { status: number; delayMs?: number }) {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

/** Verifies with the Standard Webhooks library (5 minutes' tolerance); processes each webhook-id once, answers 200 to a repeat. */
async function carefulReceiver(secret: string) {
  const processed: string[] = [];
  const rx = await receiver((r) => {
    try {
      new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    } catch {
      return { status: 401 };
    }
    const id = r.headers["webhook-id"] as string;
    if (!processed.includes(id)) processed.push(id);
    return { status: 200 };
  });
  return { rx, processed };
}

/** Waits until `f` answers, within a generous deadline (vitest's vi.waitFor polls it). */
const until = <T>(what: string, f: () => T | null, timeout = 20_000): Promise<T> =>
  vi.waitFor(() => {
    const v = f();
    if (!v) throw new Error(`timed out waiting for ${what}`);
    return v;
  }, { timeout, interval: 100 });

const run = (a: TestApp, body: unknown) => a.call("POST", "/dev/v1/receiver-checks", body);
const caseOf = (check: any, name: string) => check.cases.find((c: any) => c.name === name);

describe.concurrent("receiver checks", () => {
  it.skipIf(onPg())("a careful receiver passes every case, with real callback bodies of the operation and fresh delivery ids", async () => {
    const a = await newApp({ groups: ["Treasury"] });
    const { rx, processed } = await carefulReceiver(await secretOf(a));
    const r = await run(a, { url: `${rx.url}/cb` });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ url: `${rx.url}/cb`, operation: "payouts.send", status: "PASSED", passed: 7, failed: 0 });
    expect(r.body.cases.map((c: any) => c.name)).toEqual(["valid", ...FORGERIES, "duplicate"]);
    for (const c of r.body.cases) expect([c.name, c.passed, c.why, c.hint]).toEqual([c.name, true, null, null]);
    expect(rx.received).toHaveLength(7);
    // The body is a payout callback as the engine builds it; the duplicate repeats valid's id, the others are fresh.
    const valid = caseOf(r.body, "valid");
    expect(JSON.parse(valid.sent.body)).toMatchObject({ payoutId: expect.stringMatching(/^pay_/), status: "DELIVERED", resultCode: 0 });
    expect(caseOf(r.body, "duplicate").deliveryId).toBe(valid.deliveryId);
    expect(new Set(r.body.cases.map((c: any) => c.deliveryId)).size).toBe(6);
    expect(processed).toEqual([valid.deliveryId]);
    expect(caseOf(r.body, "unsigned").sent.headers).not.toHaveProperty("webhook-signature");
    expect(caseOf(r.body, "tampered_body").answered).toMatchObject({ status: 401 });
    // Kept: listed and read back; the readiness shows it.
    const list = await a.call("GET", "/dev/v1/receiver-checks");
    expect(list.body.checks).toEqual([expect.objectContaining({ id: r.body.id, status: "PASSED", failedCases: [] })]);
    expect(list.body.checks[0]).not.toHaveProperty("cases");
    expect((await a.call("GET", `/dev/v1/receiver-checks/${r.body.id}`)).body).toEqual(r.body);
    expect((await a.call("GET", "/dev/v1/readiness")).body.receiverCheck).toMatchObject({ id: r.body.id, status: "PASSED" });
  });

  it.skipIf(onPg())("a receiver that answers 200 to anything fails every forgery, each with its why and a hint linking the verification page", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const rx = await receiver(() => ({ status: 200 }));
    const r = await run(a, { url: rx.url, operation: "collectPush" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "FAILED", operation: "collect.push", passed: 2, failed: 5 });
    expect(caseOf(r.body, "valid").passed).toBe(true);
    expect(caseOf(r.body, "duplicate").passed).toBe(true);
    const why = Object.fromEntries(FORGERIES.map((n) => [n, caseOf(r.body, n).why]));
    expect(why).toEqual({
      tampered_body: "Your server answered 200 to a callback whose body was changed after signing: it does not check the signature against the raw body.",
      wrong_secret: "Your server answered 200 to a callback signed with another secret: it does not check the signature.",
      stale_timestamp: "Your server answered 200 to a callback correctly signed but with a timestamp 10 minutes old: it does not check the timestamp, so a captured callback can be replayed later.",
      future_timestamp: "Your server answered 200 to a callback correctly signed but with a timestamp 10 minutes ahead: it checks the timestamp one way only (or not at all).",
      unsigned: "Your server answered 200 to a callback without signature headers: it does not require a signature.",
    });
    for (const n of FORGERIES) {
      const c = caseOf(r.body, n);
      expect(c.hint).toMatch(/webhook-(signature|timestamp)/);
      expect(c.links[0]).toEqual({ label: "Verify the signature", url: `${origin()}/docs/callbacks#verify` });
      expect(c.answered).toMatchObject({ status: 200, body: "ok" });
    }
    // The tampered body is signed as it was before the change.
    const t = caseOf(r.body, "tampered_body");
    const secret = await secretOf(a);
    expect(() => new Webhook(secret).verify(t.sent.body, t.sent.headers)).toThrow();
    expect(JSON.parse(t.sent.body).amount).toBe(JSON.parse(caseOf(r.body, "valid").sent.body).amount * 100 + 1);
    // Explained, a case is recognised as this check's forgery; another app does not see it.
    const explained = await a.call("POST", "/dev/v1/signatures/explain", { headers: t.sent.headers, body: t.sent.body });
    expect(explained.body.findings[0]).toMatchObject({ code: "RECEIVER_CHECK", detail: { checkId: r.body.id, name: "tampered_body" } });
    const other = await newApp({ groups: ["Payments"] });
    const theirs = await other.call("POST", "/dev/v1/signatures/explain", { headers: t.sent.headers, body: t.sent.body });
    expect(theirs.body.findings.map((f: any) => f.code)).toEqual(["UNKNOWN_DELIVERY", "WRONG_SECRET"]);
  });

  it.skipIf(onPg())("a slow receiver (11 s) fails valid on the 10 s deadline; a refusal with 500 passes with a note; a duplicate refused with 409 says why", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const secret = await secretOf(a);
    const slow = await receiver(() => ({ status: 200, delayMs: 11_000 }));
    const r = await run(a, { url: slow.url });
    const valid = caseOf(r.body, "valid");
    expect(valid).toMatchObject({ passed: false, answered: { error: "timeout after 10 s" }, why: "Your server did not answer within 10 s." });
    expect(valid.hint).toMatch(/^Answer 2xx at once/);
    expect(caseOf(r.body, "duplicate").why).toMatch(/It refused the first delivery too: fix the valid case first\.$/);
    expect(caseOf(r.body, "wrong_secret").why).toMatch(/^No answer \(timeout after 10 s\), so it cannot be told/);

    const seen = new Set<string>();
    const picky = await receiver((q) => {
      try {
        new Webhook(secret).verify(q.body, q.headers as Record<string, string>);
      } catch {
        return { status: 500 };
      }
      const id = q.headers["webhook-id"] as string;
      if (seen.has(id)) return { status: 409 };
      seen.add(id);
      return { status: 200 };
    });
    const p = await run(a, { url: picky.url });
    expect(caseOf(p.body, "wrong_secret")).toMatchObject({ passed: true, note: expect.stringMatching(/^Refused with 500: prefer 400 or 401/) });
    expect(caseOf(p.body, "duplicate")).toMatchObject({ passed: false, answered: { status: 409 } });
    expect(caseOf(p.body, "duplicate").why).toMatch(/answered 409 to a repeat of delivery dlv_\w+, which it had accepted a moment before/);
    expect(caseOf(p.body, "duplicate").hint).toMatch(/Keep the webhook-id/);
  });

  it.skipIf(onPg())("bad URLs: 400 VALIDATION_ERROR naming url, or cases failing with the reason; never a 5xx", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const b = await newApp({ groups: ["Payments"] });
    for (const [body, message] of [
      [{ url: "ftp://example.com/cb" }, "url must be an http or https URL"],
      [{ url: "not a url" }, "url must be an http or https URL"],
      [{}, /url/],
      [{ url: `${origin()}/docs` }, /refused by the callback network policy: the portal's own address receives callbacks only at \/inspect/],
      [{ url: b.inspectorUrl }, /another app's inspector address/],
      [{ url: "http://user:pw@127.0.0.1:9/cb" }, /carries credentials/],
      [{ url: "https://example.com/cb", operation: "identity.verify" }, /^operation must be an operation that sends callbacks: collect\.push, payouts\.send, sms\.send/],
    ] as const) {
      const r = await run(a, body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([400, "VALIDATION_ERROR"]);
      expect(r.body.details[0].field === "url" || r.body.details[0].field === "operation").toBe(true);
      expect(r.body.details[0].message).toMatch(message);
    }
    const refused = await run(a, { url: "http://127.0.0.1:9/cb" });
    expect(refused.status).toBe(201);
    expect(caseOf(refused.body, "valid")).toMatchObject({ passed: false, answered: { error: "connection refused" }, why: "Nothing answered at http://127.0.0.1:9/cb: connection refused." });
    expect((await a.call("GET", "/dev/v1/receiver-checks/rck_nope")).status).toBe(404);
    // Another app sees none of these checks.
    expect((await b.call("GET", `/dev/v1/receiver-checks/${refused.body.id}`)).status).toBe(404);
    expect((await b.call("GET", "/dev/v1/receiver-checks")).body.checks).toEqual([]);
  });

  it("at most 5 run at once per app: of 6 started together exactly 5 run and one answers 429; another app is not counted", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const other = await newApp({ groups: ["Payments"] });
    const rx = await receiver(() => ({ status: 200, delayMs: 2_000 }));
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => run(a, { url: rx.url }))),
      run(other, { url: rx.url }),
    ]);
    expect(mine.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = mine.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ error: "RATE_LIMITED", message: "at most 5 receiver checks run at once per app and its throwaway sandboxes together; wait for one to finish" });
    expect(theirs.status).toBe(201);
    // Once they finished, the app may run again.
    expect((await run(a, { url: `${rx.url}/again` })).status).toBe(201);
  });

  it.skipIf(onPg())("through `sandbox.mjs listen`, the app's inspector address checks the local server; without a listener it says so", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const lonely = await run(a, { url: a.inspectorUrl });
    expect(lonely.body.status).toBe("FAILED");
    expect(caseOf(lonely.body, "valid").why).toMatch(/^No listener relayed this callback from the inspector to your server, so only the inspector answered/);
    expect(caseOf(lonely.body, "valid").hint).toMatch(/sandbox\.mjs listen --forward-to/);

    const { rx, processed } = await carefulReceiver(await secretOf(a));
    const env = { ...process.env, SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret, XDG_CONFIG_HOME: tmp };
    const proc = spawn(process.execPath, [CLI, "listen", "--json", "--no-replay", "--name", "laptop", "--forward-to", `${rx.url}/local`], { env, stdio: ["ignore", "pipe", "pipe"] });
    running.push(proc);
    let printed = "";
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on("data", (c: Buffer) => {
        printed += c;
        if (printed.includes('"type":"ready"')) resolve();
      });
      proc.once("exit", (code) => reject(new Error(`listener exited ${code}`)));
    });
    const r = await run(a, { url: a.inspectorUrl });
    // Each relayed case is named in the listener's JSON lines, with the check's operation (every case was relayed: relayedBy below).
    const relayed = await until("a relay line for each case", () => {
      const lines = printed.trim().split("\n").map((l) => JSON.parse(l)).filter((o) => o.type === "relay");
      return lines.length === r.body.cases.length ? lines : null;
    });
    expect(relayed.map((o) => [o.checkCase, o.operation]).sort()).toEqual(r.body.cases.map((c: any) => [c.name, r.body.operation]).sort());
    expect(r.status).toBe(201);
    expect(r.body.cases.filter((c: any) => !c.passed)).toEqual([]);
    expect(r.body.status).toBe("PASSED");
    for (const c of r.body.cases) expect(c.answered.relayedBy).toEqual({ listener: "laptop", target: `${rx.url}/local` });
    expect(caseOf(r.body, "tampered_body").answered.status).toBe(401);
    expect(processed).toContain(caseOf(r.body, "valid").deliveryId);
    // The local receiver got what the portal sent, headers and body as signed.
    const got = rx.received.find((x) => x.headers["webhook-id"] === caseOf(r.body, "stale_timestamp").deliveryId)!;
    expect(got.headers["webhook-timestamp"]).toBe(caseOf(r.body, "stale_timestamp").sent.headers["webhook-timestamp"]);
    proc.kill("SIGTERM");
  });

  it.skipIf(onPg())("a listener prints the case it relays by name, where a callback's scenario goes", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const { rx } = await carefulReceiver(await secretOf(a));
    const env = { ...process.env, SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret, XDG_CONFIG_HOME: tmp };
    const proc = spawn(process.execPath, [CLI, "listen", "--no-replay", "--forward-to", `${rx.url}/local`], { env, stdio: ["ignore", "pipe", "pipe"] });
    running.push(proc);
    let printed = "";
    proc.stdout!.on("data", (c: Buffer) => (printed += c));
    let said = "";
    await new Promise<void>((resolve, reject) => {
      proc.stderr!.on("data", (c: Buffer) => {
        said += c;
        if (said.includes("Listening for callbacks")) resolve();
      });
      proc.once("exit", (code) => reject(new Error(`listener exited ${code}: ${said}`))); // what it said: why it ended
    });
    const r = await run(a, { url: a.inspectorUrl });
    expect(r.body.status).toBe("PASSED");
    const lines = await until("a line for each case", () => {
      const got = printed.trim().split("\n").filter(Boolean);
      return got.length === r.body.cases.length ? got : null;
    });
    // e.g. "14:02:07  collect.push    check tampered_body     dlv_…  → 401  3 ms": no dashes for the scenario
    expect(lines.map((l) => / check (\w+) /.exec(l)?.[1]).sort()).toEqual(r.body.cases.map((c: any) => c.name).sort());
    for (const l of lines) expect(l).toContain(` ${r.body.operation} `);
    proc.kill("SIGTERM");
  });

  it.skipIf(onPg())("the verification page's Express recipe, run as written, passes every case", async () => {
    const a = await newApp({ groups: ["Payments"] });
    // Inside the repository, so that `express` and `standardwebhooks` resolve as in an integrator's project.
    fs.mkdirSync(path.join(root, "data"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, "data", "recipe-"));
    const file = path.join(dir, "server.mjs");
    const recipe = RAW_BODY_RECIPES.find((r) => r.framework === "Express")!.code;
    fs.writeFileSync(file, `${recipe}\nconst server = app.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));\n`);
    const proc = spawn(process.execPath, [file], { env: { ...process.env, SIGNING_SECRET: await secretOf(a) }, stdio: ["ignore", "pipe", "pipe"] });
    running.push(proc);
    try {
      const port = await new Promise<string>((resolve, reject) => {
        let err = "";
        proc.stdout!.on("data", (c: Buffer) => /port (\d+)/.test(c.toString()) && resolve(/port (\d+)/.exec(c.toString())![1]!));
        proc.stderr!.on("data", (c: Buffer) => (err += c));
        proc.once("exit", (code) => reject(new Error(`recipe exited ${code}: ${err}`)));
      });
      const r = await run(a, { url: `http://127.0.0.1:${port}/callbacks` });
      expect(r.body.cases.filter((c: any) => !c.passed)).toEqual([]);
      expect(r.body.status).toBe("PASSED");
    } finally {
      proc.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(onPg())("MCP: a tool for each endpoint, running the same checks, explain and readiness", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const client = new Client({ name: "go-live-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.token}` } } }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining([
        "sandbox_dev_check_receiver", "sandbox_dev_list_receiver_checks", "sandbox_dev_get_receiver_check", "sandbox_dev_explain_signature", "sandbox_dev_readiness",
      ]));
      const { rx } = await carefulReceiver(await secretOf(a));
      const run = await client.callTool({ name: "sandbox_dev_check_receiver", arguments: { url: rx.url } });
      expect(run.isError).not.toBe(true);
      // A tool's structured result is {status, scenario, requestId, body} (lib/mcp/result.ts).
      const body = (r: Awaited<ReturnType<typeof client.callTool>>) => (r.structuredContent as { body: any }).body;
      expect(run.structuredContent).toMatchObject({ status: 201, body: { status: "PASSED", passed: 7 } });
      const got = await client.callTool({ name: "sandbox_dev_get_receiver_check", arguments: { checkId: body(run).id } });
      expect(body(got).cases).toHaveLength(7);
      const explained = await client.callTool({ name: "sandbox_dev_explain_signature", arguments: { headers: {}, body: "{}" } });
      expect(body(explained).findings[0].code).toBe("HEADER_MISSING");
      const ready = await client.callTool({ name: "sandbox_dev_readiness", arguments: {} });
      expect(body(ready).receiverCheck.status).toBe("PASSED");
      const bad = await client.callTool({ name: "sandbox_dev_check_receiver", arguments: { url: "ftp://x" } });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({ error: "VALIDATION_ERROR", status: 400 });
    } finally {
      await client.close();
    }
  });

  it.skipIf(onPg())("`sandbox.mjs check --url` prints each case and exits 1 when one fails; --json prints the check", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const env = { ...process.env, SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret };
    const { rx } = await carefulReceiver(await secretOf(a));
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const p = spawn(process.execPath, [CLI, "check", ...args], { env });
        let stdout = "", stderr = "";
        p.stdout.on("data", (c) => (stdout += c));
        p.stderr.on("data", (c) => (stderr += c));
        p.on("exit", (code) => resolve({ code, stdout, stderr }));
      });
    const ok = await await cli(["--url", rx.url]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/: PASSED, 7 of 7 cases passed/);
    expect(ok.stdout).toMatch(/✓ tampered_body\s+401 in \d+ ms/);
    const careless = await receiver(() => ({ status: 204 }));
    const bad = await await cli(["--url", careless.url, "--json"]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ status: "FAILED", failed: 5 });
    const text = await await cli(["--url", careless.url]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/✗ unsigned\s+204 in \d+ ms\s+\(expected refused: any non-2xx status, e.g\. 401\)\n\s+Why:\s+Your server answered 204 to a callback without signature headers/);
    expect(text.stdout).toContain(`See:  ${origin()}/docs/callbacks#verify`);
    const usage = spawnSync(process.execPath, [CLI, "check"], { env, encoding: "utf8" });
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining("check needs --url")]);
    const refused = await await cli(["--url", "ftp://x"]);
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringContaining("400 VALIDATION_ERROR: url must be an http or https URL")]);
  });
});
