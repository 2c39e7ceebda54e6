// A callback in OpenAPI `callbacks`: the POST the sandbox makes to callbackUrl.
import type { Operation } from "@/lib/catalog";
import { sampleAnswer } from "@/lib/docs/samples";
import { responseSchema } from "@/lib/docs/schema";
import { usesDefaultCallback } from "@/lib/docs/default-callback";

const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

export function operationCallbacks(op: Operation) {
  if (!op.callback) return undefined;
  const first = op.scenarios.find((s) => s.default && s.callbackDelayMs !== undefined);
  return {
    result: {
      "{$request.body#/callbackUrl}": {
        post: {
          summary: "Result callback",
          description: `${op.callback.description} Sent to the request's callbackUrl${usesDefaultCallback().includes(op) ? ", else the app's default callback URL" : ""}, after the scenario's callback delay. The sandbox waits 10 s for an answer and does not retry on its own.`,
          parameters: [
            header("user-agent", "Svc-Sandbox/1.0"),
            header("x-svc-delivery", "The delivery id (dlv_…), the same on every attempt."),
            header("x-svc-signature", 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the app\'s signing secret>'),
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: responseSchema(op.callback.schema),
                ...(first ? { example: sampleAnswer(op, first).callback?.body } : {}),
              },
            },
          },
          responses: { "2XX": { description: "Any 2xx answer is recorded as delivered; anything else as failed." } },
        },
      },
    },
  };
}
