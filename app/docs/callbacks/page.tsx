import type { Metadata } from "next";
import { listOperations, requiresCallbackUrl, usesDefaultCallback } from "@/lib/docs/default-callback";
import Link from "@/components/ui/link";
import { operations } from "@/lib/catalog";
import { LEASE_MS } from "@/lib/callbacks/dispatcher";
import { CALLBACK_TIMEOUT_MS } from "@/lib/callbacks/post";
import { verifySamples } from "@/lib/docs/code-samples";
import { RAW_BODY_RECIPES, signatureExample, STANDARD_WEBHOOKS_SNIPPET, testVectors, wrongResults } from "@/lib/docs/signature";
import { apis } from "@/lib/catalog";
import { callbackVerifiers } from "@/lib/client-gen/spec";
import { CodeTabs } from "@/components/docs/code-tabs";
import { opHref } from "@/lib/docs/urls";
import { C, H1, H2, H3, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Callbacks" };

/** A test vector's value: long, so it breaks anywhere rather than widen the table. */
const Value = ({ children }: { children: React.ReactNode }) => <code className="font-mono text-xs break-all text-slate-800">{children}</code>;

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
      <H2 id="delivery">Delivery</H2>
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
      <H2 id="client-helpers">The client helper of each language</H2>
      <P>
        The generated clients carry a verifier that checks the <C>webhook-*</C> headers with the secret as the console shows it, the
        timestamp within 300 s, and either secret during a rotation. Pass the raw body as received and the request&apos;s headers:
      </P>
      <DataTable label="Callback verifiers of the generated clients" head={["Language", "Call", "Clients"]}
        rows={callbackVerifiers(apis[0]!).map((v) => [
          v.language,
          <C key="c">{v.call}</C>,
          <span key="f" className="flex flex-wrap gap-x-2">
            {apis.filter((a) => operations.some((o) => o.api === a.id && o.callback)).map((a) => (
              <a key={a.id} className="text-emerald-700 underline" href={`/clients/${a.id}.${v.ext}`}>{a.id}.{v.ext}</a>
            ))}
          </span>,
        ])} />
      <P>The PHP and Java names are those of the Collect client; each API&apos;s client has its own (its namespace or class).</P>
      <H2 id="raw-body">Frameworks that change the raw body</H2>
      <P>
        The signature covers the bytes the sandbox sent. A framework that parses JSON first and hands you an object loses them:
        serialising that object again gives other bytes (spacing, key order, escapes) and the check fails with a body that looks
        right. Read the raw body on the callback route, verify, then parse.
      </P>
      {RAW_BODY_RECIPES.map((r) => (
        <div key={r.framework}>
          <H3>{r.framework}</H3>
          <P>{r.pitfall}</P>
          <Snippet title={`${r.framework} (${r.language})`} code={r.code} lang={r.language} />
        </div>
      ))}
      <H2 id="test-vectors">Test vectors</H2>
      <P>
        Signed by the sandbox&apos;s own signing code when this page was rendered. Check your verifier against them with the
        timestamp taken as &quot;now&quot; (or the tolerance turned off): each expected header must verify, and a change to any byte
        of the body must not. Also as JSON: <a className="text-emerald-700 underline" href="/docs/callbacks/test-vectors.json">test-vectors.json</a>.
      </P>
      {testVectors().map((v) => (
        <div key={v.name}>
          <H3>{v.name}</H3>
          <DataTable label={v.name} head={["Input", "Value"]} rows={[
            [v.secrets.length > 1 ? "secrets" : "secret", <Value key="s">{v.secrets.join("  ·  ")}</Value>],
            ["webhook-id", <Value key="i">{v.id}</Value>],
            ["timestamp", <Value key="t">{String(v.timestamp)}</Value>],
            ["body", <Value key="b">{v.body}</Value>],
            ["x-svc-signature", <Value key="x">{v.expected["x-svc-signature"]}</Value>],
            ["webhook-signature", <Value key="w">{v.expected["webhook-signature"]}</Value>],
          ]} />
        </div>
      ))}
      <P>
        Getting another value for the first vector&apos;s <C>webhook-signature</C>? These are the usual mistakes and what they give
        (the <Link className="text-emerald-700 underline" href="/docs/dev/go-live#dev-signatures-explain">explain endpoint</Link> names them for you):
      </P>
      <DataTable label="Wrong results and their mistakes" head={["You get", "Your code", "Explain says"]}
        rows={wrongResults().map((w) => [<Value key="v">{`v1,${w.value}`}</Value>, w.mistake, <C key="c">{w.code}</C>])} />
      <H2 id="check-your-receiver">Check your receiver</H2>
      <P>
        A receiver that answers 200 to everything passes every test you can run against the sandbox, and goes live that way. Before
        going live, let the portal test it: the console&apos;s <strong>Go live</strong> tab (Run checks), <C>node sandbox.mjs check --url
        &lt;your callback URL&gt;</C>, or <C>POST /dev/v1/receiver-checks</C> (and its MCP tool). The portal posts a correctly signed
        callback of your operation and a repeat of it, which your receiver must accept (2xx within {CALLBACK_TIMEOUT_MS / 1000} s), and
        callbacks it must refuse: the body changed after signing, signed with another secret, a timestamp 10 minutes old or ahead, and
        no signature at all. Each failed case says why and what to do. A server on your laptop behind a hosted portal: run{" "}
        <C>sandbox.mjs listen --forward-to &lt;local URL&gt;</C> and check your app&apos;s inspector address; the listener relays the cases.
      </P>
      <P>
        When your own check refuses a real callback, give <C>POST /dev/v1/signatures/explain</C> (or the Go live tab&apos;s form) the
        headers and raw body as your server received them, and optionally the signature your code computed and the secret it used: it
        compares them with what was sent and names the mistake. The inspector&apos;s inbox shows the same explanation on every entry
        whose signature is invalid.
      </P>
      <H2 id="why-does-my-signature-check-fail">Why does my signature check fail?</H2>
      <P><C>{"POST {base_url}/dev/v1/signatures/explain"}</C> (or the Go live tab&apos;s form, or MCP <C>sandbox_dev_explain_signature</C>) takes the headers and raw body as your server received them, and optionally the signature your code computed and the secret string it used (not kept: the request log shows <C>[redacted]</C>). Bodies up to 256 KiB. It finds the delivery by <C>webhook-id</C> / <C>x-svc-delivery</C> among your app&apos;s (never another app&apos;s), compares with what was really sent, and answers <C>{"{valid, scheme, delivery?, findings: [{code, message, detail?}]}"}</C>:</P>
      <DataTable label="Findings of signature explain" head={["Code", "Meaning"]} rows={[
        [<span key="0"><C>BODY_CHANGED</C></span>, <span key="1">the body is not the one sent: the first differing byte, and whether it looks re-serialised (pretty-printed, keys re-ordered), re-encoded (Latin-1, line endings, <C>\uXXXX</C>, BOM) or trimmed; found from the signature even when the delivery is gone</span>],
        [<span key="2"><C>HEADER_MISSING</C></span>, "which signature headers did not arrive"],
        [<span key="3"><C>HEADER_CHANGED</C></span>, "the signature headers are not any attempt's"],
        [<span key="4"><C>TIMESTAMP_OUT_OF_TOLERANCE</C></span>, "more than 300 s old or ahead (or not unix seconds)"],
        [<span key="5"><C>SECRET_FORM</C></span>, <span key="6">the <C>whsec_</C> string used as the HMAC key for <C>webhook-signature</C>, the Base64 not decoded, the decoded key for <C>x-svc-signature</C>, whitespace or quotes around the secret</span>],
        [<span key="7"><C>WRONG_SECRET</C></span>, "another secret (another app's, the rotated-out one, a consumer secret), or the delivery was signed wrongly on purpose (callback fault)"],
        [<span key="8"><C>WRONG_CONTENT</C></span>, "signed the body alone, or joined with the wrong separator"],
        [<span key="9"><C>SIGNATURE_ENCODING</C></span>, "hex where Base64 is expected, or the other way round"],
        [<span key="10"><C>SIGNATURE_COMPARISON</C></span>, "your signature is right: the comparison is wrong"],
        [<span key="11"><C>UNKNOWN_DELIVERY</C></span>, "no delivery of this app has that id"],
        [<span key="12"><C>RECEIVER_CHECK</C></span>, "a receiver check's case, forged on purpose"],
      ]} />
      <H2 id="readiness">Readiness</H2>
      <P><C>{"GET {base_url}/dev/v1/readiness"}</C> answers the checklist the Go live tab shows: per operation of the app&apos;s ACTIVE groups, every scenario <C>{"{key, exercised, lastAt, calls, callbackAnswered?}"}</C> from the request log (a call counts only when it answered the scenario&apos;s status: <C>tracked</C> forced on an id the app did not create answers 404 and exercises nothing) and the deliveries the app still keeps (<C>callbackAnswered</C>: your own receiver answered one of its callbacks 2xx, directly or through a listener), progress counts, and the newest receiver check.</P>
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
      <Snippet wrap title="check it" lang="js" code={`verifySignature(rawBody, "${ex.header}", "${ex.secret}", 300, ${ex.t}) // → true`} />
    </>
  );
}
