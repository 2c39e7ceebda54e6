import type { Metadata } from "next";
import { config } from "@/lib/runtime";
import { INSPECTOR_MAX_BODY } from "@/lib/inspector";
import { inspectUrl } from "@/lib/docs/urls";
import { C, H1, P, Ul } from "@/components/docs/prose";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inspector" };

export default function InspectorPage() {
  return (
    <>
      <H1 eyebrow="Guide">Inspector</H1>
      <P>
        Every app has an inspector address, <C>{inspectUrl()}</C>. Use it as <C>callbackUrl</C> when you have no server
        yet: it catches the callbacks and you read them in the console.
      </P>
      <Ul>
        <li><C>POST</C> answers 200 <C>{`{"received": true}`}</C> to any body and content type up to {INSPECTOR_MAX_BODY / 1024} KiB, and stores method, headers, body and time.</li>
        <li>The newest {config.inboxPerApp.toLocaleString("en")} entries per app are kept.</li>
        <li>Other methods answer 405; an unknown app 404.</li>
        <li>Reading the inbox needs the app owner&apos;s console session.</li>
      </Ul>
    </>
  );
}
