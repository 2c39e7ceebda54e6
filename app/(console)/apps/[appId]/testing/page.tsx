import type { Metadata } from "next";
import { DevSettingsPanel } from "@/components/console/dev-settings-panel";
import { FaultPlanPanel } from "@/components/console/fault-plan-panel";
import { TestNumbersPanel, type OperationChoice } from "@/components/console/test-numbers-panel";
import { Writes } from "@/components/console/permission";
import { requireOwnedApp } from "@/lib/auth/session";
import { GATEWAY_FAULT_NAMES, operations } from "@/lib/catalog";
import { MAX_FAULT_PLAN_RULES, TEST_NUMBERS_PER_APP } from "@/lib/catalog/dev-endpoints";

export const metadata: Metadata = { title: "Testing" };

/** What the test-number form offers, from the catalog: each operation's fields and scenarios. */
function choices(): OperationChoice[] {
  return operations.map((op) => ({
    id: op.id,
    label: `${op.method} ${op.path}`,
    fields: [...Object.keys(op.body?.shape ?? {}).map((k) => `body.${k}`), ...Object.keys(op.params.shape).map((k) => `path.${k}`)],
    scenarios: op.scenarios.map((s) => ({ key: s.key, summary: s.summary })),
  }));
}

export default async function TestingPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return (
    <div className="space-y-6">
      {/* Every control here saves: a role that may not change the app reads them disabled (components/console/permission.tsx). */}
      <Writes note className="space-y-6">
        <DevSettingsPanel appId={app.id} />
        <TestNumbersPanel appId={app.id} operations={choices()} max={TEST_NUMBERS_PER_APP} />
        <FaultPlanPanel appId={app.id} operations={operations.map((o) => o.id)} faults={GATEWAY_FAULT_NAMES} max={MAX_FAULT_PLAN_RULES} />
      </Writes>
    </div>
  );
}
