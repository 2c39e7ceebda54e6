// The integrators' command line (cli/sandbox.mjs) with its consumer secret:
// from the environment, a file or stdin rather than the command line (where
// other users of the machine can read it), and never sent after a redirect.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newApp, origin } from "../helpers/apps";

const CLI = path.resolve(import.meta.dirname, "..", "..", "cli", "sandbox.mjs");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-secrets-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs the CLI without blocking this process: the impostor portals below answer from it. */
function run(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, SANDBOX_URL: "", SANDBOX_KEY: "", SANDBOX_SECRET: "", XDG_CONFIG_HOME: tmp, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input ?? "");
  });
}

/** A portal impostor: answers what `answer` says and records every request (path and headers). */
async function fakePortal(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: { path: string; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url!, authorization: req.headers.authorization });
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

describe("sandbox.mjs: the consumer secret", () => {
  it("is read from SANDBOX_SECRET, --secret-file or --secret-stdin; --secret on the command line works but warns", async () => {
    const a = await newApp({ groups: ["Payments"] });
    const env = { SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey };
    const fromEnv = await run(["token"], { ...env, SANDBOX_SECRET: a.keys.consumerSecret });
    expect([fromEnv.code, fromEnv.stderr]).toEqual([0, ""]);

    const file = path.join(tmp, "secret");
    fs.writeFileSync(file, `${a.keys.consumerSecret}\n`, { mode: 0o600 });
    const fromFile = await run(["token", "--secret-file", file], env);
    expect([fromFile.code, fromFile.stderr]).toEqual([0, ""]);
    expect(fromFile.stdout.trim()).toMatch(/^\S{20,}$/);

    const fromStdin = await run(["token", "--secret-stdin"], env, `${a.keys.consumerSecret}\n`);
    expect([fromStdin.code, fromStdin.stderr]).toEqual([0, ""]);

    const inArgv = await run(["token", "--secret", a.keys.consumerSecret], env);
    expect(inArgv.code).toBe(0);
    expect(inArgv.stderr).toMatch(/warning: .*--secret.*(process list|other users)/i);
    expect(inArgv.stderr).not.toContain(a.keys.consumerSecret);

    const missing = await run(["token", "--secret-file", path.join(tmp, "nope")], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--secret-file/);
  });

  it("refuses to follow a redirect from the token endpoint: the credentials go nowhere else", async () => {
    const fake = await fakePortal((req, res) => {
      if (req.url === "/sandbox/oauth/v1/token") res.writeHead(307, { location: "/collect-credentials" }).end();
      else res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    try {
      const r = await run(["token"], { SANDBOX_URL: fake.url, SANDBOX_KEY: "key", SANDBOX_SECRET: "secret" });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/redirect/i);
      expect(fake.seen.map((s) => s.path)).toEqual(["/sandbox/oauth/v1/token"]);
    } finally {
      await fake.close();
    }
  });

  it("refuses to follow a redirect on an API call: the token goes nowhere else", async () => {
    const fake = await fakePortal((req, res) => {
      if (req.url === "/sandbox/oauth/v1/token") res.writeHead(200, { "content-type": "application/json" }).end('{"access_token":"tok","token_type":"Bearer","expires_in":3600}');
      else if (req.url === "/sandbox/dev/v1/settings") res.writeHead(302, { location: "/collect-token" }).end();
      else res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    try {
      const r = await run(["settings"], { SANDBOX_URL: fake.url, SANDBOX_KEY: "key", SANDBOX_SECRET: "secret" });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/redirect/i);
      expect(fake.seen.map((s) => s.path)).toEqual(["/sandbox/oauth/v1/token", "/sandbox/dev/v1/settings"]);
    } finally {
      await fake.close();
    }
  });
});
