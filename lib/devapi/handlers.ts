// The handler of every developer endpoint, by id (lib/catalog/dev for their
// data). The gateway's dev steps run them after the token check.
import { reportRelay, streamCallbacks } from "./listen";
import { replayFailed, resendDelivery, resolveHeld } from "@/lib/callbacks";
import { heldResources } from "@/lib/activity/held-list";
import { resourceTimeline } from "@/lib/activity/timeline";
import { TIME_SCALE_HEADER } from "@/lib/engine";
import { resetApp } from "./reset";
import { getDevSettings, updateDevSettings } from "./settings";
import { waitForCallback, type WaitExpect } from "./wait";
import { heldBy } from "./held-connections";
import { addTestNumber, listTestNumbers, removeTestNumber } from "./test-numbers";
import { createSandbox, endSandbox, listSandboxes } from "@/lib/services/sandboxes";
import type { DevHandler } from "./types";
import { getReceiverCheck, listReceiverChecks } from "@/lib/activity/receiver-check-runs";
import { readiness } from "@/lib/activity/readiness";
import { clientChecks } from "@/lib/activity/client-checks";
import { explainReceived } from "@/lib/activity/signatures";
import type { ExplainInput } from "@/lib/callbacks/signature-explain";
import { runReceiverCheck } from "./receiver-checks";
import { floatBalances, setFloat } from "@/lib/float";
import type { Currency } from "@/lib/catalog/dev-endpoints";

export const devHandlers: Record<string, DevHandler> = {
  "dev.settings.get": async ({ app }) => ({ body: await getDevSettings(app.id) }),
  "dev.settings.update": async ({ app, input }) => ({ body: await updateDevSettings(app.id, input) }),
  "dev.callbacks.wait": async ({ app, input: i, signal }) => ({
    body: await waitForCallback(
      app.id,
      { resourceId: i.resourceId as string | undefined, reference: i.reference as string | undefined, deliveryId: i.deliveryId as string | undefined },
      i.timeout as number,
      i.expect as WaitExpect,
      undefined,
      signal,
    ),
  }),
  "dev.connections.get": async ({ app }) => ({ body: await heldBy(app.id) }),
  "dev.resources.held": async ({ app }) => ({ body: await heldResources(app.id) }),
  "dev.resources.resolve": async ({ app, params, input, headers, requestId, now, via }) => ({
    body: await resolveHeld(app.id, params.id!, input.scenario as string, { via, timeScaleHeader: headers.get(TIME_SCALE_HEADER), requestId, now }),
  }),
  "dev.resources.timeline": async ({ app, params, now }) => ({ body: await resourceTimeline(app.id, params.id!, now) }),
  "dev.deliveries.resend": async ({ app, params }) => {
    const o = await resendDelivery(params.deliveryId!, app.id);
    return {
      body: {
        deliveryId: params.deliveryId, status: o.status, error: o.error, responseBody: o.responseBody, durationMs: o.durationMs, headers: o.headers,
        delayedUntil: o.delayed?.until.toISOString() ?? null, delayReason: o.delayed?.reason ?? null,
      },
    };
  },
  "dev.deliveries.replay": async ({ app, input }) => ({ body: await replayFailed(app.id, new Date(input.since as string), input.url as string | undefined) }),
  "dev.reset": async ({ app }) => ({ body: await resetApp(app.id) }),
  "dev.float.get": async ({ app, now }) => ({ body: { balances: await floatBalances(app.id, undefined, now) } }),
  "dev.float.set": async ({ app, params, input }) => ({ body: await setFloat(app.id, params.currency as Currency, input.available as number) }),
  "dev.listen.stream": streamCallbacks,
  "dev.listen.relay": reportRelay,
  "dev.test_numbers.list": async ({ app }) => ({ body: await listTestNumbers(app.id) }),
  "dev.test_numbers.add": async ({ app, input }) => ({ body: await addTestNumber(app.id, input) }),
  "dev.test_numbers.remove": async ({ app, params }) => ({ body: await removeTestNumber(app.id, { id: params.id }) }),
  "dev.receiver_checks.run": async ({ app, input }) => ({ body: await runReceiverCheck(app.id, input as { url: string; operation?: string }) }),
  "dev.receiver_checks.list": async ({ app }) => ({ body: await listReceiverChecks(app.id) }),
  "dev.receiver_checks.get": async ({ app, params }) => ({ body: await getReceiverCheck(app.id, params.checkId!) }),
  "dev.signatures.explain": async ({ app, input, now }) => ({ body: await explainReceived(app.id, input as ExplainInput, now) }),
  "dev.readiness": async ({ app }) => ({ body: await readiness(app.id) }),
  "dev.client_checks": async ({ app }) => ({ body: { checks: await clientChecks(app.id) } }),
  "dev.sandboxes.create": async ({ app, input, now }) => ({
    body: await createSandbox(app, { ttlSeconds: input.ttlSeconds as number, name: input.name as string | undefined }, now),
  }),
  "dev.sandboxes.list": async ({ app, now }) => ({ body: await listSandboxes(app.id, now) }),
  "dev.sandboxes.delete": async ({ app, params, now }) => {
    await endSandbox(app.id, params.appId!, now);
    return { body: null };
  },
};
