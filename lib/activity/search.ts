// The console's one search (⌘K / Ctrl-K, components/console/console-search.tsx,
// app/api/console/search): an id the portal issues, a reference or a phone
// number → the console pages of those things, across the signed-in user's live
// apps and throwaway sandboxes (a sandbox carries its parent's owner,
// lib/services/sandboxes.ts), never another account's. Which id prefix means
// which kind is ID_KINDS below, the one place; each kind is one bounded statement.
import { z } from "zod";
import { config } from "@/lib/runtime";
import type { Dialect } from "@/lib/config";
import { db as defaultDb, type Db } from "@/lib/db/prisma";
import { rawQuery } from "@/lib/db/raw";
import { param, sql, type Sql, type Value } from "@/lib/db/sql";
import { phoneDigits } from "@/lib/engine";
import type { IdPrefix } from "@/lib/ids";
import { liveApps } from "@/lib/services/sandbox-life";
import { resourceIdsIn } from "./links";

export const consoleSearchSchema = z.object({
  q: z
    .string({ error: "search text (q) is required: an id, a reference or a phone number" })
    .trim()
    .min(2, { error: "search text must be at least 2 characters: an id, a reference or a phone number" })
    .max(100, { error: "search text must be at most 100 characters" }),
});

export type HitKind = "app" | "request" | "resource" | "callback" | "inbox entry" | "key pair" | "receiver check" | "account";
export type SearchHit = {
  kind: HitKind;
  id: string;
  title: string;
  /** What else identifies it: the operation, a reference, a state. */
  detail: string;
  href: string;
  /** The app it belongs to (null: the account itself). */
  app: { id: string; name: string; sandbox: boolean } | null;
  at: Date | null;
};

/** Results of one kind at most; the whole answer at most MAX_HITS. */
const PER_KIND = 10;
const MAX_HITS = 20;

type Owned = { userId: string; apps: Map<string, { id: string; name: string; sandbox: boolean }>; db: Db; dialect: Dialect };
type Finder = (o: Owned, id: string) => Promise<SearchHit[]>;

const page = (appId: string, rest = "") => `/apps/${encodeURIComponent(appId)}${rest}`;
const ids = (o: Owned) => ({ in: [...o.apps.keys()] });
const hit = (o: Owned, appId: string, h: Omit<SearchHit, "app">): SearchHit => ({ ...h, app: o.apps.get(appId) ?? null });

const appHit = (app: { id: string; name: string; sandbox: boolean }): SearchHit =>
  ({ kind: "app", id: app.id, title: app.name, detail: app.sandbox ? "Throwaway sandbox" : "App", href: page(app.id), app, at: null });

const findApp: Finder = async (o, id) => {
  const app = o.apps.get(id);
  return app ? [appHit(app)] : [];
};

const findRequest: Finder = async (o, id) => {
  const r = await o.db.requestLog.findFirst({
    where: { requestId: id, appId: ids(o) },
    select: { appId: true, requestId: true, method: true, path: true, status: true, scenarioKey: true, createdAt: true },
  });
  return r ? [hit(o, r.appId, { kind: "request", id, title: `${r.method} ${r.path}`, detail: `${r.status}${r.scenarioKey ? ` · ${r.scenarioKey}` : ""}`, href: page(r.appId, `/requests/${id}`), at: r.createdAt })] : [];
};

const resourceHit = (o: Owned, r: { id: string; appId: string; operationId: string; reference: string | null; scenarioKey: string; createdAt: Date }) =>
  hit(o, r.appId, {
    kind: "resource", id: r.id, title: r.id, detail: [r.operationId, r.reference && `reference ${r.reference}`, r.scenarioKey].filter(Boolean).join(" · "),
    href: page(r.appId, `/resources/${r.id}`), at: r.createdAt,
  });
const resourceSelect = { id: true, appId: true, operationId: true, reference: true, scenarioKey: true, createdAt: true } as const;

const findResource: Finder = async (o, id) => {
  const r = await o.db.resource.findFirst({ where: { id, appId: ids(o) }, select: resourceSelect });
  return r ? [resourceHit(o, r)] : [];
};

