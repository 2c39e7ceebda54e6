// Who is asking: for pages (redirect / 404) and for routes (ApiError).
// The user is read from the database on each request, so a deleted user or a
// changed role takes effect at once; so does the end of its sessions.
import { cache } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { isApiError } from "@/lib/errors";
import { authorizeApp } from "@/lib/services/access";
import { getUser, type PublicUser } from "@/lib/services/users";
import { auth } from "./index";
import { safeNext } from "./next-path";

export const currentUser = cache(async (): Promise<PublicUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await getUser(id) : null;
  // A session issued before the account's last sign-out or password change has ended.
  return user && (session as { sv?: unknown }).sv === user.sessionVersion ? user : null;
});


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
