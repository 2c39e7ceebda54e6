// Who is asking: for pages (redirect / 404) and for routes (ApiError).
// The user is read from the database on each request, so a deleted user or a
// changed role takes effect at once; so does the end of its sessions.
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { isApiError } from "@/lib/errors";
import { ownedApp } from "@/lib/services/apps";
import { getUser, type PublicUser } from "@/lib/services/users";
import { auth } from "./index";

export const currentUser = cache(async (): Promise<PublicUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await getUser(id) : null;
  // A session issued before the account's last sign-out or password change has ended.
  return user && (session as { sv?: unknown }).sv === user.sessionVersion ? user : null;
});

export async function requireUser(): Promise<PublicUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  return user;
}

export async function requireOperator(): Promise<PublicUser> {
  const user = await requireUser();
  if (!user.operator) notFound();
  return user;
}

/** The signed-in user's app, or the 404 page: another user's app id tells nothing. */
export const requireOwnedApp = cache(async (appId: string) => {
  const user = await requireUser();
  try {
    return { user, app: await ownedApp(user.id, appId) };
  } catch (e) {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
});
