// Liveness and readiness (contract, "Added 2026-11-27": Operable). Live: the
// process serves. Ready: it has started (Next prepared), it is not draining
// (SIGTERM: server/shutdown.ts), and its database answered within a second.
// A load balancer takes an instance out on /readyz (docs: operations).
import { databaseAnswers as answers, probeGaveUp } from "@/lib/db/probe";
import { part, runtime } from "@/lib/runtime";

/** How long the database may take to answer the readiness probe. */
export const DB_PROBE_MS = 1_000;
/** What a 503 from /readyz tells the balancer to wait before asking again. */
export const READY_RETRY_AFTER_SECONDS = 5;

type State = { started: boolean; draining: boolean };
const state = () => runtime().of(part<State>("health"), () => ({ started: false, draining: false }));

/** The server is serving every route (server/portal.ts `listen`, once Next is prepared). */
export const markStarted = (): void => {
  state().started = true;
};
/** From SIGTERM on, the instance reports not ready while it goes on serving (server/shutdown.ts). */
export const markDraining = (): void => {
  state().draining = true;
};

/** Whether the database answers within `ms` (never throws), asked on a connection of its own (lib/db/probe.ts). */
export async function databaseAnswers(ms = DB_PROBE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => {
    probeGaveUp(); // a connection that did not answer in time is not asked again
    resolve(false);
  }, ms)));
  try {
    return await Promise.race([answers(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a probe that found the database away stands for every request that asks (`databaseUp`). */
export const DB_DOWN_TTL_MS = 1_000;
/**
 * How long `databaseUp`'s probe waits: longer than readiness's second, so a busy
 * process (its event loop held up) or a slow statement does not turn pages away
 * that would have been served a little late; a database that does not answer at
 * all turns them away after this.
 */
export const DB_GATE_MS = 5_000;

type Probe = { at: number; up: Promise<boolean>; done: boolean; answer?: boolean };
const probe = () => runtime().of(part<{ last?: Probe }>("db-probe"), (): { last?: Probe } => ({}));

/**
 * Whether the database answers, as server/route.ts asks before handing a request
 * to Next (an outage answers 503 there, not Next's 500). Requests that ask while
 * a probe (`databaseAnswers`) runs share it; one that found the database away
 * stands for a second, so an outage costs at most a second of waiting a second.
 * An answer that it is up is never reused once given: the database may go
 * away the next moment, and the request would meet Next's 500.
 */
export function databaseUp(): Promise<boolean> {
  const p = probe();
  const last = p.last;
  if (last && (!last.done || (last.answer === false && performance.now() - last.at < DB_DOWN_TTL_MS))) return last.up;
  const next: Probe = { at: performance.now(), done: false, up: databaseAnswers(DB_GATE_MS) };
  next.up = next.up.then((answer) => {
    Object.assign(next, { done: true, answer, at: performance.now() });
    return answer;
  });
  p.last = next;
  return next.up;
}

export type Readiness = { ok: true } | { ok: false; reason: string };

export async function readiness(): Promise<Readiness> {
  const s = state();
  if (s.draining) return { ok: false, reason: "the instance is draining (it received SIGTERM): send new requests to another one" };
  if (!s.started) return { ok: false, reason: "the instance is starting" };
  if (!(await databaseAnswers())) return { ok: false, reason: `the database did not answer within ${DB_PROBE_MS / 1000} s` };
  return { ok: true };
}
