// A receiver check of the app's own inspector address: the cases reach the
// inspector in-process and the app's listeners (`sandbox.mjs listen`) relay
// them to the developer's local server, then report its answers
// (lib/inspector/relays.ts). Those relayed answers are the ones judged.
import type { CaseAnswer } from "@/lib/activity/receiver-check-runs";
import type { Db } from "@/lib/db/prisma";
import type { CaseSpec } from "./receiver-cases";

const POLL_MS = 250;
/** How long, from the check's start, to wait for the relays of its cases (a listener relays one at a time, each up to 10 s). */
const RELAY_WAIT_S = 25;
/** With no relay at all by then, no listener is connected: the check stops waiting. */
const NO_LISTENER_S = 12;

/**
 * Each case's answer as a listener relayed it (with `relayedBy`), or the
 * inspector's own when none relayed it within RELAY_WAIT_S of `started`
 * (NO_LISTENER_S when none relayed anything at all).
 */
export async function relayedAnswers(appId: string, answers: [CaseSpec, CaseAnswer][], started: number, db: Db): Promise<[CaseSpec, CaseAnswer][]> {
  const ids = [...new Set(answers.map(([c]) => c.deliveryId))];
  const entries = await db.inboxEntry.findMany({ where: { appId, deliveryId: { in: ids } }, orderBy: { seq: "asc" }, select: { id: true, deliveryId: true } });
  // A delivery id posted twice (valid, then duplicate) left two entries, in that order.
  const queue = new Map<string, string[]>();
  for (const e of entries) queue.set(e.deliveryId!, [...(queue.get(e.deliveryId!) ?? []), e.id]);
  const entryOf = answers.map(([c]) => queue.get(c.deliveryId)?.shift() ?? null);
  const wanted = entryOf.filter((x): x is string => x !== null);
  const read = () => db.relay.findMany({ where: { appId, inboxEntryId: { in: wanted } }, orderBy: { seq: "asc" } });
  let relays: Awaited<ReturnType<typeof read>> = [];
  for (;;) {
    relays = await read();
    const waited = Date.now() - started;
    const all = wanted.every((id) => relays.some((r) => r.inboxEntryId === id));
    if (all || waited > RELAY_WAIT_S * 1000 || (!relays.length && waited > NO_LISTENER_S * 1000)) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return answers.map(([spec, own], i) => {
    const r = relays.find((x) => x.inboxEntryId === entryOf[i]);
    if (!r) return [spec, own];
    const relayedBy = { listener: r.listener, target: r.target };
    return [spec, r.status !== null ? { status: r.status, ms: r.durationMs, body: r.responseBody, relayedBy } : { error: r.error ?? "no answer", ms: r.durationMs, relayedBy }];
  });
}
