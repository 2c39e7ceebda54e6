// Each API's Postman collection, as served by the portal, run by newman
// against the running portal with keys made by the operator command line:
// every request and every test in it passes.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { randomBase62 } from "@/lib/ids";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { cli, http, origin } from "../helpers/apps";

type Summary = {
  run: { failures: { error: { message: string }; source?: { name?: string } }[]; stats: Record<string, { total: number; failed: number }>; executions: { item: { name: string }; response?: { code: number }; cursor: { httpRequestId: string } }[] };
};
const newman = createRequire(import.meta.url)("newman") as { run: (opts: object, done: (err: Error | null, summary: Summary) => void) => void };

const run = (collection: object, opts: { folder?: string } = {}) =>
  new Promise<Summary>((resolve, reject) => newman.run({ collection, reporters: [], ...opts }, (err, summary) => (err ? reject(err) : resolve(summary))));

let receiver: Receiver;
let keys: { consumerKey: string; consumerSecret: string };

beforeAll(async () => {
  receiver = await startReceiver();
  const email = `newman-${randomBase62(8).toLowerCase()}@example.com`;
  const must = (r: Awaited<ReturnType<typeof cli>>) => {
    if (r.code !== 0) throw new Error(`cli: ${r.stderr}`);
    return r.json;
  };
  must(await cli("user", "create", "--email", email, "--password", "correct horse battery"));
  const app = must(await cli("app", "create", "--owner", email, "--name", "Newman run"));
  for (const group of ["Payments", "Treasury", "Identity", "Messaging"]) must(await cli("subscribe", "--app", app.appId, "--group", group));
  expect(must(await cli("review", "--app", app.appId, "--group", "Treasury", "--approve")).status).toBe("ACTIVE");
  keys = must(await cli("key", "create", "--app", app.appId));
  // Every scenario of every API's collection, twice, plus the runs alone: more than the Sandbox plan's 60 a minute.
  must(await cli("app", "limit", "--app", app.appId, "--per-minute", "1000"));
});

afterAll(async () => {
  await receiver.close();
});

/** The collection as the portal serves it, with the app's keys and the receiver filled in (as a user sets the variables); its callbacks come to the receiver at `/<at>`. */
async function served(apiId: string, at: string) {
  const r = await http("GET", `${origin()}/postman/${apiId}.json`);
  expect(r.status).toBe(200);
  const collection = r.body;
  const vars = Object.fromEntries(collection.variable.map((v: { key: string; value: string }) => [v.key, v]));
  expect(vars.baseUrl.value).toBe(`${origin()}/sandbox`);
  vars.consumerKey.value = keys.consumerKey;
  vars.consumerSecret.value = keys.consumerSecret;
  vars.callbackUrl.value = `${receiver.url}/${at}`; // each test's callbacks at a path of its own
  return { collection, vars };
}

describe.each(apis)("Postman collection of $name", (api) => {
  it("passes every request and test against the gateway, the Scenarios folder's too", async () => {
    const { collection } = await served(api.id, `${api.id}-runs`);

    const summary = await run(collection);
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    const ops = operations.filter((o) => o.api === api.id);
    const scenarios = ops.flatMap((o) => o.scenarios);
    expect(summary.run.stats.requests).toMatchObject({ total: ops.length + 1 + scenarios.length, failed: 0 });
    expect(summary.run.stats.assertions!.failed).toBe(0);
    expect(summary.run.stats.assertions!.total).toBeGreaterThanOrEqual(ops.length + 1 + scenarios.length);
    // The Scenarios folder: one request per scenario, each with its saved example response.
    const folder = collection.item.find((i: { name: string }) => i.name === "Scenarios");
    expect(folder.item).toHaveLength(scenarios.length);
    for (const [i, s] of scenarios.entries()) {
      expect(folder.item[i].request.header).toContainEqual({ key: "x-svc-scenario", value: s.key });
      expect(folder.item[i].response[0]).toMatchObject({ code: s.status, header: expect.arrayContaining([{ key: "x-svc-scenario", value: s.key }]) });
    }

    // Run it again: references are unique per run, so nothing collides.
    const again = await run(collection);
    expect(again.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);

    // The callbacks of the two runs' sends arrive at callbackUrl, signed: at least the operations' own (the Scenarios folder adds more);
    // an API with no callback operation posts none.
    const posting = ops.filter((o) => o.callback).length * 2;
    const ours = () => receiver.received.filter((r) => r.path === `/${api.id}-runs`);
    if (posting === 0) expect(ours()).toEqual([]);
    else await vi.waitFor(() => expect(ours().length).toBeGreaterThanOrEqual(posting), { timeout: 20_000, interval: 100 });
    expect(ours().every((r) => r.headers["user-agent"] === "Svc-Sandbox/1.0" && /^t=\d+,v1=[0-9a-f]{64}$/.test(String(r.headers["x-svc-signature"])))).toBe(true);
  });
});

