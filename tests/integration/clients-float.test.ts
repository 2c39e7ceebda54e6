// The float's developer endpoints in the generated clients (the catalog's
// DevEndpoint.client: the Payouts client's getFloat and setFloat), each
// downloaded from the portal and run with its language's own toolchain
// (TypeScript imported as the clients test does, python3, php, javac/java)
// against the real server: set, read back, a bad currency as the typed
// error, and the float as the API then answers it.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { apis } from "@/lib/catalog";
import { javaFileName } from "@/lib/client-gen/java";
import { phpNamespace } from "@/lib/client-gen/php";
import { clientSpec } from "@/lib/client-gen/spec";
import { base, http, newApp, origin, type TestApp } from "../helpers/apps";

const execFileAsync = promisify(execFile);
const drivers = path.join(import.meta.dirname, "drivers");
const payouts = apis.find((a) => a.id === "payouts")!;
const spec = clientSpec(payouts);

async function download(ext: string, dir: string, name = `payouts.${ext}`) {
  const r = await http("GET", `${origin()}/clients/payouts.${ext}`);
  expect(r.status).toBe(200);
  fs.writeFileSync(path.join(dir, name), r.text);
  return r.text;
}

/** What each driver is told; each language gets an app of its own and a currency and amount. */
function config(a: TestApp, dir: string, currency: string, available: number) {
  const file = path.join(dir, "config.json");
  fs.writeFileSync(file, JSON.stringify({
    dir, api: payouts.id, className: spec.className, namespace: phpNamespace(payouts), key: a.keys.consumerKey, secret: a.keys.consumerSecret, base: base(), currency, available,
  }));
  return file;
}

async function run(cmd: string, args: string[], configFile: string) {
  try {
    const { stdout } = await execFileAsync(cmd, args, { encoding: "utf8", env: { ...process.env, CONFIG: configFile }, timeout: 60_000 });
    return JSON.parse(stdout.trim().split("\n").pop()!);
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(" ")} exited ${x.code}:\n${x.stdout}\n${x.stderr}`);
  }
}

/** The driver's report, and the float as GET /dev/v1/float answers afterwards. */
async function check(a: TestApp, report: any, currency: string, available: number) {
  const balance = { currency, available, reserved: 0 };
  expect(report.set).toEqual(balance);
  expect(report.got.balances).toContainEqual(balance);
  expect(report.bad).toEqual({ status: 400, error: "VALIDATION_ERROR" });
  expect((await a.call("GET", "/dev/v1/float")).body.balances).toContainEqual(balance);
}

const needs = (cmd: string, hint: string) => {
  if (spawnSync(cmd, ["--version"], { encoding: "utf8" }).status !== 0) throw new Error(`${cmd} is needed for this test: ${hint}`);
};
const tmp = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `float-client-${tag}-`));

describe.concurrent("the Payouts client's float methods", () => {
  it("are generated from the catalog for it alone, with the OpenAPI components' names", () => {
    expect(spec.devOps.map((o) => [o.name, o.method, o.path, o.request?.name ?? null, o.response.name])).toEqual([
      ["getFloat", "GET", "/dev/v1/float", null, "DevFloatGetResponse"],
      ["setFloat", "PUT", "/dev/v1/float/{currency}", "DevFloatSetRequest", "DevFloatSetResponse"],
    ]);
    expect(apis.filter((a) => a !== payouts).flatMap((a) => clientSpec(a).devOps)).toEqual([]);
  });

  it("TypeScript", async () => {
    const a = await newApp();
    const dir = tmp("ts");
    await download("ts", dir);
    const mod = await import(/* @vite-ignore */ path.join(dir, "payouts.ts"));
    const client = new mod.PayoutsClient({ consumerKey: a.keys.consumerKey, consumerSecret: a.keys.consumerSecret, baseUrl: base() });
    const bad = await client.setFloat("USD", { available: 1 }).catch((e: Error) => e);
    expect(bad).toBeInstanceOf(mod.SandboxApiError);
    const report = { set: await client.setFloat("TZS", { available: 4321 }), got: await client.getFloat(), bad: { status: bad.status, error: bad.body.error } };
    await check(a, report, "TZS", 4321);
  });

  it("Python (python3, standard library only)", async () => {
    needs("python3", "install Python 3.8+");
    const a = await newApp();
    const dir = tmp("py");
    await download("py", dir);
    await check(a, await run("python3", [path.join(drivers, "float_driver.py")], config(a, dir, "UGX", 777)), "UGX", 777);
  });

  it("PHP (php-cli)", async () => {
    needs("php", "apt-get install php-cli (scripts/test.sh does it as root)");
    const a = await newApp();
    const dir = tmp("php");
    await download("php", dir);
    await check(a, await run("php", [path.join(drivers, "float-driver.php")], config(a, dir, "KES", 5000)), "KES", 5000);
  });

  it("Java (javac -Xlint:all -Werror, java 17), typed", async () => {
    needs("javac", "install a JDK 17+");
    const a = await newApp();
    const dir = tmp("java");
    const src = path.join(dir, "src", "svc", "sandbox");
    fs.mkdirSync(src, { recursive: true });
    await download("java", src, javaFileName(payouts));
    fs.copyFileSync(path.join(drivers, "PayoutsFloatDriver.java"), path.join(src, "PayoutsFloatDriver.java"));
    const out = path.join(dir, "classes");
    const javac = spawnSync("javac", ["-Xlint:all", "-Werror", "-d", out, ...fs.readdirSync(src).map((f) => path.join(src, f))], { encoding: "utf8" });
    expect(javac.stderr + javac.stdout).toBe("");
    await check(a, await run("java", ["-cp", out, "svc.sandbox.PayoutsFloatDriver"], config(a, dir, "KES", 123456)), "KES", 123456);
  });
});
