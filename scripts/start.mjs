// npm start: builds once if there is no build yet, then serves the portal on
// PORT (default 3000). Migrations are applied by the server at start
// (instrumentation.ts); the auth secret is generated on first start.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const next = path.join(root, "node_modules", ".bin", "next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
  console.log("No build yet: building the portal (about a minute)...");
  const b = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const port = process.env.PORT || "3000";
const server = spawn(next, ["start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
