// Signature explain with what the app's records know: its signing secrets, and
// the delivery the id header names (its body and each attempt's headers) or
// the receiver-check case it was. The analysis is lib/callbacks/signature-explain.ts;
// the developer endpoint and the console's inbox both call this. Every read is limited to the app.
import { storedCallbackFaults } from "@/lib/callbacks/callback-faults";
import { explainSignature, type ExplainInput, type Explanation, type SentDelivery } from "@/lib/callbacks/signature-explain";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";
import { checkCasesOf } from "./receiver-check-runs";

/** Attempts shown with the delivery (the newest). */
const ATTEMPTS_SHOWN = 5;

/** The delivery as the answer shows it: what was really sent. */
export type SentView = {
  id: string; operationId: string; scenarioKey: string; createdAt: string; body: string;
  attempts: { at: string; status: number | null; headers: Record<string, string> | null }[];
};
export type ExplainAnswer = Explanation & { delivery?: SentView };

const idOf = (headers: Record<string, string>) => {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  return (h["webhook-id"] || h["x-svc-delivery"] || "").slice(0, 64) || null;
};

const parseHeaders = (text: string | null): Record<string, string> | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
};

async function secretsOf(appId: string, db: Db) {
  const app = await db.app.findUnique({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } });
  if (!app) throw new ApiError("NOT_FOUND", `no app ${appId}`);
  return { current: app.signingSecret, previous: app.previousSigningSecret, previousUntil: app.previousSecretExpiresAt };
}

/** The app's deliveries among `ids`, each with its attempts (oldest first). */
async function deliveriesOf(appId: string, ids: string[], db: Db) {
  if (!ids.length) return new Map<string, { sent: SentDelivery; view: SentView }>();
  const rows = await db.delivery.findMany({
    where: { appId, id: { in: ids } },
    select: {
      id: true, operationId: true, scenarioKey: true, createdAt: true, body: true, faults: true,
      attemptLog: { orderBy: { id: "asc" }, select: { at: true, status: true, headers: true } },
    },
  });
  return new Map(rows.map((d) => {
    const attempts = d.attemptLog.map((a) => ({ at: a.at, status: a.status, headers: parseHeaders(a.headers) }));
    const sent: SentDelivery = { id: d.id, body: d.body, badSignature: Boolean(storedCallbackFaults(d.faults)?.badSignature), attempts };
    const view: SentView = {
      id: d.id, operationId: d.operationId, scenarioKey: d.scenarioKey, createdAt: d.createdAt.toISOString(), body: d.body,
      attempts: attempts.slice(-ATTEMPTS_SHOWN).map((a) => ({ at: a.at.toISOString(), status: a.status, headers: a.headers })),
    };
    return [d.id, { sent, view }] as const;
  }));
}

/**
 * Explains each received callback; `now` per item is the time to judge its
 * timestamp against (when it was received, for the inbox).
 */
export async function explainReceivedMany(appId: string, items: (ExplainInput & { now: Date })[], db: Db = defaultDb): Promise<ExplainAnswer[]> {
  if (!items.length) return [];
  const secrets = await secretsOf(appId, db);
  const ids = items.map((i) => idOf(i.headers));
  const named = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  const found = await deliveriesOf(appId, named, db);
  const cases = await checkCasesOf(appId, named.filter((id) => !found.has(id)), db);
  return items.map(({ now, ...input }, i) => {
    const id = ids[i] ?? null;
    const d = id ? found.get(id) : undefined;
    const r = explainSignature(input, { secrets, deliveryId: id, delivery: d?.sent ?? null, checkCase: (id && cases.get(id)) || null, now });
    return d ? { ...r, delivery: d.view } : r;
  });
}

export async function explainReceived(appId: string, input: ExplainInput, now = nowDate(), db: Db = defaultDb): Promise<ExplainAnswer> {
  return (await explainReceivedMany(appId, [{ ...input, now }], db))[0]!;
}
