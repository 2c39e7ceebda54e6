// The receiver checks an app ran (rows of ReceiverCheck, written by
// lib/devapi/receiver-checks.ts): newest first, the newest
// config.receiverChecksPerApp kept. Callers check ownership; every read is
// limited to the app.
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/errors";
import { nowDate } from "@/lib/runtime";

/** A check still RUNNING after this long was cut short (its server stopped): it no longer counts as running. */
export const CHECK_STALE_MS = 60_000;

export type CaseAnswer =
  | { status: number; ms: number; body: string | null; relayedBy?: { listener: string; target: string } }
  | { error: string; ms: number; relayedBy?: { listener: string; target: string } };

/** One case of a check: what was sent, what came back, and, when it failed, why and what to do. */
export type ReceiverCase = {
  name: string;
  /** What a correct receiver does, e.g. "accepted (2xx) within 10 s". */
  expected: string;
  passed: boolean;
  /** One sentence: why it failed (null when it passed). */
  why: string | null;
  /** What to do about it (null when it passed). */
  hint: string | null;
  /** Where to read more (the docs' verification page, recipes, client helpers); empty when it passed. */
  links: { label: string; url: string }[];
  /** A remark on a pass, e.g. a refusal with 500 instead of 4xx. */
  note: string | null;
  /** The delivery id it carried (x-svc-delivery, webhook-id). */
  deliveryId: string;
  sent: { headers: Record<string, string>; body: string };
  answered: CaseAnswer;
};

export type CheckStatus = "RUNNING" | "PASSED" | "FAILED";

type Row = { id: string; url: string; operationId: string; status: string; cases: string; startedAt: Date; finishedAt: Date | null };

function parseCases(text: string): ReceiverCase[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as ReceiverCase[]) : [];
  } catch {
    return [];
  }
}

/** A row as the API answers it; a RUNNING row past CHECK_STALE_MS reads as FAILED (interrupted). */
export function checkView(r: Row, now = nowDate()) {
  const cases = parseCases(r.cases);
  const interrupted = r.status === "RUNNING" && now.getTime() - r.startedAt.getTime() > CHECK_STALE_MS;
  return {
    id: r.id,
    url: r.url,
    operation: r.operationId,
    status: (interrupted ? "FAILED" : r.status) as CheckStatus,
    error: interrupted ? "interrupted: the server stopped while the check ran; run it again" : null,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    passed: cases.filter((c) => c.passed).length,
    failed: cases.filter((c) => !c.passed).length,
    cases,
  };
}
export type ReceiverCheckView = ReturnType<typeof checkView>;
export type ReceiverCheckSummary = Omit<ReceiverCheckView, "cases"> & { failedCases: string[] };

const summary = ({ cases, ...rest }: ReceiverCheckView): ReceiverCheckSummary => ({ ...rest, failedCases: cases.filter((c) => !c.passed).map((c) => c.name) });

const columns = { id: true, url: true, operationId: true, status: true, cases: true, startedAt: true, finishedAt: true } as const;

/** The app's checks, newest first, without their cases (GET …/receiver-checks/{id} has them). */
export async function listReceiverChecks(appId: string, take = 100, db: Db = defaultDb): Promise<{ checks: ReceiverCheckSummary[] }> {
  const rows = await db.receiverCheck.findMany({ where: { appId }, orderBy: { seq: "desc" }, take: Math.min(Math.max(take, 1), 100), select: columns });
  return { checks: rows.map((r) => summary(checkView(r))) };
}

export async function getReceiverCheck(appId: string, checkId: string, db: Db = defaultDb): Promise<ReceiverCheckView> {
  const r = await db.receiverCheck.findFirst({ where: { appId, id: checkId }, select: columns });
  if (!r) throw new ApiError("NOT_FOUND", `no receiver check ${checkId} for this app`);
  return checkView(r);
}

/** The newest finished check, as a summary; null when the app has run none. */
export async function latestReceiverCheck(appId: string, db: Db = defaultDb): Promise<ReceiverCheckSummary | null> {
  const r = await db.receiverCheck.findFirst({ where: { appId, status: { not: "RUNNING" } }, orderBy: { seq: "desc" }, select: columns });
  return r ? summary(checkView(r)) : null;
}

/**
 * The check cases some delivery ids belong to (a check's cases carry ids of no
 * stored delivery), among the app's kept checks: one indexed read of the app's
 * rows, matched on their short list of ids.
 */
export async function checkCasesOf(appId: string, deliveryIds: string[], db: Db = defaultDb) {
  const out = new Map<string, { checkId: string; name: string; expected: string }>();
  const ids = [...new Set(deliveryIds.filter((id) => /^dlv_[A-Za-z0-9]{22}$/.test(id)))];
  if (!ids.length) return out;
  const rows = await db.receiverCheck.findMany({
    where: { appId, OR: ids.slice(0, 100).map((id) => ({ deliveryIds: { contains: id } })) },
    orderBy: { seq: "desc" },
    select: { id: true, cases: true },
  });
  for (const r of rows) {
    for (const c of parseCases(r.cases)) if (ids.includes(c.deliveryId) && !out.has(c.deliveryId)) out.set(c.deliveryId, { checkId: r.id, name: c.name, expected: c.expected });
  }
  return out;
}
