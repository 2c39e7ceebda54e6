// One resource's timeline: everything that happened to it, in time order, read
// from what the rows already keep (like links.ts, no extra writes):
//   request             the call that created it (links.ts creatingRequest) and every
//                       other call naming it in its path (a resolve, ...); a call with
//                       a fault (X-Svc-Fault) says what its client saw (`note`); after a
//                       creating call whose answer was lost on purpose, the calls with
//                       its reference answered 409 DUPLICATE_REFERENCE: the retries
//                       that found it (`retryOf`)
//   status_read         those calls that are its operation's GET (the state answered)
//   state               a change of its live state: held (Resource.heldAt), resolved
//                       (resolvedAt/Via/By), settled (settlesAt, once passed)
//   callback_scheduled  its deliveries; callback_attempt: their attempts
//   inbox               the app's inspector receiving one (InboxEntry.deliveryId)
//   relay               a listener relaying one, with the local answer (Relay)
// The developer API, MCP, the CLI and the console's resource, request and
// callback pages read this. Callers check ownership first; every query is limited to the app.
import { deliveriesOfResource } from "./delivery-read";
import { operationById } from "@/lib/catalog";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { gatewayFaultNamed, freedReference, heldScenario, liveState, retryWindowEnd } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import { FLOAT_MET_COLUMNS, withFloatMet } from "./float-met";
import { creatingRequest } from "./links";
import { errorCodeOf } from "./requests";
import { nowDate } from "@/lib/runtime";

export const TIMELINE_EVENT_TYPES = ["request", "status_read", "state", "callback_scheduled", "callback_attempt", "inbox", "relay"] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];
export type TimelineEvent = { at: string; type: TimelineEventType } & Record<string, unknown>;

/** Reads of the timeline itself are not events of the resource. */
export const TIMELINE_ENDPOINT_ID = "dev.resources.timeline";
/** At most this many logged calls naming the resource (the newest); `truncated` says when there were more. */
const MAX_CALLS = 500;
const MAX_ARRIVALS = 200;

/** Events at the same millisecond keep the order in which things happen (at time scale 0 a resolve, its callback's scheduling and the settling share one). */
const RANK: Record<TimelineEventType, number> = { request: 0, status_read: 0, state: 1, callback_scheduled: 2, callback_attempt: 3, inbox: 4, relay: 5 };
const rank = (e: TimelineEvent) => (e.type === "state" && e.change === "settled" ? 2.5 : RANK[e.type]);

const iso = (d: Date) => d.toISOString();
/** The live state a logged GET answered (its body's `status`). */
const stateOf = (body: string): string | null => {
  try {
    const v = JSON.parse(body) as { status?: unknown };
    return typeof v?.status === "string" ? v.status : null;
  } catch {
    return null;
  }
};

/** What a call's fault did, in the words of lib/engine/gateway-faults.ts; null for a call without one. */
function faultNote(name: string | null): string | null {
  const f = gatewayFaultNamed(name);
  if (!f) return null;
  return `${f.answer && f.committed ? "answer lost" : "fault"} on purpose (X-Svc-Fault: ${f.name}); what the client saw: ${f.sees}`;
}

const referenceIn = (body: string | null, field: string): unknown => {
  try {
    return (JSON.parse(body ?? "") as Record<string, unknown> | null)?.[field];
  } catch {
    return undefined;
  }
};

/** Whether a 409 DUPLICATE_REFERENCE at `at` was about this resource: a Collect reference counts until its prompt settled as FAILED (lib/engine/reference.ts). */
function refusedForIt(op: ReturnType<typeof operationById>, r: { createdAt: Date; settlesAt: Date | null; scenarioKey: string }, at: Date): boolean {
  return at >= r.createdAt && !(op && freedReference(op, r, at));
}

