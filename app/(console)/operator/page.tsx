import type { Metadata } from "next";
import { AllApps, PendingReviews } from "@/components/console/operator-panels";
import { requireOperator } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Operator" };

export default async function OperatorPage() {
  await requireOperator();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Operator</h1>
        <p className="mt-1 text-sm text-slate-500">Review subscriptions and suspend or resume apps. The command line does the same (<code className="font-mono">npm run admin</code>).</p>
      </div>
      <PendingReviews />
      <AllApps />
    </div>
  );
}
