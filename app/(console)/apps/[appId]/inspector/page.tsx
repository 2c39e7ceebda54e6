import type { Metadata } from "next";
import { Inbox } from "@/components/console/inbox";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Inspector" };

export default async function InspectorPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <Inbox appId={app.id} />;
}
