// For a signed-in reader, the docs' samples name the app the link they followed
// names (`?app=`, e.g. from an app's Get started), else the one they picked (the
// DOCS_APP_COOKIE, set by the picker on operation pages), and its inspector
// address; with neither, their newest app that is not suspended. For everyone
// else, placeholders.
import { cookies } from "next/headers";
import { currentUser } from "@/lib/auth/session";
import { inspectorUrl, listApps } from "@/lib/services/apps";
import type { Fill } from "./code-samples";

/** Where the reader's pick is remembered (an app id: it grants nothing, every route checks ownership). */
export const DOCS_APP_COOKIE = "docs-app";

export type ReaderApp = { id: string; name: string; inspectorUrl: string; suspended: boolean };

/** The signed-in reader's apps, newest first, and the one the docs use (`requested` first, when theirs); none when signed out. */
export async function readerApps(requested?: string): Promise<{ apps: ReaderApp[]; chosen: ReaderApp | null }> {
  const user = await currentUser();
  if (!user) return { apps: [], chosen: null };
  const apps = (await listApps(user.id)).map((a) => ({ id: a.id, name: a.name, inspectorUrl: inspectorUrl(a.id), suspended: a.suspended }));
  const picked = (await cookies()).get(DOCS_APP_COOKIE)?.value;
  const chosen = apps.find((a) => a.id === requested) ?? apps.find((a) => a.id === picked) ?? apps.find((a) => !a.suspended) ?? apps[0] ?? null;
  return { apps, chosen };
}

/** What the samples are filled with: the chosen app. */
export const fillOf = (chosen: ReaderApp | null): Fill | undefined => (chosen ? { appId: chosen.id, inspectorUrl: chosen.inspectorUrl } : undefined);
