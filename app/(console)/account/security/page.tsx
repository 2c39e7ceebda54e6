import type { Metadata } from "next";
import { SecurityPanel } from "@/components/console/security-panel";
import { requireUser } from "@/lib/auth/session";
import { totpStatus } from "@/lib/services/totp";

export const metadata: Metadata = { title: "Account security" };

/**
 * Sessions, two-step sign-in, the account's log. `passkeys` (SecurityPanel's slot) is where
 * the passkeys list goes once it exists (issue 45 item 3, built separately).
 */
export default async function SecurityPage() {
  const user = await requireUser();
  return <SecurityPanel email={user.email} twoStep={await totpStatus(user.id)} />;
}
