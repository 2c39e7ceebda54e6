import type { Metadata } from "next";
import { Handset } from "@/components/console/handset";
import { requireOwnedApp } from "@/lib/auth/session";
import { operationById, operations } from "@/lib/catalog";
import { curlExample } from "@/lib/docs/curl";
import { handsetAnswers, heldScenario } from "@/lib/engine";
import { inspectorUrl } from "@/lib/services/apps";

export const metadata: Metadata = { title: "Handset" };

export default async function HandsetPage({ params }: { params: Promise<{ appId: string }> }) {
  const { app } = await requireOwnedApp((await params).appId);
  // The docs' push sample with the held header, its callback to this app's inspector.
  const curl = curlExample(operationById("collect.push")!, "held", { appId: app.id, inspectorUrl: inspectorUrl(app.id) });
  const answers = Object.fromEntries(operations.filter((op) => heldScenario(op)).map((op) => [op.id, handsetAnswers(op)]));
  return <Handset appId={app.id} curl={curl} answers={answers} />;
}
