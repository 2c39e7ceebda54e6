// The Python, PHP and Java clients, downloaded from the portal, run with the
// language's own toolchain (python3, php, javac/java) against the real
// server: send with the example body and read the resource back, typed errors
// (validation, a forced error scenario, a timeout, a proxy's non-JSON 502),
// response metadata, verification of a real callback with the helper, and a
// body sent twice forcing its scenario at time scale 0 (a reference answers 409).
// A language's four APIs run at once: most of a driver's run is its client
// waiting (its retries after the timeout and the 502, with their backoff).
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apis, type Api } from "@/lib/catalog";
import { javaFileName } from "@/lib/client-gen/java";
import { phpNamespace } from "@/lib/client-gen/php";
import { clientSpec } from "@/lib/client-gen/spec";
import { exampleBody } from "@/lib/docs/doc-examples";
import { isErrorOutcome } from "@/lib/engine";
import { randomBase62 } from "@/lib/ids";
import { setPerMinute } from "@/lib/services/apps";
import { type RealCallback, realCallback } from "../helpers/real-callback";
import { startReceiver, type Receiver } from "../helpers/receiver";
import { base, http, newApp, origin, type TestApp } from "../helpers/apps";

const execFileAsync = promisify(execFile);
const drivers = path.join(import.meta.dirname, "drivers");
let app: TestApp;
let slow: Receiver;
let badGateway: Receiver;
let callback: RealCallback;

beforeAll(async () => {
  app = await newApp();
  await setPerMinute(app.appId, 10_000); // three languages × four APIs share this app
  slow = await startReceiver(() => ({ status: 200, delayMs: 5000 }));
  badGateway = await startReceiver(() => ({ status: 502 }));
  // One real callback for the verification helpers.
  callback = await realCallback(app);
});
afterAll(async () => {
  await slow?.close();
  await badGateway?.close();
});

/** What every driver is told: keys, addresses, the operations to call, the bodies, the callback. */
function config(api: Api, dir: string) {
  const spec = clientSpec(api);
  const send = spec.ops.find((o) => o.method === "POST")!;
  const get = spec.ops.find((o) => o.method === "GET")!;
  const body = () => ({ ...exampleBody(send.op), ...(send.op.referenceField ? { [send.op.referenceField]: `L-${randomBase62(10)}` } : {}) });
  const forced = send.op.scenarios.find((s) => isErrorOutcome(s.outcome))!;
  return {
    expect: {
      forced: { status: forced.status, error: (forced.outcome as { error: string }).error }, idField: send.op.resource.idField, prefix: send.op.resource.prefix, scenario: send.op.scenarios.find((s) => s.default)!.key,
      // The same body sent twice, each forcing the default scenario at time scale 0: the reference is checked first (contract 2026-11-27, References).
      resent: send.op.referenceField ? { status: 409, error: "DUPLICATE_REFERENCE", requestId: expect.stringMatching(/^req_/) } : null,
    },
    file: {
      dir, api: api.id, className: spec.className, namespace: phpNamespace(api),
      key: app.keys.consumerKey, secret: app.keys.consumerSecret, base: base(),
      slowBase: slow.url, badGatewayBase: badGateway.url,
      send: send.name, get: get.name, idField: send.op.resource.idField,
      body: body(), body2: body(), body3: body(), errorScenario: forced.key, acceptedScenario: send.op.scenarios.find((s) => s.default)!.key, callback,
    },
  };
}

async function download(api: Api, ext: string, dir: string, name = `${api.id}.${ext}`) {
  const r = await http("GET", `${origin()}/clients/${api.id}.${ext}`);
  expect(r.status).toBe(200);
  expect(r.text).toContain(`${origin()}/sandbox`); // generated for this portal
  fs.writeFileSync(path.join(dir, name), r.text);
  return r;
}

