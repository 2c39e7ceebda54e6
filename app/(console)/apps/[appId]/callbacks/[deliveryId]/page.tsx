import type { Metadata } from "next";
import { DeliveryDetail } from "@/components/console/delivery-detail";
import { requireOwnedApp } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Callback" };

type Props = { params: Promise<{ appId: string; deliveryId: string }>; searchParams: Promise<{ back?: string }> };

export default async function CallbackPage({ params, searchParams }: Props) {
  const { appId, deliveryId } = await params;
  const { app } = await requireOwnedApp(appId);
  const { back } = await searchParams;
  return <DeliveryDetail appId={app.id} deliveryId={deliveryId} back={typeof back === "string" ? back : undefined} />;
}
