import type { Metadata } from "next";
import { RequestList } from "@/components/console/request-list";
import { requireOwnedApp } from "@/lib/auth/session";
import { operations } from "@/lib/catalog";

export const metadata: Metadata = { title: "Request log" };

/** Filter choices come from the catalog: every operation and every scenario key. */
const options = {
  operations: operations.map((o) => ({ id: o.id, label: `${o.method} ${o.path}` })),
  scenarios: [...new Set(operations.flatMap((o) => o.scenarios.map((s) => s.key)))].sort(),
};

export default async function RequestsPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <RequestList appId={app.id} options={options} />;
}
