// Our own clients pass their own checks: the rehearsal sample of each language
// (public/samples/rehearse/, served at /samples/rehearse/… and shown on
// /docs/rehearse), run as-is with the language's toolchain next to the Payouts
// client downloaded from the portal, sends a payout with each fault
// (X-Svc-Fault through the client's fault option) against the real server; then
// GET /dev/v1/client-checks says every check PASSED. The same sample with the
// client's retries off sends a refused payout again at once, and
// honours_retry_after FAILS with its why.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { base, fetchToken, http, newApp, origin, type TestApp } from "../helpers/sandbox";

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const samples = path.join(root, "public", "samples", "rehearse");

type Language = { name: string; tool: string; client: string; sample: string; command: (dir: string) => [string, string[]]; compile?: (dir: string) => void };
const LANGUAGES: Language[] = [
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

const FAULTS = ["lost_response", "slow_response", "error_after_commit", "unavailable", "rate_limited", "token_expired", "lost_callback", "early_callback"];

/** The sample, as served, beside the client, as downloaded. */
async function prepare(lang: Language) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearse-"));
  const client = await http("GET", `${origin()}/clients/${lang.client}`);
  expect(client.status).toBe(200);
  fs.writeFileSync(path.join(dir, lang.client), client.text);
  const sample = await http("GET", `${origin()}/samples/rehearse/${lang.sample}`);
  expect(sample.status).toBe(200);
  expect(sample.text).toBe(fs.readFileSync(path.join(samples, lang.sample), "utf8"));
  fs.writeFileSync(path.join(dir, lang.sample), sample.text);
  lang.compile?.(dir);
  return dir;
}

/** One run of the sample for `app`; its last line is the JSON report. */
async function rehearse(lang: Language, dir: string, app: TestApp, env: Record<string, string> = {}) {
  const [cmd, args] = lang.command(dir);
  const vars = { SANDBOX_URL: origin(), SANDBOX_KEY: app.keys.consumerKey, SANDBOX_SECRET: app.keys.consumerSecret, SANDBOX_CALLBACK_URL: app.inspectorUrl, ...env };
  try {
    const { stdout } = await execFileAsync(cmd, args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...vars }, timeout: 90_000 });
    return JSON.parse(stdout.trim().split("\n").pop()!);
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${cmd} exited ${x.code}:\n${x.stdout}\n${x.stderr}`);
  }
}

async function checksOf(app: TestApp) {
  const token = (await fetchToken(app.keys.consumerKey, app.keys.consumerSecret)).body.access_token;
  const r = await http("GET", `${base()}/dev/v1/client-checks`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status, r.text).toBe(200);
  return Object.fromEntries((r.body.checks as { name: string }[]).map((c) => [c.name, c])) as Record<string, any>;
}

describe.each(LANGUAGES)("the $name client rehearses every fault", (lang) => {
  it("handles each as production needs, and passes every client check; with retries off it fails honours_retry_after", async () => {
    if (spawnSync(lang.tool, ["--version"], { encoding: "utf8" }).status !== 0) throw new Error(`${lang.tool} is needed for this test`);
    const dir = await prepare(lang);
    const good = await newApp();
    const report = await rehearse(lang, dir, good);
    expect(Object.keys(report)).toEqual(FAULTS);
    // committed, answer lost: the retry with the same reference was answered 409, which the client told apart from a real duplicate
    for (const fault of ["lost_response", "slow_response", "error_after_commit"]) {
      expect(report[fault], fault).toEqual({ accepted: true, recovered: true, reference: expect.stringMatching(/^PAY-/) });
    }
    // refused on purpose, then accepted on the retry (after Retry-After; with a new token)
    for (const fault of ["unavailable", "rate_limited", "token_expired", "early_callback"]) {
      expect(report[fault], fault).toEqual({ accepted: true, payoutId: expect.stringMatching(/^pay_/) });
    }
    expect(report.lost_callback).toEqual({ accepted: true, payoutId: expect.stringMatching(/^pay_/), outcome: expect.stringMatching(/^(QUEUED|DELIVERED)$/) });
    const checks = await checksOf(good);
    for (const name of ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"]) {
      expect(checks[name], `${name}: ${checks[name]?.why}`).toMatchObject({ status: "PASSED" });
    }

    const off = await newApp();
    const offReport = await rehearse(lang, dir, off, { SANDBOX_RETRIES: "off" });
    expect(offReport).toEqual({ unavailable: { first: { error: "SERVICE_UNAVAILABLE" }, again: { accepted: true, payoutId: expect.stringMatching(/^pay_/) } } });
    const offChecks = await checksOf(off);
    expect(offChecks.honours_retry_after).toMatchObject({ status: "FAILED", why: expect.stringContaining("asking to retry after 1 s, your client called it again") });
  }, 150_000);
});