describe("one request run alone (newman --folder)", () => {
  it("fetches its own token first (none yet, or an expired one) and passes", async () => {
    const { collection, vars } = await served("collect", "collect-alone");
    const push = collection.item.find((i: { name: string }) => i.name.includes("(POST /collect/v1/push)")).name;
    expect(vars.accessToken.value).toBe("");
    const alone = await run(collection, { folder: push });
    expect(alone.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    // newman lists the item's one HTTP request once per request event (the script's sendRequest adds one): one request id.
    const sent = (r: Summary) => [...new Map(r.run.executions.map((e) => [e.cursor.httpRequestId, [e.item.name, e.response?.code]])).values()];
    expect(sent(alone)).toEqual([[push, 202]]);

    vars.accessToken.value = "expired-token";
    vars.accessTokenExpiresAt.value = String(Date.now() - 1000);
    const again = await run(collection, { folder: push });
    expect(again.run.failures).toEqual([]);
    expect(sent(again)).toEqual([[push, 202]]);

    // With a wrong secret the script fails saying what to set (the request then goes without a token and fails too).
    vars.accessToken.value = "";
    vars.consumerSecret.value = "wrong";
    const noKeys = await run(collection, { folder: push });
    expect(noKeys.run.failures.map((f) => f.error.message).join(" ")).toContain("set consumerKey and consumerSecret");
  });
});

describe("keys from newman's --env-var or a Postman environment file, the collection's variables left empty", () => {
  /** The newman command line, as a user runs it; its exit code and what it printed. */
  const newmanCli = (args: string[]) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const child = execFile(path.resolve("node_modules", ".bin", "newman"), ["run", ...args, "--reporters", "cli", "--color", "off"], { encoding: "utf8" }, (_e, stdout, stderr) =>
        resolve({ code: child.exitCode ?? -1, output: `${stdout}${stderr}` }),
      );
    });

  it("one request run alone fetches its token with them and passes", async () => {
    const r = await http("GET", `${origin()}/postman/collect.json`);
    const collection = r.body;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "newman-env-"));
    const file = path.join(dir, "collect.postman_collection.json");
    fs.writeFileSync(file, JSON.stringify(collection));
    const push = collection.item.find((i: { name: string }) => i.name.includes("(POST /collect/v1/push)")).name;
    const values = { consumerKey: keys.consumerKey, consumerSecret: keys.consumerSecret, callbackUrl: receiver.url };

    const withFlags = await newmanCli([file, "--folder", push, ...Object.entries(values).flatMap(([k, v]) => ["--env-var", `${k}=${v}`])]);
    expect(withFlags.output).toContain("202 Accepted");
    expect(withFlags.code, withFlags.output).toBe(0);

    const environment = path.join(dir, "sandbox.postman_environment.json");
    fs.writeFileSync(environment, JSON.stringify({ name: "Sandbox", values: Object.entries(values).map(([key, value]) => ({ key, value, enabled: true })) }));
    const withFile = await newmanCli([file, "--folder", push, "--environment", environment]);
    expect(withFile.output).toContain("202 Accepted");
    expect(withFile.code, withFile.output).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
