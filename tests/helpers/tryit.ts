// The docs' try-it panel's request (POST /api/try/{operation}), sent from a
// loopback address of the caller's choosing: try-it's limiter counts per client
// address, so each file that calls it uses an address of its own.
import type { Operation } from "@/lib/catalog";
import { exampleParams } from "@/lib/docs/doc-examples";
import { requestFrom } from "./from-address";
import { origin } from "./apps";

/** `at`: the origin of the portal to ask, the file's own (./apps.ts `origin()`) unless given. */
export type TryItOptions = { scenario?: string; params?: Record<string, string>; headers?: Record<string, string>; at?: string };

/** A POST from `from` to `url`, its headers as a Headers object and its body as JSON when it is. */
export async function postFrom(from: string, url: string, init: { headers?: Record<string, string>; body?: string }) {
  const r = await requestFrom(from, url, { method: "POST", ...init });
  const headers = new Headers(Object.entries(r.headers).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => [k, x]))));
  return { status: r.status, headers, body: r.json ?? r.text, text: r.text };
}

/** Try-it of `op` with `body` (JSON unless a string), the operation's example path parameters unless `params`, and a scenario. */
export function tryIt(from: string, op: Operation, body: unknown, opts: TryItOptions = {}) {
  const query = new URLSearchParams(opts.params ?? exampleParams(op)).toString();
  return postFrom(from, `${opts.at ?? origin()}/api/try/${op.id}${query ? `?${query}` : ""}`, {
    headers: { "content-type": "application/json", ...(opts.scenario ? { "x-svc-scenario": opts.scenario } : {}), ...opts.headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}
