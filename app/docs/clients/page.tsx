import type { Metadata } from "next";
import { installCommands } from "@/lib/client-gen/packages/info";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Client packages" };

export default function ClientsPage() {
  return (
    <>
      <H1 eyebrow="Guide">Client packages</H1>
      <P>
        One package per language covers every API. This portal serves each from its own registry, so the language&apos;s usual tool installs it with no
        other registry. Every API&apos;s client raises the one error type, <C>SandboxApiError</C> (status, code, message, request id, details), fetches
        and renews the OAuth token itself, has timeouts, and comes with one callback verifier.
      </P>
      {installCommands().map((c) => (
        <section key={c.language}>
          <H2>{c.language}</H2>
          <Snippet title="Install" code={c.command} wrap />
          <Snippet title="Use" code={c.use} lang={c.lang} />
        </section>
      ))}
      <Ul>
        <li>Python 3.8+: typed (<C>py.typed</C>).</li>
        <li>JavaScript / TypeScript, Node 18+: ESM with <C>.d.ts</C>.</li>
        <li>PHP 8.1+: <C>{"new \\Svc\\Sandbox\\CollectClient($key, $secret)"}</C>; a PSR-18 client (with PSR-17 factories) may be passed as <C>httpClient:</C>. The <C>composer config secure-http false</C> step is needed only for a portal on plain <C>http://</C>.</li>
        <li>Java 17+: <C>new svc.sandbox.CollectClient(key, secret)</C>; catch <C>SandboxClient.SandboxApiError</C>.</li>
      </Ul>
      <H2 id="registries">The registries</H2>
      <P>Every file under <C>/clients/</C> is served with its <C>Content-Length</C>, and PEP 503&apos;s addresses are answered at their trailing-slash form directly (200, no redirect). A package whose build fails on the portal&apos;s host (no javac, say) answers 503 <C>SERVICE_UNAVAILABLE</C> with <C>Retry-After</C>; the failure is kept for those 60 seconds (every request meanwhile gets the same answer, the seconds counting down) before a request builds it again.</P>
      <P>pip and Maven take plain <C>http://</C> only from this machine (<C>localhost</C>, <C>127.0.0.1</C>); a portal hosted for others is served over HTTPS (see <a className="text-emerald-700 underline" href="/docs/hosting#set-public-url">Several instances and hosting</a>), or pip needs <C>{"--trusted-host <host>"}</C> and Maven a mirror that allows it.</P>
      <H2 id="downloads">Downloads per API</H2>
      <P>For each API (<C>{"<api>"}</C> is <C>collect</C>, <C>payouts</C>, <C>identity</C> or <C>sms</C>): <C>{"/openapi/<api>.json"}</C> and <C>.yaml</C> (OpenAPI 3.1; each also describes the token endpoint, <C>POST /oauth/v1/token</C> with HTTP Basic and the form body <C>grant_type=client_credentials</C>, as operation <C>getAccessToken</C>), <C>{"/postman/<api>.json"}</C> (Postman v2.1: set <C>consumerKey</C>, <C>consumerSecret</C> and <C>callbackUrl</C> — in the collection&apos;s variables, a Postman environment, or with <C>newman run … --env-var consumerKey=…</C> — then run it top to bottom, or any one request alone: a collection-level pre-request script fetches a token when there is none or it is about to expire, reading the keys from whichever scope has them; a &quot;Scenarios&quot; folder has one request per <C>X-Svc-Scenario</C> value, each with a saved example response) and <C>{"/clients/<api>.ts"}</C> (a typed TypeScript client: <C>{"new CollectClient({ consumerKey, consumerSecret }).push({...})"}</C>; <C>pushWithResponse</C> also gives the request id, scenario and rate limit; every failure is one <C>SandboxApiError</C> class across APIs — error answers, non-JSON answers such as a proxy&apos;s 502 (<C>HTTP_502</C>), <C>TIMEOUT</C> (option <C>timeoutMs</C>, default 30 s) and <C>NETWORK_ERROR</C>; options <C>scenario</C>, <C>timeScale</C> and <C>fault</C> (<C>X-Svc-Fault</C> on the call&apos;s first attempt); <C>verifyCallback(rawBody, headers, signingSecret)</C> checks the Standard Webhooks headers).</P>
      <H2 id="retries">Retries</H2>
      <P>The same in every language (<C>lib/client-gen/core</C>): after a 503 or 429 any call once its <C>Retry-After</C> passed (60 s at most); after no answer, a timeout or another 5xx a GET or a call with a <C>reference</C> (the same request); at most <C>maxAttempts</C> attempts (default 3, 1 turns retries off); one token renewal on 401 <C>INVALID_TOKEN</C>. A retry answered 409 <C>DUPLICATE_REFERENCE</C> after an attempt whose outcome is unknown throws <C>AlreadyAcceptedError</C> (code <C>ALREADY_ACCEPTED</C>, the <C>reference</C>): the first attempt went through, wait for its callback. <C>/docs/rehearse</C> shows the samples (<C>/samples/rehearse/…</C>, run as-is by <C>tests/integration/client-rehearsal.test.ts</C>: per call, and with <C>SANDBOX_PAYOUTS=4</C> as plain calls under <C>sandbox.mjs rehearse</C>&apos;s default plan).</P>
      <H2 id="single-files">Single files</H2>
      <Ul>
        <li>
          Each API&apos;s client is also one file to copy: <C>/clients/&lt;api&gt;.ts</C>, <C>.py</C>, <C>.php</C>, <C>.java</C> (linked from each API&apos;s page).
        </li>
      </Ul>
      <P>Clients in other languages, generated from the same schemas, with the same features (token caching, typed models, one error type with <C>status</C>, <C>error</C>, request id — also for timeouts, network failures and non-JSON answers — the scenario and time-scale options, the same retries and <C>AlreadyAccepted</C> (Python <C>max_attempts=</C>, PHP <C>withMaxAttempts()</C>, Java <C>Options.maxAttempts()</C>; a fault with <C>rehearse(name)</C> before the call in Python and PHP, <C>CallOptions.fault()</C> in Java), <C>…WithResponse</C> / <C>…_with_response</C> for the request id and rate limit, and a Standard Webhooks callback verifier):</P>
      <DataTable label="file" head={["file", "language", "use"]} rows={[
        [<span key="0"><C>{"/clients/<api>.py"}</C></span>, <span key="1">Python 3.8+, standard library only; models are <C>TypedDict</C>s</span>, <span key="2"><C>{"CollectClient(key, secret).push({...}, scenario=\"paid\")"}</C>; <C>verify_callback(raw_body, headers, secret)</C></span>],
        [<span key="3"><C>{"/clients/<api>.php"}</C></span>, <span key="4">PHP 8.1+, no extensions beyond json; models are PHPStan/Psalm array shapes; namespace <C>{"SvcSandbox\\<Api>"}</C></span>, <span key="5"><C>{"(new CollectClient($key, $secret))->push([...], 'paid')"}</C>; <C>verify_callback($rawBody, $headers, $secret)</C></span>],
        [<span key="6"><C>{"/clients/<api>.java"}</C></span>, <span key="7">Java 17+, JDK only (<C>java.net.http</C>); records with builders (sealed interfaces for unions, enums for fixed values); save as <C>{"svc/sandbox/<Api>Client.java"}</C></span>, <span key="8"><C>{"new CollectClient(key, secret).push(CollectClient.CollectPushRequest.builder()...build(), CallOptions.none().scenario(\"paid\"))"}</C>; <C>new CollectClient(CollectClient.Options.of(key, secret).timeout(Duration.ofSeconds(5)))</C>; <C>CollectClient.verifyCallback(rawBody, headers, secret)</C></span>],
      ]} />
      <H2 id="float">The float&apos;s methods</H2>
      <P>The Payouts client (every language above, the single files and the packages alike) also has the float&apos;s developer endpoints, generated from the catalog (<C>DevEndpoint.client</C>) like the operations&apos; methods but without a scenario option: <C>getFloat()</C> (<C>GET /dev/v1/float</C>) and <C>{"setFloat(\"KES\", {available: 5000})"}</C> (<C>{"PUT /dev/v1/float/{currency}"}</C>; Python <C>get_float</C> / <C>set_float</C>), with the models <C>DevFloatGetResponse</C>, <C>DevFloatSetRequest</C>, <C>DevFloatSetResponse</C> named as in <C>/openapi/dev.json</C>.</P>
    </>
  );
}
