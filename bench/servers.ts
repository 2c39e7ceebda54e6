// The servers under test: `next start` on the bench build, and the same gateway
// handler on bare node:http (bench/node-http.ts), each in its own process group.
// Optional CPU profiles (BENCH_PROFILE=1: node --cpu-prof, not allowed in NODE_OPTIONS).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export type Server = { mount: string; origin: string; stop(): Promise<void>; profileDir?: string };

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
  for (const p of ["app", "components", "lib", "instrumentation.ts", "next.config.mjs", "prisma"]) walk(path.join(root, p));
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

/** Node flags of a server under test: a CPU profile (BENCH_PROFILE=1), the SQLite experiment (BENCH_SQLITE_SYNCHRONOUS). */
function nodeFlags(label: string, profile: boolean): { flags: string[]; profileDir?: string } {
  const flags: string[] = [];
  let profileDir: string | undefined;
  if (profile) {
    profileDir = path.join(root, "bench", "results", "profiles", `${label}-${Date.now()}`);
    fs.mkdirSync(profileDir, { recursive: true });
    flags.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`); // forked children inherit execArgv
  }
  if (process.env.BENCH_SQLITE_SYNCHRONOUS) flags.push("--require", path.join(root, "bench", "sqlite-synchronous.cjs"));
  return { flags, profileDir };
}

/** Spawns `node <flags> <args>` in its own process group and waits for /healthz. */
async function spawnServer(mount: string, port: number, label: string, profile: boolean, args: string[], env: Record<string, string>): Promise<Server> {
  const { flags, profileDir } = nodeFlags(label, profile);
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const proc = spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    detached: true, // own process group: next-server is a child of the next CLI
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PUBLIC_URL: origin, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (c) => (output += c));
  proc.stderr!.on("data", (c) => (output += c));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${mount} exited early:\n${output}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${mount} did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    mount,
    origin,
    profileDir,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      process.kill(-proc.pid!, "SIGTERM");
      await exited;
    },
  };
}

/** `next start` on the bench build (NEXT_DIST_DIR). */
export function startNext(opts: { databaseUrl: string; port: number; env?: Record<string, string>; label: string; profile: boolean }): Promise<Server> {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  return spawnServer("next start", opts.port, opts.label, opts.profile, [next, "start", "-p", String(opts.port), "-H", "127.0.0.1"], {
    DATABASE_URL: opts.databaseUrl,
    ...opts.env,
  });
}

/** The same gateway handler on bare node:http (bench/node-http.ts). */
export function startNodeHttp(opts: { databaseUrl: string; port: number; env?: Record<string, string>; label: string; profile: boolean }): Promise<Server> {
  return spawnServer("node:http", opts.port, opts.label, opts.profile, ["--import", "tsx", "bench/node-http.ts", String(opts.port)], {
    DATABASE_URL: opts.databaseUrl,
    ...opts.env,
  });
}

/** The largest .cpuprofile a stopped server left (Next may write one per process). */
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
