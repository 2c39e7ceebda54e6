// Our own clients' rehearsal samples (public/samples/rehearse/, served at
// /samples/rehearse/…), each run as-is with its language's toolchain beside
// the Payouts client downloaded from a portal: client-rehearsal.test.ts runs
// them against the suite's server, balancer.test.ts through haproxy.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { http } from "./apps";

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const samples = path.join(root, "public", "samples", "rehearse");

export type Language = { name: string; tool: string; client: string; sample: string; command: (dir: string) => [string, string[]]; compile?: (dir: string) => void };
export const LANGUAGES: Language[] = [
  { name: "TypeScript", tool: "node", client: "payouts.ts", sample: "rehearse.mts", command: (dir) => [path.join(root, "node_modules", ".bin", "tsx"), [path.join(dir, "rehearse.mts")]] },
  { name: "Python", tool: "python3", client: "payouts.py", sample: "rehearse.py", command: (dir) => ["python3", [path.join(dir, "rehearse.py")]] },
  { name: "PHP", tool: "php", client: "payouts.php", sample: "rehearse.php", command: (dir) => ["php", [path.join(dir, "rehearse.php")]] },
  {
    name: "Java", tool: "javac", client: "payouts.java", sample: "Rehearse.java",
    compile: (dir) => {
      fs.renameSync(path.join(dir, "payouts.java"), path.join(dir, "PayoutsClient.java"));
      const r = spawnSync("javac", ["-Xlint:all", "-Werror", "-d", path.join(dir, "out"), path.join(dir, "PayoutsClient.java"), path.join(dir, "Rehearse.java")], { encoding: "utf8" });
      expect(r.stderr + r.stdout).toBe("");
    },
    command: (dir) => ["java", ["-cp", path.join(dir, "out"), "svc.sandbox.Rehearse"]],
  },
];

/** The sample, as `origin` serves it, beside the client it serves (generated for `origin`), compiled where the language needs it. */
export async function prepareRehearsal(lang: Language, origin: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearse-"));
  const client = await http("GET", `${origin}/clients/${lang.client}`);
  expect(client.status).toBe(200);
  fs.writeFileSync(path.join(dir, lang.client), client.text);
  const sample = await http("GET", `${origin}/samples/rehearse/${lang.sample}`);
  expect(sample.status).toBe(200);
  expect(sample.text).toBe(fs.readFileSync(path.join(samples, lang.sample), "utf8"));
  fs.writeFileSync(path.join(dir, lang.sample), sample.text);
  lang.compile?.(dir);
  return dir;
}

/** The sample's JSON report: the one line of its output that is an object. */
export const reportIn = (stdout: string) => JSON.parse(stdout.split("\n").find((l) => l.startsWith("{"))!);

/** One run of the sample with `env` (SANDBOX_URL, SANDBOX_KEY, …), each fault asked for per call: its report. */
export async function runRehearsal(lang: Language, dir: string, env: Record<string, string>) {
  const [cmd, args] = lang.command(dir);
  try {
    const { stdout } = await execFileAsync(cmd, args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...env }, timeout: 90_000 });
    return reportIn(stdout);
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} exited ${x.code}:\n${x.stdout}\n${x.stderr}`);
  }
}
