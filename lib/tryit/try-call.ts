// The try-it panel's server side, two ways:
// - a preview (anyone): the same request as the gateway's, minus the keys, run
//   through exactly `simulate()` of the engine. Nothing is stored (no resource,
//   request log, delivery or rate-window row) and no callback is sent: the
//   callback that would be posted is returned for display;
// - live (X-Svc-Try-Live: 1, signed in, X-Svc-Try-App naming one of the
//   reader's apps): the gateway's own pipeline run as that app (lib/gateway
//   stepsAs: every check after the token's, the per-minute limit included), so
//   the call is logged (via "try-it"), stored and its callback really posted.
import { floatMetOfRequest } from "@/lib/activity/requests";
import { operationById } from "@/lib/catalog";
import { testNumbersOf } from "@/lib/catalog/dev-endpoints";
import { MAX_BODY_BYTES, resolveTimeScale, simulate, SCENARIO_HEADER, TIME_SCALE_HEADER, type TestNumber } from "@/lib/engine";
import { currentUser } from "@/lib/auth/session";
import { handleCall, stepsAs } from "@/lib/gateway";
import { ownedApp } from "@/lib/services/apps";
import { ownersCallingApp } from "@/lib/services/calling-app";
import { requireVerified } from "@/lib/services/verification";
import { ApiError, errorBody, toApiError } from "@/lib/errors";
import { readLimited } from "@/lib/http/web-body";
import { newId, newReceipt } from "@/lib/ids";
import { clientAddress } from "@/lib/throttle";
import { tryItLimiter } from "./limiter";
import type { TryResult } from "./types";
import { nowDate } from "@/lib/runtime";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers } });

/** The header naming one of the signed-in reader's apps: its test numbers and time scale then apply. */
export const TRY_APP_HEADER = "x-svc-try-app";
/** With TRY_APP_HEADER: run the call for real as that app ("1"). */
export const TRY_LIVE_HEADER = "x-svc-try-live";

/** The reader's app named by the header (signed in, owned: else NOT_FOUND), or the defaults of no app. */
async function appSettings(request: Request): Promise<{ timeScale: number; testNumbers: TestNumber[] }> {
  const appId = request.headers.get(TRY_APP_HEADER);
  if (!appId) return { timeScale: 1, testNumbers: [] };
  const user = await currentUser();
  if (!user) throw new ApiError("NOT_FOUND", `no app ${appId} among yours: sign in to use your app's test numbers`);
  const app = await ownedApp(user.id, appId);
  return { timeScale: app.timeScale, testNumbers: testNumbersOf(app.testNumbers) };
}

/** What the gateway would answer to this call, as a TryResult; body and validation errors answer like the gateway's. */
async function simulateCall(request: Request, opId: string, requestId: string): Promise<TryResult> {
  const op = operationById(opId);
  if (!op) throw new ApiError("NOT_FOUND", `no operation is called ${opId}`);
  const url = new URL(request.url);
  const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n!, url.searchParams.get(n!) ?? ""]));
  const app = await appSettings(request);
  try {
    const timeScale = resolveTimeScale(request.headers.get(TIME_SCALE_HEADER), app.timeScale);
    const bodyText = op.body ? await readLimited(request, MAX_BODY_BYTES) : "";
    const ctx = { now: nowDate(), requestId, newId, newReceipt, timeScale, testNumbers: app.testNumbers };
    const a = simulate(op, { params, bodyText, scenarioKey: request.headers.get(SCENARIO_HEADER) }, ctx);
    const callback = a.callback ? { delayMs: a.callback.delayMs, url: a.callback.url, body: a.callback.body } : null;
    return { status: a.status, headers: { ...a.headers, "x-request-id": requestId }, body: a.body, delayMs: a.delayMs, scenario: a.scenario.key, callback };
  } catch (e) {
    const err = toApiError(e, "try-it", requestId);
    return { status: err.status, headers: { "x-request-id": requestId }, body: errorBody(err.code, err.message, requestId, err.details), delayMs: 0, scenario: null, callback: null };
  }
}

/** The call run by the gateway's pipeline as the reader's app: logged, stored, its callback posted. */
async function liveCall(request: Request, opId: string): Promise<TryResult> {
  const op = operationById(opId);
  if (!op) throw new ApiError("NOT_FOUND", `no operation is called ${opId}`);
  const appId = request.headers.get(TRY_APP_HEADER);
  if (!appId) throw new ApiError("VALIDATION_ERROR", `a live call names one of your apps in ${TRY_APP_HEADER}`);
  const user = await currentUser();
  if (!user) throw new ApiError("NOT_FOUND", `no app ${appId} among yours: sign in to run calls as your app`);
  requireVerified(user); // a call as the app is a write (lib/services/verification.ts)
  const app = await ownersCallingApp(user.id, appId);
  const url = new URL(request.url);
  const path = op.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(url.searchParams.get(n) ?? ""));
  const result = await handleCall(
    { method: op.method, path, headers: request.headers, readBody: (limit = MAX_BODY_BYTES) => readLimited(request, limit), via: "try-it", signal: request.signal },
    undefined,
    stepsAs(app),
  );
  const requestId = result.headers["x-request-id"]!;
  return {
    status: result.status, headers: result.headers, body: result.body, delayMs: 0,
    scenario: result.headers["x-svc-scenario"] ?? null, callback: null,
    live: { appId: app.id, requestId, float: op.float ? await floatMetOfRequest(app.id, requestId) : null },
  };
}

/**
 * POST /api/try/<operation id>[?<path param>=…]: body, X-Svc-Scenario and
 * X-Svc-Time-Scale as for the gateway; X-Svc-Try-App (signed in) applies that
 * app's test numbers and time scale; with X-Svc-Try-Live: 1 the call is made as
 * that app (liveCall).
 */
export async function handleTry(request: Request, opId: string): Promise<Response> {
  const requestId = newId("req");
  const limiter = tryItLimiter();
  const limit = limiter.hit(clientAddress(request.headers));
  try {
    if (!limit.allowed) {
      throw new ApiError("RATE_LIMITED", `more than ${limiter.limit} try-it calls from your address this minute; wait for the next minute`, limit.headers);
    }
    const live = request.headers.get(TRY_LIVE_HEADER) === "1";
    return json(200, live ? await liveCall(request, opId) : await simulateCall(request, opId, requestId), { ...limit.headers, "x-request-id": requestId });
  } catch (e) {
    const err = toApiError(e, "try-it", requestId);
    return json(err.status, errorBody(err.code, err.message, requestId, err.details), { ...limit.headers, ...err.headers, "x-request-id": requestId });
  }
}
