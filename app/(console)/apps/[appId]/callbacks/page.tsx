import type { Metadata } from "next";
import { DeliveriesList } from "@/components/console/deliveries-list";
import { requireOwnedApp } from "@/lib/auth/session";
import { operations } from "@/lib/catalog";

export const metadata: Metadata = { title: "Callbacks" };

export default async function CallbacksPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <DeliveriesList appId={app.id} operations={operations.filter((o) => o.callback).map((o) => ({ id: o.id, label: `${o.method} ${o.path}` }))} />;
}
