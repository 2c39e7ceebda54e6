// Docs: rehearse production's failures on your client. The fault table is
// lib/engine/gateway-faults.ts GATEWAY_FAULTS (components/docs/gateway-fault-table.tsx); the samples
// are the files served at /samples/rehearse/…, which our integration suite
// runs as-is with each language's toolchain and the Payouts client
// (tests/integration/client-rehearsal.test.ts).
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { CodeTabs } from "@/components/docs/code-tabs";
import { GatewayFaultTable } from "@/components/docs/gateway-fault-table";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { devEndpointById } from "@/lib/catalog/dev-endpoints";
import { devHref } from "@/lib/docs/dev-groups";
import { baseUrl, origin } from "@/lib/docs/urls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rehearse failures" };

const SAMPLES = [
  { lang: "node", title: "TypeScript", file: "rehearse.mts" },
  { lang: "python", title: "Python", file: "rehearse.py" },
  { lang: "php", title: "PHP", file: "rehearse.php" },
  { lang: "java", title: "Java", file: "Rehearse.java" },
];
const samples = () =>
  SAMPLES.map((s) => ({ lang: s.lang, title: `${s.title} (/samples/rehearse/${s.file})`, code: fs.readFileSync(path.join(process.cwd(), "public", "samples", "rehearse", s.file), "utf8") }));

const link = "text-emerald-700 underline";

export default function RehearsePage() {
  const base = baseUrl();
  const checks = devEndpointById("dev.client_checks")!;
  return (
    <>
      <H1 eyebrow="Guide">Rehearse failures</H1>
      <P>
        In production an answer gets lost after the money moved, a gateway asks you to come back later, a token expires at the hour, a
        callback never comes. A client that retries with a new reference prompts the customer twice or pays out twice; one that hammers on
        prolongs the outage. The sandbox makes each of these happen when you ask, commits exactly what production would have committed, and
        then tells you how your client handled it.
      </P>

      <H2 id="ask">Ask for a fault</H2>
      <P>
        Add <C>X-Svc-Fault: &lt;name&gt;</C> to any operation call (MCP tools: the <C>fault</C> argument). It applies after every check of
        the gateway passed, like a scenario: a call refused for another reason is refused as usual. A name that is not in the table answers
        400 <C>VALIDATION_ERROR</C> naming the header. A call without it behaves exactly as without faults. To meet faults in an unchanged
        test suite, an app can also keep a fault plan (which calls get which fault), and <C>sandbox.mjs rehearse</C> runs your own test
        command under one; the header wins over the plan.
      </P>
      <Snippet title="curl" code={`curl -s -X POST "${base}/payouts/v1/send" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" -H "X-Svc-Fault: lost_response" \\\n  -H "Content-Type: application/json" \\\n  -d '{"amount":500,"currency":"KES","destination":{"type":"mobile","phoneNumber":"254712345678"},"reference":"PAY-1001","callbackUrl":"https://example.com/callbacks"}'\n# the connection closes with no answer; the same call again answers 409 DUPLICATE_REFERENCE`} />

      <H2 id="faults">The faults</H2>
      <P>
        What production does is what your client sees. A committed call is committed exactly as without the fault: its resource, its
        reference, its callback and its row in the request log, so a retry meets what a retry meets in production.
      </P>
      <GatewayFaultTable />

      <H2 id="our-clients">What our clients do</H2>
      <P>
        The <Link className={link} href="/docs/clients">clients</Link> in TypeScript, Python, PHP and Java follow one rule, so the only case
        left to your code is the one only it can decide:
      </P>
      <Ul>
        <li>After a 503 or 429, any call is sent again once its <C>Retry-After</C> has passed (at most 60 seconds; a longer one ends the call with that error).</li>
        <li>After no answer, a timeout or another 5xx, a GET or a call with a <C>reference</C> is sent again: the same request, same reference, same body. A call without a reference is not (its outcome is unknown). The sandbox checks the reference before anything the request forces (<C>X-Svc-Scenario</C>, a test number, <C>X-Svc-Fault</C>, the fault plan), so a retry of a call that went through always gets its 409, as in production.</li>
        <li>At most 3 attempts, the first included: <C>maxAttempts</C> (TypeScript, Java <C>Options.maxAttempts</C>), <C>max_attempts</C> (Python), <C>withMaxAttempts</C> (PHP); 1 turns retries off.</li>
        <li>A 401 <C>INVALID_TOKEN</C> requests a new token and sends the call once more.</li>
        <li>
          When the attempts are spent and the outcome is still unknown (no answer, a timeout, a 5xx other than 503), the call ends with that
          error: it may have gone through. Wait for its callback (it carries the reference); send it again only with the same reference.
        </li>
        <li>
          When a retry is answered 409 <C>DUPLICATE_REFERENCE</C> after an attempt whose outcome is unknown, the first attempt went through:
          the client raises <C>AlreadyAcceptedError</C> (TypeScript) or <C>AlreadyAccepted</C> (Python, PHP, Java), code{" "}
          <C>ALREADY_ACCEPTED</C>, with the <C>reference</C>. It is never the error of a real duplicate; wait for the callback.
        </li>
        <li>To rehearse with a client, the fault goes on the call&apos;s first attempt only: the <C>fault</C> call option (TypeScript, Java <C>CallOptions.fault</C>) or <C>rehearse(name)</C> before the call (Python, PHP).</li>
      </Ul>

      <H2 id="samples">A rehearsal in each language</H2>
      <P>
        Each sample sends a payout with every fault through the Payouts client and handles it as production needs: the same reference on
        every retry, the recovered 409 taken as accepted, and a status read when the callback does not come in time. Save it next to the
        client (<C>{origin()}/clients/payouts.ts</C>, <C>.py</C>, <C>.php</C>, <C>.java</C>) and run it with your app&apos;s keys. With{" "}
        <C>SANDBOX_PAYOUTS=4</C> it asks for no fault: it sends four payouts as your own code would, and under{" "}
        <C>sandbox.mjs rehearse -- env SANDBOX_PAYOUTS=4 npx tsx rehearse.mts</C> the app&apos;s fault plan gives them every fault, retries
        included. We run these files as they are in our own tests, in each language, both ways.
      </P>
      <CodeTabs label="Sample language" samples={samples()} />

      <H2 id="grade">Grade the client</H2>
      <P>
        <Link className={link} href={devHref(checks)}><C>{checks.method} {checks.path}</C></Link> judges what your client did after each
        fault from the app&apos;s request log: <C>retry_reuses_reference</C>, <C>honours_retry_after</C>, <C>renews_expired_token</C> and{" "}
        <C>polls_after_lost_callback</C>. A failed check says why in one sentence, with the request ids, and what to do. After a sample
        above, all four pass; with <C>SANDBOX_RETRIES=off</C> the sample goes on with its next payout at once after a refused one, and{" "}
        <C>honours_retry_after</C> fails.
      </P>
      <Snippet title="curl" code={`curl -s "${base}/dev/v1/client-checks" -H "Authorization: Bearer $ACCESS_TOKEN"`} />
    </>
  );
}
