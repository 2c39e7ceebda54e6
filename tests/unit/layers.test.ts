// The layer rule (.dependency-cruiser.cjs, ARCHITECTURE.md "Layers") holds on
// the real tree, and it fails on each kind of break: an upward import, an import
// between folders of one tier, a cycle closed by a dynamic import or a type-only
// re-export, a type-only upward import, a folder that belongs to no tier, lib/
// reaching into an entry point, and a type written `import("…")` that the graph
// cannot see.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = path.join(root, ".dependency-cruiser.cjs");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

type Violation = { rule: { name: string }; from: string; to: string };

function cruise(cwd: string, targets: string[]): Violation[] {
  let out: string;
  try {
    out = execFileSync(depcruise, ["--config", config, "-T", "json", ...targets], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    // Exit status = the number of errors; the JSON report is still on stdout.
    out = (e as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Biome's findings on a tree (the layer rule's own plugin included), as printed. */
function biome(cwd: string): string {
  try {
    execFileSync(path.join(root, "node_modules/.bin/biome"), ["lint", "--vcs-enabled=false", "--colors=off", "."], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return "";
  } catch (e) {
    const { stdout, stderr } = e as { stdout: string; stderr: string };
    return stdout + stderr;
  }
}

/** A tree of its own, with the project's tsconfig (the `@/` alias) and the given files. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const names = (v: Violation[]) => v.map((x) => `${x.rule.name} ${x.from} -> ${x.to}`);

describe("the layer rule", () => {
  it("holds on lib/ and server/", () => {
    expect(names(cruise(root, ["lib", "server"]))).toEqual([]);
  });

  it("refuses an upward import (the engine reaching the pipeline)", () => {
    const dir = tree({
      "lib/engine/rule.ts": 'import { step } from "@/lib/gateway/step";\nexport const rule = step;\n',
      "lib/gateway/step.ts": "export const step = 1;\n",
    });
    expect(names(cruise(dir, ["lib"]))).toContain("layer:lib/engine lib/engine/rule.ts -> lib/gateway/step.ts");
  });

  it("refuses an import between two folders of one tier", () => {
    const dir = tree({
      "lib/mcp/tool.ts": 'import { run } from "@/lib/tryit/try-call";\nexport const tool = run;\n',
      "lib/tryit/try-call.ts": "export const run = 1;\n",
    });
    expect(names(cruise(dir, ["lib"]))).toContain("layer:lib/mcp lib/mcp/tool.ts -> lib/tryit/try-call.ts");
  });

  it("counts dynamic and type-only imports: a cycle closed by import() fails", () => {
    const dir = tree({
      "lib/callbacks/post.ts": 'export async function post() { const m = await import("./inbox"); return m.inbox; }\n',
      "lib/callbacks/inbox.ts": 'import type { post } from "./post";\nexport const inbox: typeof post | null = null;\n',
    });
    const found = names(cruise(dir, ["lib"]));
    expect(found.some((v) => v.startsWith("no-circular lib/callbacks/"))).toBe(true);
  });

  it("counts a type-only re-export: a cycle closed by `export type … from` fails", () => {
    const dir = tree({
      "lib/callbacks/store/types.ts": 'export type { Row } from "./statements";\nexport type Sent = { id: string };\n',
      "lib/callbacks/store/statements.ts": 'import type { Sent } from "./types";\nexport type Row = Sent & { n: number };\n',
    });
    const found = names(cruise(dir, ["lib"]));
    expect(found.some((v) => v.startsWith("no-circular lib/callbacks/store/"))).toBe(true);
  });

  it("counts type-only imports upward: `import type`, `import { type … }` and `export type … from` each fail", () => {
    const dir = tree({
      "lib/engine/rule.ts": 'import type { Step } from "@/lib/gateway/step";\nexport type Rule = Step;\n',
      "lib/engine/facts.ts": 'import { type Step } from "@/lib/gateway/step";\nexport type Facts = Step;\n',
      "lib/engine/index.ts": 'export type { Step } from "@/lib/gateway/step";\n',
      "lib/gateway/step.ts": "export type Step = { n: number };\n",
    });
    const found = names(cruise(dir, ["lib"]));
    for (const file of ["rule", "facts", "index"]) expect(found).toContain(`layer:lib/engine lib/engine/${file}.ts -> lib/gateway/step.ts`);
  });

  it("refuses a local module's type written `import(\"…\")`, which the graph cannot see (lint/no-local-import-type.grit)", () => {
    const dir = tree({
      "lib/engine/rule.ts": 'export type Rule = import("@/lib/gateway/step").Step;\nexport type Sock = import("node:net").Socket;\n',
      "server/main.ts": 'export type Mod = typeof import("../lib/gateway/step");\n',
      "lib/gateway/step.ts": "export type Step = { n: number };\n",
    });
    fs.copyFileSync(path.join(root, "biome.jsonc"), path.join(dir, "biome.jsonc"));
    fs.cpSync(path.join(root, "lint"), path.join(dir, "lint"), { recursive: true });
    const out = biome(dir);
    const refused = [...out.matchAll(/^(\S+):(\d+):\d+ plugin /gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(refused).toEqual(["lib/engine/rule.ts:1", "server/main.ts:1"]);
  });

  it("refuses a folder of lib/ that belongs to no tier, and lib/ importing an entry point", () => {
    const dir = tree({
      "lib/misc/helper.ts": 'import { page } from "@/app/page";\nexport const helper = page;\n',
      "app/page.ts": "export const page = 1;\n",
    });
    const found = names(cruise(dir, ["lib"]));
    expect(found).toContain("unplaced-module lib/misc/helper.ts -> app/page.ts");
    expect(found).toContain("lib-not-to-entry-points lib/misc/helper.ts -> app/page.ts");
  });
});
