// The servers under test, each in its own process group (its id is the
// group's, which bench/cpu.ts reads CPU time by): the portal started the way
// `npm start` starts it (scripts/start.mjs on the bench build); the anchors
// are started in bench/anchors.ts. BENCH_PROFILE=1: CPU profiles of the portal
// (node --cpu-prof).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../tests/helpers/server";
import { root } from "./settings";

export type Server = { mount: string; origin: string; pgid: number; stop(): Promise<void>; profileDir?: string };

/** Newest modification time (ms) of the files a build is made from. */
function newestSource(): number {
  let newest = 0;
  const walk = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      if (p.endsWith(path.join("lib", "generated"))) return;
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ["app", "components", "lib", "next.config.mjs", "prisma"]) walk(path.join(root, p));
  return newest;
}

/** Builds into NEXT_DIST_DIR when that folder has no build yet, or one older than the sources. */
export function ensureBuild(distDir: string) {
  const buildId = fs.statSync(path.join(root, distDir, "BUILD_ID"), { throwIfNoEntry: false });
  if (buildId && buildId.mtimeMs >= newestSource()) return;
  console.log(`[bench] ${buildId ? "sources changed since the build in" : "no build in"} ${distDir}: building (next build)…`);
  execFileSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

async function waitUp(proc: ChildProcess, url: string, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    if (await fetch(url).then((r) => r.status > 0, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start in 90 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function spawnGroup(mount: string, origin: string, cmd: string, args: string[], env: Record<string, string>, readyUrl: string, profileDir?: string): Promise<Server> {
  let output = "";
  const proc = spawn(cmd, args, { cwd: root, detached: true, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.on("data", (c) => (output = (output + c).slice(-20_000)));
  proc.stderr!.on("data", (c) => (output = (output + c).slice(-20_000)));
  const server: Server = {
    mount,
    origin,
    pgid: proc.pid!,
    profileDir,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      process.kill(-proc.pid!, "SIGTERM");
      await exited;
    },
  };
  return waitUp(proc, readyUrl, mount, () => output).then(() => server);
}

/** The portal as `npm start` runs it, on the bench build (NEXT_DIST_DIR), on a free port. */
export async function startPortal(opts: { mount: string; databaseUrl: string; env?: Record<string, string>; profile?: boolean }): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const flags: string[] = [];
  let profileDir: string | undefined;
  if (opts.profile) {
    profileDir = path.join(root, "bench", "results", "profiles", `${opts.mount.replace(/\W+/g, "-")}-${Date.now()}`);
    fs.mkdirSync(profileDir, { recursive: true });
    flags.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
  }
  // The bench's callbacks all go to one local receiver: the portal-wide per-host budget would hold most of them back.
  const env = {
    NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PUBLIC_URL: origin, PORT: String(port), HOST: "127.0.0.1",
    CALLBACKS_PER_HOST_PER_MINUTE: "1000000", DATABASE_URL: opts.databaseUrl, ...opts.env,
  };
  return spawnGroup(opts.mount, origin, process.execPath, [...flags, "scripts/start.mjs"], env, `${origin}/readyz`, profileDir);
}

/** The largest .cpuprofile a stopped server left. */
export async function largestProfile(dir: string | undefined): Promise<string | undefined> {
  if (!dir) return undefined;
  for (let i = 0; i < 50; i++) {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
    if (files.length) {
      await new Promise((r) => setTimeout(r, 500)); // let the writer finish
      return files.map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}