const findDelivery: Finder = async (o, id) => {
  const d = await o.db.delivery.findFirst({ where: { id, appId: ids(o) }, select: { appId: true, operationId: true, scenarioKey: true, state: true, createdAt: true } });
  return d ? [hit(o, d.appId, { kind: "callback", id, title: id, detail: `${d.operationId} · ${d.scenarioKey} · ${d.state.toLowerCase().replace("_", " ")}`, href: page(d.appId, `/callbacks/${id}`), at: d.createdAt })] : [];
};

const findInboxEntry: Finder = async (o, id) => {
  const e = await o.db.inboxEntry.findFirst({ where: { id, appId: ids(o) }, select: { appId: true, deliveryId: true, status: true, receivedAt: true } });
  // The inspector lists an entry under the callback it came from (components/console/inbox.tsx `?delivery=`).
  return e ? [hit(o, e.appId, {
    kind: "inbox entry", id, title: id, detail: `Arrived at the inspector, answered ${e.status}${e.deliveryId ? ` · ${e.deliveryId}` : ""}`,
    href: page(e.appId, `/inspector${e.deliveryId ? `?delivery=${encodeURIComponent(e.deliveryId)}` : ""}`), at: e.receivedAt,
  })] : [];
};

const findKeyPair: Finder = async (o, id) => {
  const k = await o.db.keyPair.findFirst({ where: { id, appId: ids(o) }, select: { appId: true, label: true, revokedAt: true, createdAt: true } });
  return k ? [hit(o, k.appId, { kind: "key pair", id, title: k.label || id, detail: k.revokedAt ? "Revoked key pair" : "Active key pair", href: page(k.appId, "/keys"), at: k.createdAt })] : [];
};

const findReceiverCheck: Finder = async (o, id) => {
  const c = await o.db.receiverCheck.findFirst({ where: { id, appId: ids(o) }, select: { appId: true, url: true, status: true, startedAt: true } });
  return c ? [hit(o, c.appId, { kind: "receiver check", id, title: id, detail: `${c.status.toLowerCase()} · ${c.url}`, href: page(c.appId, "/go-live"), at: c.startedAt })] : [];
};

const findAccount: Finder = async (o, id) =>
  id === o.userId ? [{ kind: "account", id, title: "Your account", detail: "Password, sessions and deletion", href: "/account", app: null, at: null }] : [];

/**
 * Every id prefix the portal issues (lib/ids.ts IdPrefix: a new one fails the
 * type check until it is here; and the receiver checks' `rck_`,
 * lib/devapi/receiver-checks.ts) → where to look it up.
 */
export const ID_KINDS: Record<IdPrefix | "rck", Finder> = {
  app: findApp, req: findRequest, chk: findResource, pay: findResource, ver: findResource, msg: findResource,
  dlv: findDelivery, inb: findInboxEntry, key: findKeyPair, rck: findReceiverCheck, usr: findAccount,
  // Teams, invitations, audit entries, passkeys and sessions are not searched yet: no hit.
  team: async () => [], inv: async () => [], aud: async () => [], pk: async () => [], ses: async () => [],
};

/** The resources with this reference (the (appId, reference, operationId) index), newest first. */
const findReference: Finder = async (o, reference) =>
  (await o.db.resource.findMany({ where: { appId: ids(o), reference }, select: resourceSelect, orderBy: { createdAt: "desc" }, take: PER_KIND }))
    .map((r) => resourceHit(o, r));

/** The user's apps whose name holds the text (any case): read already, no statement. */
const findAppName: Finder = async (o, text) => {
  const t = text.toLowerCase();
  return [...o.apps.values()].filter((a) => a.name.toLowerCase().includes(t)).slice(0, PER_KIND)
    .map(appHit);
};

const phone = param("phone", "text");
const take = param("take", "integer");
/**
 * The newest calls of the user's apps (`apps`: a JSON array of their ids)
 * whose body named the number: each app's rows read from the (appId, phone,
 * seq) index (RequestLog.phone, written with the row: lib/engine/phone.ts),
 * never their bodies. SQLite looks each app up in the index (json_each);
 * PostgreSQL, asked the same, walked the whole log backwards by "seq" for the
 * LIMIT, so each app's newest `take` are read from the index (LATERAL), then
 * merged (tests/store/phone-search.test.ts reads both plans).
 */
