import type { Metadata } from "next";
import { AccountPanel } from "@/components/console/account-panel";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser();
  return <AccountPanel email={user.email} />;
}
