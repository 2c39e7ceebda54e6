"use server";
// The docs' app picker: remembers which of the reader's apps the samples and
// try-it use (lib/docs/fill.ts reads it; an id the reader does not own is
// ignored there).
import { cookies } from "next/headers";
import { DOCS_APP_COOKIE } from "@/lib/docs/fill";

export async function pickDocsApp(appId: string): Promise<void> {
  if (!/^app_[0-9A-Za-z]{1,64}$/.test(appId)) return;
  (await cookies()).set(DOCS_APP_COOKIE, appId, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax", httpOnly: true });
}
