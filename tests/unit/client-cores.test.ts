// The clients' cores (lib/client-gen/core/) alone and every API's
// generated client, checked by each language's own tools: Python py_compile,
// an import and mypy --strict (for 3.8, the oldest the clients support, and
// for the Python mypy runs on); php -l and loading every client in one PHP
// process with every error reported; javac with every lint and doclint
// warning an error. (TypeScript: client-gen.test.ts. All of them run against
// the real server in tests/integration/clients.test.ts and
// clients-languages.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apis } from "@/lib/catalog";
import { TS_CORE, tsCoreSource } from "@/lib/client-gen/client";
import { JAVA_CORE, javaFileName, javaSource } from "@/lib/client-gen/java";
import { TIME_SCALE_HEADER } from "@/lib/client-gen/options";
import { PHP_CORE, phpNamespace, phpSource } from "@/lib/client-gen/php";
import { PYTHON_CORE, pythonSource } from "@/lib/client-gen/python";
import { referenceField, coreDir, coreSource, type Core, type CoreValue } from "@/lib/client-gen/core-source";
import { clientSpec } from "@/lib/client-gen/spec";
import { FAULT_HEADER, SCENARIO_HEADER } from "@/lib/engine";

/** A fresh directory holding the core file and every API's client. */
function sources(kind: string, { file: core }: Core, client: (api: (typeof apis)[number]) => { name: string; text: string }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `client-cores-${kind}-`));
  fs.copyFileSync(path.join(coreDir(), core), path.join(dir, core));
  const files = [path.join(dir, core)];
  for (const api of apis) {
    const { name, text } = client(api);
    files.push(path.join(dir, name));
    fs.writeFileSync(files.at(-1)!, text);
  }
  return { dir, files };
}

/** Runs a tool; it must succeed, and print nothing unless `prints` says what its success looks like. */
function check(cmd: string, args: string[], cwd: string, prints?: RegExp) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 120_000 });
  if (r.error) throw new Error(`${cmd} did not run: ${r.error.message}`);
  const out = `${r.stdout}${r.stderr}`;
  expect(r.status, `${cmd} ${args.join(" ")}:\n${out}`).toBe(0);
  if (prints) expect(out).toMatch(prints);
  else expect(out).toBe("");
}

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, [...args, "--version"], { encoding: "utf8" }).status === 0;
const needs = (cmd: string, hint: string) => {
  if (!has(cmd)) throw new Error(`${cmd} is needed for this test: ${hint}`);
};

describe("Python", () => {
  const py = () => sources("py", PYTHON_CORE, (api) => ({ name: `${api.id.replace(/-/g, "_")}.py`, text: pythonSource(api) }));

  it("the core and every client compile and import with warnings as errors", () => {
    needs("python3", "install Python 3.8+");
    const { dir, files } = py();
    check("python3", ["-W", "error", "-m", "py_compile", ...files], dir);
    const modules = files.map((f) => path.basename(f, ".py"));
    check("python3", ["-W", "error", "-c", `import ${modules.join(", ")}`], dir);
  });

  it("the core and every client type-check with mypy --strict", (ctx) => {
    // Debian's mypy (scripts/test.sh installs it as root); else mypy as a module of python3.
    const mypy = has("mypy") ? ["mypy"] : has("python3", "-m", "mypy") ? ["python3", "-m", "mypy"] : null;
    if (!mypy) return ctx.skip("mypy is not installed: apt-get install mypy (scripts/test.sh does it as root) or pip install mypy");
    const { dir, files } = py();
    for (const version of [["--python-version", "3.8"], []]) {
      check(mypy[0]!, [...mypy.slice(1), "--strict", "--warn-unreachable", "--cache-dir", path.join(dir, ".mypy_cache"), ...version, ...files], dir, /^Success: no issues found/);
    }
  });
});

