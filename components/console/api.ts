// The browser side of the console's JSON routes (app/api/console/...).
import type { FieldIssue } from "@/components/ui/error-text";

/** A route's error body ({error, message, requestId, details}) as an Error; components/ui/error-text.ts words it. */
export class ConsoleError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: FieldIssue[] = []) {
    super(message);
  }
}

async function read<T>(r: Response): Promise<T> {
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new ConsoleError(r.status, body?.error ?? "ERROR", body?.message ?? `The console answered ${r.status}.`, Array.isArray(body?.details) ? body.details : []);
  return body as T;
}

export const fetcher = <T,>(url: string): Promise<T> => fetch(url, { headers: { accept: "application/json" } }).then((r) => read<T>(r));

/** A write: POST / PATCH / DELETE with a JSON body; throws ConsoleError with the server's message. */
export function send<T = unknown>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  return fetch(url, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => read<T>(r));
}

/** `?a=1&b=2` from the set values only. */
export function qs(params: Record<string, string | number | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export const appUrl = (appId: string, rest = "") => `/api/console/apps/${encodeURIComponent(appId)}${rest}`;
