// The CI configurations /docs/testing shows (lib/docs/ci-jobs.ts), run as the
// CI services would run them: every parallel job of the GitHub Actions matrix
// and of the GitLab job at once, each step's shell commands in bash in a
// directory of its own, with the app's keys as the secrets / CI variables. Each
// job takes its own throwaway sandbox from the one app; none sees another's,
// and the app itself keeps nothing of theirs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import YAML from "yaml";
import { CI_PARALLEL, githubWorkflow, gitlabJob } from "@/lib/docs/ci-jobs";
import { ownerView } from "../helpers/owner-view";
import { newApp, origin } from "../helpers/apps";

function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const p = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd, env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: cwd, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    p.stdout.on("data", (c) => (output += c));
    p.stderr.on("data", (c) => (output += c));
    p.on("close", (code) => resolve({ code, output }));
  });
}

/** One job: its commands in order, stopping at the first failure; answers the output. */
async function job(commands: { run: string; env: Record<string, string> }[]): Promise<{ code: number | null; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-ci-job-"));
  let output = "";
  for (const c of commands) {
    const r = await bash(c.run, c.env, dir);
    output += r.output;
    if (r.code !== 0) return { code: r.code, output };
  }
  return { code: 0, output };
}

const expectPassed = (r: { code: number | null; output: string }) => {
  expect(r.code, r.output).toBe(0);
  expect(r.output).toMatch(/tests 20\b/);
  expect(r.output).toMatch(/fail 0\b/);
};

it(`GitHub Actions: the workflow's ${CI_PARALLEL} matrix jobs pass at once, each in a sandbox of its own`, async () => {
  const a = await newApp();
  const secrets: Record<string, string> = { SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret };
  const wf = YAML.parse(githubWorkflow(origin()));
  const j = wf.jobs.scenarios;
  expect(j.strategy.matrix.shard).toHaveLength(CI_PARALLEL);
  const steps = (j.steps as { run?: string; uses?: string; env?: Record<string, string> }[]).filter((s) => s.run);
  expect(steps.length).toBeGreaterThan(0);
  const fill = (v: string) => v.replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_m, n: string) => secrets[n] ?? "");
  const results = await Promise.all(j.strategy.matrix.shard.map(() =>
    job(steps.map((s) => ({ run: s.run!, env: Object.fromEntries(Object.entries(s.env ?? {}).map(([k, v]) => [k, fill(String(v))])) })))));
  for (const r of results) expectPassed(r);
  // one sandbox per job, each made and ended by its job; the app holds no callback of theirs
  const owner = await ownerView(a);
  const made = await owner.requests({ operation: "dev.sandboxes.create" });
  expect(made).toHaveLength(CI_PARALLEL);
  const madeIds = await Promise.all(made.map(async (m) => (await owner.request(m.requestId)).responseBody.appId));
  expect(new Set(madeIds).size).toBe(CI_PARALLEL);
  expect((await owner.requests({ operation: "dev.sandboxes.delete" })).filter((r) => r.status === 204)).toHaveLength(CI_PARALLEL);
  expect(await owner.deliveries()).toEqual([]);
  expect((await owner.get("/inbox")).items).toEqual([]);
}, 240_000);

it(`GitLab CI: the job's ${CI_PARALLEL} parallel instances pass at once, each in a sandbox of its own`, async () => {
  const a = await newApp();
  const file = YAML.parse(gitlabJob(origin()));
  const j = file["sandbox-scenarios"];
  expect(j.parallel).toBe(CI_PARALLEL);
  const env = { ...j.variables, SANDBOX_KEY: a.keys.consumerKey, SANDBOX_SECRET: a.keys.consumerSecret };
  const results = await Promise.all(Array.from({ length: j.parallel as number }, (_, i) =>
    job((j.script as string[]).map((run) => ({ run, env: { ...env, CI_NODE_INDEX: String(i + 1), CI_NODE_TOTAL: String(j.parallel) } })))));
  for (const r of results) expectPassed(r);
  const made = await (await ownerView(a)).requests({ operation: "dev.sandboxes.create" });
  expect(made.filter((r) => r.status === 201)).toHaveLength(CI_PARALLEL);
  expect((await a.call("GET", "/dev/v1/sandboxes")).body.sandboxes).toEqual([]);
}, 240_000);