describe("PHP", () => {
  it("the core and every client pass php -l, and load together with every error reported", () => {
    needs("php", "apt-get install php-cli (scripts/test.sh does it as root)");
    const { dir, files } = sources("php", PHP_CORE, (api) => ({ name: `${api.id}.php`, text: phpSource(api) }));
    for (const f of files) check("php", ["-l", f], dir, /^No syntax errors detected/);
    // Loading declares every class (inheritance and signatures are checked then); each client is built once.
    const build = apis.map((api) => `new \\${phpNamespace(api)}\\${clientSpec(api).className}('key', 'secret');`).join(" ");
    const code = `foreach (array_slice($argv, 1) as $f) { require $f; } ${build}`;
    check("php", ["-d", "error_reporting=-1", "-d", "display_errors=stderr", "-r", code, "--", ...files], dir);
  });
});

describe("Java", () => {
  it("the core alone and every client compile with -Xlint:all -Xdoclint:all,-missing -Werror", () => {
    needs("javac", "install a JDK 17+");
    const { dir, files } = sources("java", JAVA_CORE, (api) => ({ name: javaFileName(api), text: javaSource(api) }));
    // One compilation, one class per file: the core needs nothing from the clients.
    check("javac", ["-Xlint:all", "-Xdoclint:all,-missing", "-Werror", "--release", "17", "-d", path.join(dir, "classes"), ...files], dir);
    expect(fs.readdirSync(path.join(dir, "classes", "svc", "sandbox"))).toContain(JAVA_CORE.file.replace(/java$/, "class"));
  });
});

describe("the core files", () => {
  it("name the contract's headers as they stand (a package can ship them unchanged)", () => {
    for (const { file } of [TS_CORE, PYTHON_CORE, PHP_CORE, JAVA_CORE]) {
      const text = fs.readFileSync(path.join(coreDir(), file), "utf8");
      for (const [name, value] of Object.entries({ SCENARIO_HEADER, TIME_SCALE_HEADER, FAULT_HEADER })) {
        const line = text.split("\n").find((l) => l.endsWith(`generator: ${name}`));
        expect(line, `${file} marks ${name}`).toBeDefined();
        expect(line).toMatch(new RegExp(`["']${value}["']`));
      }
    }
  });

  it("read what makes a call safe to send again from the catalog's referenceField, one name for every operation", () => {
    expect(referenceField()).toBe("reference");
    for (const rt of [TS_CORE, PYTHON_CORE, PHP_CORE, JAVA_CORE]) {
      const text = fs.readFileSync(path.join(coreDir(), rt.file), "utf8");
      expect(text.split("\n").find((l) => l.endsWith("generator: REFERENCE_FIELD")), `${rt.file} marks REFERENCE_FIELD`).toMatch(/["']reference["']/);
      // no other line names the field itself: a catalog that called it otherwise would be followed everywhere
      const code = text.split("\n").filter((l) => !/^\s*(\*|\/\/|#|\/\*\*)/.test(l) && !l.endsWith("generator: REFERENCE_FIELD"));
      expect(code.filter((l) => /["']reference["']/.test(l)), rt.file).toEqual([]);
      const own: Record<string, CoreValue> = rt === TS_CORE ? { ERROR_CODES: { code: '"X"' } } : rt === JAVA_CORE ? { BASE_URL: "http://x.test" } : {};
      const filled = coreSource(rt, { ...own, REFERENCE_FIELD: "idempotency_key" });
      expect(filled).toContain(rt.quote("idempotency_key"));
    }
    expect(() => referenceField([{ id: "a", referenceField: "reference" }, { id: "b", referenceField: "ref" }])).toThrow("the catalog names reference, ref");
  });

  it("are embedded without heading and markers, and only when every value has its marked line", () => {
    const embedded = tsCoreSource();
    expect(embedded).toMatch(/^\/\*\* The request header that forces a scenario/);
    expect(embedded).toContain('type SandboxErrorCode = "INVALID_CLIENT" | ');
    expect(embedded).toContain(`const SCENARIO_HEADER = ${JSON.stringify(SCENARIO_HEADER)};\n`);
    expect(embedded).not.toContain("generator:");
    expect(() => coreSource(TS_CORE)).toThrow("the generator has no value ERROR_CODES");
    expect(() => coreSource(TS_CORE, { ERROR_CODES: { code: '"X"' }, BASE_URL: "http://x.test" })).toThrow("no line is marked generator: BASE_URL");
    expect(() => coreSource({ ...TS_CORE, heading: /^package / })).toThrow("does not start with its heading");
  });
});
