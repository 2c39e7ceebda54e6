import type { Metadata } from "next";
import { RequestDetail } from "@/components/console/request-detail";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Request" };

type Props = { params: Promise<{ appId: string; requestId: string }>; searchParams: Promise<{ back?: string }> };

export default async function RequestPage({ params, searchParams }: Props) {
  const { appId, requestId } = await params;
  const { app } = await requireOwnedApp(appId);
  const { back } = await searchParams;
  return <RequestDetail appId={app.id} requestId={requestId} back={typeof back === "string" ? back : undefined} />;
}
