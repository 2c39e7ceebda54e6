// A callback: the POST the portal makes to callbackUrl. The same operation
// sits in the operation's `callbacks` and in the document's top-level `webhooks`.
import type { Operation } from "@/lib/catalog";
import { isErrorOutcome } from "@/lib/engine";
import { typeName } from "@/lib/docs/names";
import { sampleAnswer } from "@/lib/docs/samples";
import { usesDefaultCallback } from "@/lib/docs/default-callback";
import { ref } from "./components";

const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

export function callbackOperation(op: Operation) {
  const scenarios = op.scenarios.filter((s) => s.callbackDelayMs !== undefined && !isErrorOutcome(s.outcome));
  return {
    summary: `${op.summary}: result callback`,
    description: `${op.callback!.description} Sent to the request's callbackUrl${usesDefaultCallback().includes(op) ? ", else the app's default callback URL" : ""}, after the scenario's callback delay. The sandbox waits 10 s for an answer and does not retry on its own. Verify either signature: x-svc-signature, or the Standard Webhooks headers (any standardwebhooks library, with the signing secret as the console shows it).`,
    parameters: [
      header("user-agent", "Svc-Sandbox/1.0"),
      header("x-svc-delivery", "The delivery id (dlv_…), the same on every attempt."),
      header("x-svc-signature", 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the app\'s signing secret>; a second v1= during a secret rotation\'s grace period.'),
      header("webhook-id", "Standard Webhooks: the delivery id, the same on every attempt."),
      header("webhook-timestamp", "Standard Webhooks: unix seconds."),
      header("webhook-signature", 'Standard Webhooks: v1,<Base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">, keyed with the Base64-decoded part of the signing secret after whsec_; two, space-separated, during a rotation.'),
    ],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: ref("schemas", typeName(op, "Callback")),
          examples: Object.fromEntries(scenarios.map((s) => [s.key, { summary: `Scenario ${s.key}: ${s.summary}`, value: sampleAnswer(op, s).callback?.body }])),
        },
      },
    },
    responses: { "2XX": { description: "Any 2xx answer is recorded as delivered; anything else as failed." } },
  };
}

export function operationCallbacks(op: Operation) {
  return op.callback ? { result: { "{$request.body#/callbackUrl}": { post: callbackOperation(op) } } } : undefined;
}
