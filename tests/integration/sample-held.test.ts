// The docs' sample of a held payment (/docs/held, public/samples/held.test.mjs)
// run as an integrator runs it: `node --test` against our real server with an
// app's own keys, callbacks to the app's inspector. So the sample cannot rot.
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { newApp, origin } from "../helpers/apps";

const SAMPLE = path.resolve(import.meta.dirname, "..", "..", "public", "samples", "held.test.mjs");

function runSample(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--test", "--test-reporter=spec", SAMPLE], { env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    p.stdout.on("data", (c) => (output += c));
    p.stderr.on("data", (c) => (output += c));
    p.on("close", (code) => resolve({ code, output }));
  });
}

it("the docs' held-payment sample passes: hold, assert nothing arrived, resolve, assert the callback and the timeline", async () => {
  const a = await newApp({ groups: ["Payments"] });
  const r = await runSample({
    SANDBOX_URL: origin(),
    SANDBOX_KEY: a.keys.consumerKey,
    SANDBOX_SECRET: a.keys.consumerSecret,
    SANDBOX_CALLBACK_URL: a.inspectorUrl,
  });
  expect(r.code, r.output).toBe(0);
  expect(r.output).toMatch(/pass 1\b/);
  expect(r.output).toMatch(/fail 0\b/);
});

it("fails when the gateway does not hold (the sample is not a test that cannot fail)", async () => {
  // An app without the Payments group: the push is refused, and the sample says so.
  const a = await newApp({ groups: ["Messaging"] });
  const r = await runSample({
    SANDBOX_URL: origin(),
    SANDBOX_KEY: a.keys.consumerKey,
    SANDBOX_SECRET: a.keys.consumerSecret,
    SANDBOX_CALLBACK_URL: a.inspectorUrl,
  });
  expect(r.code).not.toBe(0);
  expect(r.output).toMatch(/403 !== 202|Expected values to be strictly equal/);
});
