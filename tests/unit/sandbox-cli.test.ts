// cli/sandbox.mjs is downloaded and run by integrators on Node 18+: one file,
// node: built-ins only, no syntax or API newer than Node 18. (Its behaviour is
// tested against the real server in tests/integration/listen.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const file = path.resolve(import.meta.dirname, "..", "..", "cli", "sandbox.mjs");
const source = fs.readFileSync(file, "utf8");
/** The source without comments and string contents, so usage texts do not trip the checks. */
const code = source
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/(^|[^:])\/\/.*$/gm, "$1")
  .replace(/`(?:\\.|[^`\\])*`/g, "``")
  .replace(/"(?:\\.|[^"\\\n])*"/g, '""');

describe("cli/sandbox.mjs", () => {
  it("parses as a module", () => {
    const r = spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  });

  it("imports node: built-ins only", () => {
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((m) => !m!.startsWith("node:"))).toEqual([]);
    expect(code).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it("uses nothing newer than Node 18", () => {
    // APIs that arrived in Node 19–22 (the regexp `v` flag is the one newer syntax).
    const newer = [
      /\.toSorted\(/, /\.toReversed\(/, /\.toSpliced\(/, /\.isWellFormed\(/, /\bObject\.groupBy\b/, /\bMap\.groupBy\b/,
      /\bPromise\.withResolvers\b/, /\bArray\.fromAsync\b/, /\bAbortSignal\.any\b/, /import\.meta\.(dirname|filename)/,
      /\bprocess\.loadEnvFile\b/, /\bstyleText\b/, /\bnavigator\b/, /\bWebSocket\b/, /\bfs\.(glob|promises\.glob)\b/, /\/[dgimsuy]*v[dgimsuy]*\.(test|exec)\(/,
    ];
    for (const re of newer) expect(code, String(re)).not.toMatch(re);
  });

  describe("its command line", () => {
    const run = (...args: string[]) => {
      const r = spawnSync(process.execPath, [file, ...args], { encoding: "utf8", env: { ...process.env, SANDBOX_URL: "", SANDBOX_KEY: "", SANDBOX_SECRET: "" } });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const version = /const VERSION = "([^"]+)"/.exec(source)![1]!;

    it("no arguments: the usage on stderr, nothing on stdout, exit 2; --help and help print it on stdout, exit 0", () => {
      const none = run();
      expect([none.code, none.stdout]).toEqual([2, ""]);
      expect(none.stderr).toMatch(/^sandbox\.mjs — the Svc Sandbox command line/);
      for (const args of [["--help"], ["-h"], ["help"]]) {
        const help = run(...args);
        expect([help.code, help.stderr], args.join(" ")).toEqual([0, ""]);
        expect(help.stdout).toMatch(/^sandbox\.mjs — the Svc Sandbox command line/);
      }
    });

    it("-v and --version print the version", () => {
      for (const flag of ["-v", "--version"]) expect(run(flag)).toEqual({ code: 0, stdout: `sandbox.mjs ${version}\n`, stderr: "" });
    });

    it("-- ends the options: what follows is positional, even when it looks like an option", () => {
      const r = run("--", "--version");
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("unknown command --version");
      // The value of a string option may still be "--" itself.
      expect(run("token", "--key", "--", "--url", "http://127.0.0.1:9").stderr).toContain("no consumer secret");
    });

    it("check --help lists every way to give the secret", () => {
      const help = run("check", "--help").stdout;
      for (const flag of ["--portal", "--key", "--secret-file", "--secret-stdin", "--secret <secret>"]) expect(help).toContain(flag);
    });
  });
});
