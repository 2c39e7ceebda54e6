// One signed POST of a callback body, with the headers README "Verifying a
// callback" lists and the ten-second wait. Where it may go is the callback
// network policy's (policy.ts): refused, the in-process inspector, or the
// network at the checked address, posted by lib/net (on the server's post
// thread).
import { callbackSignatureHeaders } from "@/lib/crypto";
import { receiveInspection } from "@/lib/inspector";
import type { PostResult } from "@/lib/net/http-post";
import { post } from "@/lib/net/post-thread";
import { routeFor, type Policy, type Route } from "./policy";

/** The callback wait: the receiving server has ten seconds to answer (README, "How the sandbox behaves", Callbacks). */
export const CALLBACK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE = 4096;

export type PostOutcome = {
  status: number | null; error: string | null; durationMs: number; responseBody: string | null;
  /** Refused by the callback network policy (policy.ts): never posted. */
  refused?: true;
  /** The headers posted (or that would have been, when refused): signatures, never a secret. */
  headers: Record<string, string>;
};
type Sent = Omit<PostOutcome, "durationMs" | "headers">;

const answered = (status: number, text: string): Sent => ({
  status,
  error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
  responseBody: text.slice(0, MAX_RESPONSE),
});

/** The headers every callback carries: content type, user agent, delivery id and the signatures. */
export function callbackHeaders(deliveryId: string, body: string, secrets: string[], at: Date): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Svc-Sandbox/1.0",
    "x-svc-delivery": deliveryId,
    ...callbackSignatureHeaders(secrets, deliveryId, body, at),
  };
}

/** The names of those headers: all a listener relays of a request to the inspector (lib/devapi/listen-feed.ts). */
export const CALLBACK_HEADER_NAMES: readonly string[] = Object.keys(callbackHeaders("dlv_", "", ["whsec_"], new Date(0)));

/**
 * `secrets`: the app's signing secret, and the one it replaced while that is in its grace period.
 * `route`: where the policy sent it already (attempt.ts routes first for the host budget), else routed here.
 */
export async function postCallback(url: string, body: string, deliveryId: string, secrets: string[], policy?: Policy, route?: Route): Promise<PostOutcome> {
  return postWithHeaders(url, body, callbackHeaders(deliveryId, body, secrets, new Date()), policy, route);
}

/**
 * One POST of `body` with headers made beforehand (the receiver checks alter
 * them on purpose), through the callback network policy and the same wait.
 */
export async function postWithHeaders(url: string, body: string, headers: Record<string, string>, policy?: Policy, routed?: Route): Promise<PostOutcome> {
  const started = performance.now();
  const route = routed ?? (await routeFor(url, policy));
  const sent: Sent =
    route.kind === "refused"
      ? { status: null, error: route.reason, responseBody: null, refused: true }
      : route.kind === "inspector"
        ? await toInspector(route.appId, url, body, headers)
        : sentOf(await post({ url: route.url.href, pin: route.pin ?? null, body, headers, timeoutMs: CALLBACK_TIMEOUT_MS, maxResponse: MAX_RESPONSE }));
  return { ...sent, durationMs: Math.round(performance.now() - started), headers };
}

const timedOut = (): Sent => ({ status: null, error: `timeout after ${CALLBACK_TIMEOUT_MS / 1000} s`, responseBody: null });

/**
 * An inspector address of this portal: handed to the inspector in this process,
 * never over the network, with the same ten-second wait (its answer mode may
 * delay). The inspector counts it as the app's own callback when the delivery
 * is the app's, else as a post from the delivery's app (lib/inspector `Sender`).
 */
async function toInspector(appId: string, url: string, body: string, headers: Record<string, string>): Promise<Sent> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Sent>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(timedOut());
    }, CALLBACK_TIMEOUT_MS);
  });
  const answer = (async (): Promise<Sent> => {
    const res = await receiveInspection(appId, new Request(url, { method: "POST", headers, body, signal: abort.signal }), { deliveryId: headers["x-svc-delivery"] ?? "" });
    return answered(res.status, await res.text());
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sentOf = (r: PostResult): Sent =>
  r.kind === "answered" ? answered(r.status, r.body) : r.kind === "timeout" ? timedOut() : { status: null, error: r.reason, responseBody: null };
