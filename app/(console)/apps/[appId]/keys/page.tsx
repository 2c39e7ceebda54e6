import type { Metadata } from "next";
import { KeysPanel } from "@/components/console/keys-panel";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Keys" };

export default async function KeysPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <KeysPanel appId={app.id} />;
}
