// Request log reads for the console: keyset-paged on `seq` (newest first),
// filtered by status class (a range on status), operation, scenario or request id.
// Callers check ownership first (ownedApp).
import { z } from "zod";
import { db as defaultDb, type Db } from "@/lib/db/client";
import { checkDepth } from "@/lib/engine";
import { ApiError } from "@/lib/errors";

/** An empty query parameter means "not set". */
const opt = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());

export const STATUS_CLASSES = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] } as const;
export type StatusClass = keyof typeof STATUS_CLASSES;

export const pageSchema = {
  before: opt(z.coerce.number({ error: "before must be a number" }).int().positive()),
  take: opt(z.coerce.number({ error: "take must be a number" }).int().min(1).max(100, { error: "take must be at most 100" })),
};

export const requestFiltersSchema = z.object({
  status: opt(z.enum(["2xx", "4xx", "5xx"], { error: "status must be one of 2xx, 4xx, 5xx" })),
  operation: opt(z.string().trim().max(64)),
  scenario: opt(z.string().trim().max(64)),
  requestId: opt(z.string().trim().max(64)),
  ...pageSchema,
});
export type RequestFilters = z.output<typeof requestFiltersSchema>;

const summary = {
  seq: true, requestId: true, via: true, method: true, path: true, operationId: true,
  status: true, scenarioKey: true, durationMs: true, createdAt: true,
} as const;

export async function listRequests(appId: string, f: RequestFilters, db: Db = defaultDb) {
  const take = f.take ?? 50;
  const range = f.status ? STATUS_CLASSES[f.status] : null;
  const rows = await db.requestLog.findMany({
    where: {
      appId,
      ...(range ? { status: { gte: range[0], lt: range[1] } } : {}),
      ...(f.operation ? { operationId: f.operation } : {}),
      ...(f.scenario ? { scenarioKey: f.scenario } : {}),
      ...(f.requestId ? { requestId: f.requestId } : {}),
      ...(f.before ? { seq: { lt: f.before } } : {}),
    },
    orderBy: { seq: "desc" },
    take: take + 1,
    select: summary,
  });
  return { items: rows.slice(0, take), nextBefore: rows.length > take ? rows[take - 1]!.seq : null };
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
    ...r,
    requestHeaders: parse(r.requestHeaders) as Record<string, string>,
    responseHeaders: parse(r.responseHeaders) as Record<string, string>,
    requestBody: parse(r.requestBody),
    responseBody: parse(r.responseBody),
  };
}
export type RequestDetail = Awaited<ReturnType<typeof getRequest>>;
export type RequestSummary = Awaited<ReturnType<typeof listRequests>>["items"][number];
