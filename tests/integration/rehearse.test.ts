// `sandbox.mjs faults` and `sandbox.mjs rehearse` (cli/sandbox.mjs) as a user
// runs them, with the app's keys in SANDBOX_URL/KEY/SECRET, against the
// suite's server: rehearse sets a plan, runs a real client script (a good and
// a bad one: drivers/rehearse-client.mjs) with the credentials in its
// environment, puts the plan back and prints each client check and its why.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newApp, origin, type TestApp } from "../helpers/apps";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(ROOT, "cli", "sandbox.mjs");
const CLIENT = path.join(import.meta.dirname, "drivers", "rehearse-client.mjs");
/** The Node that runs the CLI: SANDBOX_CLI_NODE=<a Node 18 binary> checks the oldest supported version. */
const NODE = process.env.SANDBOX_CLI_NODE || process.execPath;

function sandboxMjs(a: TestApp, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret };
    const p = spawn(NODE, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c) => (stdout += c));
    p.stderr.on("data", (c) => (stderr += c));
    p.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
const planOf = async (a: TestApp) => (await a.call("GET", "/dev/v1/settings")).body.faultPlan;

describe("sandbox.mjs faults", () => {
  it("set, add, print and clear the plan; a refused rule exits 1 with the portal's VALIDATION_ERROR", async () => {
    const a = await newApp();
    const set = await sandboxMjs(a, "faults", "set", "collect.push", "lost_response", "--every", "3");
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain("1. collect.push  lost_response  every 3rd call");
    const add = await sandboxMjs(a, "faults", "add", "payouts.send", "unavailable", "--probability", "0.25", "--seed", "7", "--json");
    expect(add.code, add.stderr).toBe(0);
    const plan = [
      { operation: "collect.push", fault: "lost_response", when: { every: 3 } },
      { operation: "payouts.send", fault: "unavailable", when: { probability: 0.25, seed: 7 } },
    ];
    expect(JSON.parse(add.stdout)).toEqual({ faultPlan: plan });
    expect(await planOf(a)).toEqual(plan);
    const bad = await sandboxMjs(a, "faults", "set", "collect.push", "meteor", "--first", "1");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("400 VALIDATION_ERROR");
    expect(bad.stderr).toContain("fault must be one of");
    const two = await sandboxMjs(a, "faults", "set", "collect.push", "unavailable", "--first", "1", "--every", "2");
    expect(two.code).toBe(2);
    expect(two.stderr).toContain("exactly one of --every");
    const clear = await sandboxMjs(a, "faults", "clear");
    expect(clear.stdout).toContain("No fault plan");
    expect(await planOf(a)).toEqual([]);
  });
});

describe("sandbox.mjs rehearse", () => {
  it("a good client under the default plan (every fault once): its command exits 0, every check PASSED, the plan put back; exit 0", async () => {
    const a = await newApp();
    const r = await sandboxMjs(a, "rehearse", "--", NODE, CLIENT, "good");
    expect(r.stdout).toContain("good client done");
    expect(r.stdout).toContain("Your command exited with 0. Client checks:");
    for (const name of ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"]) {
      expect(r.stdout).toMatch(new RegExp(`✓ ${name}\\s+PASSED`));
    }
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(await planOf(a)).toEqual([]);
  });

  it("a bad client: its command exits 0, yet each check FAILED with why and what to do; exit 1", async () => {
    const a = await newApp();
    const r = await sandboxMjs(a, "rehearse", "--", NODE, CLIENT, "bad");
    expect(r.stdout).toContain("bad client done");
    expect(r.code, r.stdout + r.stderr).toBe(1);
    for (const name of ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"]) {
      expect(r.stdout).toMatch(new RegExp(`✗ ${name}\\s+FAILED`));
    }
    expect(r.stdout).toMatch(/Why: {2}After the payout of 500 KES to 254712345678 lost its answer, your client sent a new payout with another reference \(REH-[\w-]+-again\) [\d.]+ s later: in production that pays twice\./);
    expect(r.stdout).toMatch(/Why: {2}After a 503 SERVICE_UNAVAILABLE on POST \/payouts\/v1\/send asking to retry after 1 s/);
    expect(r.stdout).toMatch(/Why: {2}After its access token expired/);
    expect(r.stdout).toMatch(/Why: {2}The callback of the payout of 500 KES to 254712345678 \(pay_\w+\) never came/);
    expect(r.stdout).toMatch(/Do: {3}Send a call whose answer was lost again with the same reference/);
    expect(r.stdout).toMatch(/Requests: req_\w+/);
    expect(await planOf(a)).toEqual([]);
  });

  it("a rule from flags; the command's own failure wins the exit code; the app's earlier plan comes back", async () => {
    const a = await newApp();
    const earlier = [{ operation: "sms.send", fault: "unavailable", when: { every: 2 } }];
    await a.call("PATCH", "/dev/v1/settings", { faultPlan: earlier });
    const script = "process.stdout.write(process.env.SANDBOX_KEY + '\\n'); process.exit(3)";
    const r = await sandboxMjs(a, "rehearse", "payouts.send", "lost_callback", "--first", "1", "--", NODE, "-e", script);
    expect(r.stdout).toContain(a.keys.consumerKey);
    expect(r.stdout).toContain("Your command exited with 3.");
    expect(r.stdout).toMatch(/- polls_after_lost_callback\s+NOT_EXERCISED/);
    expect(r.code).toBe(3);
    expect(await planOf(a)).toEqual(earlier);
    const none = await sandboxMjs(a, "rehearse");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("give your command after --");
  });
});
