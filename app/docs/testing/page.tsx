// Docs: testing against the gateway in CI. The sample test shown is the file
// served at /samples/sandbox-ci.test.mjs, which our integration suite runs
// as-is against the real server (tests/integration/sample-ci.test.ts).
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { devEndpointById, MAX_FAULT_PLAN_RULES } from "@/lib/catalog/dev-endpoints";
import { baseUrl } from "@/lib/docs/urls";
import { REPLAY_MAX } from "@/lib/callbacks/replay";
import { config } from "@/lib/runtime";
import { cliSteps, githubWorkflow, gitlabJob, SAMPLE_PATH } from "@/lib/docs/ci-jobs";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Testing in CI" };

const sample = () => fs.readFileSync(path.join(process.cwd(), "public", SAMPLE_PATH), "utf8");

export default function TestingPage() {
  const base = baseUrl();
  const ep = (id: string) => {
    const e = devEndpointById(id)!;
    // Breaks only after a slash, never inside a word of the path.
    const parts = e.path.split("/").filter(Boolean);
    return (
      <code className="font-mono text-xs text-slate-800">
        {e.method}{" "}
        {parts.map((p, i) => (
          <span key={`${i}:${p}`}>/{p}<wbr /></span>
        ))}
      </code>
    );
  };
  return (
    <>
      <H1 eyebrow="Guide">Testing in CI</H1>
      <P>
        Your test suite can run every scenario, callbacks included, in seconds: run calls at time scale 0 (no scripted delays,
        callbacks due at once), wait for each callback with one call instead of sleeping, and run each CI job in a throwaway
        sandbox of its own, so parallel jobs never see each other.
        These developer endpoints take the same bearer token as the APIs, answer the same error body, are recorded in the
        request log and do not count toward the per-minute limit. Each is also an MCP tool.
      </P>
      <DataTable label="Developer endpoints for tests" head={["Endpoint", "What it does"]} rows={[
        [ep("dev.sandboxes.create"), <>Makes a throwaway sandbox of the calling app for <C>ttlSeconds</C> (10 s to 24 h) and answers its keys, signing secret and inspector address (<a className="text-emerald-700 underline" href="#sandboxes">below</a>).</>],
        [ep("dev.sandboxes.delete"), <>Ends one at once (204): its keys are refused from then on; it is deleted with all its data.</>],
        [ep("dev.callbacks.wait"), <>Blocks until the callback of <C>resourceId</C> (or the app&apos;s latest resource with <C>reference</C>, or <C>deliveryId</C>) has been posted, up to <C>timeout</C> seconds (at most 60), and answers the body sent, the headers sent and your server&apos;s status and answer. Always 200 once the target is known, with <C>status</C> <C>ATTEMPTED</C>, <C>NOT_SENT</C> (no address) or <C>TIMEOUT</C>; 404 for an unknown id or a scenario without callback; 429 past {config.waitsPerApp} waits at once per app on one instance (waits and streams also count per account and per instance).</>],
        [ep("dev.resources.resolve"), <>Decides a resource held with <C>X-Svc-Scenario: held</C>: the customer who pays after 40 seconds, or cancels while your server restarts (<Link className="text-indigo-700 underline" href="/docs/held">Drive a payment by hand</Link>).</>],
        [ep("dev.resources.timeline"), <>Everything that happened to one resource, in order: calls, state changes, callback attempts, arrivals.</>],
        [ep("dev.reset"), <>Deletes the app&apos;s resources, callbacks and attempts, request log, inspector inbox and relays. Keys, subscriptions, settings and what the limits counted (this minute&apos;s calls still count) stay; at most {config.resetsPerMinute} resets a minute per app. Shared by every job using the app: in CI, prefer a sandbox per job.</>],
        [ep("dev.deliveries.replay"), <>Sends the failed callbacks created since <C>since</C> again (at most {REPLAY_MAX} per call, oldest first), to their own address or once to <C>url</C>. Each counts toward the app&apos;s {config.resendsPerMinute} resends a minute; <C>left</C> says how many remain for another call. Those at the attempt cap are skipped and listed.</>],
        [ep("dev.deliveries.resend"), <>Sends one callback again now and answers the outcome (one of the app&apos;s {config.resendsPerMinute} resends a minute).</>],
        [ep("dev.settings.update"), <>Sets <C>timeScale</C>, the callback faults and the fault plan (below).</>],
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
      <H2 id="fault-plan">Fault plans: rehearse production&apos;s failures on your client</H2>
      <P>
        An <C>X-Svc-Fault</C> header gives one call a fault (a lost answer, a 503, an expired token, a lost callback…). A fault plan gives them
        to your unchanged test suite: rules <C>{"{operation, fault, when}"}</C> in the app&apos;s settings, at most {MAX_FAULT_PLAN_RULES}. Each call of an
        operation the plan names, without the header (the header wins), is numbered 1, 2, 3… and gets the fault of the first rule whose{" "}
        <C>when</C> picks its number: <C>{"{\"every\": 3}"}</C> (calls 3, 6, 9…), <C>{"{\"first\": 2}"}</C> (calls 1 and 2) or{" "}
        <C>{"{\"probability\": 0.2, \"seed\": 7}"}</C> (drawn from the seed and the number: the same calls on every run). The numbers are exact
        under concurrency, on any number of instances; setting the plan or a reset starts them again at 1, and a throwaway sandbox starts with
        its parent&apos;s plan. Retries are calls too: they are numbered, except one whose reference is already taken: it answers 409 and draws no fault, so the next call gets it. <C>[]</C> clears the plan. Calls of other operations are untouched.
      </P>
      <Snippet title="curl" code={`curl -s -X PATCH ${base}/dev/v1/settings \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\\n  -d '{"faultPlan": [{"operation": "payouts.send", "fault": "lost_response", "when": {"every": 3}}]}'`} />
      <Ul>
        <li>The console&apos;s Testing tab lists the rules and adds or removes one; MCP: <C>sandbox_dev_update_settings</C> with <C>faultPlan</C>.</li>
        <li><C>sandbox.mjs faults set payouts.send lost_response --every 3</C> (<C>add</C> appends a rule, <C>clear</C> empties the plan, <C>faults</C> prints it; <C>--first</C>, <C>--probability</C> and <C>--seed</C> as in the API).</li>
        <li><C>sandbox.mjs rehearse -- npm test</C> sets a plan (without a rule: every fault once on Collect push and Payouts send), runs your command with the app&apos;s keys in <C>SANDBOX_URL</C>, <C>SANDBOX_KEY</C> and <C>SANDBOX_SECRET</C>, puts the previous plan back and prints the client checks ({ep("dev.client_checks")}), each failed one with why and what to do. It exits with your command&apos;s code when that failed, else 1 when a check failed.</li>
        <li>A <C>slow_response</C>, and an <C>early_callback</C> while it waits for its callback&apos;s post, holds its connection like a wait: it counts toward the {config.waitsPerApp} waits at once per app (and per account and instance); past them, 429 with <C>Retry-After</C> and nothing is committed.</li>
      </Ul>
      <H2 id="float">The float: rehearse payouts running it out</H2>
      <P>
        Payouts are paid out of your app&apos;s float, one per currency (<C>KES</C>, <C>TZS</C>, <C>UGX</C>; {config.floatDefault.toLocaleString("en-US")} each
        to start with, again after a reset; a throwaway sandbox starts there too). <C>available</C> is what is free to pay out and <C>reserved</C> what
        accepted payouts still <C>QUEUED</C> hold: an accepted payout moves its amount from available to reserved, <C>DELIVERED</C> pays it,
        and a held payout keeps it until you resolve it (as <C>float_low</C>: given back). A payout larger than what is available runs{" "}
        <C>float_low</C>, its callback <C>resultCode</C> 2001: a state rule, after <C>X-Svc-Scenario</C> and your test numbers, before the default.
        It is exact under concurrency, on any number of instances: 20 payouts at once against a float for 10 deliver exactly 10.
      </P>
      <Ul>
        <li>{ep("dev.float.set")} with <C>{"{\"available\": 500}"}</C> (or <C>sandbox.mjs float set KES 500</C>, or the app&apos;s Overview), then send payouts of 300: the first is <C>sent</C>, the second <C>float_low</C>.</li>
        <li>{ep("dev.float.get")} shows what each payout left; setting the float keeps what queued payouts reserved.</li>
        <li>Each payout&apos;s request-log row says the float it met: what was available before its reservation and what it reserved (a <C>float_low</C> payout: the balance that was too low). The console&apos;s request page and the payout&apos;s timeline ({ep("dev.resources.timeline")}, the <C>float</C> of its request event) show it, and so does Try it on a live payout.</li>
      </Ul>
      <H2 id="sandboxes">Throwaway sandboxes: one per CI job</H2>
      <P>
        Parallel jobs that share one app collide: one job&apos;s reset wipes another&apos;s log, a test number set by one changes another&apos;s
        scenario, the per-minute limit counts both. Instead, each job makes a sandbox of its own with one call from your app&apos;s token:
      </P>
      <Snippet title="curl" code={`curl -s -X POST ${base}/dev/v1/sandboxes \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\\n  -d '{"ttlSeconds": 900, "name": "ci-run-4812"}'`} />
      <Ul>
        <li>It is a child app with your app&apos;s owner, the same subscriptions in the same states (an approved Treasury subscription is approved), a copy of the developer settings (time scale, callback faults, inspector mode, fault plan), test numbers and per-minute limit, and a key pair and signing secret of its own, shown once.</li>
        <li>Its resources, callbacks, request log and inbox are its own: your app sees none of them, and it sees none of your app&apos;s. Your app&apos;s default callback address is copied, except your app&apos;s inspector, which becomes the sandbox&apos;s own.</li>
        <li>From <C>expiresAt</C> on its keys and tokens are refused (401) on every instance and nothing of it is sent; within a minute it is deleted with all its data. <C>DELETE /dev/v1/sandboxes/&#123;appId&#125;</C> ends it at once, with your app&apos;s keys or its own.</li>
        <li>At most {config.sandboxesPerApp} live sandboxes per app (429 <C>SANDBOX_LIMIT_REACHED</C>, with <C>retry-after</C> until the next one ends) and {config.sandboxCreatesPerMinute} made per minute (429 <C>RATE_LIMITED</C>). A sandbox cannot make sandboxes (403 <C>SANDBOX_NOT_ALLOWED</C>). They do not count toward the apps your account may have. The console lists them on your app&apos;s page, counting down, and makes one there too (a name and a lifetime; its secrets shown once), under the same limits.</li>
      </Ul>
      <P>With the command line, for any test suite (Node 18+):</P>
      <Snippet title="shell" code={cliSteps()} />
      <P>
        In GitHub Actions, put the sandbox&apos;s variables into the job&apos;s environment:{" "}
        <C>{"node sandbox.mjs sandbox create --ttl 30m --env | sed 's/^export //' >> \"$GITHUB_ENV\""}</C>. Underneath,{" "}
        <C>{"POST {base_url}/dev/v1/sandboxes {\"ttlSeconds\": 10..86400, \"name\"?}"}</C> answers 201 with{" "}
        <C>{"{appId, name, consumerKey, consumerSecret, signingSecret, inspectorUrl, expiresAt}"}</C>; <C>GET /dev/v1/sandboxes</C> lists the
        live ones; each is also an MCP tool (<C>sandbox_dev_create_sandbox</C>, …). An operator suspending or resuming your app suspends or
        resumes its sandboxes too.
      </P>

      <H2 id="sample">A sample CI test: all 20 scenarios</H2>
      <P>
        Node 20 or later, no dependencies: <C>node --test sandbox-ci.test.mjs</C> with your app&apos;s key pair in <C>SANDBOX_URL</C> (the
        portal&apos;s address), <C>SANDBOX_KEY</C> and <C>SANDBOX_SECRET</C>, the variables <C>sandbox.mjs</C> reads too. It makes a throwaway
        sandbox of your app before its tests, runs every scenario in it with callbacks to the sandbox&apos;s inspector, checks each
        callback&apos;s signature over the body as the inspector received it, and ends the sandbox after: it never resets or changes
        your app. Our own test suite runs this very file against the sandbox on every change, and runs the two configurations below. Held payments have a sample of their own on <Link href="/docs/held#sample" className="text-indigo-700 underline">Drive a payment by hand</Link>.{" "}
        <Link href={SAMPLE_PATH} download className="font-medium text-indigo-700 underline">Download sandbox-ci.test.mjs</Link>
      </P>
      <Snippet title="GitHub Actions: parallel jobs" code={githubWorkflow()} />
      <Snippet title="GitLab CI: parallel jobs" code={gitlabJob()} />
      <Snippet title="sandbox-ci.test.mjs" code={sample()} />
    </>
  );
}
