// Client checks: what the app's client did after each fault injected on
// purpose (X-Svc-Fault, lib/engine/gateway-faults.ts), judged from its request log —
// the client-side twin of the receiver checks. `judgeClientChecks` is pure over
// log rows (tests/unit/client-checks.test.ts); `clientChecks` reads the rows
// in one statement. Developer API: GET /dev/v1/client-checks, and readiness.
import { operationById, operations } from "@/lib/catalog";
import { config } from "@/lib/runtime";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { gatewayFaultNamed, retryWindowEnd, type GatewayFault } from "@/lib/engine";

export const CLIENT_CHECK_NAMES = ["retry_reuses_reference", "honours_retry_after", "renews_expired_token", "polls_after_lost_callback"] as const;
export type ClientCheckName = (typeof CLIENT_CHECK_NAMES)[number];
type Link = { label: string; url: string };
export type ClientCheck = { name: ClientCheckName; status: "PASSED" | "FAILED" | "NOT_EXERCISED"; why?: string; hint?: string; requestIds: string[]; links: Link[] };

export type ClientLogRow = {
  requestId: string; method: string; path: string; operationId: string | null; status: number; fault: string | null;
  requestBody: string | null; responseBody: string; responseHeaders: string; durationMs: number; createdAt: Date;
};

/** The calls that commit money, whose answer can be lost after they did: those a reference makes safe to send again (the catalog's `referenceField`). */
const MONEY_OPERATIONS = new Set<string>(operations.filter((op) => op.referenceField).map((op) => op.id));
/** How a committed call's answer was lost, by what the fault table says its client sees (lib/engine/gateway-faults.ts `answer`): every fault with one is judged. */
const LOST_ANSWER: Record<NonNullable<GatewayFault["answer"]>, string> = {
  dropped: "lost its answer",
  late: "was slow to answer",
  error: "was answered 500 after it went through",
};
/** The reference a money operation's call sent (its `referenceField`). */
const referenceOf = (row: ClientLogRow, b: Json) => {
  const field = operationById(row.operationId ?? "")?.referenceField;
  return field ? String(b[field] ?? "") : "";
};
const HINTS: Record<ClientCheckName, string> = {
  retry_reuses_reference: "Send a call whose answer was lost again with the same reference: a 409 DUPLICATE_REFERENCE then means the first one went through, so wait for its callback or GET its status.",
  honours_retry_after: "After a 503 or 429, wait at least the Retry-After seconds before calling that operation again, with a bounded number of attempts.",
  renews_expired_token: "On 401 INVALID_TOKEN, request a new access token once and send the call again with it.",
  polls_after_lost_callback: "When a callback has not come in the time you expect, GET the resource's status: it says whether the payment went through.",
};

/** The docs about what each check asks of the client (anchors of app/docs/errors, authentication, callbacks, rehearse and the developer API's group page). */
const doc = (path: string, label: string): Link => ({ label, url: `${config.publicUrl}/docs/${path}` });
/** Read when a check is judged: PUBLIC_URL's default is on the port bound after this module loads (server/portal.ts). */
function linksOf(name: ClientCheckName): Link[] {
  const checksPage = doc("dev/client-checks", "Client checks");
  const rehearse = doc("rehearse#our-clients", "Rehearse failures: what a correct client does");
  const first: Record<ClientCheckName, Link[]> = {
    retry_reuses_reference: [doc("errors#error-DUPLICATE_REFERENCE", "409 DUPLICATE_REFERENCE"), doc("errors#when-the-sandbox-fails", "When the sandbox fails: retry with the same reference")],
    honours_retry_after: [doc("errors#error-SERVICE_UNAVAILABLE", "503 SERVICE_UNAVAILABLE"), doc("errors#error-RATE_LIMITED", "429 RATE_LIMITED")],
    renews_expired_token: [doc("authentication#get-a-token", "Get a token")],
    polls_after_lost_callback: [doc("callbacks#delivery", "How callbacks are delivered")],
  };
  return [...first[name], rehearse, checksPage];
}

