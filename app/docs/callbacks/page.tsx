import type { Metadata } from "next";
import { listOperations, requiresCallbackUrl, usesDefaultCallback } from "@/lib/docs/default-callback";
import Link from "next/link";
import { operations } from "@/lib/catalog";
import { LEASE_MS } from "@/lib/callbacks/dispatcher";
import { CALLBACK_TIMEOUT_MS } from "@/lib/callbacks/post";
import { verifySamples } from "@/lib/docs/code-samples";
import { signatureExample, STANDARD_WEBHOOKS_SNIPPET } from "@/lib/docs/signature";
import { CodeTabs } from "@/components/docs/code-tabs";
import { opHref } from "@/lib/docs/urls";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Callbacks" };

export default function CallbacksPage() {
  const ex = signatureExample();
  return (
    <>
      <H1 eyebrow="Guide">Callbacks</H1>
      <P>
        Operations that settle later post their result to the request&apos;s <C>callbackUrl</C>.{" "}
        {listOperations(requiresCallbackUrl())} require it in every request.{" "}
        {listOperations(usesDefaultCallback())} may leave it out: the result then goes to the
        app&apos;s default callback URL (set in the console), and when there is none nothing is sent (the delivery is recorded as not sent).
      </P>
      <DataTable label="Operations that post callbacks" head={["Operation", "Body"]}
        rows={operations.filter((o) => o.callback).map((o) => [
          <Link key="o" href={`${opHref(o)}#callback`} className="font-mono text-sm text-emerald-700 hover:underline">{o.method} {o.path}</Link>,
          o.callback!.description,
        ])} />
      <H2>Delivery</H2>
      <Ul>
        <li>An HTTP POST with a JSON body, scheduled when the call is accepted and due after the scenario&apos;s callback delay; a server restart loses none.</li>
        <li>The sandbox waits {CALLBACK_TIMEOUT_MS / 1000} s for your answer. Any 2xx is recorded as delivered; anything else, or no answer, as failed with the reason.</li>
        <li>No automatic retries: send a delivery again from the console (Callbacks → the delivery → Send it again). The same body goes to the same address under the same delivery id.</li>
      </Ul>
      <H2 id="at-least-once">At-least-once: deduplicate on x-svc-delivery</H2>
      <P>
        Delivery is at-least-once. If the sandbox stops while a callback is being posted, that callback is posted again once
        its lease runs out ({LEASE_MS / 1000} s after it was claimed), under the same <C>x-svc-delivery</C>. Your receiver
        may therefore see one delivery twice: keep the delivery ids you have processed and answer 2xx to a repeat without
        acting on it again. &quot;Send it again&quot; also repeats the id on purpose.
      </P>
      <H2 id="network">Where callbacks may go</H2>
      <P>
        A portal hosted for others posts only to public addresses: loopback, private, link-local, shared, unique-local,
        multicast and IPv4-mapped addresses are refused, after resolving the name, and the delivery records why. Running
        locally, loopback addresses are allowed. Addresses with a user name or password are never posted to. Your
        app&apos;s own inspector address always works.
      </P>
      <DataTable label="Callback headers" head={["Header", "Value"]} rows={[
        [<C key="1">content-type</C>, "application/json"],
        [<C key="2">user-agent</C>, <C key="2v">Svc-Sandbox/1.0</C>],
        [<C key="3">x-svc-delivery</C>, "the delivery id (dlv_…), the same on every attempt"],
        [<C key="4">x-svc-signature</C>, <span key="4v"><C>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of &quot;&lt;t&gt;.&lt;raw body&gt;&quot;&gt;</C>, keyed with your app&apos;s signing secret (shown in the console)</span>],
        [<C key="5">webhook-id</C>, "Standard Webhooks: the delivery id, the same on every attempt"],
        [<C key="6">webhook-timestamp</C>, "Standard Webhooks: unix seconds"],
        [<C key="7">webhook-signature</C>, <span key="7v"><C>v1,&lt;Base64 HMAC-SHA256 of &quot;&lt;id&gt;.&lt;timestamp&gt;.&lt;raw body&gt;&quot;&gt;</C>, keyed with the Base64-decoded part of the secret after <C>whsec_</C></span>],
      ]} />
      <H2 id="verify">Verify the signature</H2>
      <P>
        The <C>webhook-*</C> headers follow the Standard Webhooks specification: its libraries (JavaScript, Python, PHP,
        Java, Go, Rust, Ruby, C#, Elixir) and Svix verify them with the secret exactly as the console shows it, e.g.{" "}
        <C>new Webhook(secret).verify(rawBody, headers)</C> with the <C>standardwebhooks</C> npm package. Without a library,
        compute the HMAC over the raw body exactly as received (before parsing JSON), compare in constant time, and reject old timestamps.
      </P>
      <Snippet title="verify-webhook.mjs (Node, Standard Webhooks)" code={STANDARD_WEBHOOKS_SNIPPET} />
      <P>Checking <C>x-svc-signature</C> instead:</P>
      <CodeTabs label="Sample language" samples={verifySamples()} />
      <H2 id="rotation">Rotating the secret</H2>
      <P>
        <em>Rotate</em> on the app&apos;s page makes a new secret. The old one keeps signing for 24 hours: each callback then
        carries two signatures (two space-separated entries in <C>webhook-signature</C>, two <C>v1=</C> values in{" "}
        <C>x-svc-signature</C>) and the verifiers above accept either. Callbacks sent again are signed the same way.
      </P>
      <H2>Worked example</H2>
      <P>Computed by the sandbox&apos;s own signing code when this page was rendered. With the signing secret</P>
      <Snippet title="signing secret" code={ex.secret} />
      <P>and this raw body (a <C>paid</C> Collect callback):</P>
      <Snippet wrap title="raw body" code={ex.rawBody} />
      <P>the string to sign is <C>{"<t>.<raw body>"}</C> with <C>t = {ex.t}</C>:</P>
      <Snippet wrap title="signed payload" code={ex.signedPayload} />
      <P>and the header is</P>
      <Snippet wrap title="x-svc-signature" code={ex.header} />
      <Snippet wrap title="check it" code={`verifySignature(rawBody, "${ex.header}", "${ex.secret}", 300, ${ex.t}) // → true`} />
    </>
  );
}
