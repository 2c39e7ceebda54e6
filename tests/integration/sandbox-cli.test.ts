// `sandbox.mjs sandbox create|list|delete` (cli/sandbox.mjs) as a CI job runs
// it: in bash, with the parent app's keys in SANDBOX_URL/KEY/SECRET, against
// the suite's server. The other commands: listen.test.ts.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ownerView } from "../helpers/owner-view";
import { newApp, origin, type TestApp } from "../helpers/apps";

const CLI = path.resolve(import.meta.dirname, "..", "..", "cli", "sandbox.mjs");
/** The Node that runs the CLI: SANDBOX_CLI_NODE=<a Node 18 binary> checks the oldest supported version. */
const NODE = process.env.SANDBOX_CLI_NODE || process.execPath;

function bash(script: string, a: TestApp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret, CLI, NODE };
    const p = spawn("bash", ["-euo", "pipefail", "-c", script], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (c) => (stdout += c));
    p.stderr.on("data", (c) => (stderr += c));
    p.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("sandbox.mjs sandbox", () => {
  it("create --env points the job's SANDBOX_* at a new sandbox; list shows it counting down; delete ends it", async () => {
    const parent = await newApp();
    const r = await bash(`
      eval "$("$NODE" "$CLI" sandbox create --ttl 15m --name ci-job-7 --env)"
      echo "APP=$SANDBOX_APP_ID"
      echo "SECRET_FORM=\${SANDBOX_SIGNING_SECRET%%_*}"
      echo "INSPECTOR=$SANDBOX_INSPECTOR_URL"
      "$NODE" "$CLI" call GET /collect/v1/push/chk_cli --json
    `, parent);
    expect(r.code, r.stderr).toBe(0);
    const appId = /APP=(app_\w+)/.exec(r.stdout)![1]!;
    expect(r.stdout).toContain("SECRET_FORM=whsec");
    expect(r.stdout).toContain(`INSPECTOR=${origin()}/inspect/${appId}`);
    const called = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    expect([called.status, called.scenario]).toEqual([200, "completed"]);
    // the call ran as the sandbox, not as the parent
    const owner = await ownerView(parent);
    expect((await owner.request(called.requestId, appId)).requestId).toBe(called.requestId);
    expect(await owner.requests({ requestId: called.requestId })).toEqual([]);
    expect((await owner.get("", appId)).name).toBe("ci-job-7");

    const list = await bash(`"$NODE" "$CLI" sandbox list; "$NODE" "$CLI" sandbox list --json`, parent);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${appId}\\s+expires in 1[45] min \\d+ s\\s+ci-job-7`));
    expect(JSON.parse(list.stdout.split("\n").filter(Boolean).at(-1)!).sandboxes[0].appId).toBe(appId);

    const del = await bash(`"$NODE" "$CLI" sandbox delete ${appId} && "$NODE" "$CLI" sandbox list`, parent);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stderr).toContain(`Ended ${appId}`);
    expect(del.stderr).toContain("No live sandboxes.");
  });

  it("a job tears down with the sandbox's own keys; a sandbox cannot make another; bad input says what is wrong", async () => {
    const parent = await newApp();
    const r = await bash(`
      eval "$("$NODE" "$CLI" sandbox create --ttl 90s --env)"
      "$NODE" "$CLI" sandbox create --ttl 60 || echo "nested exit $?"
      "$NODE" "$CLI" sandbox delete "$SANDBOX_APP_ID"
      "$NODE" "$CLI" token || echo "token exit $?"
    `, parent);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("403 SANDBOX_NOT_ALLOWED");
    expect(r.stdout).toContain("nested exit 1");
    expect(r.stderr).toContain("401 INVALID_CLIENT");
    expect(r.stdout).toContain("token exit 1");

    const bad = await bash(`"$NODE" "$CLI" sandbox create --ttl soon || echo "exit $?"; "$NODE" "$CLI" sandbox create --ttl 5s || echo "exit $?"; "$NODE" "$CLI" sandbox nope || echo "exit $?"`, parent);
    expect(bad.stderr).toContain("--ttl must be a duration like 90s, 15m or 2h (got soon)");
    expect(bad.stderr).toContain("400 VALIDATION_ERROR: ttlSeconds must be a whole number of seconds from 10 to 86400");
    expect(bad.stderr).toContain("unknown sandbox action nope");
    expect(bad.stdout.trim().split("\n")).toEqual(["exit 2", "exit 1", "exit 2"]);
  });
});

describe("sandbox.mjs float", () => {
  it("prints the balances, sets one (reserves kept), and says what is wrong with a bad amount", async () => {
    const a = await newApp();
    const r = await bash(`"$NODE" "$CLI" float set KES 5000; "$NODE" "$CLI" float; "$NODE" "$CLI" float --json`, a);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "KES  available 5000  reserved 0", "KES  available 5000  reserved 0", "TZS  available 1000000  reserved 0", "UGX  available 1000000  reserved 0",
    ]);
    expect(JSON.parse(lines.at(-1)!).balances[0]).toEqual({ currency: "KES", available: 5000, reserved: 0 });
    const bad = await bash(`"$NODE" "$CLI" float set KES -5 || echo "exit $?"`, a);
    expect(bad.stdout.trim()).toBe("exit 1");
    expect(bad.stderr).toMatch(/400 VALIDATION_ERROR.*available must be at least 0/);
  });
});

describe("sandbox.mjs options", () => {
  it("each command reads its own options only: another command's (float --ttl 5) or an unknown one is an error, exit 2, nothing done", async () => {
    const a = await newApp();
    const wrong: [string, string][] = [
      ["float --ttl 5", "--ttl"], ["float set KES 700 --forward-to http://127.0.0.1:9", "--forward-to"], ["token --scenario paid", "--scenario"],
      ["sandbox list --every 3", "--every"], ["settings --json", "--json"], ["timeline res_x --data {}", "--data"], ["call GET /collect/v1/push/x --ttl 5", "--ttl"],
      ["faults set collect.push lost_response --every 3 --env", "--env"], ["listen --forward-to http://127.0.0.1:9 --ttl 5", "--ttl"], ["check --url http://127.0.0.1:9 -H a:b", "-H"],
      ["resolve res_x --scenario paid --no-such-flag", "--no-such-flag"], ["rehearse --ttl 5 -- true", "--ttl"],
    ];
    const script = wrong.map(([args]) => `"$NODE" "$CLI" ${args} && echo "exit 0" || echo "exit $?"`).join("\n");
    const r = await bash(script, a);
    expect(r.stdout.trim().split("\n")).toEqual(wrong.map(() => "exit 2"));
    const errors = r.stderr.split("\n").filter((l) => l.startsWith("sandbox.mjs: "));
    expect(errors).toEqual(wrong.map(([args, option]) => {
      const command = args.split(" ")[0];
      return `sandbox.mjs: unknown option ${option} for ${command} (its options: "node sandbox.mjs ${command} --help")`;
    }));
    // nothing was changed: the float set above never ran
    const float = await bash(`"$NODE" "$CLI" float --json`, a);
    expect(JSON.parse(float.stdout).balances[0]).toEqual({ currency: "KES", available: 1000000, reserved: 0 });
  });

  it("a flag's value may start with a dash, a boolean takes no value, a string needs one", async () => {
    const a = await newApp();
    const r = await bash(`
      "$NODE" "$CLI" float --json=yes || echo "exit $?"
      "$NODE" "$CLI" sandbox create --ttl || echo "exit $?"
      "$NODE" "$CLI" call GET /collect/v1/push/x --time-scale -1 || echo "exit $?"
    `, a);
    expect(r.stderr).toContain("sandbox.mjs: --json takes no value");
    expect(r.stderr).toContain("sandbox.mjs: --ttl needs a value");
    expect(r.stderr).toContain("sandbox.mjs: --time-scale must be a decimal from 0 to 1 (got -1)");
    expect(r.stdout.trim().split("\n")).toEqual(["exit 2", "exit 2", "exit 2"]);
  });
});
