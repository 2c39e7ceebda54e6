import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { config } from "@/lib/runtime";
import { origin } from "@/lib/docs/urls";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Callbacks on localhost" };

export default function ListenPage() {
  const o = origin();
  const cli = `${o}/cli/sandbox.mjs`;
  return (
    <>
      <H1 eyebrow="Guide">Callbacks on localhost</H1>
      <P>
        The sandbox posts callbacks to a public address, but your code runs on your laptop. <C>sandbox.mjs listen</C> closes the gap
        without a tunnel: use your app&apos;s <Link href="/docs/inspector" className="text-emerald-700 underline">inspector address</Link> as{" "}
        <C>callbackUrl</C>, and the listener relays every callback that reaches it to your local server, with the same body and the same
        headers. What your server answered shows in the console beside the inbox entry and the delivery. Nothing is lost while the listener
        is stopped: it catches up when you start it again.
      </P>

      <H2 id="download">Download</H2>
      <P>One file, no dependencies, Node 18 or newer:</P>
      <Snippet title="Download" code={`curl -fsSO ${cli}\nnode sandbox.mjs --help`} />
      <P>
        Each command takes its own options and the connection&apos;s (<C>node sandbox.mjs &lt;command&gt; --help</C> lists them); an option it does not
        take, another command&apos;s included, is refused with its name and exit status 2 (<C>float --ttl 5</C>: <C>unknown option --ttl for float</C>), never ignored.
      </P>

      <H2 id="keys">Keys</H2>
      <P>
        It uses one of your app&apos;s key pairs (console → your app → Keys) and fetches and renews its own tokens. Give them as
        flags (<C>--url</C>, <C>--key</C>, <C>--secret</C>) or in the environment:
      </P>
      <Snippet title="Environment" code={`export SANDBOX_URL=${o}\nexport SANDBOX_KEY=<consumer key>\nexport SANDBOX_SECRET=<consumer secret>`} />
      <P>A wrong key stops it at once: <C>the key or secret was refused (401 INVALID_CLIENT)…</C>, exit status 1.</P>

      <H2 id="listen">Listen</H2>
      <Snippet title="Relay callbacks to your server" code="node sandbox.mjs listen --forward-to http://localhost:8080/callbacks" />
      <P>Then make a call whose <C>callbackUrl</C> is your inspector address. Each callback prints one line: time, operation, scenario (for a receiver check&apos;s case, its name: <C>check tampered_body</C>), delivery id, what your server answered, and how long it took.</P>
      <Snippet title="What you see" code={`Listening for callbacks of app_… at ${o} → http://localhost:8080/callbacks. Ctrl-C stops.\n14:02:07  collect.push    paid                dlv_4Yh…  → 200  12 ms\n14:02:31  collect.push    insufficient_funds  dlv_9Qa…  → 500  8 ms\n14:03:02  payouts.send    sent                dlv_kT2…  → connection refused  2 ms`} />
      <Ul>
        <li>Your server gets a POST with the callback&apos;s body and headers: <C>content-type</C>, <C>user-agent</C>, <C>x-svc-delivery</C>, <C>x-svc-signature</C>, <C>webhook-id</C>, <C>webhook-timestamp</C>, <C>webhook-signature</C>. Only connection headers (<C>host</C>, <C>content-length</C>, <C>connection</C>…) are new.</li>
        <li>It has 10 s to answer, like a callback from the sandbox. Its status, the first 2 KiB of its body, or the connection error go back to the portal: the console shows them under the inbox entry and on the delivery.</li>
        <li>The inspector still answers the sandbox itself (so the delivery is recorded as the inspector answered); the relay is in addition.</li>
        <li>Several listeners of one app each get every callback (at most {config.listenStreamsPerApp} connected at once).</li>
        <li><C>--forward-to localhost:8080/callbacks</C> without a scheme means http. <C>--operation collect.push</C> (or <C>collectPush</C>) relays only that operation&apos;s callbacks and passes over the others.</li>
      </Ul>
      <P>
        Anyone who knows the inspector address can post to it, so the listener relays only your app&apos;s own callbacks: a request that
        names a delivery of the app and carries that delivery&apos;s body, or that is signed with the app&apos;s signing secret. Other requests
        stay in the inbox (the console shows them) and are not relayed; <C>--include-foreign</C> relays them too, with a callback&apos;s headers
        only (never a cookie, an authorization or a forwarding header someone else chose).
      </P>

      <H2 id="signatures">Verifying signatures, unchanged</H2>
      <P>
        The headers are the ones the sandbox signed, so the verification code of your server runs as it will in production: check{" "}
        <C>x-svc-signature</C> (or the Standard Webhooks headers) with the app&apos;s signing secret from the console. See{" "}
        <Link href="/docs/callbacks" className="text-emerald-700 underline">Callbacks</Link> for the scheme. The signature carries the time
        it was made: a callback relayed while catching up is older than your tolerance window may allow; accept old timestamps while testing
        catch-up, or use <C>--no-replay</C>.
      </P>

      <H2 id="offline">Stopped and started again</H2>
      <P>
        The listener keeps a cursor (the id of the last event it relayed) in a file per portal and app, under{" "}
        <C>$XDG_CONFIG_HOME/svc-sandbox</C> or <C>~/.config/svc-sandbox</C> (<C>--cursor-file</C> chooses another). Started again, it first relays,
        in order and once each, what reached the inspector while it was away (the inbox keeps the newest {config.inboxPerApp.toLocaleString("en")} entries), then
        goes on live. <C>--no-replay</C> skips the backlog. The first run starts from now. When the connection drops (a portal restart), it
        reconnects with a growing pause and resumes from its cursor. Stopped in the middle of a relay, it relays that callback once more next
        time: deduplicate on <C>x-svc-delivery</C>, as with every callback.
      </P>

      <H2 id="all">Every callback: --all</H2>
      <P>
        With <C>--all</C> the listener also gets a copy of every callback the app sends to other addresses (your staging server, an address
        that refused it, …), one per attempt, including &quot;Send it again&quot;. A copy carries the callback&apos;s body and delivery id and is
        signed when it is relayed, with the app&apos;s current signing secret (and the previous one during a rotation&apos;s grace period), so it
        verifies like the original.
      </P>
      <Snippet title="Every callback of the app" code="node sandbox.mjs listen --all --forward-to http://localhost:8080/callbacks" />

      <H2 id="json">For scripts: --json</H2>
      <P>One JSON object per line on stdout: a <C>ready</C> object when connected, then one <C>relay</C> object per callback. Notes (reconnections) go to stderr.</P>
      <Snippet
        title="--json"
        wrap
        code={`{"type":"ready","appId":"app_…","origin":"${o}","target":"http://localhost:8080/callbacks","all":false,"cursor":"41.230","resumed":true}\n{"type":"relay","cursor":"42.230","source":"inbox","receivedAt":"2026-11-22T14:02:07.120Z","operation":"collect.push","scenario":"paid","checkCase":null,"deliveryId":"dlv_…","inboxEntryId":"inb_…","target":"http://localhost:8080/callbacks","status":200,"error":null,"durationMs":12}`}
      />

      <H2 id="more">Other commands</H2>
      <Ul>
        <li><C>node sandbox.mjs call POST /collect/v1/push --data &apos;{"{…}"}&apos; [--scenario paid]</C>: one gateway call; the body on stdout, the status on stderr. <C>-d @body.json</C> reads the body from a file, <C>--time-scale 0</C> sends X-Svc-Time-Scale, <C>--header &quot;Name: value&quot;</C> (or <C>-H</C>, repeatable) adds a header.</li>
        <li><C>node sandbox.mjs settings [--time-scale 0] [--duplicate on] [--bad-signature on] [--extra-delay-ms 500] [--inspector-status 503] [--inspector-fail-first 2]</C>: read or change the app&apos;s developer settings (time scale, callback faults, the inspector&apos;s answer); options not given stay as they are.</li>
        <li><C>node sandbox.mjs token</C>: print an access token.</li>
        <li><C>node sandbox.mjs faults</C>: the app&apos;s fault plan: <C>faults set collect.push lost_response --every 3</C> (or <C>--first N</C>, <C>--probability P --seed S</C>), <C>faults add …</C>, <C>faults clear</C>. <C>rehearse [rule] -- &lt;command&gt;</C> runs your tests under a plan, then prints the client checks (<a className="text-emerald-700 underline" href="/docs/rehearse">Rehearse failures</a>).</li>
        <li><C>float</C> (the payout float), <C>sandbox</C> (throwaway sandboxes), <C>resolve ID --scenario K</C> (decide a held resource), <C>timeline ID</C> (everything that happened to it, one line per event), <C>check --url U</C> (a receiver check), <C>--version</C>; <C>--help</C> on each.</li>
      </Ul>
      <P>
        Underneath, <C>listen</C> reads <C>GET {"{base_url}"}/dev/v1/inbox/stream</C> (Server-Sent Events; each event&apos;s id is a cursor for{" "}
        <C>after</C> or <C>Last-Event-ID</C>) and reports with <C>POST {"{base_url}"}/dev/v1/inbox/relays</C>: see the{" "}
        <Link href="/docs/dev/listen" className="text-emerald-700 underline">developer endpoints</Link>.
      </P>
    </>
  );
}
