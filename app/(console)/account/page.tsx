import type { Metadata } from "next";
import { AccountPanel } from "@/components/console/account-panel";
import { PasskeysPanel } from "@/components/console/passkeys-panel";
import { TwoStepPanel } from "@/components/console/two-step-panel";
import { requireUser } from "@/lib/auth/session";
import { listPasskeys } from "@/lib/services/passkeys";
import { totpStatus } from "@/lib/services/totp";
import { accountDeletionPlan } from "@/lib/services/users";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser();
  return <AccountPanel email={user.email} twoStep={<>
    <TwoStepPanel initial={await totpStatus(user.id)} />
    <PasskeysPanel initial={(await listPasskeys(user.id)).passkeys} />
  </>} deletion={await accountDeletionPlan(user.id)} />;
}
