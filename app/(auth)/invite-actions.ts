"use server";
// Following an invitation's link: the signed-in account joins (lib/services/invitations.ts).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sentence } from "@/components/ui/error-text";
import { currentUser } from "@/lib/auth/session";
import { isApiError } from "@/lib/errors";
import { actingAs } from "@/lib/services/audit";
import { acceptInvitation } from "@/lib/services/invitations";
import { requireVerified } from "@/lib/services/verification";
import { clientAddress } from "@/lib/throttle";

export type InviteState = { error?: string };

export async function acceptAction(_: InviteState, form: FormData): Promise<InviteState> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  let joined: string;
  try {
    const by = { userId: user.id, email: user.email, address: clientAddress(await headers()) };
    requireVerified(user); // joining a team is a write (lib/services/verification.ts)
    joined = (await actingAs(by, () => acceptInvitation(user, String(form.get("token") ?? "")))).teamId;
  } catch (e) {
    if (isApiError(e) && ["NOT_FOUND", "FORBIDDEN", "EMAIL_NOT_VERIFIED", "CONFLICT", "VALIDATION_ERROR"].includes(e.code)) return { error: `${sentence(e.message)}.` };
    throw e;
  }
  // The team joined, current: its apps (components/console/team-switcher.tsx).
  redirect(`/apps?team=${encodeURIComponent(joined)}`);
}
