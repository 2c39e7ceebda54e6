// The TypeScript core alone (lib/client-gen/core/core.ts, with no Node
// types: it runs in browsers too) and every generated TypeScript client compile
// under the strictest common settings (@tsconfig/strictest's), and the clients
// carry one typed method per operation. (They run against the real server in
// tests/integration/clients.test.ts; the other languages' cores and clients
// are checked in client-cores.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { clientSource, TS_CORE } from "@/lib/client-gen/client";
import { coreDir } from "@/lib/client-gen/core-source";
import { opSlug } from "@/lib/docs/urls";

/** What a project that uses a client may turn on: its code must compile under all of it. */
const STRICTEST = [
  "--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noImplicitOverride", "--noImplicitReturns",
  "--noPropertyAccessFromIndexSignature", "--noFallthroughCasesInSwitch", "--noUnusedLocals", "--noUnusedParameters",
  "--allowUnusedLabels", "false", "--allowUnreachableCode", "false", "--isolatedModules", "--verbatimModuleSyntax",
];

it("the core and every API's client type-check with the strictest settings", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clients-"));
  const files = apis.map((a) => {
    const f = path.join(dir, `${a.id}.ts`);
    fs.writeFileSync(f, clientSource(a));
    return f;
  });
  // A use site: wrong argument types must not compile, right ones must.
  fs.writeFileSync(path.join(dir, "use.ts"), [
    'import { CollectClient } from "./collect";',
    'const c = new CollectClient({ consumerKey: "k", consumerSecret: "s" });',
    'export const ok = () => c.push({ shortCode: "1", amount: 1, currency: "KES", phoneNumber: "254712345678", reference: "r", callbackUrl: "https://x.test" }, { scenario: "paid" });',
    "// @ts-expect-error currency is an enum",
    'export const bad = () => c.push({ shortCode: "1", amount: 1, currency: "USD", phoneNumber: "254712345678", reference: "r", callbackUrl: "https://x.test" });',
    "// @ts-expect-error unknown scenario key",
    'export const badScenario = () => c.status("chk_1", { scenario: "paid" });',
  ].join("\n"));
  const tsc = path.resolve("node_modules/.bin/tsc");
  const core = path.join(coreDir(), TS_CORE.file);
  const r = spawnSync(tsc, ["--ignoreConfig", "--noEmit", ...STRICTEST, "--target", "es2022", "--lib", "es2022,dom", "--module", "esnext", "--moduleResolution", "bundler", "--types", "", core, ...files, path.join(dir, "use.ts")], { encoding: "utf8", cwd: dir });
  expect(r.stdout + r.stderr).toBe("");
  expect(r.status).toBe(0);
});

it("has one method per operation", () => {
  for (const api of apis) {
    const src = clientSource(api);
    for (const op of operations.filter((o) => o.api === api.id)) expect(src).toMatch(new RegExp(`\\n  async ${opSlug(op)}\\(`));
  }
});
