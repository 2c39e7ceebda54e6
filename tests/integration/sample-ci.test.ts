// The sample CI test of the docs (/docs/testing, public/samples/sandbox-ci.test.mjs)
// run as an integrator runs it: `node --test` against our real server with an
// app's own keys, callbacks to the app's inspector. So the sample cannot rot.
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { base, newApp } from "../helpers/sandbox";

const root = path.resolve(import.meta.dirname, "..", "..");
const SAMPLE = path.join(root, "public", "samples", "sandbox-ci.test.mjs");

function runSample(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--test", "--test-reporter=spec", SAMPLE], { env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    p.stdout.on("data", (c) => (output += c));
    p.stderr.on("data", (c) => (output += c));
    p.on("close", (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

it("the docs' sample CI test passes: all 20 scenarios, callbacks included", async () => {
  const a = await newApp();
  const r = await runSample({
    SANDBOX_BASE_URL: base(),
    SANDBOX_CONSUMER_KEY: a.keys.consumerKey,
    SANDBOX_CONSUMER_SECRET: a.keys.consumerSecret,
    SANDBOX_CALLBACK_URL: a.inspectorUrl,
    SANDBOX_SIGNING_SECRET: a.app.signingSecret,
  });
  console.log(`sample CI test: ${(r.ms / 1000).toFixed(1)} s`);
  expect(r.code, r.output).toBe(0);
  expect(r.output).toMatch(/tests 20\b/);
  expect(r.output).toMatch(/fail 0\b/);
}, 120_000);

it("fails when a callback is not what it says (wrong signing secret)", async () => {
  const a = await newApp();
  const r = await runSample({
    SANDBOX_BASE_URL: base(),
    SANDBOX_CONSUMER_KEY: a.keys.consumerKey,
    SANDBOX_CONSUMER_SECRET: a.keys.consumerSecret,
    SANDBOX_CALLBACK_URL: a.inspectorUrl,
    SANDBOX_SIGNING_SECRET: "whsec_not-the-secret",
  });
  expect(r.code).not.toBe(0);
  expect(r.output).toMatch(/signature/);
}, 120_000);
