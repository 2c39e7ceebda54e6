// Our own clients pass their own checks: the rehearsal sample of each language
// (public/samples/rehearse/, served at /samples/rehearse/… and shown on
// /docs/rehearse), run as-is with the language's toolchain next to the Payouts
// client downloaded from the portal, against the real server, two ways:
// - per call: a payout with each fault (X-Svc-Fault through the client's fault
//   option); each is handled as production needs and every client check PASSED;
// - under a plan, as an integrator runs it: `sandbox.mjs rehearse -- <command>`
//   sets the default plan (every fault, on the first 8 calls of Payouts send,
//   retries included) and the sample makes plain calls (SANDBOX_PAYOUTS=4, no
//   fault asked for); every check PASSED, the CLI exits 0. With the client's
//   retries off the sample goes on at once after a 503, and the CLI exits 1
//   with honours_retry_after FAILED and its why.
// The samples wait SANDBOX_CALLBACK_WAIT_SECONDS (2 s) for a callback that never
// comes to a script before they read the status; 0.1 s here, four such waits a language.
// The four languages rehearse at once, each with apps of its own: most of a run is a
// client waiting out a Retry-After or its timeout. So that load never passes for a
// fault, every call may take 6 s (SANDBOX_TIMEOUT_SECONDS, 2 by default) and the
// calls run at time scale 0.3 (SANDBOX_TIME_SCALE, 0.1), where slow_response answers
// after 9 s: still cut short by the timeout. Every sample is fetched (and Java's
// compiled) before any rehearses, so no compiler runs beside a timed call.
import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { base, fetchToken, http, kesGiven, newApp, origin, type TestApp } from "../helpers/apps";
import { LANGUAGES, prepareRehearsal, reportIn, runRehearsal, type Language } from "../helpers/rehearsal";

const root = path.resolve(import.meta.dirname, "..", "..");
const CLI = path.join(root, "cli", "sandbox.mjs");

const GATEWAY_FAULTS = ["lost_response", "slow_response", "error_after_commit", "unavailable", "rate_limited", "token_expired", "lost_callback", "early_callback"];

const envOf = (app: TestApp, env: Record<string, string>) =>
  ({
    ...process.env, SANDBOX_URL: origin(), SANDBOX_KEY: app.keys.consumerKey, SANDBOX_SECRET: app.keys.consumerSecret, SANDBOX_CALLBACK_URL: app.inspectorUrl,
    SANDBOX_CALLBACK_WAIT_SECONDS: "0.1", SANDBOX_TIMEOUT_SECONDS: "6", SANDBOX_TIME_SCALE: "0.3", ...env,
  });
/** One run of the sample for `app`, each fault asked for per call. */
const rehearse = (lang: Language, dir: string, app: TestApp, env: Record<string, string> = {}) => runRehearsal(lang, dir, envOf(app, env));

/** `sandbox.mjs rehearse -- <the sample>` for `app`, the sample making plain calls: its exit code, output, and the sample's report. */
async function rehearseUnderPlan(lang: Language, dir: string, app: TestApp, env: Record<string, string> = {}) {
  const [cmd, args] = lang.command(dir);
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [CLI, "rehearse", "--", cmd, ...args], { cwd: dir, encoding: "utf8", env: envOf(app, { SANDBOX_PAYOUTS: "4", ...env }), timeout: 120_000 },
      (e, stdout, stderr) => resolve({ code: e ? Number((e as { code?: number }).code ?? -1) : 0, stdout, stderr })));
  expect(run.stdout, run.stderr).toContain("Client checks:");
  return { ...run, report: reportIn(run.stdout) };
}

async function checksOf(app: TestApp) {
  const token = (await fetchToken(app.keys.consumerKey, app.keys.consumerSecret)).body.access_token;
  const r = await http("GET", `${base()}/dev/v1/client-checks`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status, r.text).toBe(200);
  return Object.fromEntries((r.body.checks as { name: string }[]).map((c) => [c.name, c])) as Record<string, any>;
}

const CHECKS = ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"];
const accepted = { accepted: true, payoutId: expect.stringMatching(/^pay_/), outcome: expect.stringMatching(/^(QUEUED|DELIVERED)$/) };
const recovered = { accepted: true, recovered: true, reference: expect.stringMatching(/^PAY-/) };
const unknown = (error: string) => ({ accepted: "unknown", reference: expect.stringMatching(/^PAY-/), error });

/** Each language's folder, prepared one after another; a language whose tool is missing fails its own test. */
const prepared = new Map<string, Promise<string>>();
beforeAll(async () => {
  for (const lang of LANGUAGES) {
    const dir = spawnSync(lang.tool, ["--version"], { encoding: "utf8" }).status !== 0 ? Promise.reject(new Error(`${lang.tool} is needed for this test`)) : prepareRehearsal(lang, origin());
    prepared.set(lang.name, dir);
    await dir.catch(() => undefined);
  }
}, 180_000);

