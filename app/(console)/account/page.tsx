import type { Metadata } from "next";
import { AccountPanel } from "@/components/console/account-panel";
import { TwoStepPanel } from "@/components/console/two-step-panel";
import { requireUser } from "@/lib/auth/session";
import { totpStatus } from "@/lib/services/totp";
import { teamsOnDeletion } from "@/lib/services/teams";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser();
  return <AccountPanel email={user.email} twoStep={<TwoStepPanel initial={await totpStatus(user.id)} />} deletion={await teamsOnDeletion(user.id)} />;
}
