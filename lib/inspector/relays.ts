// What listeners (`sandbox.mjs listen --forward-to`) got from the developer's
// own server: one row per listener per relayed event, the newest N per app.
// The console shows them beside the inbox entry (listInbox) and the delivery
// (getDelivery).
import { relayReportSchema, type RelayReport } from "@/lib/catalog/dev-endpoints";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { keepNewest } from "@/lib/db/bounded";
import { ApiError } from "@/lib/errors";
import { config, nowDate } from "@/lib/runtime";
import { parseOrThrow } from "@/lib/validation";

export type RelayView = {
  id: number;
  inboxEntryId: string | null;
  deliveryId: string | null;
  listener: string;
  target: string;
  status: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  at: string;
};

type Row = Omit<RelayView, "id" | "at"> & { seq: number; at: Date };
const view = ({ seq, at, ...r }: Row): RelayView => ({ id: seq, ...r, at: at.toISOString() });
const columns = { seq: true, inboxEntryId: true, deliveryId: true, listener: true, target: true, status: true, error: true, responseBody: true, durationMs: true, at: true } as const;

/**
 * Records a listener's report. The inbox entry it names must be this app's, and
 * its delivery id the entry's own x-svc-delivery (a receiver check's cases carry
 * ids of no stored delivery); without an entry, the delivery must be this app's (else 404).
 */
export async function recordRelay(appId: string, report: unknown, db: Db = defaultDb): Promise<RelayView> {
  const r: RelayReport = parseOrThrow(relayReportSchema, report);
  if (r.inboxEntryId) {
    const entry = await db.inboxEntry.findFirst({ where: { id: r.inboxEntryId, appId }, select: { deliveryId: true } });
    if (!entry || (r.deliveryId && r.deliveryId !== entry.deliveryId)) throw new ApiError("NOT_FOUND", `no inbox entry ${r.inboxEntryId} for this app${entry ? ` with delivery ${r.deliveryId}` : ""}`);
  } else if (r.deliveryId && !(await db.delivery.findFirst({ where: { id: r.deliveryId, appId }, select: { seq: true } }))) {
    throw new ApiError("NOT_FOUND", `no delivery ${r.deliveryId} for this app`);
  }
  const row = await db.relay.create({
    data: {
      appId, inboxEntryId: r.inboxEntryId ?? null, deliveryId: r.deliveryId ?? null, listener: r.listener, target: r.target,
      status: r.status ?? null, error: r.error ?? null, responseBody: r.responseBody ?? null, durationMs: r.durationMs, at: nowDate(),
    },
    select: columns,
  });
  await keepNewest(db, "Relay", appId, config.relaysPerApp);
  return view(row);
}

/** The relays of some inbox entries, oldest first, grouped by entry id. */
export async function relaysOfEntries(appId: string, inboxEntryIds: string[], db: Db = defaultDb): Promise<Map<string, RelayView[]>> {
  const by = new Map<string, RelayView[]>();
  if (!inboxEntryIds.length) return by;
  const rows = await db.relay.findMany({ where: { appId, inboxEntryId: { in: inboxEntryIds } }, orderBy: { seq: "asc" }, select: columns });
  for (const r of rows) by.set(r.inboxEntryId!, [...(by.get(r.inboxEntryId!) ?? []), view(r)]);
  return by;
}

/** The relays of one delivery (of the inbox entries it left, and of its copies with `--all`), oldest first. */
export async function relaysOfDelivery(appId: string, deliveryId: string, db: Db = defaultDb): Promise<RelayView[]> {
  const rows = await db.relay.findMany({ where: { appId, deliveryId }, orderBy: { seq: "asc" }, take: 100, select: columns });
  return rows.map(view);
}
