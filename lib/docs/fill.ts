// For a signed-in reader, the docs' samples and try-it use one of their apps:
// the one a link names (`?app=`, e.g. from an app's Get started) or, else, the
// one they picked before (DOCS_APP_COOKIE, lib/docs/app-cookie.ts: remembered
// across pages and visits), when it may call the page's API (its group's
// subscription ACTIVE, not suspended, a role that may call as it: access.ts
// `refusal`); otherwise their newest app that may, and the page says why. For everyone else, placeholders.
import { cookies } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/prisma";
import { refusal } from "@/lib/services/access";
import { inspectorUrl, listApps } from "@/lib/services/apps";
import { DOCS_APP_COOKIE } from "./app-cookie";
import type { Fill } from "./code-samples";

/** `refusal`: why the reader's role may not call as the app (a viewer: try-it is a preview), else null. */
export type ReaderApp = { id: string; name: string; inspectorUrl: string; suspended: boolean; subscribed: boolean; refusal: string | null };
export type ReaderApps = { apps: ReaderApp[]; chosen: ReaderApp | null; note: string | null };

/** Can this app call the group's operations (what try-it as the app needs)? */
const usable = (a: ReaderApp) => a.subscribed && !a.suspended && !a.refusal;

/**
 * The signed-in reader's apps, newest first, each marked subscribed or not to
 * `group` (every app is, without one), and the one the docs use; none when signed out.
 */
export async function readerApps(requested?: string, group?: string): Promise<ReaderApps> {
  const user = await currentUser();
  if (!user) return { apps: [], chosen: null, note: null };
  const [owned, roles] = await Promise.all([listApps(user.id), db.membership.findMany({ where: { userId: user.id }, select: { teamId: true, role: true } })]);
  const roleIn = new Map(roles.map((m) => [m.teamId, m.role]));
  const active = group
    ? new Set((await db.subscription.findMany({ where: { appId: { in: owned.map((a) => a.id) }, group, status: "ACTIVE" }, select: { appId: true } })).map((s) => s.appId))
    : null;
  const apps = owned.map((a) => ({ id: a.id, name: a.name, inspectorUrl: inspectorUrl(a.id), suspended: a.suspended, subscribed: active ? active.has(a.id) : true,
    refusal: refusal(roleIn.get(a.teamId) ?? "", "app.write") }));
  const picked = (await cookies()).get(DOCS_APP_COOKIE)?.value;
  const wanted = apps.find((a) => a.id === requested) ?? apps.find((a) => a.id === picked);
  if (wanted && usable(wanted)) return { apps, chosen: wanted, note: null };
  const chosen = apps.find(usable) ?? wanted ?? apps.find((a) => !a.suspended) ?? apps[0] ?? null;
  return { apps, chosen, note: chosen && noteFor(chosen, wanted, group) };
}

/** Why the docs use `chosen` rather than the reader's pick, or why try-it as it will be refused. */
function noteFor(chosen: ReaderApp, wanted: ReaderApp | undefined, group?: string): string | null {
  const api = group ?? "this API";
  if (!usable(chosen)) {
    if (chosen.refusal && chosen.subscribed && !chosen.suspended) return `${chosen.refusal.charAt(0).toUpperCase()}${chosen.refusal.slice(1)}: Try it as ${chosen.name} is a preview.`;
    return chosen.suspended
      ? `${chosen.name} is suspended, so Try it is a preview.`
      : `None of your apps is subscribed to ${api}: Try it as ${chosen.name} answers 403 NOT_SUBSCRIBED, so it is a preview. Add ${api} to an app in the console.`;
  }
  if (!wanted || wanted.id === chosen.id) return null;
  return wanted.suspended
    ? `${wanted.name}, your pick, is suspended: using ${chosen.name}, your newest app that can call ${api}.`
    : `${wanted.name}, your pick, is not subscribed to ${api}: using ${chosen.name}, your newest app that is.`;
}

/** What the samples are filled with: the chosen app. */
export const fillOf = (chosen: ReaderApp | null): Fill | undefined => (chosen ? { appId: chosen.id, inspectorUrl: chosen.inspectorUrl } : undefined);
