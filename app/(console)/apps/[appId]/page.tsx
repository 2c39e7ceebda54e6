import { AppOverview } from "@/components/console/app-overview";
import { requireOwnedApp } from "@/lib/auth/session";

export default async function AppOverviewPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <AppOverview appId={app.id} />;
}
