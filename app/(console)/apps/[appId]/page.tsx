import { AppOverview } from "@/components/console/app-overview";
import { GetStarted } from "@/components/console/get-started";
import { requireOwnedApp } from "@/lib/auth/session";
import { defaultCallbackNote } from "@/lib/docs/default-callback";
import { startFacts } from "./start-facts";

export default async function AppOverviewPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return (
    <div className="space-y-6">
      <GetStarted appId={app.id} facts={await startFacts(app.id)} />
      <AppOverview appId={app.id} callbackNote={defaultCallbackNote()} />
    </div>
  );
}
