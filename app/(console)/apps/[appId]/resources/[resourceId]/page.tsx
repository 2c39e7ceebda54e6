import type { Metadata } from "next";
import { ResourceDetail } from "@/components/console/resource-detail";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Resource" };

export default async function ResourcePage({ params }: { params: Promise<{ appId: string; resourceId: string }> }) {
  const { appId, resourceId } = await params;
  const { app } = await requireOwnedApp(appId);
  return <ResourceDetail appId={app.id} resourceId={resourceId} />;
}
