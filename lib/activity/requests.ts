// Request log reads for the console: keyset-paged on `seq` (newest first),
// filtered by status class (status by status, merged), operation, scenario, fault or request id.
// Callers check ownership first (ownedApp).
import { z } from "zod";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { checkDepth, GATEWAY_FAULT_NAMES } from "@/lib/engine";
import { ApiError } from "@/lib/errors";
import { FLOAT_MET_COLUMNS, floatMetOf, withFloatMet } from "./float-met";
import { requestLinks } from "./links";

/** An empty query parameter means "not set". */
const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());

export const STATUS_CLASSES = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] } as const;
export type StatusClass = keyof typeof STATUS_CLASSES;

export const pageSchema = {
  before: opt(z.coerce.number({ error: "before must be a number" }).int().positive()),
  take: opt(z.coerce.number({ error: "take must be a number" }).int().min(1).max(100, { error: "take must be at most 100" })),
};

/** A list's free-text search (the request log's, the callbacks'): 2 to 100 characters. */
export const searchText = opt(z.string().trim().min(2, { error: "search text must be at least 2 characters" }).max(100, { error: "search text must be at most 100 characters" }));

export const requestFiltersSchema = z.object({
  status: opt(z.enum(["2xx", "4xx", "5xx"], { error: "status must be one of 2xx, 4xx, 5xx" })),
  operation: opt(z.string().trim().max(64)),
  scenario: opt(z.string().trim().max(64)),
  requestId: opt(z.string().trim().max(64)),
  /** Free text over the path and both bodies: a reference, a resource id, a phone number… */
  q: searchText,
  /** An error code, e.g. NOT_SUBSCRIBED. */
  error: opt(z.string().trim().regex(/^[A-Z_]{3,40}$/, { error: "error must be an error code such as NOT_SUBSCRIBED" })),
  /** Calls with this fault (X-Svc-Fault), or `any` fault. */
  fault: opt(z.enum([...GATEWAY_FAULT_NAMES, "any"], { error: `fault must be one of any, ${GATEWAY_FAULT_NAMES.join(", ")}` })),
  /** Calls at or after / before these times (ISO dates or date-times). */
  from: opt(z.coerce.date({ error: "from must be a date" })),
  to: opt(z.coerce.date({ error: "to must be a date" })),
  ...pageSchema,
});
export type RequestFilters = z.output<typeof requestFiltersSchema>;

const summary = {
  seq: true, requestId: true, via: true, method: true, path: true, operationId: true,
  status: true, scenarioKey: true, timeScale: true, fault: true, durationMs: true, createdAt: true, ...FLOAT_MET_COLUMNS,
} as const;

function where(appId: string, f: RequestFilters) {
  const range = f.status ? STATUS_CLASSES[f.status] : null;
  return {
    appId,
    ...(range ? { status: { gte: range[0], lt: range[1] } } : {}),
    ...(f.operation ? { operationId: f.operation } : {}),
    ...(f.scenario ? { scenarioKey: f.scenario } : {}),
    ...(f.requestId ? { requestId: f.requestId } : {}),
    ...(f.fault ? { fault: f.fault === "any" ? { not: null } : f.fault } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
    // error bodies are written by JSON.stringify: {"error":"CODE",...}
    ...(f.error ? { responseBody: { startsWith: `{"error":${JSON.stringify(f.error)}` } } : {}),
    ...(f.q ? { OR: [{ path: { contains: f.q } }, { requestBody: { contains: f.q } }, { responseBody: { contains: f.q } }] } : {}),
  };
}

/** The error code of an error answer, read from its body. */
export function errorCodeOf(status: number, responseBody: string): string | null {
  if (status < 400) return null;
  return /^\{"error":"([A-Z_]+)"/.exec(responseBody)?.[1] ?? null;
}

/**
 * A page of the log, newest first, with the number of calls that match (all pages).
 * A status class is read status by status: each status's rows are in the
 * (appId, status, seq) index newest first, so each is a short index walk and
 * their merge is a page; one range over the class would read and sort every
 * row of it (a million-row log: half a second for 2xx).
 */
export async function listRequests(appId: string, f: RequestFilters, db: Db = defaultDb) {
  const take = f.take ?? 50;
  const w = where(appId, f);
  const page = (extra: { status?: number }) =>
    db.requestLog.findMany({
      where: { ...w, ...extra, ...(f.before ? { seq: { lt: f.before } } : {}) },
      orderBy: { seq: "desc" },
      take: take + 1,
      select: { ...summary, responseBody: true },
    });
  let rows: Awaited<ReturnType<typeof page>>;
  let total: number | null = null;
  if (f.status) {
    const statuses = await db.requestLog.groupBy({ by: ["status"], where: w, _count: { _all: true } });
    if (!f.before) total = statuses.reduce((n, g) => n + g._count._all, 0);
    rows = (await Promise.all(statuses.map((g) => page({ status: g.status })))).flat().sort((a, b) => b.seq - a.seq).slice(0, take + 1);
  } else {
    [rows, total] = await Promise.all([page({}), f.before ? Promise.resolve(null) : db.requestLog.count({ where: w })]);
  }
  const items = rows.slice(0, take).map(({ responseBody, ...r }) => ({ ...withFloatMet(r), errorCode: errorCodeOf(r.status, responseBody) }));
  return { items, nextBefore: rows.length > take ? rows[take - 1]!.seq : null, total };
}

/** Whether the app's log holds a call of this status class: one index lookup, not a count of the class. */
export async function hasCall(appId: string, status: StatusClass, db: Db = defaultDb): Promise<boolean> {
  const [from, to] = STATUS_CLASSES[status];
  return (await db.requestLog.findFirst({ where: { appId, status: { gte: from, lt: to } }, select: { seq: true } })) !== null;
}

/** JSON as a value; text that is not JSON, or JSON nested too deep to show as a tree, stays text. */
const parse = (s: string | null): unknown => {
  if (s === null) return null;
  try {
    const v: unknown = JSON.parse(s);
    checkDepth(v);
    return v;
  } catch {
    return s;
  }
};

/** One logged call with its request and response (headers as objects, bodies parsed when JSON). */
export async function getRequest(appId: string, requestId: string, db: Db = defaultDb) {
  const r = await db.requestLog.findFirst({ where: { appId, requestId } });
  if (!r) throw new ApiError("NOT_FOUND", `no request ${requestId} in this app's log`);
  return {
    ...withFloatMet(r),
    requestHeaders: parse(r.requestHeaders) as Record<string, string>,
    responseHeaders: parse(r.responseHeaders) as Record<string, string>,
    requestBody: parse(r.requestBody),
    responseBody: parse(r.responseBody),
    links: await requestLinks(appId, r, db),
  };
}
export type RequestDetail = Awaited<ReturnType<typeof getRequest>>;

/** The float a logged call met (null: no payout, or no such row). */
export async function floatMetOfRequest(appId: string, requestId: string, db: Db = defaultDb) {
  const row = await db.requestLog.findFirst({ where: { appId, requestId }, select: FLOAT_MET_COLUMNS });
  return row && floatMetOf(row);
}
export type RequestSummary = Awaited<ReturnType<typeof listRequests>>["items"][number];