describe("a client that forces a scenario on every attempt (X-Svc-Scenario resent with the same reference)", () => {
  // Contract 2026-11-27, References: the reference is checked before the scenario, so a retry
  // whose answer was lost gets 409 and the client's "already accepted", never a second payout.
  it.concurrent.for(LANGUAGES)("$name: every fault that loses a committed answer ends in the client's already-accepted outcome; the float gave 500 once per payout", { timeout: 240_000 }, async (lang) => {
    const dir = await prepared.get(lang.name)!;
    const app = await newApp();
    const report = await rehearse(lang, dir, app, { SANDBOX_SCENARIO: "sent" });
    for (const fault of ["lost_response", "slow_response", "error_after_commit"]) expect(report[fault], fault).toEqual(recovered);
    for (const fault of ["unavailable", "rate_limited", "token_expired", "early_callback"]) expect(report[fault], fault).toEqual({ accepted: true, payoutId: expect.stringMatching(/^pay_/) });
    expect(await kesGiven(app.token)).toBe(8 * 500);
    expect((await checksOf(app)).retry_reuses_reference).toMatchObject({ status: "PASSED" });
  });
});

describe("each language's client rehearses every fault", () => {
  it.concurrent.for(LANGUAGES)("$name: per call and under the app's fault plan it handles each as production needs and passes every client check; with retries off it fails honours_retry_after", { timeout: 240_000 }, async (lang) => {
    const dir = await prepared.get(lang.name)!;

    // Per call.
    const good = await newApp();
    const report = await rehearse(lang, dir, good);
    expect(Object.keys(report)).toEqual(GATEWAY_FAULTS);
    // committed, answer lost: the retry with the same reference was answered 409, which the client told apart from a real duplicate
    for (const fault of ["lost_response", "slow_response", "error_after_commit"]) {
      expect(report[fault], fault).toEqual({ accepted: true, recovered: true, reference: expect.stringMatching(/^PAY-/) });
    }
    // refused on purpose, then accepted on the retry (after Retry-After; with a new token)
    for (const fault of ["unavailable", "rate_limited", "token_expired", "early_callback"]) {
      expect(report[fault], fault).toEqual({ accepted: true, payoutId: expect.stringMatching(/^pay_/) });
    }
    expect(report.lost_callback).toEqual(accepted);
    const checks = await checksOf(good);
    for (const name of CHECKS) expect(checks[name], `${name}: ${checks[name]?.why}`).toMatchObject({ status: "PASSED" });

    // Under the plan, plain calls. Payouts send's calls 1-8 get lost_callback, lost_response, unavailable,
    // token_expired, error_after_commit, rate_limited, early_callback, slow_response (cli/sandbox.mjs REHEARSAL_PLAN).
    const planned = await newApp();
    const run = await rehearseUnderPlan(lang, dir, planned);
    expect(run.report).toEqual({
      1: accepted, // lost_callback: no callback came, its status was read
      2: recovered, // lost_response; its retry, not numbered by the plan (a taken reference gets no fault), answered 409
      3: recovered, // 503 (waited), 401 (a new token), 500 after it went through; the retry's 409
      4: accepted, // 429 (waited), then early_callback
    });
    for (const name of CHECKS) expect(run.stdout).toMatch(new RegExp(`✓ ${name}\\s+PASSED`));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const plannedChecks = await checksOf(planned);
    for (const name of CHECKS) expect(plannedChecks[name], `${name}: ${plannedChecks[name]?.why}`).toMatchObject({ status: "PASSED" });

    // Under the plan with retries off: after the 503 the next payout goes at once.
    const off = await newApp();
    const offRun = await rehearseUnderPlan(lang, dir, off, { SANDBOX_RETRIES: "off" });
    expect(offRun.report).toEqual({
      1: accepted,
      2: unknown("NETWORK_ERROR"), // lost_response, not sent again
      3: { accepted: false, error: "SERVICE_UNAVAILABLE" }, // unavailable, not sent again
      4: unknown("INTERNAL_ERROR"), // token_expired (the one renewal is not a retry), then error_after_commit
    });
    expect(offRun.code, offRun.stdout + offRun.stderr).toBe(1);
    expect(offRun.stdout).toMatch(/✗ honours_retry_after\s+FAILED/);
    expect(offRun.stdout).toMatch(/Why: {2}After a 503 SERVICE_UNAVAILABLE on POST \/payouts\/v1\/send asking to retry after 1 s, your client called it again [\d.]+ s later/);
    const offChecks = await checksOf(off);
    expect(offChecks.honours_retry_after).toMatchObject({ status: "FAILED", why: expect.stringContaining("asking to retry after 1 s, your client called it again") });
  });
});
