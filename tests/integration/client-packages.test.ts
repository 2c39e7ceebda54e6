// The one package per language, installed from the portal's own registries by
// each ecosystem's tool (pip from the PEP 503 index, npm from the tarball URL,
// the Composer repository's dist zip, the Maven repository's jar) and run
// against the real server: a token, a push and its status, errors of two APIs
// caught by one SandboxApiError handler, and a real callback verified. The
// drivers are in tests/integration/drivers/ (package_driver.py,
// package-driver.mjs, package-types.ts.txt, package-driver.php, PackageDriver.java).
import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "@/lib/catalog";
import { exampleBody } from "@/lib/docs/doc-examples";
import { isErrorOutcome } from "@/lib/engine";
import { randomBase62 } from "@/lib/ids";
import { clientSpec } from "@/lib/client-gen/spec";
import { packageApis } from "@/lib/client-gen/packages/info";
import { ownDb, startServer } from "../helpers/own-server";
import { startServer as startProcess } from "../helpers/server";
import { type RealCallback, realCallback } from "../helpers/real-callback";
import { base, http, newApp, origin, type TestApp } from "../helpers/apps";

const execFileAsync = promisify(execFile);
const drivers = path.join(import.meta.dirname, "drivers");
const push = operations.find((o) => o.id === "collect.push")!;
const forced = push.scenarios.find((s) => isErrorOutcome(s.outcome))!;
let app: TestApp;

beforeAll(async () => {
  app = await newApp();
});

const tmp = (kind: string) => fs.mkdtempSync(path.join(os.tmpdir(), `pkg-${kind}-`));
const collectBody = () => ({ ...exampleBody(push), reference: `L-${randomBase62(10)}` });

/**
 * The drivers' configuration, written to dir/config.json, with a callback the
 * server has just posted: one taken once for the whole file could be older than
 * the signature's tolerance by the time a slow package build is done.
 */
async function config(dir: string, extra: Record<string, unknown> = {}) {
  const callback: RealCallback = await realCallback(app);
  const file = path.join(dir, "config.json");
  fs.writeFileSync(file, JSON.stringify({
    key: app.keys.consumerKey, secret: app.keys.consumerSecret, base: base(), dir, callback,
    collect: { body: collectBody(), body2: collectBody(), errorScenario: forced.key, idField: push.resource.idField },
    payouts: { invalidBody: {} },
    ...extra,
  }));
  return file;
}

