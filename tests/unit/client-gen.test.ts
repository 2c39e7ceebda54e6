// The generated TypeScript clients compile under strict type checking and
// carry one typed method per operation. (They run against the real server in
// tests/integration/newman.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { apis, operations } from "@/lib/catalog";
import { clientSource } from "@/lib/client-gen/client";
import { opSlug } from "@/lib/docs/urls";

it("every API's client type-checks with tsc --strict", () => {
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
  const r = spawnSync(tsc, ["--ignoreConfig", "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022,dom", "--module", "esnext", "--moduleResolution", "bundler", ...files, path.join(dir, "use.ts")], { encoding: "utf8", cwd: dir });
  expect(r.stdout + r.stderr).toBe("");
  expect(r.status).toBe(0);
});

it("has one method per operation", () => {
  for (const api of apis) {
    const src = clientSource(api);
    for (const op of operations.filter((o) => o.api === api.id)) expect(src).toMatch(new RegExp(`\\n  async ${opSlug(op)}\\(`));
  }
});
