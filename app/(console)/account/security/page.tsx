import type { Metadata } from "next";
import { PasskeysPanel } from "@/components/console/passkeys-panel";
import { SecurityPanel } from "@/components/console/security-panel";
import { requireUser } from "@/lib/auth/session";
import { listPasskeys } from "@/lib/services/passkeys";
import { totpStatus } from "@/lib/services/totp";

export const metadata: Metadata = { title: "Account security" };

/** Sessions, two-step sign-in, passkeys (the Account page's card: add, list with last use, remove), the account's log. */
export default async function SecurityPage() {
  const user = await requireUser();
  return <SecurityPanel email={user.email} twoStep={await totpStatus(user.id)} passkeys={<PasskeysPanel initial={(await listPasskeys(user.id)).passkeys} />} />;
}
