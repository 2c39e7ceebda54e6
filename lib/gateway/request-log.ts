// The request log: every call that passed the token check, with request,
// response, status and scenario key, and the float a payout met. Bounded per
// app (REQUEST_LOG_LIMIT).
import { fillPath } from "@/lib/catalog";
import type { DevEndpoint } from "@/lib/catalog/dev-endpoints";
import { phoneOfBody } from "@/lib/engine";
import type { HeaderBag } from "@/lib/http/node-io";
import type { CallState, GatewayResult } from "./context";
import type { LogRow } from "./store";

const REDACTED = new Set(["authorization", "cookie", "proxy-authorization"]);
const MAX_STORED_BODY = 64 * 1024;

export function redactHeaders(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = REDACTED.has(name) ? (name === "authorization" ? `${value.split(" ")[0]} [redacted]` : "[redacted]") : value;
  });
  return out;
}

/**
 * A call refused before its body was read (not subscribed, suspended, pending,
 * rate limited…) is still logged with what the client sent. A body past the
 * size limit stays unread: the log shows why (BODY_TOO_LARGE).
 */
export async function readRefusedBody(s: CallState): Promise<void> {
  if (!s.app || s.rawBody !== undefined) return;
  try {
    s.rawBody = (await s.call.readBody()) || undefined;
  } catch {
    // too large, or already consumed by the step that refused it: not kept
  }
}

/** The answer as the log keeps it: the fields its endpoint shows only once (`redact`: secrets) replaced. */
function storedBody(s: CallState, result: GatewayResult): string {
  const hidden = result.status < 400 ? s.endpoint?.redact : undefined;
  if (!hidden?.length || typeof result.body !== "object" || result.body === null) return JSON.stringify(result.body);
  const body: Record<string, unknown> = { ...(result.body as Record<string, unknown>) };
  for (const field of hidden) if (field in body) body[field] = "[redacted]";
  return JSON.stringify(body);
}

/** A gateway call's log row. */
export function logRow(s: CallState, result: GatewayResult, durationMs: number): LogRow {
  return row({
    requestId: s.requestId,
    appId: s.app!.id,
    via: s.call.via,
    method: s.call.method,
    path: s.call.path,
    operationId: s.op?.id ?? s.endpoint?.id ?? null,
    status: result.status,
    scenarioKey: s.answer?.scenario.key ?? null,
    timeScale: s.timeScale ?? null,
    fault: s.fault?.name ?? null,
    floatCurrency: s.floatMet?.currency ?? null,
    floatAvailable: s.floatMet?.available ?? null,
    floatReserved: s.floatMet ? (s.answer?.resource?.float?.amount ?? null) : null,
    durationMs,
    requestHeaders: JSON.stringify(redactHeaders(s.call.headers)),
    requestBody: s.rawBody,
    responseHeaders: JSON.stringify(result.headers),
    responseBody: storedBody(s, result),
    createdAt: s.receivedAt,
  });
}

/**
 * A developer endpoint the console calls for its signed-in user (the Handset's resolve,
 * console-calls.ts): logged as the endpoint's own call, `via` console, with no headers
 * (the console's cookie is not the developer API's).
 */
export function consoleLogRow(c: { requestId: string; appId: string; endpoint: DevEndpoint; params: Record<string, string>; status: number; requestBody: unknown; responseBody: unknown; durationMs: number; createdAt: Date }): LogRow {
  return row({
    requestId: c.requestId, appId: c.appId, via: "console", method: c.endpoint.method, path: fillPath(c.endpoint, c.params), operationId: c.endpoint.id,
    status: c.status, scenarioKey: null, timeScale: null, fault: null, floatCurrency: null, floatAvailable: null, floatReserved: null, durationMs: c.durationMs,
    requestHeaders: "{}", requestBody: JSON.stringify(c.requestBody), responseHeaders: "{}", responseBody: JSON.stringify(c.responseBody), createdAt: c.createdAt,
  });
}

/** Every log row, the one shape: the path and the stored body within their bounds, the phone it names (search). */
function row(r: Omit<LogRow, "phone" | "requestBody"> & { requestBody: string | undefined }): LogRow {
  const body = r.requestBody;
  return {
    ...r,
    path: r.path.slice(0, 2048),
    requestBody: body === undefined ? null : body.length > MAX_STORED_BODY ? body.slice(0, MAX_STORED_BODY) : body,
    phone: phoneOfBody(body),
  };
}
