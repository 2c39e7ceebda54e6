// The developer endpoints that hold a connection open (a wait for a callback,
// a listeners' stream), and an operation call answered late on purpose
// (X-Svc-Fault: slow_response, and early_callback waiting for its callback's post, counted as a wait: lib/gateway/gateway-faults.ts), take a slot here and give it back when they end — at
// the latest when the client's socket closes. Caps, counted in this instance
// (what they protect is its sockets and its pollers): per app and kind
// (WAITS_PER_APP, LISTEN_STREAMS_PER_APP), per team over all its apps
// (HELD_CONNECTIONS_PER_ACCOUNT, an account's own team's being its) and for the whole instance
// (HELD_CONNECTIONS_PER_INSTANCE). Past a cap: 429 RATE_LIMITED naming it.
import { db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { config, part, runtime } from "@/lib/runtime";

export type HeldKind = "wait" | "stream";

const perApp = (kind: HeldKind) => (kind === "wait" ? config.waitsPerApp : config.listenStreamsPerApp);

type State = { byApp: Map<string, number>; byAccount: Map<string, number>; total: number; owners: Map<string, string> };
// A part of the runtime: one count per process whatever bundle loads this module.
const HELD = part<State>("held");
/** The per-app count's key: one per kind of held connection and app. */
const slot = (kind: HeldKind, appId: string) => `${kind}:${appId}`;
const state = (): State => runtime().of(HELD, () => ({ byApp: new Map(), byAccount: new Map(), total: 0, owners: new Map() }));

/** The team that owns the app (kept: an app never changes team). */
async function ownerOf(appId: string): Promise<string> {
  const s = state();
  const known = s.owners.get(appId);
  if (known) return known;
  const app = await db.app.findUnique({ where: { id: appId }, select: { teamId: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  if (s.owners.size > 10_000) s.owners.clear();
  s.owners.set(appId, app.teamId);
  return app.teamId;
}

const refused = (message: string) => new ApiError("RATE_LIMITED", message, { "retry-after": "5" });

/** Why a new connection of this kind may not be held now, or null. */
function full(kind: HeldKind, appId: string, owner: string): ApiError | null {
  const s = state();
  if ((s.byApp.get(slot(kind, appId)) ?? 0) >= perApp(kind)) {
    return kind === "wait"
      ? refused(`at most ${config.waitsPerApp} waits, slow_response and early_callback calls at once per app; let one finish first`)
      : refused(`at most ${config.listenStreamsPerApp} listeners of one app may be connected at once; stop one and try again`);
  }
  if ((s.byAccount.get(owner) ?? 0) >= config.heldPerAccount) {
    return refused(`at most ${config.heldPerAccount} waits and streams at once per team, over all its apps; let one finish first`);
  }
  if (s.total >= config.heldPerInstance) return refused("this server holds as many waits and streams as it can; try again in a few seconds");
  return null;
}

const bump = (m: Map<string, number>, k: string, by: number) => {
  const n = (m.get(k) ?? 0) + by;
  if (n > 0) m.set(k, n);
  else m.delete(k);
};

/**
 * What an app holds open in this instance now (its waits, slow_response and early_callback calls
 * included, and its streams), what its account holds over all its apps, and
 * the caps that apply to them (dev.connections.get).
 */
export async function heldBy(appId: string) {
  const owner = await ownerOf(appId);
  const s = state();
  return {
    waits: s.byApp.get(slot("wait", appId)) ?? 0,
    streams: s.byApp.get(slot("stream", appId)) ?? 0,
    account: s.byAccount.get(owner) ?? 0,
    limits: { waitsPerApp: config.waitsPerApp, streamsPerApp: config.listenStreamsPerApp, perAccount: config.heldPerAccount },
  };
}

/** Takes a slot (429 when a cap is reached); the function it answers gives it back, once. */
export async function takeHeld(kind: HeldKind, appId: string): Promise<() => void> {
  const owner = await ownerOf(appId);
  const e = full(kind, appId, owner);
  if (e) throw e;
  const s = state();
  bump(s.byApp, slot(kind, appId), 1);
  bump(s.byAccount, owner, 1);
  s.total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    bump(s.byApp, slot(kind, appId), -1);
    bump(s.byAccount, owner, -1);
    s.total--;
  };
}
