// A burst of requests at a cap (the tests of exact limits under concurrency). The cap is exact: exactly that many get
// through. Every other request is refused with the cap's answer or, on a machine too loaded for it to take its turn in
// time (a transaction that did not start, or ran out of its time, waiting: lib/errors.ts), answered busy with
// 503 SERVICE_UNAVAILABLE and Retry-After, which a client retries. Never anything else: a 500 stays a 500 and fails.

// A whole answer, never a bare status: a 503 counts as busy only with the busy body and Retry-After.
type Answer = { status: number; json?: { error?: unknown } | null; headers?: Record<string, unknown> };

/** Whether `a` is the busy answer: 503 SERVICE_UNAVAILABLE with Retry-After. */
export function busy(a: Answer): boolean {
  return a.status === 503 && a.json?.error === "SERVICE_UNAVAILABLE" && a.headers?.["retry-after"] !== undefined;
}

/** The answers by status, each busy one counted as `refused` (the cap's refusal): what a burst at a cap is compared with. */
export function atCap(answers: readonly Answer[], refused: number): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) {
    const status = busy(a) ? refused : a.status;
    out[status] = (out[status] ?? 0) + 1;
  }
  return out;
}

/**
 * Whether a sign-in's `code` (Auth.js's redirect, lib/auth/index.ts) refused the attempt without checking it: too many
 * tries (throttled), or the portal busy (its database: unavailable; its password checks: busy).
 */
export const signInRefused = (code: string | null | undefined) => code === "throttled" || code === "unavailable" || code === "busy";

/**
 * A set-up request (not what a test asserts) asked again after the wait it was given while it is answered busy, as a
 * client should, up to three times in all: on a loaded machine a set-up burst of many (a hundred teams, a hundred
 * invitations) gets a few busy answers, which say nothing of the cap the test then measures.
 */
export async function served<A extends { status: number; json?: { error?: unknown } | null; headers: Record<string, unknown> }>(ask: () => Promise<A>): Promise<A> {
  let r = await ask();
  for (let tries = 1; tries < 3 && busy(r); tries++) {
    await new Promise((done) => setTimeout(done, Number(r.headers["retry-after"]) * 1000));
    r = await ask();
  }
  return r;
}

/**
 * Whether the answer to a console form's post says the portal is busy, in words a person reads before sending the
 * form again: the form's page (200) naming its password checks (lib/services/passwords.ts HashingBusy, lib/auth
 * ServerBusy) or its database (lib/auth SIGN_IN_UNAVAILABLE), or the outage page (503 with Retry-After:
 * server/unavailable-page.ts) when the database did not answer before the form ran.
 */
export function formBusy(r: { status: number; text: string; headers: Record<string, unknown> }): boolean {
  if (r.status === 503) return r.headers["retry-after"] !== undefined && /cannot reach its database/.test(r.text);
  return r.status === 200 && /busy checking passwords|database is busy or cannot be reached/.test(r.text);
}