type Json = Record<string, unknown>;
const json = (text: string | null): Json => {
  try {
    const v = text ? JSON.parse(text) : null;
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;
/** An operation as the client calls it: "POST /payouts/v1/send". */
const nameOf = (operationId: string | null) => {
  const op = operationById(operationId ?? "");
  return op ? `${op.method} ${op.path}` : (operationId ?? "a call");
};

/** Who gets the money, and how much: the same for a retry and for a second payment. */
function moneyOf(row: ClientLogRow): { what: string; key: string; reference: string } {
  const b = json(row.requestBody);
  const d = (b.destination ?? {}) as Json;
  const to = row.operationId === "payouts.send" ? (d.type === "bank" ? `account ${d.accountNumber} at bank ${d.bankCode}` : d.phoneNumber) : b.phoneNumber;
  const noun = row.operationId === "payouts.send" ? "payout" : "payment prompt";
  return { what: `the ${noun} of ${b.amount} ${b.currency} to ${to}`, key: `${b.amount} ${b.currency} ${to}`, reference: referenceOf(row, b) };
}

type Verdict = { failed?: string; ids: string[] };

/** How long after a lost answer a call for the same money with another reference counts as a naive retry (contract: two minutes on the app's clock); later, it is another payment. */
export const NAIVE_RETRY_WINDOW_MS = 2 * 60_000;

function retryReusesReference(rows: ClientLogRow[], i: number): Verdict | null {
  const f = rows[i]!;
  const fault = gatewayFaultNamed(f.fault);
  const lost = fault?.committed && fault.answer ? LOST_ANSWER[fault.answer] : undefined;
  if (!lost || !MONEY_OPERATIONS.has(f.operationId ?? "") || f.status >= 400) return null;
  const money = moneyOf(f);
  const retriesUntil = retryWindowEnd(fault, f.createdAt.getTime(), f.durationMs) ?? 0;
  for (const r of rows.slice(i + 1)) {
    if (r.operationId !== f.operationId || r.method !== "POST") continue;
    if (r.createdAt.getTime() >= retriesUntil) break; // the slow answer came: not a retry
    const m = moneyOf(r);
    if (m.reference === money.reference) return { ids: [f.requestId, r.requestId] };
    if (m.key === money.key && r.createdAt.getTime() - f.createdAt.getTime() < NAIVE_RETRY_WINDOW_MS) {
      const twice = f.operationId === "payouts.send" ? "pays twice" : "prompts the customer twice";
      const later = seconds(r.createdAt.getTime() - f.createdAt.getTime());
      return { failed: `After ${money.what} ${lost}, your client sent a new ${f.operationId === "payouts.send" ? "payout" : "prompt"} with another reference (${m.reference}) ${later} later: in production that ${twice}.`, ids: [f.requestId, r.requestId] };
    }
  }
  return { ids: [f.requestId] };
}

function honoursRetryAfter(rows: ClientLogRow[], i: number): Verdict | null {
  const f = rows[i]!;
  const refuse = gatewayFaultNamed(f.fault)?.refuse;
  if (!refuse?.retryAfterSeconds) return null;
  const wait = Number(json(f.responseHeaders)["retry-after"] ?? refuse.retryAfterSeconds) * 1000;
  const next = rows.slice(i + 1).find((r) => r.operationId === f.operationId);
  if (!next) return { ids: [f.requestId] };
  const gap = next.createdAt.getTime() - f.createdAt.getTime();
  if (gap >= wait) return { ids: [f.requestId, next.requestId] };
  return { failed: `After a ${f.status} ${refuse.error} on ${nameOf(f.operationId)} asking to retry after ${wait / 1000} s, your client called it again ${seconds(gap)} later: in production that prolongs the outage and gets the app throttled.`, ids: [f.requestId, next.requestId] };
}

function renewsExpiredToken(rows: ClientLogRow[], i: number): Verdict | null {
  const f = rows[i]!;
  if (f.fault !== "token_expired") return null;
  const answeredAt = f.createdAt.getTime() + f.durationMs;
  const later = rows.slice(i + 1).filter((r) => r.createdAt.getTime() > answeredAt);
  const stale = later.filter((r) => r.status === 401 && json(r.responseBody).error === "INVALID_TOKEN" && r.fault === null);
  if (stale.length) {
    return { failed: `After its access token expired (401 INVALID_TOKEN on ${nameOf(f.operationId)}), your client sent the same token ${stale.length} more time${stale.length === 1 ? "" : "s"}: in production every call fails until it requests a new one.`, ids: [f.requestId, ...stale.slice(0, 5).map((r) => r.requestId)] };
  }
  const renewed = later.find((r) => r.status !== 401);
  return renewed ? { ids: [f.requestId, renewed.requestId] } : null;
}

function pollsAfterLostCallback(rows: ClientLogRow[], i: number): Verdict | null {
  const f = rows[i]!;
  const op = operationById(f.operationId ?? "");
  if (f.fault !== "lost_callback" || !op?.resource || f.status >= 400) return null;
  const id = json(f.responseBody)[op.resource.idField];
  if (typeof id !== "string") return null;
  const poll = rows.slice(i + 1).find((r) => r.method === "GET" && r.path.includes(id));
  if (poll) return { ids: [f.requestId, poll.requestId] };
  const what = MONEY_OPERATIONS.has(op.id) ? moneyOf(f).what : `the call ${nameOf(op.id)}`;
  return { failed: `The callback of ${what} (${id}) never came, and your client never asked for its status: in production it would wait forever on an outcome that was already decided.`, ids: [f.requestId] };
}

const JUDGES: Record<ClientCheckName, (rows: ClientLogRow[], i: number) => Verdict | null> = {
  retry_reuses_reference: retryReusesReference,
  honours_retry_after: honoursRetryAfter,
  renews_expired_token: renewsExpiredToken,
  polls_after_lost_callback: pollsAfterLostCallback,
};

/** Each check over the app's log rows (oldest first): FAILED when any fault's aftermath failed (the first one says why), PASSED when one was judged, else NOT_EXERCISED. */
export function judgeClientChecks(rows: ClientLogRow[]): ClientCheck[] {
  return CLIENT_CHECK_NAMES.map((name) => {
    const verdicts: Verdict[] = [];
    rows.forEach((r, i) => {
      if (!r.fault) return;
      const v = JUDGES[name](rows, i);
      if (v) verdicts.push(v);
    });
    const failed = verdicts.find((v) => v.failed);
    const links = linksOf(name);
    if (failed) return { name, status: "FAILED" as const, why: failed.failed, hint: HINTS[name], requestIds: failed.ids, links };
    if (verdicts.length) return { name, status: "PASSED" as const, requestIds: [...new Set(verdicts.flatMap((v) => v.ids))].slice(0, 20), links };
    return { name, status: "NOT_EXERCISED" as const, requestIds: [], links };
  });
}

/** How many of the app's newest log rows are judged. */
const JUDGED_ROWS = 2000;

/** The app's client checks, from its newest log rows (one statement). */
export async function clientChecks(appId: string, db: Db = defaultDb): Promise<ClientCheck[]> {
  const rows = await db.requestLog.findMany({
    where: { appId },
    orderBy: { seq: "desc" },
    take: JUDGED_ROWS,
    select: { requestId: true, method: true, path: true, operationId: true, status: true, fault: true, requestBody: true, responseBody: true, responseHeaders: true, durationMs: true, createdAt: true },
  });
  return judgeClientChecks(rows.reverse());
}
