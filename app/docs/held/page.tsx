// Docs: held transactions, the Handset, the timeline and asserting that no
// callback arrived. The tables come from the catalog and the endpoints' data;
// the sample test is the file served at /samples/held.test.mjs, which our
// integration suite runs as-is (tests/integration/sample-held.test.ts).
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { C, H1, H2, P, Snippet, Ul } from "@/components/docs/prose";
import { DataTable } from "@/components/docs/data-table";
import { operations } from "@/lib/catalog";
import { devEndpointById, timelineEventSchema } from "@/lib/catalog/dev-endpoints";
import { config } from "@/lib/runtime";
import { sampleAnswer } from "@/lib/docs/samples";
import { baseUrl, origin } from "@/lib/docs/urls";
import { expiryScenario, heldScenario, resolutionScenarios } from "@/lib/engine";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Drive a payment by hand" };

const SAMPLE_PATH = "/samples/held.test.mjs";
const sample = () => fs.readFileSync(path.join(process.cwd(), "public", SAMPLE_PATH), "utf8");

const hours = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} hours` : `${Math.round(ms / 1000)} seconds`);

/** The timeline's event types and what each says, from the answer's schema. */
const eventTypes = () =>
  timelineEventSchema.options.map((o) => [<C key="t">{String(o.shape.type.value)}</C>, String(o.meta()?.description ?? "")]);

export default function HeldPage() {
  const base = baseUrl();
  const held = operations.filter((op) => heldScenario(op));
  const tool = (id: string) => <C>{devEndpointById(id)!.tool}</C>;
  return (
    <>
      <H1 eyebrow="Guide">Drive a payment by hand</H1>
      <P>
        A real PIN prompt waits for a person. Hold one, and the sandbox waits for you: your code gets its usual answer, your UI polls and
        sees <C>PENDING</C>, and nothing is decided until you answer as the customer would, from the console&apos;s Handset, the
        developer API, the command line or MCP. The callback then follows as if that outcome had been chosen at the call. Every step of
        the transaction is in one timeline, and a test can assert that a callback did <em>not</em> arrive.
      </P>

      <H2 id="hold">Hold a call</H2>
      <P>
        The scenario <C>held</C> exists on every operation that calls back. Pick it like any scenario: the header{" "}
        <C>X-Svc-Scenario: held</C>, a <Link className="text-emerald-700 underline" href="/docs/dev/test-numbers#dev-test_numbers-add">test number</Link>{" "}
        (e.g. a phone number of yours that always holds), the try-it panel, or the MCP tool&apos;s <C>scenario</C> argument. The call answers
        its normal accepted answer, its resource stays in its initial state, and no callback is scheduled. A held prompt is a pending prompt:
        its reference cannot be reused until it is resolved (and then only if it failed).
      </P>
      <DataTable label="Operations that hold" head={["Operation", "While held", "Resolve with", "Left alone"]} rows={held.map((op) => {
        const expiry = expiryScenario(op);
        return [
          <C key="op">{op.method} {op.path}</C>,
          `${heldScenario(op)!.status} ${String((sampleAnswer(op, heldScenario(op)!).body as { status?: unknown }).status)}`,
          resolutionScenarios(op).map((s) => s.key).join(", "),
          expiry ? <>resolves as <C>{expiry.key}</C> after {hours(config.heldTimeoutMs)}</> : "stays held until resolved",
        ];
      })} />
      <Snippet title="Hold a payment prompt" code={`curl -s -X POST "${base}/collect/v1/push" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" -H "X-Svc-Scenario: held" \\\n  -H "Content-Type: application/json" \\\n  -d '{"shortCode":"174379","amount":100,"currency":"KES","phoneNumber":"254712345678","reference":"INV-1001","callbackUrl":"https://example.com/callbacks"}'`} />

      <H2 id="handset">Answer it on the Handset</H2>
      <P>
        Console → your app → <strong>Handset</strong> lists the app&apos;s held prompts, payouts and messages, newest first, and updates by
        itself. Each prompt is drawn as the customer&apos;s phone shows it: the customer message, the amount, the till number and a PIN pad.{" "}
        <strong>Enter PIN</strong> pays (<C>paid</C>), <strong>Cancel</strong> cancels (<C>cancelled</C>), <strong>Ignore</strong> lets it
        time out (<C>no_answer</C>), and the other outcomes are in a menu. It works on a phone as well as on a desktop: hold a payment from
        your app, answer it from the phone in your hand, and watch your UI follow.
      </P>

      <H2 id="resolve">Resolve it from code</H2>
      <Snippet title="curl" code={`curl -s -X POST "${base}/dev/v1/resources/$CHECKOUT_ID/resolve" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\\n  -d '{"scenario":"cancelled"}'`} />
      <Ul>
        <li>The live state and the callback follow the scenario exactly as if it had been chosen at the call; its delays are counted from the resolve.</li>
        <li>Time scale: this call&apos;s <C>X-Svc-Time-Scale</C>, else the holding call&apos;s, else the app&apos;s. <C>X-Svc-Time-Scale: 0</C> sends the callback at once.</li>
        <li>200 answers the resource&apos;s state and the callback&apos;s <C>deliveryId</C>. 409 <C>CONFLICT</C> when it is not held (never was, or already resolved); 400 <C>VALIDATION_ERROR</C> for a scenario that sends no callback or belongs to another operation; 404 for an id that is not your app&apos;s.</li>
        <li>Of several resolves at once (two testers, two instances of the sandbox) exactly one wins; the others answer 409.</li>
        <li>The request log records each resolve (<C>via</C> http, mcp or console), and the resource says who resolved it and when. <C>GET /dev/v1/resources/held</C> lists what is still held.</li>
      </Ul>

      <H2 id="nothing-arrived">Assert that nothing arrived</H2>
      <P>
        <C>GET /dev/v1/callbacks/wait?resourceId=…&amp;expect=none&amp;timeout=5</C> waits the whole window and answers 200{" "}
        <C>{'{"status": "NONE"}'}</C> when no callback attempt was made in it, or <C>ATTEMPTED</C> with the attempt it saw. Use it while a
        resource is held, for a scenario without callback, or after the first callback to assert that no second one comes. Without{" "}
        <C>expect=none</C>, a wait on a held resource waits for it to be resolved and its callback posted.
      </P>

      <H2 id="timeline">One timeline per transaction</H2>
      <P>
        <C>GET /dev/v1/resources/{"{id}"}/timeline</C> answers <C>{"{resourceId, operationId, scenarioKey, state, events}"}</C>: every
        event, oldest first, each <C>{"{at, type, …}"}</C>. The first is always the request that created it. The console&apos;s resource,
        request and callback pages show the same timeline.
      </P>
      <DataTable label="Timeline events" head={["type", "What happened"]} rows={eventTypes()} />

      <H2 id="cli">Command line and MCP</H2>
      <Snippet title="sandbox.mjs" code={`curl -fsSO ${origin()}/cli/sandbox.mjs\nnode sandbox.mjs resolve $CHECKOUT_ID --scenario paid --time-scale 0\nnode sandbox.mjs timeline $CHECKOUT_ID`} />
      <P>MCP tools: {tool("dev.resources.resolve")}, {tool("dev.resources.timeline")}, {tool("dev.resources.held")}; waiting with <C>expect</C> is {tool("dev.callbacks.wait")}.</P>

      <H2 id="sample">A sample test: hold, resolve, assert</H2>
      <P>
        Node 20 or later, no dependencies: <C>node --test held.test.mjs</C>. Our own test suite runs this very file against the sandbox on
        every change.{" "}
        <Link href={SAMPLE_PATH} download className="font-medium text-indigo-700 underline">Download held.test.mjs</Link>
      </P>
      <Snippet title="held.test.mjs" code={sample()} />
    </>
  );
}
