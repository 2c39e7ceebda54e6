import type { Metadata } from "next";
import { Handset } from "@/components/console/handset";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Handset" };

export default async function HandsetPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <Handset appId={app.id} />;
}
