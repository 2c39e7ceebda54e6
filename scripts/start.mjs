// npm start: builds once if there is no build yet, then runs our server
// (server/main.ts) in this process: the gateway and the inspector on our own
// listener, everything else through Next. PORT (default 3000), HOST.
// `--dev` (npm run dev): Next's dev mode, no build.
// Migrations are applied at start; the auth secret is generated on first start.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.NODE_ENV ??= dev ? "development" : "production";
const distDir = process.env.NEXT_DIST_DIR || ".next";

if (!dev && !fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
  console.log("No build yet: building the portal (about a minute)...");
  const next = path.join(root, "node_modules", ".bin", "next");
  const b = spawnSync(next, ["build"], { cwd: root, env: process.env, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
process.chdir(root);
register({ tsconfig: path.join(root, "tsconfig.json") });
await import("../server/main.ts");
