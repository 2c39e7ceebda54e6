// Docs: testing against the sandbox in CI. The sample test shown is the file
// served at /samples/sandbox-ci.test.mjs, which our integration suite runs
// as-is against the real server (tests/integration/sample-ci.test.ts).
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { devEndpointById } from "@/lib/catalog/devapi";
import { baseUrl } from "@/lib/docs/urls";
import { REPLAY_MAX } from "@/lib/callbacks/replay";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Testing in CI" };

const SAMPLE_PATH = "/samples/sandbox-ci.test.mjs";
const sample = () => fs.readFileSync(path.join(process.cwd(), "public", SAMPLE_PATH), "utf8");

export default function TestingPage() {
  const base = baseUrl();
  const ep = (id: string) => {
    const e = devEndpointById(id)!;
    return <code className="font-mono text-xs [overflow-wrap:anywhere] text-slate-800">{e.method} {e.path}</code>;
  };
  return (
    <>
      <H1 eyebrow="Guide">Testing in CI</H1>
      <P>
        Your test suite can run every scenario, callbacks included, in seconds: run calls at time scale 0 (no scripted delays,
        callbacks due at once), wait for each callback with one call instead of sleeping, and start from a clean sandbox.
        These developer endpoints take the same bearer token as the APIs, answer the same error body, are recorded in the
        request log and do not count toward the per-minute limit. Each is also an MCP tool.
      </P>
      <DataTable label="Developer endpoints for tests" head={["Endpoint", "What it does"]} rows={[
        [ep("dev.callbacks.wait"), <>Blocks until the callback of <C>resourceId</C> (or the app&apos;s latest resource with <C>reference</C>, or <C>deliveryId</C>) has been posted, up to <C>timeout</C> seconds (at most 60), and answers the body sent, the headers sent and your server&apos;s status and answer. Always 200 once the target is known, with <C>status</C> <C>ATTEMPTED</C>, <C>NOT_SENT</C> (no address) or <C>TIMEOUT</C>; 404 for an unknown id or a scenario without callback; 429 past {config.waitsPerApp} waits at once per app on one instance (waits and streams also count per account and per instance).</>],
        [ep("dev.reset"), <>Deletes the app&apos;s resources, callbacks and attempts, request log, inspector inbox and relays. Keys, subscriptions, settings and what the limits counted (this minute&apos;s calls still count) stay; at most {config.resetsPerMinute} resets a minute per app.</>],
        [ep("dev.deliveries.replay"), <>Sends the failed callbacks created since <C>since</C> again (at most {REPLAY_MAX} per call, oldest first), to their own address or once to <C>url</C>. Each counts toward the app&apos;s {config.resendsPerMinute} resends a minute; <C>left</C> says how many remain for another call. Those at the attempt cap are skipped and listed.</>],
        [ep("dev.deliveries.resend"), <>Sends one callback again now and answers the outcome (one of the app&apos;s {config.resendsPerMinute} resends a minute).</>],
        [ep("dev.settings.update"), <>Sets <C>timeScale</C> and the callback faults (below).</>],
      ]} />
      <H2>Wait for a callback</H2>
      <Snippet title="curl" code={`curl -s "${base}/dev/v1/callbacks/wait?resourceId=$CHECKOUT_ID&timeout=30" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN"`} />
      <P>
        It works with several sandbox instances behind a load balancer: whichever instance posts the callback, the wait sees it.
      </P>
      <H2 id="faults">Callback faults: test your receiver&apos;s robustness</H2>
      <P>Off by default; set per app in the console (Testing), with <C>PATCH /dev/v1/settings</C> or the MCP tool. Each delivery records what was done to it on purpose, and each attempt its note.</P>
      <Ul>
        <li><C>duplicate</C>: every callback is posted twice under the same <C>x-svc-delivery</C>: your receiver should process it once.</li>
        <li><C>badSignature</C>: callbacks are signed with a wrong secret: your receiver should reject them.</li>
        <li><C>extraDelayMs</C>: callbacks go out this much later (after the scaled callback delay): your timeouts and polling should cope.</li>
      </Ul>
      <H2 id="sample">A sample CI test: all 20 scenarios</H2>
      <P>
        Node 20 or later, no dependencies: <C>node --test sandbox-ci.test.mjs</C>. Give it your app&apos;s key pair, a callback
        address (your receiver, or your app&apos;s inspector address from the console) and optionally the signing secret to check
        every callback&apos;s signature. Our own test suite runs this very file against the sandbox on every change.{" "}
        <Link href={SAMPLE_PATH} download className="font-medium text-indigo-700 hover:underline">Download sandbox-ci.test.mjs</Link>
      </P>
      <Snippet title="sandbox-ci.test.mjs" code={sample()} />
    </>
  );
}
