// For a signed-in reader, the docs' samples name their newest app and its
// inspector address; for everyone else, placeholders.
import { currentUser } from "@/lib/auth/session";
import { inspectorUrl, listApps } from "@/lib/services/apps";
import type { Fill } from "./code-samples";

/** The signed-in reader's apps, newest first (the try-it panel applies the picked one's test numbers); none when signed out. */
export async function readerApps(): Promise<{ id: string; name: string; inspectorUrl: string }[]> {
  const user = await currentUser();
  return user ? (await listApps(user.id)).map((a) => ({ id: a.id, name: a.name, inspectorUrl: inspectorUrl(a.id) })) : [];
}

export async function docsFill(): Promise<Fill | undefined> {
  const user = await currentUser();
  const app = user ? (await listApps(user.id))[0] : undefined;
  return app ? { appId: app.id, inspectorUrl: inspectorUrl(app.id) } : undefined;
}
