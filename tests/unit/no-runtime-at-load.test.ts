// Loading the server's modules reads no runtime: a portal's settings, clock and parts are read while
// it serves, never when a module loads (a client component's bundle loads parts of lib too, and the
// browser has no runtime; a runtime made at load would be a default one on process.env's settings).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

it("importing server/portal.ts (and through it every module the server loads) makes no runtime", () => {
  const root = path.resolve(__dirname, "../..");
  const script = `import(${JSON.stringify(path.join(root, "server/portal.ts"))}).then(() => ` +
    `console.log(JSON.stringify({ fallback: Boolean(globalThis.__svcPortal?.fallback) })));`;
  const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["--eval", script], { cwd: root, encoding: "utf8", timeout: 120_000 });
  expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ fallback: false });
});
