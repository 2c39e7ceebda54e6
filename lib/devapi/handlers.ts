// The handler of every developer endpoint, by id (lib/catalog/dev for their
// data). The gateway's dev steps run them after the token check.
import { reportRelay, streamCallbacks } from "./listen";
import { replayFailed, resendDelivery } from "@/lib/callbacks";
import { resetApp } from "./reset";
import { getDevSettings, updateDevSettings } from "./settings";
import { waitForCallback } from "./wait";
import { addTestNumber, listTestNumbers, removeTestNumber } from "./test-numbers";
import type { DevHandler } from "./types";

export const devHandlers: Record<string, DevHandler> = {
  "dev.settings.get": async ({ app }) => ({ body: await getDevSettings(app.id) }),
  "dev.settings.update": async ({ app, input }) => ({ body: await updateDevSettings(app.id, input) }),
  "dev.callbacks.wait": async ({ app, input: i, signal }) => ({
    body: await waitForCallback(
      app.id, { resourceId: i.resourceId as string | undefined, reference: i.reference as string | undefined, deliveryId: i.deliveryId as string | undefined },
      i.timeout as number, undefined, signal,
    ),
  }),
  "dev.deliveries.resend": async ({ app, params }) => {
    const o = await resendDelivery(params.deliveryId!, app.id);
    return { body: { deliveryId: params.deliveryId, status: o.status, error: o.error, responseBody: o.responseBody, durationMs: o.durationMs, headers: o.headers } };
  },
  "dev.deliveries.replay": async ({ app, input }) => ({ body: await replayFailed(app.id, new Date(input.since as string), input.url as string | undefined) }),
  "dev.reset": async ({ app }) => ({ body: await resetApp(app.id) }),
  "dev.listen.stream": streamCallbacks,
  "dev.listen.relay": reportRelay,
  "dev.test_numbers.list": async ({ app }) => ({ body: await listTestNumbers(app.id) }),
  "dev.test_numbers.add": async ({ app, input }) => ({ body: await addTestNumber(app.id, input) }),
  "dev.test_numbers.remove": async ({ app, params }) => ({ body: await removeTestNumber(app.id, { id: params.id }) }),
};