export async function resourceTimeline(appId: string, resourceId: string, now = nowDate(), db: Db = defaultDb) {
  const r = await db.resource.findFirst({ where: { id: resourceId, appId } });
  if (!r) throw new ApiError("NOT_FOUND", `no resource ${resourceId} for this app`);
  const [created, calls, deliveries] = await Promise.all([
    creatingRequest(appId, r, db),
    // The calls naming it, and in the same statement those with its reference answered 409 (the retries that may have found it).
    db.requestLog.findMany({
      where: {
        appId,
        OR: [
          { path: { contains: r.id }, OR: [{ operationId: null }, { operationId: { not: TIMELINE_ENDPOINT_ID } }] },
          // as JSON writes it (a control character escaped, never sent raw to the database)
          ...(r.reference ? [{ operationId: r.operationId, status: 409, createdAt: { gte: r.createdAt }, requestBody: { contains: JSON.stringify(r.reference).slice(1, -1) } }] : []),
        ],
      },
      orderBy: { seq: "desc" },
      take: MAX_CALLS,
      select: { requestId: true, via: true, method: true, path: true, operationId: true, status: true, scenarioKey: true, fault: true, requestBody: true, responseBody: true, createdAt: true, ...FLOAT_MET_COLUMNS },
    }),
    deliveriesOfResource(appId, r.id, db),
  ]);
  const deliveryIds = deliveries.map((d) => d.id);
  const inbox = deliveryIds.length
    ? await db.inboxEntry.findMany({ where: { appId, deliveryId: { in: deliveryIds } }, orderBy: { seq: "asc" }, take: MAX_ARRIVALS, select: { id: true, deliveryId: true, receivedAt: true, status: true } })
    : [];
  const relays = deliveryIds.length
    ? await db.relay.findMany({
        where: { appId, OR: [{ deliveryId: { in: deliveryIds } }, { inboxEntryId: { in: inbox.map((e) => e.id) } }] },
        orderBy: { seq: "asc" },
        take: MAX_ARRIVALS,
      })
    : [];

  const op = operationById(r.operationId);
  const tracked = { id: r.id, scenarioKey: r.scenarioKey, settlesAt: r.settlesAt, data: JSON.parse(r.data) as Record<string, unknown> };
  const live = liveState(tracked, now);
  const events: TimelineEvent[] = [];
  const add = (at: Date, type: TimelineEventType, fields: Record<string, unknown>) => events.push({ at: iso(at), type, ...fields });

  const note = (fault: string | null) => {
    const text = faultNote(fault);
    return text ? { note: text } : {};
  };
  if (created) {
    const { durationMs: _, ...call } = created;
    add(r.createdAt, "request", { operationId: r.operationId, ...call, ...note(call.fault) }); // the creating call is of the resource's operation
  }
  // Until when a call with its reference retried a creating call whose answer was lost (lib/engine/gateway-faults.ts retryWindowEnd).
  const retriesUntil = created ? retryWindowEnd(gatewayFaultNamed(created.fault), r.createdAt.getTime(), created.durationMs) : null;
  const isRetry = (c: (typeof calls)[number]) =>
    retriesUntil !== null && !c.path.includes(r.id) && c.createdAt.getTime() < retriesUntil && errorCodeOf(c.status, c.responseBody) === "DUPLICATE_REFERENCE" &&
    op?.referenceField !== undefined && referenceIn(c.requestBody, op.referenceField) === r.reference && refusedForIt(op, r, c.createdAt);
  for (const c of calls.filter((x) => x.requestId !== created?.requestId)) {
    const { responseBody, requestBody: _, createdAt, ...call } = withFloatMet(c);
    if (isRetry(c)) {
      add(createdAt, "request", { ...call, retryOf: created!.requestId, note: `your retry found it: the first call (${created!.requestId}) went through; wait for its callback or GET its status` });
    } else if (!c.path.includes(r.id)) continue;
    else if (operationById(c.operationId ?? "")?.method === "GET") add(createdAt, "status_read", { ...call, state: stateOf(responseBody), ...note(c.fault) });
    else add(createdAt, "request", { ...call, ...note(c.fault) });
  }
  // `change`: what happened; `state`: the live state from then on.
  if (r.heldAt) add(r.heldAt, "state", { change: "held", state: liveState({ ...tracked, settlesAt: null }, r.heldAt).status, scenarioKey: op ? heldScenario(op)?.key : null });
  if (r.resolvedAt) {
    add(r.resolvedAt, "state", { change: "resolved", state: liveState(tracked, r.resolvedAt).status, scenarioKey: r.scenarioKey, via: r.resolvedVia, requestId: r.resolvedBy });
  }
  if (r.settlesAt && r.settlesAt <= now) {
    add(r.settlesAt, "state", { change: "settled", state: live.status, ...("resultCode" in live ? { resultCode: live.resultCode } : {}) });
  }
  for (const d of deliveries) {
    add(d.createdAt, "callback_scheduled", {
      deliveryId: d.id, url: d.url, dueAt: iso(d.dueAt), scenarioKey: d.scenarioKey, state: d.state,
      ...(d.state === "NOT_SENT" ? { error: d.lastError } : {}), ...(d.faults ? { faults: JSON.parse(d.faults) as unknown } : {}),
    });
    d.attemptLog.forEach((a, i) =>
      add(a.at, "callback_attempt", { deliveryId: d.id, attempt: i + 1, url: a.url ?? d.url, status: a.status, error: a.error, durationMs: a.durationMs, note: a.note }),
    );
  }
  for (const e of inbox) add(e.receivedAt, "inbox", { inboxEntryId: e.id, deliveryId: e.deliveryId, status: e.status });
  for (const x of relays) {
    add(x.at, "relay", { deliveryId: x.deliveryId, inboxEntryId: x.inboxEntryId, listener: x.listener, target: x.target, status: x.status, error: x.error, durationMs: x.durationMs });
  }
  events.sort((a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b));

  return {
    resourceId: r.id,
    operationId: r.operationId,
    scenarioKey: r.scenarioKey,
    state: String(live.status),
    held: Boolean(r.heldAt && !r.resolvedAt),
    createdAt: iso(r.createdAt),
    settlesAt: r.settlesAt && iso(r.settlesAt),
    resolvedVia: r.resolvedVia,
    events,
    truncated: calls.length === MAX_CALLS,
  };
}
export type Timeline = Awaited<ReturnType<typeof resourceTimeline>>;
