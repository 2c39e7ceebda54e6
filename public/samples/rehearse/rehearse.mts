// Rehearse production's failures with the generated TypeScript client of the
// Payouts API, and handle each as production needs (docs: /docs/rehearse).
//
//   curl -O <portal>/clients/payouts.ts            (next to this file)
//   SANDBOX_URL=https://<portal> SANDBOX_KEY=... SANDBOX_SECRET=... npx tsx rehearse.mts
//
// then GET {base_url}/dev/v1/client-checks: every check PASSED. With
// SANDBOX_PAYOUTS=4 it asks for no fault: it sends 4 payouts as your own code
// would, and the app's fault plan gives them the faults:
//   node sandbox.mjs rehearse -- env SANDBOX_PAYOUTS=4 npx tsx rehearse.mts
// With SANDBOX_RETRIES=off the client does not retry and this script goes on
// with its next payout at once, as code without retries does: honours_retry_after FAILS.
// Optional: SANDBOX_CALLBACK_URL (your receiver; default the app's inspector),
// SANDBOX_TIME_SCALE (0.1), SANDBOX_TIMEOUT_SECONDS (2), SANDBOX_CALLBACK_WAIT_SECONDS (2),
// SANDBOX_SCENARIO (a scenario every attempt forces, e.g. sent: a retry's reference is still checked first).
import { randomUUID } from "node:crypto";
import { AlreadyAcceptedError, PayoutsClient, type PayoutsSendRequest, type PayoutsSendScenario, SandboxApiError } from "./payouts";

const env = (name: string, fallback?: string) => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`set ${name}`);
  return v;
};
const retriesOff = env("SANDBOX_RETRIES", "on") === "off";
const client = new PayoutsClient({
  consumerKey: env("SANDBOX_KEY"),
  consumerSecret: env("SANDBOX_SECRET"),
  baseUrl: `${env("SANDBOX_URL").replace(/\/+$/, "")}/sandbox`,
  timeScale: Number(env("SANDBOX_TIME_SCALE", "0.1")),
  timeoutMs: Number(env("SANDBOX_TIMEOUT_SECONDS", "2")) * 1000,
  maxAttempts: retriesOff ? 1 : 3, // 3 is the default: the same request again after no answer, a timeout, a 5xx, a 503 or 429
});
const callbackUrl = env("SANDBOX_CALLBACK_URL", "https://example.com/callbacks");
const scenario = process.env.SANDBOX_SCENARIO as PayoutsSendScenario | undefined;

const payout = (): PayoutsSendRequest => ({
  amount: 500, currency: "KES", destination: { type: "mobile", phoneNumber: "254712345678" },
  reference: `PAY-${randomUUID().slice(0, 18)}`, // one reference per payout, kept for each of its retries
  callbackUrl,
});

/** Sends a payout. The client retries the same request; AlreadyAcceptedError means an attempt whose answer was lost went through. */
async function sendPayout(body: PayoutsSendRequest, fault?: string): Promise<Record<string, unknown>> {
  try {
    const { payoutId } = await client.send(body, { fault, scenario });
    return { accepted: true, payoutId };
  } catch (e) {
    if (!(e instanceof SandboxApiError)) throw e;
    // Not a duplicate: the first attempt was committed. Never send it again with another reference; wait for its callback.
    if (e instanceof AlreadyAcceptedError) return { accepted: true, recovered: true, reference: e.reference };
    // Retries spent, outcome unknown (no answer, a timeout, a 5xx but 503): it may have gone through.
    // Wait for its callback (it carries the reference); send it again only with the same reference.
    if (e.status === 0 || (e.status >= 500 && e.status !== 503)) return { accepted: "unknown", reference: body.reference, error: e.code };
    return { accepted: false, error: e.code }; // refused: nothing was committed
  }
}

/** Waits for the payout's callback; when it has not come in time, asks for its status (GET is for that). */
async function outcomeOf(payoutId: string, callbackCame: () => Promise<boolean>) {
  if (await callbackCame()) return "callback";
  return (await client.status(payoutId)).status;
}
/** Your receiver's store stands here: this script receives no callback, so it waits and then polls. */
const waitForCallback = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), Number(env("SANDBOX_CALLBACK_WAIT_SECONDS", "2")) * 1000));

/** After the payout is accepted, its outcome: the callback, or its status when the callback did not come. */
const settle = async (sent: Record<string, unknown>) =>
  typeof sent.payoutId === "string" ? { ...sent, outcome: await outcomeOf(sent.payoutId, waitForCallback) } : sent;

const report: Record<string, unknown> = {};
const plain = Number(env("SANDBOX_PAYOUTS", "0"));
if (plain > 0) {
  // Your code as it is: no fault asked for; under `sandbox.mjs rehearse` the app's fault plan decides.
  for (let i = 1; i <= plain; i++) report[i] = await settle(await sendPayout(payout()));
} else {
  for (const fault of ["lost_response", "slow_response", "error_after_commit", "unavailable", "rate_limited", "token_expired", "lost_callback", "early_callback"]) {
    const sent = await sendPayout(payout(), fault);
    report[fault] = fault === "lost_callback" ? await settle(sent) : sent;
  }
}
console.log(JSON.stringify(report));