const PHONE_SEARCH: Record<Dialect, Sql<{ apps: Value; phone: Value; take: Value }, { seq: number | bigint }>> = {
  sqlite: sql`SELECT "seq" FROM "RequestLog" WHERE "appId" IN (SELECT "value" FROM json_each(${param("apps")})) AND "phone" = ${phone}
    ORDER BY "seq" DESC LIMIT ${take}`.reads<{ seq: number | bigint }>(),
  postgresql: sql`SELECT l."seq" FROM json_array_elements_text(${param("apps", "json")}) AS a("id")
    CROSS JOIN LATERAL (SELECT "seq" FROM "RequestLog" WHERE "appId" = a."id" AND "phone" = ${phone} ORDER BY "seq" DESC LIMIT ${take}) l
    ORDER BY l."seq" DESC LIMIT ${take}`.reads<{ seq: number | bigint }>(),
};
export const phoneSearch = (dialect: Dialect) => PHONE_SEARCH[dialect];

/** The calls whose body named the number: each the resource it made, else the call. */
const findPhone: Finder = async (o, digits) => {
  if (o.apps.size === 0) return [];
  const found = await rawQuery(phoneSearch(o.dialect), o.db, o.dialect)({ apps: JSON.stringify([...o.apps.keys()]), phone: digits, take: PER_KIND });
  const rows = await o.db.requestLog.findMany({
    where: { seq: { in: found.map((r) => Number(r.seq)) } },
    select: { appId: true, requestId: true, method: true, path: true, operationId: true, status: true, responseBody: true, createdAt: true },
    orderBy: { seq: "desc" },
    take: PER_KIND,
  });
  return rows.map((r) => {
    const made = r.status < 300 ? resourceIdsIn(r.responseBody)[0] : undefined;
    return made
      ? hit(o, r.appId, { kind: "resource", id: made, title: made, detail: `${r.operationId ?? r.path} · phone ${digits}`, href: page(r.appId, `/resources/${made}`), at: r.createdAt })
      : hit(o, r.appId, { kind: "request", id: r.requestId, title: `${r.method} ${r.path}`, detail: `${r.status} · phone ${digits}`, href: page(r.appId, `/requests/${r.requestId}`), at: r.createdAt });
  });
};

/** The kind an id's prefix names, or null (then the text is looked up as a reference or a phone number). */
export function idKindOf(q: string): Finder | null {
  const prefix = /^([a-z]{2,4})_[A-Za-z0-9]+$/.exec(q)?.[1];
  return prefix && Object.hasOwn(ID_KINDS, prefix) ? ID_KINDS[prefix as keyof typeof ID_KINDS] : null;
}

/**
 * What `q` names among the user's things: by id when its prefix is one the
 * portal issues, and always as part of an app's name and as a reference (a
 * reference may look like anything), and as a phone number when it is one.
 * Ids first, at most MAX_HITS.
 */
export async function searchConsole(userId: string, q: string, db: Db = defaultDb, dialect: Dialect = config.dialect): Promise<{ results: SearchHit[] }> {
  const apps = await db.app.findMany({ where: { team: { members: { some: { userId } } }, ...liveApps() }, select: { id: true, name: true, parentAppId: true } });
  const o: Owned = { userId, db, dialect, apps: new Map(apps.map((a) => [a.id, { id: a.id, name: a.name, sandbox: a.parentAppId !== null }])) };
  const byId = idKindOf(q);
  const phone = phoneDigits(q);
  const found = await Promise.all([byId ? byId(o, q) : [], findAppName(o, q), findReference(o, q), phone ? findPhone(o, phone) : []]);
  const seen = new Set<string>();
  const results = found.flat().filter((h) => !seen.has(h.href) && Boolean(seen.add(h.href)));
  return { results: results.slice(0, MAX_HITS) };
}
