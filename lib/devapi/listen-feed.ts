// The listeners' feed (`GET {base_url}/dev/v1/inbox/stream`, docs /docs/listen):
// the app's own callbacks that arrived at its inspector address after a cursor
// and, for `--all`, every callback attempt to another address. Anyone may post
// to an inspector address, so by default an inbox entry is relayed only when it
// is a callback of the app — a delivery of the app with the body it carried, or
// a valid signature with the app's signing secret — and only with a callback's
// headers (CALLBACK_HEADER_NAMES); `foreign` adds the other entries (still with
// those headers only). Read from the database, so any instance can serve any
// app's stream; when a stream reads is listen.ts's.
import { liveSecrets } from "@/lib/callbacks/attempt";
import { signingSecretsFor, storedCallbackFaults } from "@/lib/callbacks/callback-faults";
import { isOwnInspector } from "@/lib/callbacks/policy";
import { CALLBACK_HEADER_NAMES, callbackHeaders } from "@/lib/callbacks/post";
import { checkSignatures } from "@/lib/crypto";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { checkCaseNames } from "./check-case-names";
import { nowDate, nowMs } from "@/lib/runtime";

const BATCH = 100;
/** Which entries a stream relays: `all` adds copies of callbacks sent elsewhere, `foreign` the inbox entries that are not the app's callbacks. */
export type FeedOptions = { all: boolean; foreign: boolean };

/** `inbox`: InboxEntry.seq; `attempt`: DeliveryAttempt.id (every row up to both was streamed). Text: `<inbox>.<attempt>`. */
export type Cursor = { inbox: number; attempt: number };
export const cursorText = (c: Cursor) => `${c.inbox}.${c.attempt}`;
export function parseCursor(text: string | null | undefined): Cursor | null {
  const m = /^(\d{1,15})(?:\.(\d{1,15}))?$/.exec(text?.trim() ?? "");
  return m ? { inbox: Number(m[1]), attempt: Number(m[2] ?? 0) } : null;
}

export type FeedEvent = {
  cursor: string;
  source: "inbox" | "delivery";
  inboxEntryId: string | null;
  deliveryId: string | null;
  receivedAt: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  operation: string | null;
  scenario: string | null;
  /** A case of the app's receiver check (`valid`, `tampered_body`…, lib/devapi/receiver-cases.ts); `operation` is then the check's. */
  checkCase: string | null;
  target: string | null;
};

// ---- reading ----------------------------------------------------------------------

/** The cursor of "now": the newest inbox entry of the app and the newest attempt of any app. */
export async function currentCursor(appId: string, db: Db = defaultDb): Promise<Cursor> {
  const [entry, attempt] = await Promise.all([
    db.inboxEntry.findFirst({ where: { appId }, orderBy: { seq: "desc" }, select: { seq: true } }),
    db.deliveryAttempt.findFirst({ orderBy: { id: "desc" }, select: { id: true } }),
  ]);
  return { inbox: entry?.seq ?? 0, attempt: attempt?.id ?? 0 };
}

/**
 * Where a stream asked to resume after `after` starts: there, unless the cursor
 * is past the newest rows of the database (a database reset or a cursor from
 * another portal), where nothing would ever arrive: then from the newest rows.
 */
export async function resumeFrom(after: Cursor, db: Db = defaultDb): Promise<{ cursor: Cursor; resumed: boolean }> {
  const [entry, attempt] = await Promise.all([
    db.inboxEntry.findFirst({ orderBy: { seq: "desc" }, select: { seq: true } }),
    db.deliveryAttempt.findFirst({ orderBy: { id: "desc" }, select: { id: true } }),
  ]);
  const newest = { inbox: entry?.seq ?? 0, attempt: attempt?.id ?? 0 };
  return after.inbox > newest.inbox || after.attempt > newest.attempt ? { cursor: newest, resumed: false } : { cursor: after, resumed: true };
}

/** How long a stream keeps looking below its cursor for rows committed late: on PostgreSQL concurrent inserts commit in any order. */
export const SETTLE_MS = 2_000;

/**
 * One stream's reading: the events after its cursor, oldest first (at most
 * BATCH of each source a read), and any row below the cursor committed after
 * the stream passed it (within SETTLE_MS), which it sends then, once.
 */
export class FeedReader {
  /** Rows sent lately ("i<seq>", "a<attempt id>") → when. */
  private readonly sent = new Map<string, number>();
  /** The cursor at each read over the last SETTLE_MS: the oldest is where late rows are looked for. */
  private marks: { at: number; cursor: Cursor }[];

