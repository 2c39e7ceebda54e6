"use server";
// The docs' app picker: remembers which of the reader's apps the samples and
// try-it use (lib/docs/fill.ts reads it; an id the reader does not own is
// ignored there).
import { cookies } from "next/headers";
import { DOCS_APP_COOKIE, docsAppCookieOptions, isAppId } from "@/lib/docs/app-cookie";

export async function pickDocsApp(appId: string): Promise<void> {
  if (!isAppId(appId)) return;
  (await cookies()).set(DOCS_APP_COOKIE, appId, docsAppCookieOptions());
}
