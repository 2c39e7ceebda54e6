import type { Metadata } from "next";
import { SubscriptionsPanel } from "@/components/console/subscriptions-panel";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Subscriptions" };

export default async function SubscriptionsPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <SubscriptionsPanel appId={app.id} />;
}
