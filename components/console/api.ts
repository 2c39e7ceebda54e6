// The browser side of the console's JSON routes (app/api/console/...).
export class ConsoleError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: { field: string; message: string }[] = []) {
    super(message);
  }
  /** The message for one form field, when the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((d) => d.field === field)?.message;
  }
}

/** What to show for a failed call: the server's message, or a plain sentence when the network failed. */
export function errorText(e: unknown, fallback = "Something went wrong."): string {
  if (e instanceof ConsoleError) return e.message.charAt(0).toUpperCase() + e.message.slice(1);
  if (e instanceof TypeError) return "The console could not be reached. Check your connection and try again.";
  return fallback;
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
