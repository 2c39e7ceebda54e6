import type { Metadata } from "next";
import { GoLivePanel } from "@/components/console/go-live-panel";
import { requireOwnedApp } from "@/lib/auth/session";
import { operations } from "@/lib/catalog";
import { opHref } from "@/lib/docs/urls";
import { inspectorUrl } from "@/lib/services/apps";

export const metadata: Metadata = { title: "Go live" };

export default async function GoLivePage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return (
    <GoLivePanel
      appId={app.id}
      callbackUrl={app.callbackUrl}
      inspectorUrl={inspectorUrl(app.id)}
      operations={operations.filter((o) => o.callback).map((o) => ({ id: o.id, label: `${o.method} ${o.path}` }))}
      docs={Object.fromEntries(operations.map((o) => [o.id, opHref(o)]))}
    />
  );
}