  readonly cursor: Cursor;

  readonly all: boolean;
  /** `now`: the clock its settle window is measured on (the runtime's; a test's own frozen one). */
  constructor(
    readonly appId: string, start: Cursor, private readonly options: FeedOptions,
    private readonly db: Db = defaultDb, private readonly now: () => number = nowMs,
  ) {
    this.all = options.all;
    this.cursor = { ...start };
    this.marks = [{ at: now(), cursor: { ...start } }];
  }

  /** The inbox entries this stream relays; the others are remembered as handled, so they are not looked at again. */
  private relayed(entries: Pending[], now: number): Pending[] {
    return entries.filter((e) => {
      if (e.own || this.options.foreign) return true;
      this.sent.set(e.key, now);
      return false;
    });
  }

  /** The next events, and whether more are waiting already. */
  async next(): Promise<{ events: FeedEvent[]; more: boolean }> {
    const now = this.now();
    while (this.marks.length > 1 && this.marks[1]!.at <= now - SETTLE_MS) this.marks.shift();
    const floor = this.marks[0]!.cursor;
    const late = await this.late(floor);
    const after = { ...this.cursor };
    const inbox = await inboxRows(this.db, { appId: this.appId, seq: { gt: after.inbox } });
    const copies = this.all ? await attemptRows(this.db, this.appId, { id: { gt: after.attempt } }) : { rows: [], last: undefined, more: false };
    if (inbox.rows.length) this.cursor.inbox = inbox.rows.at(-1)!.seq;
    if (copies.last) this.cursor.attempt = copies.last;
    const pending = [...this.relayed(await inboxEvents(this.db, this.appId, inbox.rows), now), ...(await copyEvents(this.db, this.appId, copies.rows))].sort((a, b) => a.at - b.at);
    // Each event's id is the cursor once it is handled: its own row, and every earlier row of the other source.
    const running = { ...after };
    const events = [
      ...this.relayed(late, now).map((p) => this.done(p, now, after)),
      ...pending.map((p) => {
        if (p.key.startsWith("i")) running.inbox = Math.max(running.inbox, Number(p.key.slice(1)));
        else running.attempt = Math.max(running.attempt, Number(p.key.slice(1)));
        return this.done(p, now, running);
      }),
    ];
    this.marks.push({ at: now, cursor: { ...this.cursor } });
    for (const [k, at] of this.sent) if (at < now - 2 * SETTLE_MS) this.sent.delete(k);
    return { events, more: inbox.more || copies.more };
  }

  private done({ key, at: _at, own: _own, ...e }: Pending, now: number, cursor: Cursor): FeedEvent {
    this.sent.set(key, now);
    return { ...e, cursor: cursorText(cursor) };
  }

  /** Rows between `floor` and the cursor that were not sent: committed after the stream passed them. */
  private async late(floor: Cursor): Promise<Pending[]> {
    const out: Pending[] = [];
    if (floor.inbox < this.cursor.inbox) {
      const seqs = await this.db.inboxEntry.findMany({
        where: { appId: this.appId, seq: { gt: floor.inbox, lte: this.cursor.inbox } }, select: { seq: true }, take: 1_000,
      });
      const missing = seqs.map((r) => r.seq).filter((q) => !this.sent.has(`i${q}`));
      if (missing.length) out.push(...(await inboxEvents(this.db, this.appId, (await inboxRows(this.db, { appId: this.appId, seq: { in: missing } })).rows)));
    }
    if (this.all && floor.attempt < this.cursor.attempt) {
      const { rows } = await attemptRows(this.db, this.appId, { id: { gt: floor.attempt, lte: this.cursor.attempt } }, 1_000);
      const missing = rows.filter((r) => !this.sent.has(`a${r.id}`));
      if (missing.length) out.push(...(await copyEvents(this.db, this.appId, missing)));
    }
    return out;
  }
}

/** `own`: a callback of the app (copies always are). */
type Pending = Omit<FeedEvent, "cursor"> & { at: number; key: string; own: boolean };

/** A request's headers as a listener relays them: a callback's, no others (no cookie, authorization, forwarding headers…). */
const callbackHeadersOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => CALLBACK_HEADER_NAMES.includes(name)));

type InboxWhere = { appId: string; seq: { gt: number } | { in: number[] } };

