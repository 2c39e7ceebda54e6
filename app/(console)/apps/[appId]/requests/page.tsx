import type { Metadata } from "next";
import { RequestList } from "@/components/console/request-list";
import { requireOwnedApp } from "@/lib/auth/session";
import { operations } from "@/lib/catalog";
import { ERROR_STATUS } from "@/lib/errors";

export const metadata: Metadata = { title: "Request log" };

/** Filter choices come from the catalog: every operation and every scenario key. */
const options = {
  operations: operations.map((o) => ({ id: o.id, label: `${o.method} ${o.path}` })),
  scenarios: [...new Set(operations.flatMap((o) => o.scenarios.map((s) => s.key)))].sort(),
  errors: (Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]).filter((c) => ERROR_STATUS[c] >= 400 && !["UNAUTHENTICATED", "FORBIDDEN", "CONFLICT", "METHOD_NOT_ALLOWED", "INVALID_CLIENT", "UNSUPPORTED_GRANT_TYPE", "MISSING_TOKEN", "INVALID_TOKEN"].includes(c)),
};

export default async function RequestsPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  return <RequestList appId={app.id} options={options} />;
}
