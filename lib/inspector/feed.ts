// The listeners' feed (`GET {base_url}/dev/v1/inbox/stream`, docs /docs/listen):
// what arrived at an app's inspector address after a cursor and, for `--all`,
// every callback attempt to another address. Read from the database, so any
// instance can serve any app's stream; this process's own inbox writes wake
// its streams at once, the others' are seen by polling (POLL_MS).
import { EventEmitter } from "node:events";
import { liveSecrets } from "@/lib/callbacks/attempt";
import { config } from "@/lib/config";
import { callbackSignatureHeaders } from "@/lib/crypto";
import { db as defaultDb, type Db } from "@/lib/db/client";

/** How often a stream looks for rows another instance wrote. */
export const POLL_MS = 250;
const BATCH = 100;

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
  target: string | null;
};

// ---- waking this process's streams -------------------------------------------------

const changes = new EventEmitter().setMaxListeners(0);

/** Called by the inspector after it stored an entry: this process's streams of the app read at once. */
export function inboxChanged(appId: string): void {
  changes.emit(appId);
}

/** Resolves after `ms`, when the app's inbox changes in this process, or when `signal` aborts. */
export function waitForChange(appId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      changes.off(appId, done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    changes.on(appId, done);
    signal.addEventListener("abort", done);
  });
}

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

/** The events after `after` (oldest first, at most BATCH of each source), the cursor after them, and whether more are waiting. */
export async function readFeed(appId: string, after: Cursor, all: boolean, db: Db = defaultDb): Promise<{ events: FeedEvent[]; cursor: Cursor; more: boolean }> {
  const cursor = { ...after };
  const inbox = await inboxEvents(appId, cursor, db);
  const copies = all ? await deliveryEvents(appId, cursor, db) : { events: [], more: false };
  const events = [...inbox.events, ...copies.events].sort((a, b) => a.at - b.at);
  // Each event's id is the cursor once it is handled: its own row, and every earlier row of the other source.
  const running = { ...after };
  const out = events.map(({ at: _at, seq, attempt, ...e }) => {
    if (seq) running.inbox = Math.max(running.inbox, seq);
    if (attempt) running.attempt = Math.max(running.attempt, attempt);
    return { ...e, cursor: cursorText(running) };
  });
  return { events: out, cursor, more: inbox.more || copies.more };
}

type Pending = Omit<FeedEvent, "cursor"> & { at: number; seq?: number; attempt?: number };

async function inboxEvents(appId: string, cursor: Cursor, db: Db): Promise<{ events: Pending[]; more: boolean }> {
  const rows = await db.inboxEntry.findMany({ where: { appId, seq: { gt: cursor.inbox } }, orderBy: { seq: "asc" }, take: BATCH });
  if (!rows.length) return { events: [], more: false };
  cursor.inbox = rows.at(-1)!.seq;
  const parsed = rows.map((r) => {
    const headers = JSON.parse(r.headers) as Record<string, string>;
    return { r, headers, deliveryId: r.deliveryId ?? headers["x-svc-delivery"] ?? null };
  });
  const ids = [...new Set(parsed.map((p) => p.deliveryId).filter((d): d is string => !!d))];
  const deliveries = ids.length
    ? await db.delivery.findMany({ where: { appId, id: { in: ids } }, select: { id: true, operationId: true, scenarioKey: true } })
    : [];
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  const events = parsed.map(({ r, headers, deliveryId }): Pending => {
    const d = deliveryId ? byId.get(deliveryId) : undefined;
    return {
      at: r.receivedAt.getTime(), seq: r.seq,
      source: "inbox", inboxEntryId: r.id, deliveryId: d ? d.id : deliveryId, receivedAt: r.receivedAt.toISOString(),
      method: r.method, headers, body: r.body, operation: d?.operationId ?? null, scenario: d?.scenarioKey ?? null, target: null,
    };
  });
  return { events, more: rows.length === BATCH };
}

/**
 * `--all`: every attempt of this app's callbacks to an address other than its
 * own inspector (those arrive as inbox entries), with the body the callback
 * carried, signed now with the app's live secrets (a copy: its signature is
 * as fresh as the relay, and verifies with the secret the console shows).
 * Attempt ids are shared by every app: the cursor moves past other apps' rows too.
 */
async function deliveryEvents(appId: string, cursor: Cursor, db: Db): Promise<{ events: Pending[]; more: boolean }> {
  // Other apps' rows are only skipped: their bodies are not read.
  const rows = await db.deliveryAttempt.findMany({
    where: { id: { gt: cursor.attempt } },
    orderBy: { id: "asc" },
    take: BATCH,
    select: { id: true, at: true, url: true, delivery: { select: { id: true, appId: true, url: true } } },
  });
  if (!rows.length) return { events: [], more: false };
  cursor.attempt = rows.at(-1)!.id;
  const mine = rows.filter((r) => r.delivery.appId === appId && !isOwnInspector(r.url ?? r.delivery.url, appId));
  if (!mine.length) return { events: [], more: rows.length === BATCH };
  const [app, deliveries] = await Promise.all([
    db.app.findUnique({ where: { id: appId }, select: { signingSecret: true, previousSigningSecret: true, previousSecretExpiresAt: true } }),
    db.delivery.findMany({ where: { appId, id: { in: [...new Set(mine.map((r) => r.delivery.id))] } }, select: { id: true, body: true, operationId: true, scenarioKey: true } }),
  ]);
  if (!app) return { events: [], more: false };
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  const now = new Date();
  const secrets = liveSecrets(app, now);
  const events = mine.flatMap(({ id, at, url, delivery }): Pending[] => {
    const d = byId.get(delivery.id);
    if (!d) return []; // pruned meanwhile
    return [{
      at: at.getTime(), attempt: id,
      source: "delivery", inboxEntryId: null, deliveryId: d.id, receivedAt: at.toISOString(), method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Svc-Sandbox/1.0",
        "x-svc-delivery": d.id,
        ...callbackSignatureHeaders(secrets, d.id, d.body, now),
      },
      body: d.body, operation: d.operationId, scenario: d.scenarioKey, target: url ?? delivery.url,
    }];
  });
  return { events, more: rows.length === BATCH };
}

function isOwnInspector(url: string | null, appId: string): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.origin === new URL(config.publicUrl).origin && u.pathname.replace(/\/+$/, "") === `/inspect/${encodeURIComponent(appId)}`;
  } catch {
    return false;
  }
}