async function run(cmd: string, args: string[], env: Record<string, string>, cwd?: string) {
  try {
    const { stdout } = await execFileAsync(cmd, args, { encoding: "utf8", env: { ...process.env, ...env }, cwd, timeout: 120_000 });
    return stdout;
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(" ")} exited ${x.code}:\n${x.stdout}\n${x.stderr}`);
  }
}
const report = (stdout: string) => JSON.parse(stdout.trim().split("\n").pop()!);

/** What every language's driver must have seen. */
function checkReport(r: any) {
  expect(r.token).toBe(true);
  const id = r.created[push.resource.idField];
  expect(id).toMatch(new RegExp(`^${push.resource.prefix}_`));
  expect(r.read[push.resource.idField]).toBe(id);
  const [collectError, payoutsError] = r.errors;
  const outcome = forced.outcome as { error: string };
  expect(collectError).toMatchObject({ api: "collect", status: forced.status, code: outcome.error, requestId: expect.stringMatching(/^req_/) });
  expect(payoutsError).toMatchObject({ api: "payouts", status: 400, code: "VALIDATION_ERROR", requestId: expect.stringMatching(/^req_/) });
  expect(payoutsError.message).not.toBe("");
  expect(payoutsError.details.length).toBeGreaterThan(0);
  expect(payoutsError.details[0]).toEqual({ field: expect.any(String), message: expect.any(String) });
  expect(r.verify).toEqual([true, false]);
}

/**
 * The public names an integrator imports, per language: every error class its
 * core defines (read from lib/client-gen/core: a new one is checked too),
 * every API's client, and the rehearse builder. Each package is checked from
 * the outside by its language's tool: the names imported by their public
 * names, the rehearse builder typed as the client it was called on.
 */
const coreFile = (f: string) => fs.readFileSync(path.resolve(import.meta.dirname, "../../lib/client-gen/core", f), "utf8");
const errorClasses = (file: string, re: RegExp) => [...coreFile(file).matchAll(re)].map((m) => m[1]!);
const clientNames = () => packageApis().map((a) => clientSpec(a).className);

const needs = (cmd: string, hint: string) => {
  if (spawnSync(cmd, ["--version"], { encoding: "utf8" }).status !== 0) throw new Error(`${cmd} is needed for this test: ${hint}`);
};

async function download(url: string) {
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  return { type: r.headers.get("content-type"), etag: r.headers.get("etag"), bytes: Buffer.from(await r.arrayBuffer()) };
}

it("the docs' client page shows one install command per language with this portal's address", async () => {
  const page = await http("GET", `${origin()}/docs/clients`);
  expect(page.status).toBe(200);
  expect(page.text).toContain(`pip install --index-url ${origin()}/clients/pypi/simple/ svc-sandbox`);
  expect(page.text).toContain(`npm install ${origin()}/clients/npm/svc-sandbox.tgz`);
  expect(page.text).toContain(`composer config repositories.svc-sandbox composer ${origin()}/clients/composer`);
  expect(page.text).toContain(`${origin()}/clients/maven/`);
});

describe("the registries' files over plain HTTP", () => {
  it("PEP 503's addresses with their trailing slash answer 200 at once (no redirect), as pip asks for them; unknown files 404, other methods 405", async () => {
    for (const url of [`${origin()}/clients/pypi/simple/`, `${origin()}/clients/pypi/simple/svc-sandbox/`, `${origin()}/clients/pypi/simple/svc-sandbox/?x=1`, `${origin()}/clients/pypi/simple`]) {
      const r = await fetch(url, { redirect: "manual" });
      expect([url, r.status], r.headers.get("location") ?? "").toEqual([url, 200]);
      expect(await r.text()).toContain("svc-sandbox");
    }
    for (const path of ["pypi/simple/nothing/", "npm/other.tgz", "nothing.ts", "collect.exe", "maven/", "%2E%2E%2Fpackage.json", "pypi/%2E%2E%2F%2E%2E%2Fpackage.json"]) {
      const r = await fetch(`${origin()}/clients/${path}`);
      expect([path, r.status, ((await r.json()) as { error: string }).error]).toEqual([path, 404, "NOT_FOUND"]);
    }
    const post = await fetch(`${origin()}/clients/npm/svc-sandbox.tgz`, { method: "POST" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });

  it("every package file and single-file client carries its Content-Length", async () => {
    const wheel = /href="([^"#]+)#/.exec(await (await fetch(`${origin()}/clients/pypi/simple/svc-sandbox/`)).text())![1]!;
    const composer = (await (await fetch(`${origin()}/clients/composer/packages.json`)).json()) as { packages: Record<string, Record<string, { dist: { url: string } }>> };
    const dist = Object.values(composer.packages["svc/sandbox"]!)[0]!.dist.url;
    const repo = `${origin()}/clients/maven/svc/sandbox/svc-sandbox`;
    const version = /<release>([^<]+)<\/release>/.exec(await (await fetch(`${repo}/maven-metadata.xml`)).text())![1]!;
    const urls = [
      wheel, dist, `${origin()}/clients/npm/svc-sandbox.tgz`, `${origin()}/clients/pypi/simple/`,
      `${repo}/${version}/svc-sandbox-${version}.jar`, `${repo}/${version}/svc-sandbox-${version}.pom`, `${repo}/${version}/svc-sandbox-${version}.jar.sha1`,
      ...["ts", "py", "php", "java"].map((ext) => `${origin()}/clients/collect.${ext}`),
    ];
    for (const url of urls) {
      for (const encoding of ["identity", "gzip, br"]) {
        const r = await fetch(url, { headers: { "accept-encoding": encoding } });
        const bytes = Buffer.from(await r.arrayBuffer());
        expect([url, encoding, r.status, r.headers.get("content-length")]).toEqual([url, encoding, 200, String(bytes.length)]);
      }
      const head = await fetch(url, { method: "HEAD" });
      expect([url, head.status, Number(head.headers.get("content-length"))]).toEqual([url, 200, expect.any(Number)]);
      expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    }
  });
});

describe("Python: pip install from the portal's simple index", () => {
  it("installs into a fresh venv with no other index, runs, and passes mypy --strict", async () => {
    needs("python3", "install Python 3.8+");
    const root = await http("GET", `${origin()}/clients/pypi/simple/`);
    expect(root.status).toBe(200);
    expect(root.headers.get("content-type")).toMatch(/^text\/html/);
    expect(root.text).toContain(">svc-sandbox</a>");
    const page = await http("GET", `${origin()}/clients/pypi/simple/svc-sandbox/`);
    const link = /href="([^"#]+)#sha256=([0-9a-f]{64})"/.exec(page.text)!;
    const wheel = await download(link[1]!);
    expect(wheel.type).toBe("application/zip");
    expect(createHash("sha256").update(wheel.bytes).digest("hex")).toBe(link[2]);

    const dir = tmp("py");
    await run("python3", ["-m", "venv", path.join(dir, "venv")], {});
    const py = path.join(dir, "venv", "bin", "python");
    await run(py, ["-m", "pip", "install", "--no-cache-dir", "--disable-pip-version-check", "--index-url", `${origin()}/clients/pypi/simple/`, "svc-sandbox"], { PIP_CONFIG_FILE: "/dev/null" });
    checkReport(report(await run(py, [path.join(drivers, "package_driver.py")], { CONFIG: await config(dir) })));

    needs("mypy", "pip install mypy (or apt-get install mypy)");
    const site = (await run(py, ["-c", "import svc_sandbox, os; print(os.path.dirname(os.path.dirname(svc_sandbox.__file__)))"], {})).trim();
    expect(fs.existsSync(path.join(site, "svc_sandbox", "py.typed"))).toBe(true);
    const out = await run("mypy", ["--strict", "--no-incremental", "--python-executable", py, "-p", "svc_sandbox"], {});
    expect(out).toMatch(/^Success: no issues found/);

    // every public name from the package itself, and rehearse() typed as the client it was called on
    const errors = errorClasses("core.py", /^class (\w+)\((?:SandboxApiError|Exception)\):/gm);
    expect(errors).toContain("AlreadyAccepted");
    const names = [...errors, "ApiResponse", "verify_callback", ...clientNames()];
    fs.writeFileSync(path.join(dir, "names.py"), [
      `import svc_sandbox`,
      `from svc_sandbox import ${names.join(", ")}`,
      "",
      `missing = [n for n in ${JSON.stringify(names)} if n not in svc_sandbox.__all__]`,
      `assert not missing, missing`,
      ...errors.map((e) => `assert issubclass(${e}, SandboxApiError)`),
      ...clientNames().map((c, i) => `client${i}: ${c} = ${c}("k", "s").rehearse("lost_response")`),
      `print("names ok")`,
      "",
    ].join("\n"));
    expect((await run(py, [path.join(dir, "names.py")], {})).trim()).toBe("names ok");
    expect(await run("mypy", ["--strict", "--no-incremental", "--python-executable", py, path.join(dir, "names.py")], {})).toMatch(/^Success: no issues found/);
  }, 240_000);
});

describe("npm: npm install <portal>/clients/npm/svc-sandbox.tgz", () => {
  it("installs into an empty project with no registry, runs as plain JavaScript, and type-checks strictly", async () => {
    const url = `${origin()}/clients/npm/svc-sandbox.tgz`;
    const first = await download(url);
    expect(first.type).toBe("application/gzip");
    const again = await download(url);
    expect(again.etag).toBe(first.etag); // deterministic bytes
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect((await http("GET", url, { headers: { "if-none-match": first.etag! } })).status).toBe(304);
    const missing = await http("GET", `${origin()}/clients/npm/other.tgz`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });

    const dir = tmp("npm");
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "uses-svc-sandbox", private: true, type: "module" }));
    // An unreachable registry: the package needs none.
    await run("npm", ["install", "--no-audit", "--no-fund", "--registry", "http://127.0.0.1:9/", "--cache", path.join(dir, ".npm"), url], {}, dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "svc-sandbox", "package.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "svc-sandbox", type: "module", types: expect.any(String) });
    fs.copyFileSync(path.join(drivers, "package-driver.mjs"), path.join(dir, "driver.mjs"));
    checkReport(report(await run("node", [path.join(dir, "driver.mjs")], { CONFIG: await config(dir) }, dir)));

    fs.copyFileSync(path.join(drivers, "package-types.ts.txt"), path.join(dir, "use.ts"));
    const tsc = path.resolve("node_modules/.bin/tsc");
    const args = ["--ignoreConfig", "--noEmit", "--strict", "--exactOptionalPropertyTypes", "--target", "es2022", "--lib", "es2022,dom", "--module", "nodenext", "--moduleResolution", "nodenext", "--types", "", "use.ts"];
    const r = spawnSync(tsc, args, { cwd: dir, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);

    // every public name from the package itself, and the rehearse option (CallOptions' fault), type-checked and run
    const errors = errorClasses("core.ts", /^export class (\w+) extends (?:SandboxApiError|Error)\b/gm);
    expect(errors).toContain("AlreadyAcceptedError");
    const values = [...errors, "verifyCallback", ...clientNames()];
    fs.writeFileSync(path.join(dir, "names.ts"), [
      `import { ${values.join(", ")}, type CallOptions } from "svc-sandbox";`,
      `export const rehearse: CallOptions = { fault: "lost_response" };`,
      ...errors.map((e) => `export const is${e} = (e: unknown): e is SandboxApiError => e instanceof ${e};`),
      `export const clients = [${clientNames().map((c) => `new ${c}({ consumerKey: "k", consumerSecret: "s" })`).join(", ")}];`,
      "",
    ].join("\n"));
    const named = spawnSync(tsc, [...args.slice(0, -1), "names.ts"], { cwd: dir, encoding: "utf8" });
    expect(named.stdout + named.stderr).toBe("");
    const loaded = await run("node", ["--input-type=module", "-e", `import * as m from "svc-sandbox"; console.log(JSON.stringify(${JSON.stringify(values)}.filter((n) => typeof m[n] !== "function")))`], {}, dir);
    expect(JSON.parse(loaded.trim())).toEqual([]);
  }, 240_000);
});

describe("PHP: the Composer repository's dist", () => {
  it("lists svc/sandbox with a zip whose sha1 matches; its autoload rules load every client; a PSR-18 client is used", async () => {
    needs("php", "apt-get install php-cli");
    const repo = await http("GET", `${origin()}/clients/composer/packages.json`);
    expect(repo.status).toBe(200);
    const versions = repo.body.packages["svc/sandbox"];
    const [entry] = Object.values<any>(versions);
    expect(entry.autoload["psr-4"]).toEqual({ "Svc\\Sandbox\\": "src/" });
    expect(entry.dist.type).toBe("zip");
    const dist = await download(entry.dist.url);
    expect(dist.type).toBe("application/zip");
    expect(createHash("sha1").update(dist.bytes).digest("hex")).toBe(entry.dist.shasum);

    const dir = tmp("php");
    fs.writeFileSync(path.join(dir, "dist.zip"), dist.bytes);
    await run("unzip", ["-q", "dist.zip"], {}, dir);
    for (const f of fs.readdirSync(path.join(dir, "src"))) await run("php", ["-l", path.join(dir, "src", f)], {});
    const r = report(await run("php", [path.join(drivers, "package-driver.php")], { CONFIG: await config(dir) }));
    checkReport(r);
    expect(r.psr18Requests).toBe(2); // the token and the send, both through the given client

    // every public name loads by its name through the package's autoload rules; rehearse() returns the client it was called on
    const errors = errorClasses("core.php", /^(?:final )?class (\w+) extends (?:SandboxApiError|\\RuntimeException)/gm);
    expect(errors).toContain("AlreadyAccepted");
    const autoload = fs.readFileSync(path.join(drivers, "package-driver.php"), "utf8").split("/** A minimal PSR-7")[0]!;
    fs.writeFileSync(path.join(dir, "names.php"), [
      autoload.replace("declare(strict_types=1);\n", `declare(strict_types=1);\n\nuse ${[...errors, ...clientNames()].map((n) => `Svc\\Sandbox\\${n}`).join(", ")};\n`),
      `$missing = array_values(array_filter([${[...errors, ...clientNames()].map((n) => `${n}::class`).join(", ")}], fn (string $c): bool => !class_exists($c)));`,
      ...errors.map((e) => `if (!is_a(${e}::class, SandboxApiError::class, true)) { $missing[] = '${e} is no SandboxApiError'; }`),
      ...clientNames().map((c) => `if (!((new ${c}('k', 's'))->rehearse('lost_response') instanceof ${c})) { $missing[] = '${c}::rehearse'; }`),
      `echo json_encode(['missing' => $missing]), "\\n";`,
      "",
    ].join("\n"));
    await run("php", ["-l", path.join(dir, "names.php")], {});
    expect(report(await run("php", [path.join(dir, "names.php")], { CONFIG: path.join(dir, "config.json") }))).toEqual({ missing: [] });
  });
});

describe("Java: the Maven repository", () => {
  it("holds the jar, sources, pom and metadata with their sha1s; a driver compiles and runs against the jar", async () => {
    needs("javac", "install a JDK 17+");
    const repo = `${origin()}/clients/maven/svc/sandbox/svc-sandbox`;
    const metadata = await http("GET", `${repo}/maven-metadata.xml`);
    expect(metadata.headers.get("content-type")).toMatch(/^text\/xml/);
    const version = /<release>([^<]+)<\/release>/.exec(metadata.text)![1]!;
    const dir = tmp("java");
    const files: Record<string, Buffer> = {};
    for (const file of [`${version}/svc-sandbox-${version}.jar`, `${version}/svc-sandbox-${version}-sources.jar`, `${version}/svc-sandbox-${version}.pom`, "maven-metadata.xml"]) {
      const got = await download(`${repo}/${file}`);
      const sha1 = (await http("GET", `${repo}/${file}.sha1`)).text.trim();
      expect(createHash("sha1").update(got.bytes).digest("hex"), file).toBe(sha1);
      if (file.endsWith(".jar")) expect(got.type).toBe("application/java-archive");
      files[file.slice(file.lastIndexOf("/") + 1)] = got.bytes;
    }
    const pom = files[`svc-sandbox-${version}.pom`]!.toString();
    expect(pom).toContain("<groupId>svc.sandbox</groupId>");
    expect(pom).toContain("<artifactId>svc-sandbox</artifactId>");
    expect(pom).toContain(`<version>${version}</version>`);
    const jar = path.join(dir, "svc-sandbox.jar");
    fs.writeFileSync(jar, files[`svc-sandbox-${version}.jar`]!);

    const out = path.join(dir, "classes");
    await run("javac", ["-Xlint:all", "-Werror", "-cp", jar, "-d", out, path.join(drivers, "PackageDriver.java")], {});
    const r = report(await run("java", ["-cp", `${jar}${path.delimiter}${out}`, "PackageDriver"], { CONFIG: await config(dir) }));
    checkReport(r);
    expect(r.strictJson).toEqual([true, true, true, true, true]);

    // every public name imported by its name, and the rehearse option (CallOptions.fault), compiled with every lint and run
    const errors = errorClasses("SandboxClient.java", /public static (?:final )?class (\w+) extends (?:SandboxApiError|RuntimeException)/g);
    expect(errors).toContain("AlreadyAccepted");
    fs.writeFileSync(path.join(dir, "Names.java"), [
      ...clientNames().map((c) => `import svc.sandbox.${c};`),
      ...[...errors, "CallOptions"].map((n) => `import svc.sandbox.SandboxClient.${n};`),
      "public class Names {",
      "  public static void main(String[] args) {",
      `    Class<?>[] errors = { ${errors.map((e) => `${e}.class`).join(", ")} };`,
      "    for (Class<?> e : errors) if (!SandboxApiError.class.isAssignableFrom(e)) throw new AssertionError(e);",
      `    Object[] clients = { ${clientNames().map((c) => `new ${c}("k", "s")`).join(", ")} };`,
      `    CallOptions rehearse = CallOptions.none().fault("lost_response");`,
      `    System.out.println(clients.length + " " + rehearse.fault());`,
      "  }",
      "}",
      "",
    ].join("\n"));
    await run("javac", ["-Xlint:all", "-Werror", "-cp", jar, "-d", out, path.join(dir, "Names.java")], {});
    expect((await run("java", ["-cp", `${jar}${path.delimiter}${out}`, "Names"], {})).trim()).toBe(`${clientNames().length} lost_response`);
  }, 180_000);
});

describe("the packages are compiled when the server starts, never on a request", () => {
  it("a server compiles them before it reports it listens; requests compile nothing; a second server on the same data folder, on another port, compiles nothing and serves its own address", async () => {
    const data = tmp("data"); // no compiled build kept from other tests (the suite's CLIENT_PACKAGES_DIR unset: the data folder's)
    const compiles = (log: string) => log.split("\n").filter((l) => /^\[clients\] \w+: compiled by /.test(l));
    // Work folders in the cache: one a process stopped mid-build left an hour ago, one of a build still running.
    const work = (startedAt: number) => path.join(data, "client-packages", `npm-${"0".repeat(24)}.4242.${startedAt}`);
    const [abandoned, running] = [work(Date.now() - 3_600_000), work(Date.now())];
    for (const dir of [abandoned, running]) fs.mkdirSync(path.join(dir, "src"), { recursive: true });
    const first = await startServer({ databaseUrl: (await ownDb("pkg_start_1")).url, env: { DATA_DIR: data, CLIENT_PACKAGES_DIR: "" } });
    const second = await (async () => {
      try {
        const log = first.log();
        const listening = log.indexOf("[server] portal on");
        // Both compiled packages, before the start line.
        expect(compiles(log.slice(0, listening)).map((l) => l.split(":")[0])).toEqual(expect.arrayContaining(["[clients] npm", "[clients] maven"]));
        const before = compiles(log).length;
        for (const file of ["maven/svc/sandbox/svc-sandbox/1.0.0/svc-sandbox-1.0.0.jar", "maven/svc/sandbox/svc-sandbox/maven-metadata.xml", "npm/svc-sandbox.tgz", "pypi/simple/svc-sandbox/"]) {
          expect((await fetch(`${first.origin}/clients/${file}`)).status, file).toBe(200);
        }
        expect(compiles(first.log())).toHaveLength(before);
        // The finished build swept the abandoned work folder, not the running one.
        expect([fs.existsSync(abandoned), fs.existsSync(running)]).toEqual([false, true]);
        return await startServer({ databaseUrl: (await ownDb("pkg_start_2")).url, env: { DATA_DIR: data, CLIENT_PACKAGES_DIR: "" } });
      } finally {
        await first.stop();
      }
    })();
    try {
      // The compiled output does not depend on the address: the second server reuses it.
      expect(compiles(second.log())).toEqual([]);
      const dir = tmp("pkg");
      const jar = path.join(dir, "p.jar");
      fs.writeFileSync(jar, Buffer.from(await (await fetch(`${second.origin}/clients/maven/svc/sandbox/svc-sandbox/1.0.0/svc-sandbox-1.0.0.jar`)).arrayBuffer()));
      const tgz = path.join(dir, "p.tgz");
      fs.writeFileSync(tgz, Buffer.from(await (await fetch(`${second.origin}/clients/npm/svc-sandbox.tgz`)).arrayBuffer()));
      // Its own address is what the compiled clients default to.
      const javap = await run("javap", ["-constants", "-cp", jar, "svc.sandbox.SandboxClient"], {});
      expect(javap).toContain(`DEFAULT_BASE_URL = "${second.origin}/sandbox"`);
      const { stdout: js } = await promisify(execFile)("tar", ["-xzOf", tgz, "package/dist/collect.js"]);
      expect(js).toContain(`defaultBaseUrl = "${second.origin}/sandbox"`);
    } finally {
      await second.stop();
    }
  }, 240_000);
});

// A host without a tool: a server process whose PATH lacks it (a portal in this process finds this process's tools).
describe("a host without a package's toolchain", () => {
  it("answers 503 SERVICE_UNAVAILABLE naming the missing tool, in the error body, and still serves the toolless registries", async () => {
    const own = await ownDb("no_javac");
    // Only node on PATH: no javac (the jar's classes are compiled on this host); a data
    // folder of its own: no compiled build kept from the tests above.
    const bin = tmp("bin");
    fs.symlinkSync(process.execPath, path.join(bin, "node"));
    const server = await startProcess({ databaseUrl: own.url, env: { PATH: bin, DATA_DIR: tmp("data"), CLIENT_PACKAGES_DIR: "" } });
    try {
      const r = await fetch(`${server.origin}/clients/maven/svc/sandbox/svc-sandbox/maven-metadata.xml`);
      expect(r.status).toBe(503);
      // The build failed as the server started: its Retry-After counts down from 60 s since then, not since this request.
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = (await r.json()) as { error: string; message: string; requestId: string };
      expect(body.error).toBe("SERVICE_UNAVAILABLE");
      expect(body.message).toContain("no javac");
      expect(body.requestId).toMatch(/^req_/);
      expect((await fetch(`${server.origin}/clients/pypi/simple/svc-sandbox/`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("a build that fails is remembered for as long as its Retry-After says, not run again on every request", async () => {
    const own = await ownDb("failing_javac");
    // A javac that fails, and writes a line for each time it runs.
    const bin = tmp("bin");
    const runs = path.join(bin, "runs.log");
    fs.writeFileSync(path.join(bin, "javac"), `#!/bin/sh\necho run >> '${runs}'\necho 'error: broken on purpose' >&2\nexit 1\n`, { mode: 0o755 });
    const server = await startProcess({ databaseUrl: own.url, env: { PATH: `${bin}:${process.env.PATH}`, DATA_DIR: tmp("data"), CLIENT_PACKAGES_DIR: "" } });
    try {
      const metadata = `${server.origin}/clients/maven/svc/sandbox/svc-sandbox/maven-metadata.xml`;
      const first = await fetch(metadata);
      expect(first.status).toBe(503);
      expect(((await first.json()) as { message: string }).message).toContain("javac failed on this portal's host");
      for (let i = 0; i < 3; i++) {
        const again = await fetch(metadata);
        expect(again.status).toBe(503);
        expect(((await again.json()) as { error: string }).error).toBe("SERVICE_UNAVAILABLE");
        const retryAfter = Number(again.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      expect(fs.readFileSync(runs, "utf8").trim().split("\n")).toEqual(["run"]);
    } finally {
      await server.stop();
    }
  });
});