async function inboxRows(db: Db, where: InboxWhere) {
  const rows = await db.inboxEntry.findMany({ where, orderBy: { seq: "asc" }, take: BATCH });
  return { rows, more: rows.length === BATCH };
}

async function inboxEvents(db: Db, appId: string, rows: Awaited<ReturnType<typeof inboxRows>>["rows"]): Promise<Pending[]> {
  if (!rows.length) return [];
  const parsed = rows.map((r) => {
    const headers = JSON.parse(r.headers) as Record<string, string>;
    return { r, headers, deliveryId: r.deliveryId ?? headers["x-svc-delivery"] ?? null };
  });
  const ids = [...new Set(parsed.map((p) => p.deliveryId).filter((d): d is string => !!d))];
  const [deliveries, app] = await Promise.all([
    ids.length ? db.delivery.findMany({ where: { appId, id: { in: ids } }, select: { id: true, body: true, operationId: true, scenarioKey: true } }) : [],
    db.app.findUnique({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true } }),
  ]);
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  // The app's receiver checks post cases that are no delivery: they are the app's own too (their ids are recorded before they are posted).
  const checkCases = await checkCaseNames(db, appId, ids);
  const secrets = app ? [app.signingSecret, app.previousSigningSecret].filter((s): s is string => !!s) : [];
  return parsed.map(({ r, headers, deliveryId }): Pending => {
    // A delivery of this app is named only with the body it carried (anyone may copy an x-svc-delivery header).
    const found = deliveryId ? byId.get(deliveryId) : undefined;
    const d = found && found.body === r.body ? found : undefined;
    const checkCase = d ? undefined : checkCases.get(r.seq);
    const own = d !== undefined || checkCase !== undefined || checkSignatures(headers, r.body, secrets).result === "valid";
    return {
      at: r.receivedAt.getTime(), key: `i${r.seq}`, own,
      source: "inbox", inboxEntryId: r.id, deliveryId: d?.id ?? null, receivedAt: r.receivedAt.toISOString(),
      method: r.method, headers: callbackHeadersOf(headers), body: r.body, operation: d?.operationId ?? checkCase?.operation ?? null, scenario: d?.scenarioKey ?? null, checkCase: checkCase?.name ?? null, target: null,
    };
  });
}

/**
 * `--all`: the attempts of this app's callbacks to an address other than its
 * own inspector (those arrive as inbox entries). Attempt ids are shared by
 * every app: `last` moves past other apps' rows too, whose bodies are not read.
 */
async function attemptRows(db: Db, appId: string, where: { id: { gt: number; lte?: number } }, take = BATCH) {
  const rows = await db.deliveryAttempt.findMany({
    where, orderBy: { id: "asc" }, take,
    select: { id: true, at: true, url: true, delivery: { select: { id: true, appId: true, url: true } } },
  });
  const mine = rows.filter((r) => r.delivery.appId === appId && !isOwnInspector(r.url ?? r.delivery.url, appId));
  return { rows: mine, last: rows.at(-1)?.id, more: rows.length === take };
}

/**
 * A copy of each attempt: the body the callback carried, signed now with the
 * app's live secrets (its signature is as fresh as the relay, and verifies
 * with the secret the console shows).
 */
async function copyEvents(db: Db, appId: string, rows: Awaited<ReturnType<typeof attemptRows>>["rows"]): Promise<Pending[]> {
  if (!rows.length) return [];
  const [app, deliveries] = await Promise.all([
    db.app.findUnique({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } }),
    db.delivery.findMany({ where: { appId, id: { in: [...new Set(rows.map((r) => r.delivery.id))] } }, select: { id: true, body: true, operationId: true, scenarioKey: true, faults: true } }),
  ]);
  if (!app) return [];
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  const now = new Date();
  const secrets = liveSecrets(app, nowDate());
  return rows.flatMap(({ id, at, url, delivery }): Pending[] => {
    const d = byId.get(delivery.id);
    if (!d) return []; // pruned meanwhile
    return [{
      at: at.getTime(), key: `a${id}`, own: true,
      source: "delivery", inboxEntryId: null, deliveryId: d.id, receivedAt: at.toISOString(), method: "POST",
      // as the dispatcher signs it: a wrong-signature fault stays wrong
      headers: callbackHeaders(d.id, d.body, signingSecretsFor(storedCallbackFaults(d.faults), secrets), now),
      body: d.body, operation: d.operationId, scenario: d.scenarioKey, checkCase: null, target: url ?? delivery.url,
    }];
  });
}

