import type { Metadata } from "next";
import { AppsList } from "@/components/console/apps-list";
import { defaultCallbackNote } from "@/lib/docs/default-callback";

export const metadata: Metadata = { title: "Apps" };

export default function AppsPage() {
  return <AppsList callbackNote={defaultCallbackNote()} />;
}