/** Runs a driver without blocking this process: the slow and 502 receivers answer from here. */
async function run(cmd: string, args: string[], configFile: string) {
  try {
    const { stdout } = await execFileAsync(cmd, args, { encoding: "utf8", env: { ...process.env, CONFIG: configFile }, timeout: 60_000 });
    return JSON.parse(stdout.trim().split("\n").pop()!);
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(" ")} exited ${x.code}:\n${x.stdout}\n${x.stderr}`);
  }
}

function checkReport(report: any, expected: ReturnType<typeof config>["expect"]) {
  const id = report.created[expected.idField];
  expect(id).toMatch(new RegExp(`^${expected.prefix}_`));
  expect(report.requestId).toMatch(/^req_/);
  expect(report.scenario).toBe(expected.scenario);
  expect(report.rateLimit).toBe(10_000);
  expect(report.read[expected.idField]).toBe(id);
  expect(report.invalid).toEqual({ status: 400, error: "VALIDATION_ERROR", requestId: expect.stringMatching(/^req_/) });
  expect(report.forced).toMatchObject(expected.forced);
  expect(report.timeout).toMatchObject({ status: 0, error: "TIMEOUT" });
  expect(report.badGateway).toMatchObject({ status: 502, error: "HTTP_502" });
  expect(report.verify).toEqual([true, false]);
  expect(report.resent).toEqual(expected.resent);
}

const has = (cmd: string) => spawnSync(cmd, ["--version"], { encoding: "utf8" }).status === 0;
const needs = (cmd: string, hint: string) => {
  if (!has(cmd)) throw new Error(`${cmd} is needed for this test: ${hint}`);
};

describe("Python client (python3, standard library only)", () => {
  it.concurrent.for(apis)("$name", async (api) => {
    needs("python3", "install Python 3.8+");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "py-client-"));
    await download(api, "py", dir);
    const c = config(api, dir);
    const file = path.join(dir, "config.json");
    fs.writeFileSync(file, JSON.stringify(c.file));
    checkReport(await run("python3", [path.join(drivers, "driver.py")], file), c.expect);
  });
});

describe("PHP client (php-cli)", () => {
  it.concurrent.for(apis)("$name", async (api) => {
    needs("php", "apt-get install php-cli (scripts/test.sh does it as root)");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "php-client-"));
    await download(api, "php", dir);
    execFileSync("php", ["-l", path.join(dir, `${api.id}.php`)]);
    const c = config(api, dir);
    const file = path.join(dir, "config.json");
    fs.writeFileSync(file, JSON.stringify(c.file));
    checkReport(await run("php", [path.join(drivers, "driver.php")], file), c.expect);
  });
});

describe("Java client (javac and java 17)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "java-client-"));
  const src = path.join(dir, "src", "svc", "sandbox");
  const out = path.join(dir, "classes");

  it("every API's client compiles with -Xlint:all -Werror, with a typed driver each", async () => {
    needs("javac", "install a JDK 17+");
    fs.mkdirSync(src, { recursive: true });
    const template = fs.readFileSync(path.join(drivers, "Driver.java.txt"), "utf8");
    for (const api of apis) {
      const r = await download(api, "java", src, javaFileName(api));
      expect(r.headers.get("content-disposition")).toBe(`inline; filename="${javaFileName(api)}"`);
      const spec = clientSpec(api);
      const send = spec.ops.find((o) => o.method === "POST")!;
      const fill: Record<string, string> = {
        __CLIENT__: spec.className, __REQUEST__: send.request!.name, __SEND__: send.name,
        __GET__: spec.ops.find((o) => o.method === "GET")!.name, __ID__: send.op.resource.idField,
      };
      fs.writeFileSync(path.join(src, `${spec.className}Driver.java`), template.replace(/__[A-Z]+__/g, (k) => fill[k]!));
    }
    const files = fs.readdirSync(src).map((f) => path.join(src, f));
    const r = spawnSync("javac", ["-Xlint:all", "-Werror", "-d", out, ...files], { encoding: "utf8" });
    expect(r.stderr + r.stdout).toBe("");
    expect(r.status).toBe(0);
  });

  it.concurrent.for(apis)("$name", async (api) => {
    expect(fs.existsSync(out), "compiled by the test above").toBe(true);
    const c = config(api, dir);
    const file = path.join(dir, `${api.id}-config.json`);
    fs.writeFileSync(file, JSON.stringify(c.file));
    checkReport(await run("java", ["-cp", out, `svc.sandbox.${clientSpec(api).className}Driver`], file), c.expect);
  });
});
