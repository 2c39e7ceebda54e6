// One signed POST of a callback body, with the contract's headers and the
// ten-second wait. node:http directly: exact failure reasons, no fetch patching.
import http from "node:http";
import https from "node:https";
import { callbackSignatureHeaders } from "@/lib/crypto";

/** The spec's callback wait: the receiving server has ten seconds to answer. */
export const CALLBACK_TIMEOUT_MS = 10_000;
const MAX_RESPONSE = 4096;

export type PostOutcome = { status: number | null; error: string | null; durationMs: number; responseBody: string | null };

function reason(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case "ECONNREFUSED": return "connection refused";
    case "ENOTFOUND": case "EAI_AGAIN": return "host not found";
    case "ECONNRESET": return "connection reset";
    case "EHOSTUNREACH": case "ENETUNREACH": return "host unreachable";
    default: return e.code ? `${e.code}: ${e.message}` : e.message;
  }
}

/** `secrets`: the app's signing secret, and the one it replaced while that is in its grace period. */
export function postCallback(url: string, body: string, deliveryId: string, secrets: string[]): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<PostOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, durationMs: elapsed() });
    };
    let req: http.ClientRequest;
    try {
      const target = new URL(url);
      const client = target.protocol === "https:" ? https : http;
      req = client.request(target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Svc-Sandbox/1.0",
          "x-svc-delivery": deliveryId,
          ...callbackSignatureHeaders(secrets, deliveryId, body, new Date()),
        },
      });
    } catch (e) {
      resolve({ status: null, error: `invalid address: ${(e as Error).message}`, durationMs: elapsed(), responseBody: null });
      return;
    }
    const timer = setTimeout(() => {
      done({ status: null, error: `timeout after ${CALLBACK_TIMEOUT_MS / 1000} s`, responseBody: null });
      req.destroy();
    }, CALLBACK_TIMEOUT_MS);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < MAX_RESPONSE) chunks.push(c);
        size += c.length;
      });
      const finish = () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString("utf8").slice(0, MAX_RESPONSE);
        done({ status, error: status >= 200 && status < 300 ? null : `HTTP ${status}`, responseBody: text });
      };
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", (e) => done({ status: null, error: reason(e), responseBody: null }));
    req.end(body);
  });
}
