// One signed POST of a callback body, with the contract's headers and the
// ten-second wait. Where it may go is the callback network policy's
// (policy.ts): refused, the in-process inspector, or the network at the
// checked address. node:http directly: exact failure reasons, no fetch patching.
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import { callbackSignatureHeaders } from "@/lib/crypto";
import { receiveInspection } from "@/lib/inspector";
import { routeFor, type Policy } from "./policy";

/** The spec's callback wait: the receiving server has ten seconds to answer. */
export const CALLBACK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE = 4096;

export type PostOutcome = {
  status: number | null; error: string | null; durationMs: number; responseBody: string | null;
  /** The headers posted (or that would have been, when refused): signatures, never a secret. */
  headers: Record<string, string>;
};
type Sent = Omit<PostOutcome, "durationMs" | "headers">;

function reason(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case "ECONNREFUSED": return "connection refused";
    case "ENOTFOUND": case "EAI_AGAIN": return "host not found";
    case "ECONNRESET": return "connection reset";
    case "EHOSTUNREACH": case "ENETUNREACH": return "host unreachable";
    default: return e.code ? `${e.code}: ${e.message}` : e.message;
  }
}

/**
 * Connections to receivers are kept and reused, as webhook senders do: a burst
 * of callbacks to one server costs one TCP handshake, not one each. Idle
 * sockets close after 4 s, before the 5 s a Node server keeps them.
 */
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4_000 };
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

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

/** `secrets`: the app's signing secret, and the one it replaced while that is in its grace period. */
export async function postCallback(url: string, body: string, deliveryId: string, secrets: string[], policy?: Policy): Promise<PostOutcome> {
  return postWithHeaders(url, body, callbackHeaders(deliveryId, body, secrets, new Date()), policy);
}

/**
 * One POST of `body` with headers made beforehand (the receiver checks alter
 * them on purpose), through the callback network policy and the same wait.
 */
export async function postWithHeaders(url: string, body: string, headers: Record<string, string>, policy?: Policy): Promise<PostOutcome> {
  const started = performance.now();
  const route = await routeFor(url, policy);
  const sent: Sent =
    route.kind === "refused"
      ? { status: null, error: route.reason, responseBody: null }
      : route.kind === "inspector"
        ? await toInspector(route.appId, url, body, headers)
        : await overNetwork(route.url, route.lookup, body, headers);
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

function overNetwork(target: URL, lookup: net.LookupFunction | undefined, body: string, headers: Record<string, string>, retried = false): Promise<Sent> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Sent) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      agent: agents[target.protocol as keyof typeof agents],
      ...(lookup ? { lookup } : {}),
    });
    let responded = false;
    const timer = setTimeout(() => {
      done(timedOut());
      req.destroy();
    }, CALLBACK_TIMEOUT_MS);
    req.on("response", (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < MAX_RESPONSE) chunks.push(c);
        size += c.length;
      });
      const finish = () => done(answered(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")));
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      // A kept connection the receiver closed just as we reused it: once more on a new one.
      if (req.reusedSocket && !responded && !retried && (e.code === "ECONNRESET" || e.code === "EPIPE")) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        return void overNetwork(target, lookup, body, headers, true).then(resolve);
      }
      done({ status: null, error: reason(e), responseBody: null });
    });
    req.end(body);
  });
}
