// The sample CI test of the docs (/docs/testing, public/samples/sandbox-ci.test.mjs)
// run as an integrator runs it: `node --test` against our real server with an
// app's own keys. So the sample cannot rot. It makes a throwaway sandbox of
// that app, runs every scenario in it and ends it: the app itself keeps its
// resources, callbacks, inbox, settings and log (the sandbox calls aside).
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { ownerView, type OwnerView } from "../helpers/owner-view";
import { collectBody, newApp, origin, type TestApp } from "../helpers/apps";

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

const keysOf = (a: TestApp) => ({ SANDBOX_URL: origin(), SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret });

/**
 * Everything the app's owner reads about the app, but its request log (compared
 * apart): its settings, test numbers, the payment's timeline, every callback
 * with its attempts, the inbox, subscriptions, keys (but when they were last
 * used) and signing secret. A resource the sandbox made in the app would need a
 * call in the app's log, which is compared call by call.
 */
async function dataOf(owner: OwnerView, checkoutId: string) {
  const deliveries = await owner.deliveries();
  const [app, settings, testNumbers, timeline, callbacks, inbox, subscriptions, keys, secret] = await Promise.all([
    owner.get(""), owner.get("/dev-settings"), owner.get("/test-numbers"), owner.get(`/resources/${checkoutId}/timeline`),
    Promise.all(deliveries.map((d) => owner.delivery(d.id))), owner.get("/inbox"), owner.get("/subscriptions"), owner.get("/keys"), owner.get("/signing-secret"),
  ]);
  return { app, settings, testNumbers, timeline, callbacks, inbox, subscriptions, keys: keys.map(({ lastUsedAt: _used, ...k }: { lastUsedAt: unknown }) => k), secret };
}

it("the docs' sample CI test passes all 20 scenarios in a throwaway sandbox and leaves the app whose keys it was given as it was", async () => {
  const a = await newApp();
  // the app has data of its own: a payment with its callback in its inbox, a test number
  const push = await a.call("POST", "/collect/v1/push", collectBody({ callbackUrl: a.inspectorUrl }), { "x-svc-time-scale": "0" });
  expect(push.status).toBe(202);
  expect((await a.call("GET", `/dev/v1/callbacks/wait?resourceId=${push.body.checkoutId}&timeout=10`)).body.status).toBe("ATTEMPTED");
  expect((await a.call("POST", "/dev/v1/test-numbers", { operationId: "sms.send", field: "to", value: "254799000111", scenario: "handset_off" })).status).toBe(200);
  const owner = await ownerView(a);
  const before = await dataOf(owner, push.body.checkoutId);
  const logBefore = await owner.requests();
  expect(before.inbox.items).toHaveLength(1);

  const r = await runSample(keysOf(a));
  console.log(`sample CI test: ${(r.ms / 1000).toFixed(1)} s`);
  expect(r.code, r.output).toBe(0);
  expect(r.output).toMatch(/tests 20\b/);
  expect(r.output).toMatch(/fail 0\b/);

  // the app is as it was; its log gained the sandbox's making and ending, nothing else
  expect(await dataOf(owner, push.body.checkoutId)).toEqual(before);
  const logAfter = await owner.requests();
  expect(logAfter.slice(0, logBefore.length)).toEqual(logBefore);
  expect(logAfter.slice(logBefore.length).map((l) => [l.operationId, l.status])).toEqual([["dev.sandboxes.create", 201], ["dev.sandboxes.delete", 204]]);
  // the sandbox ran the scenarios (the sample's 20 tests, none of them in the app's log) and is over
  const sandboxId = (await owner.request(logAfter.at(-2)!.requestId)).responseBody.appId as string;
  expect(sandboxId).toMatch(/^app_/);
  expect((await owner.get("/sandboxes")).sandboxes).toEqual([]);
  expect((await a.call("GET", "/dev/v1/sandboxes")).body.sandboxes).toEqual([]);
});

it("fails when a callback's signature is wrong over the body as received, and still ends its sandbox", async () => {
  const a = await newApp();
  // The sandbox copies the app's callback faults: every callback is signed with a wrong secret.
  expect((await a.call("PATCH", "/dev/v1/settings", { callbackFaults: { badSignature: true } })).status).toBe(200);
  const r = await runSample(keysOf(a));
  expect(r.code).not.toBe(0);
  expect(r.output).toMatch(/signature of callback dlv_/);
  expect((await a.call("GET", "/dev/v1/sandboxes")).body.sandboxes).toEqual([]);
  const ended = await (await ownerView(a)).requests({ operation: "dev.sandboxes.delete" });
  expect(ended.filter((r) => r.status === 204)).toHaveLength(1);
});
