import { AppOverview } from "@/components/console/app-overview";
import { requireOwnedApp } from "@/lib/auth/session";
import { defaultCallbackNote } from "@/lib/docs/default-callback";

export default async function AppOverviewPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <AppOverview appId={app.id} callbackNote={defaultCallbackNote()} />;
}
