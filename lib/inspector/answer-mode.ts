// How the inspector answers, like a real server would: the app's inspector
// mode (lib/catalog/dev-endpoints/settings-endpoints.ts) picks the
// status and the delay; `failFirst` answers 500 to the first N deliveries of each
// callback, counted by the inbox entries already kept with the same
// x-svc-delivery. A request without that header is not a delivery of a
// callback: failFirst does not apply to it, status and delay do.
import { inspectorModeOf } from "@/lib/catalog/dev-endpoints";

export type InspectorAnswer = { status: number; delayMs: number; body: unknown };

/** Statuses a response may not carry a body with. */
const NO_BODY = new Set([204, 205, 304]);

/** The callback's delivery id from x-svc-delivery (trimmed, at most 64 characters), or null. */
export function deliveryIdOf(headers: Headers): string | null {
  const v = headers.get("x-svc-delivery")?.trim();
  return v ? v.slice(0, 64) : null;
}

/** `earlier`: entries already kept for this delivery id (0 without one). */
export function answerFor(modeText: string | null | undefined, deliveryId: string | null, earlier: number, requestId: string): InspectorAnswer {
  const mode = inspectorModeOf(modeText);
  if (deliveryId && earlier < mode.failFirst) {
    return {
      status: 500,
      delayMs: mode.delayMs,
      body: {
        error: "INSPECTOR_FAIL_FIRST",
        message: `the inspector fails the first ${mode.failFirst} deliveries of each callback on purpose; this was delivery ${earlier + 1} of ${deliveryId} (inspector answer mode, console → Inspector)`,
        requestId,
      },
    };
  }
  const status = mode.status;
  const body = NO_BODY.has(status)
    ? null
    : status < 300
      ? { received: true }
      : {
          error: "INSPECTOR_ANSWER",
          message: `the inspector answers ${status} because the app's inspector answer mode says so (console → Inspector, or PATCH /dev/v1/settings)`,
          requestId,
        };
  return { status, delayMs: mode.delayMs, body };
}

/** Waits `ms` (the configured delay), or less when the sender gives up first. */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
