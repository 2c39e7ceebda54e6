import type { Metadata } from "next";
import { AllApps, PendingReviews } from "@/components/console/operator-panels";
import { AllTeams } from "@/components/console/operator-teams";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Operator" };

export default async function OperatorPage() {
  await requireOperator();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Operator</h1>
        <p className="mt-1 text-sm text-slate-500">Review subscriptions, suspend or resume apps, and see every team with its members. The command line reviews and suspends too (<code className="font-mono">npm run admin</code>).</p>
      </div>
      <PendingReviews />
      <AllTeams />
      <AllApps />
    </div>
  );
}
