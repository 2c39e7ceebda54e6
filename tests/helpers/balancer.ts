// Debian's haproxy and prometheus run by a test as child processes in the
// foreground, from the configurations the docs serve (public/samples/haproxy.cfg,
// public/samples/prometheus.yml) with only addresses, paths and intervals
// replaced, so the documented files are the ones tested.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

const root = path.resolve(import.meta.dirname, "..", "..");
export const sample = (file: string) => fs.readFileSync(path.join(root, "public", "samples", file), "utf8");

const onPath = (bin: string) => spawnSync("sh", ["-c", `command -v ${bin}`]).status === 0;
const underCi = () => ["true", "1"].includes(process.env.CI ?? "");

/**
 * Whether a test needing `bins` runs: true when all are installed. Missing ones skip the
 * test with a message, except under CI (CI=true), where the test runs and fails on them
 * (`missing` says which), since scripts/test.sh installs them.
 */
export function tools(...bins: string[]): { run: boolean; missing: string[] } {
  const missing = bins.filter((b) => !onPath(b));
  if (missing.length && !underCi()) console.warn(`skipped: ${missing.join(", ")} not installed (apt-get install haproxy prometheus); under CI=true this fails`);
  return { run: missing.length === 0 || underCi(), missing };
}

/** One line of a documented file replaced; throws if the documented file no longer has it (the test would no longer test it). */
function swap(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`the documented configuration no longer matches ${pattern}`);
  return text.replace(pattern, by);
}

/** A child process whose output lines a test waits on. */
class Watched {
  output = "";
  private waiters = new Set<() => void>();
  constructor(readonly proc: ChildProcess, readonly name: string) {
    const seen = (c: Buffer) => {
      this.output += c;
      for (const w of this.waiters) w();
    };
    proc.stdout!.on("data", seen);
    proc.stderr!.on("data", seen);
    proc.once("exit", () => {
      for (const w of this.waiters) w();
    });
  }
  /** Resolves with the first line matching `re` written after `from` (an offset in `output`); a generous deadline. */
  line(re: RegExp, from = 0, timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.output.slice(from).split("\n").find((l) => re.test(l));
        if (hit !== undefined) return done(() => resolve(hit));
        if (this.proc.exitCode !== null || this.proc.signalCode !== null) done(() => reject(new Error(`${this.name} exited:\n${this.output}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`${this.name} wrote no line matching ${re} in ${timeoutMs} ms:\n${this.output.slice(-4000)}`))), timeoutMs);
      const done = (f: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        f();
      };
      this.waiters.add(check);
      check();
    });
  }
  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((r) => this.proc.once("exit", r));
    this.proc.kill("SIGTERM");
    await exited;
  }
}

export type Haproxy = {
  origin: string;
  log: Watched;
  /** One command to the runtime API (its stats socket); its answer. */
  admin(command: string): Promise<string>;
  /** A server's row of `show stat`, by column name (status, stot, wretr, wredis…). */
  stat(server: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

/** haproxy -db on public/samples/haproxy.cfg: its frontend on a port of the test's, its servers `portal1…` at `ports`, checks every `inter`. */
export async function startHaproxy(ports: number[], inter = "200ms"): Promise<Haproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-haproxy-"));
  const socket = path.join(dir, "admin.sock");
  const port = await freePort(); // haproxy cannot bind port 0 and report it
  let cfg = sample("haproxy.cfg");
  cfg = swap(cfg, /^(\s*)bind :80$/m, `$1bind 127.0.0.1:${port}`);
  cfg = swap(cfg, /\/run\/haproxy\/admin\.sock/, socket);
  cfg = swap(cfg, /\binter 2s\b/, `inter ${inter}`);
  cfg = swap(cfg, /^(\s*server portal\d+ \S+\n)+/m, ports.map((p, i) => `    server portal${i + 1} 127.0.0.1:${p}\n`).join(""));
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, cfg);
  const log = new Watched(spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] }), "haproxy");
  const admin = (command: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = "";
      const c = net.connect(socket, () => c.end(`${command}\n`));
      c.on("data", (d) => (answer += d));
      c.on("end", () => resolve(answer));
      c.on("error", reject);
    });
  const stat = async (server: string) => {
    const [head, ...rows] = (await admin("show stat")).trim().split("\n");
    const names = head!.replace(/^# /, "").split(",");
    const row = rows.map((r) => r.split(",")).find((r) => r[0] === "portal" && r[1] === server);
    if (!row) throw new Error(`no server ${server} in haproxy's stats`);
    return Object.fromEntries(names.map((n, i) => [n, row[i] ?? ""]));
  };
  // Serving once the socket answers (haproxy binds its frontend before it opens the socket's listener).
  for (const deadline = Date.now() + 30_000; ; ) {
    try {
      await admin("show info");
      break;
    } catch (e) {
      if (Date.now() > deadline || log.proc.exitCode !== null) throw new Error(`haproxy did not start: ${(e as Error).message}\n${log.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { origin: `http://127.0.0.1:${port}`, log, admin, stat, stop: () => log.stop() };
}

export type Prometheus = { origin: string; log: Watched; stop(): Promise<void> };

/** prometheus on public/samples/prometheus.yml: scraping `targets` every second, its storage in a temp dir, its token file holding `token`. */
export async function startPrometheus(targets: string[], token: string): Promise<Prometheus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-prometheus-"));
  const tokenFile = path.join(dir, "portal-metrics-token");
  fs.writeFileSync(tokenFile, token, { mode: 0o600 });
  let cfg = sample("prometheus.yml");
  cfg = swap(cfg, /scrape_interval: 15s/, "scrape_interval: 1s");
  cfg = swap(cfg, /\/etc\/prometheus\/portal-metrics-token/, tokenFile);
  cfg = swap(cfg, /targets: \[[^\]]*\]/, `targets: [${targets.map((t) => `"${t}"`).join(", ")}]`);
  const file = path.join(dir, "prometheus.yml");
  fs.writeFileSync(file, cfg);
  const port = await freePort(); // prometheus cannot bind port 0 and report it
  const args = [`--config.file=${file}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=info"];
  const log = new Watched(spawn("prometheus", args, { stdio: ["ignore", "pipe", "pipe"] }), "prometheus");
  await log.line(/Server is ready to receive web requests/);
  return { origin: `http://127.0.0.1:${port}`, log, stop: () => log.stop() };
}

/** `promtool check metrics` on an exposition: its exit code and what it said. */
export function promtoolCheck(exposition: string): { code: number | null; output: string } {
  const r = spawnSync("promtool", ["check", "metrics"], { input: exposition, encoding: "utf8" });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}
