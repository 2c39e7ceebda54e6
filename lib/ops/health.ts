// Liveness and readiness (contract, "Added 2026-11-27": Operable). Live: the
// process serves. Ready: it has started (Next prepared), it is not draining
// (SIGTERM: server/shutdown.ts), and its database answered within a second.
// A load balancer takes an instance out on /readyz (docs: operations).
import { db } from "@/lib/db/prisma";
import { part, runtime } from "@/lib/runtime";

/** How long the database may take to answer the readiness probe. */
export const DB_PROBE_MS = 1_000;
/** What a 503 from /readyz tells the balancer to wait before asking again. */
export const READY_RETRY_AFTER_SECONDS = 5;

type State = { started: boolean; draining: boolean };
const state = () => runtime().of(part<State>("health"), () => ({ started: false, draining: false }));

/** The server is serving every route (server/main.ts, once Next is prepared). */
export const markStarted = (): void => {
  state().started = true;
};
/** From SIGTERM on, the instance reports not ready while it goes on serving (server/shutdown.ts). */
export const markDraining = (): void => {
  state().draining = true;
};

/** Whether the database answers a statement within `ms` (never throws). */
export async function databaseAnswers(ms = DB_PROBE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([db.$queryRawUnsafe("SELECT 1").then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export type Readiness = { ok: true } | { ok: false; reason: string };

export async function readiness(): Promise<Readiness> {
  const s = state();
  if (s.draining) return { ok: false, reason: "the instance is draining (it received SIGTERM): send new requests to another one" };
  if (!s.started) return { ok: false, reason: "the instance is starting" };
  if (!(await databaseAnswers())) return { ok: false, reason: `the database did not answer within ${DB_PROBE_MS / 1000} s` };
  return { ok: true };
}
