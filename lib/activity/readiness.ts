// Readiness, the go-live checklist: for every operation of the app's ACTIVE
// groups, each scenario of the catalog and whether the app's calls have run it
// (request log, by scenario key, counting only the calls that answered the
// scenario's status), when last, and for scenarios that call back
// whether the integrator's own receiver answered one of those callbacks 2xx (a
// delivery to an address other than the app's inspector, or a listener's relay
// of it); plus the newest receiver check. Reads only what the app still keeps
// (bounded log and deliveries; a reset starts it over).
import { groupOf, operationById, operations, type Operation } from "@/lib/catalog";
import { isOwnInspector } from "@/lib/callbacks/policy";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { latestReceiverCheck, type ReceiverCheckSummary } from "./receiver-check-runs";
import { clientChecks, type ClientCheck } from "./client-checks";

export type ScenarioReadiness = { key: string; summary: string; exercised: boolean; lastAt: string | null; calls: number; callbackAnswered?: boolean };
export type OperationReadiness = { operationId: string; method: string; path: string; scenarios: ScenarioReadiness[] };
export type Readiness = {
  operations: OperationReadiness[];
  progress: { exercised: number; total: number; callbacksAnswered: number; callbacksTotal: number };
  receiverCheck?: ReceiverCheckSummary;
  clientChecks: ClientCheck[];
};

const key = (op: string, scenario: string | null) => `${op}\n${scenario}`;
/** The status a scenario answers with, from the catalog (undefined for a key the catalog no longer has). */
const statusOf = (opId: string, scenario: string | null) => operationById(opId)?.scenarios.find((s) => s.key === scenario)?.status;

/** The app's operations, in catalog order: those of its ACTIVE groups. */
async function subscribedOperations(appId: string, db: Db): Promise<Operation[]> {
  const active = new Set((await db.subscription.findMany({ where: { appId, status: "ACTIVE" }, select: { group: true } })).map((s) => s.group));
  return operations.filter((op) => active.has(groupOf(op).name));
}

/** (operation, scenario) pairs whose callback the integrator's receiver answered 2xx. */
async function answeredCallbacks(appId: string, opIds: string[], db: Db): Promise<Set<string>> {
  const [delivered, relayed] = await Promise.all([
    db.delivery.groupBy({ by: ["operationId", "scenarioKey", "url"], where: { appId, operationId: { in: opIds }, state: "DELIVERED" } }),
    db.relay.findMany({ where: { appId, deliveryId: { not: null }, status: { gte: 200, lt: 300 } }, select: { deliveryId: true }, distinct: ["deliveryId"] }),
  ]);
  const out = new Set(delivered.filter((d) => !isOwnInspector(d.url, appId)).map((d) => key(d.operationId, d.scenarioKey)));
  const ids = relayed.map((r) => r.deliveryId!).filter(Boolean);
  if (ids.length) {
    const viaListener = await db.delivery.findMany({ where: { appId, id: { in: ids } }, select: { operationId: true, scenarioKey: true } });
    for (const d of viaListener) out.add(key(d.operationId, d.scenarioKey));
  }
  return out;
}

export async function readiness(appId: string, db: Db = defaultDb): Promise<Readiness> {
  const ops = await subscribedOperations(appId, db);
  const opIds = ops.map((o) => o.id);
  const [calls, attempted, answered, check, client] = await Promise.all([
    db.requestLog.groupBy({ by: ["operationId", "scenarioKey", "status"], where: { appId, operationId: { in: opIds }, scenarioKey: { not: null } }, _max: { createdAt: true }, _count: { _all: true } }),
    db.delivery.groupBy({ by: ["operationId", "scenarioKey"], where: { appId, operationId: { in: opIds }, attempts: { gt: 0 } } }),
    answeredCallbacks(appId, opIds, db),
    latestReceiverCheck(appId, db),
    clientChecks(appId, db),
  ]);
  // A call counts for its scenario only when it answered as the scenario says (its status): `tracked` forced on an id the
  // app did not create answers 404 and exercises nothing.
  const byScenario = new Map(calls.filter((c) => c.status === statusOf(c.operationId!, c.scenarioKey)).map((c) => [key(c.operationId!, c.scenarioKey), c]));
  const sent = new Set(attempted.map((d) => key(d.operationId, d.scenarioKey)));
  const progress = { exercised: 0, total: 0, callbacksAnswered: 0, callbacksTotal: 0 };
  const result = ops.map((op) => ({
    operationId: op.id,
    method: op.method,
    path: op.path,
    // A held scenario is a way to wait, not an outcome the integrator's code must handle.
    scenarios: op.scenarios.filter((s) => !s.hold).map((s): ScenarioReadiness => {
      const k = key(op.id, s.key);
      const c = byScenario.get(k);
      const callsBack = s.callbackDelayMs !== undefined;
      progress.total++;
      if (c) progress.exercised++;
      if (callsBack) progress.callbacksTotal++;
      if (answered.has(k)) progress.callbacksAnswered++;
      return {
        key: s.key,
        summary: s.summary,
        exercised: Boolean(c),
        lastAt: c?._max.createdAt?.toISOString() ?? null,
        calls: c?._count._all ?? 0,
        ...(callsBack && (sent.has(k) || answered.has(k)) ? { callbackAnswered: answered.has(k) } : {}),
      };
    }),
  }));
  return { operations: result, progress, ...(check ? { receiverCheck: check } : {}), clientChecks: client };
}
