// Who is asking: for pages (redirect / 404) and for routes (ApiError).
// The user is read from the database on each request, so a deleted user or a
// changed role takes effect at once; so does the end of its sessions.
import { cache } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { isApiError } from "@/lib/errors";
import { authorizeApp } from "@/lib/services/access";
import { sessionUser, type PublicUser } from "@/lib/services/users";
import { auth } from "./index";
import { safeNext } from "./next-path";

/** The signed-in user and the id of their session's record (lib/services/sessions.ts), or null. */
export const currentSession = cache(async (): Promise<{ user: PublicUser; sessionId: string } | null> => {
  const session = (await auth()) as { user?: { id?: string }; sv?: unknown; sid?: unknown } | null;
  const id = session?.user?.id;
  const sid = session?.sid;
  // The user read with its session's record, in one statement: a session signed out (its record gone) has ended.
  const user = id && typeof sid === "string" ? await sessionUser(id, sid) : null;
  // A session issued before the account's last password change or "sign out everywhere" has ended.
  return user && session?.sv === user.sessionVersion ? { user, sessionId: sid as string } : null;
});

export const currentUser = cache(async (): Promise<PublicUser | null> => (await currentSession())?.user ?? null);


/** The signed-in user, or the sign-in page that brings the visitor back to the page asked for (proxy.ts passes its path). */
export async function requireUser(): Promise<PublicUser> {
  const user = await currentUser();
  if (!user) {
    const next = safeNext((await headers()).get("x-console-path"));
    redirect(next && next !== "/apps" ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  }
  return user;
}

export async function requireOperator(): Promise<PublicUser> {
  const user = await requireUser();
  if (!user.operator) notFound();
  return user;
}

/** The signed-in user's app with their role and its team's name, or the 404 page: another team's app id tells nothing. */
export const requireOwnedApp = cache(async (appId: string) => {
  const user = await requireUser();
  try {
    return { user, ...(await authorizeApp(user, appId, "app.read")) };
  } catch (e) {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
});
