// Each API's Postman collection, as served by the portal, run by newman
// against the running sandbox with keys made by the operator command line:
// every request and every test in it passes.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { randomBase62 } from "@/lib/ids";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { cli, http, origin } from "../helpers/sandbox";

type Summary = { run: { failures: { error: { message: string }; source?: { name?: string } }[]; stats: Record<string, { total: number; failed: number }> } };
const newman = createRequire(import.meta.url)("newman") as { run: (opts: object, done: (err: Error | null, summary: Summary) => void) => void };

const run = (collection: object) =>
  new Promise<Summary>((resolve, reject) => newman.run({ collection, reporters: [] }, (err, summary) => (err ? reject(err) : resolve(summary))));

let receiver: Receiver;
let keys: { consumerKey: string; consumerSecret: string };

beforeAll(async () => {
  receiver = await startReceiver();
  const email = `newman-${randomBase62(8).toLowerCase()}@example.com`;
  const must = (r: ReturnType<typeof cli>) => {
    if (r.code !== 0) throw new Error(`cli: ${r.stderr}`);
    return r.json;
  };
  must(cli("user", "create", "--email", email, "--password", "correct horse battery"));
  const app = must(cli("app", "create", "--owner", email, "--name", "Newman run"));
  for (const group of ["Payments", "Treasury", "Identity", "Messaging"]) must(cli("subscribe", "--app", app.appId, "--group", group));
  expect(must(cli("review", "--app", app.appId, "--group", "Treasury", "--approve")).status).toBe("ACTIVE");
  keys = must(cli("key", "create", "--app", app.appId));
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

describe.each(apis)("Postman collection of $name", (api) => {
  it("passes every request and test against the sandbox", async () => {
    const served = await http("GET", `${origin()}/postman/${api.id}.json`);
    expect(served.status).toBe(200);
    const collection = served.body;
    const vars = Object.fromEntries(collection.variable.map((v: { key: string; value: string }) => [v.key, v]));
    expect(vars.baseUrl.value).toBe(`${origin()}/sandbox`);
    vars.consumerKey.value = keys.consumerKey;
    vars.consumerSecret.value = keys.consumerSecret;
    vars.callbackUrl.value = receiver.url;

    const summary = await run(collection);
    expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    const ops = operations.filter((o) => o.api === api.id);
    expect(summary.run.stats.requests).toMatchObject({ total: ops.length + 1, failed: 0 });
    expect(summary.run.stats.assertions!.failed).toBe(0);
    expect(summary.run.stats.assertions!.total).toBeGreaterThanOrEqual(ops.length + 1);

    // Run it again: references are unique per run, so nothing collides.
    const again = await run(collection);
    expect(again.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
  });
});

it("the callbacks of the collections' sends arrive at callbackUrl", async () => {
  const posting = operations.filter((o) => o.callback).length * 2; // each collection ran twice
  const got = await receiver.waitFor(posting, 20_000);
  expect(got.every((r) => r.headers["user-agent"] === "Svc-Sandbox/1.0" && /^t=\d+,v1=[0-9a-f]{64}$/.test(String(r.headers["x-svc-signature"])))).toBe(true);
});
