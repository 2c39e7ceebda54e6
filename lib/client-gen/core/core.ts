// The fixed part of every generated TypeScript client (lib/client-gen/client.ts):
// the error type, response metadata, the token cache, calls with timeouts and
// their retries (what is safe to send again, Retry-After, one token renewal,
// the recovered 409), the callback verifier. Each API's client is this file from its first line
// of code on (this heading is left out), after the API's types and before
// its client class, which extends BaseClient. Where a line ends in
// `generator: NAME`, the generator writes NAME's value into its string
// (lib/client-gen/core-source.ts). Runs in Node 18+, Deno, Bun and
// browsers: fetch and WebCrypto only. Checked by `npx tsc --noEmit` with the
// project and, alone and in every client, under the strictest settings by
// tests/unit/client-gen.test.ts.

/** The request header that forces a scenario; answers name theirs in it too. */
const SCENARIO_HEADER = "x-svc-scenario"; // generator: SCENARIO_HEADER
/** The request header that multiplies scripted delays (0 to 1). */
const TIME_SCALE_HEADER = "x-svc-time-scale"; // generator: TIME_SCALE_HEADER
/** The request header that asks the sandbox for one of production's failures on purpose (docs: Rehearse failures). */
const FAULT_HEADER = "x-svc-fault"; // generator: FAULT_HEADER
/** The body field that makes a call safe to send again: the same value means the same request (the catalog's referenceField). */
const REFERENCE_FIELD = "reference"; // generator: REFERENCE_FIELD
/** The longest Retry-After a call waits out; a longer one ends it with the 503 or 429. */
const MAX_RETRY_AFTER_SECONDS = 60;

/** The error codes of the sandbox's answers (the generator writes the portal's list). */
type SandboxErrorCode = "VALIDATION_ERROR"; // generator: ERROR_CODES
/** Every error's code: the sandbox's, HTTP_<status> for a non-JSON answer (a proxy's 502), TIMEOUT, NETWORK_ERROR, and ALREADY_ACCEPTED (AlreadyAcceptedError). */
export type ErrorCode = SandboxErrorCode | `HTTP_${number}` | "TIMEOUT" | "NETWORK_ERROR" | "ALREADY_ACCEPTED";
/** One invalid field of a VALIDATION_ERROR. */
export type ErrorDetail = { field: string; message: string };
export type ApiErrorBody = { error: ErrorCode; message: string; requestId: string; details?: ErrorDetail[] };

const ERROR_BRAND = Symbol.for("svc-sandbox.SandboxApiError");

/**
 * Every failure of a call: an error answer of the sandbox (the one error body:
 * error, message, requestId), a non-JSON answer (e.g. a proxy's 502: error
 * "HTTP_<status>"), a timeout (status 0, error "TIMEOUT") or a network failure
 * (status 0, error "NETWORK_ERROR"). One class for every API's client:
 * `instanceof` holds across the files of different APIs.
 */
export class SandboxApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly headers: Headers;
  readonly requestId: string;
  /** body.error: the error code. */
  readonly code: ErrorCode;
  /** The invalid fields of a VALIDATION_ERROR; empty otherwise. */
  readonly details: readonly ErrorDetail[];
  readonly rateLimit: RateLimit | null;
  readonly [ERROR_BRAND] = true;
  constructor(status: number, body: ApiErrorBody, headers: Headers = new Headers()) {
    super(`${status} ${body.error}: ${body.message}`);
    this.name = "SandboxApiError";
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.requestId = body.requestId;
    this.code = body.error;
    this.details = body.details ?? [];
    this.rateLimit = rateLimitOf(headers);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[ERROR_BRAND] === true;
  }
}

const ACCEPTED_BRAND = Symbol.for("svc-sandbox.AlreadyAcceptedError");

/**
 * Not a failure: an attempt whose answer was lost (no answer, a timeout, a 5xx
 * other than 503) went through, and its retry with the same reference was
 * answered 409 DUPLICATE_REFERENCE. The payment or payout exists: wait for its
 * callback (it carries `reference`), never send it again with another
 * reference. Its code is ALREADY_ACCEPTED, so it is never taken for a real
 * duplicate; `duplicate` is the 409 itself.
 */
export class AlreadyAcceptedError extends SandboxApiError {
  readonly reference: string;
  readonly duplicate: SandboxApiError;
  readonly [ACCEPTED_BRAND] = true;
  constructor(reference: string, duplicate: SandboxApiError) {
    const message = `the call with reference ${reference} went through before its answer was lost (the retry was answered 409 DUPLICATE_REFERENCE): wait for its callback`;
    super(409, { error: "ALREADY_ACCEPTED", message, requestId: duplicate.requestId }, duplicate.headers);
    this.name = "AlreadyAcceptedError";
    this.reference = reference;
    this.duplicate = duplicate;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[ACCEPTED_BRAND] === true;
  }
}

export type RateLimit = { limit: number; remaining: number; resetSeconds: number };

function rateLimitOf(headers: Headers): RateLimit | null {
  const limit = headers.get("x-ratelimit-limit");
  if (limit === null) return null;
  return { limit: Number(limit), remaining: Number(headers.get("x-ratelimit-remaining")), resetSeconds: Number(headers.get("x-ratelimit-reset")) };
}

/** A success answer with what came with it. */
export type ApiResponse<T> = { data: T; status: number; headers: Headers; requestId: string; scenario: string | null; rateLimit: RateLimit | null };

export type ClientOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** {base_url}; defaults to the sandbox this client was generated from. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Milliseconds before a call (or the token request) is abandoned with error TIMEOUT; default 30000. */
  timeoutMs?: number;
  /** Scripted delays multiplied by this (0 to 1) on every call (the X-Svc-Time-Scale header). */
  timeScale?: number;
  /**
   * Attempts per call, the first one included (default 3; 1 turns retries off). Sent again: after a
   * 503 or 429, any call, once its Retry-After has passed; after no answer, a timeout or another 5xx,
   * a GET or a call with a reference (the same request: same reference, same body). A 401
   * INVALID_TOKEN renews the token and sends the call once more, whatever this is.
   */
  maxAttempts?: number;
};

export type CallOptions<S extends string = string> = {
  /** Forces a scenario of the operation (the X-Svc-Scenario header). */
  scenario?: S;
  /** Scripted delays multiplied by this (0 to 1) for this call (the X-Svc-Time-Scale header). */
  timeScale?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** One of production's failures on this call's first attempt (the X-Svc-Fault header), to rehearse the retries: lost_response, unavailable, token_expired, … */
  fault?: string;
};

/** What one attempt's answer or failure leads to (the same rule in every language's client). */
type Next = { retry: false } | { retry: true; waitMs: number; renew?: true; unsure?: true };

/** After attempt `attempt` failed with `e`: send again (after how long), or not. `safe`: a GET or a body with a reference. */
function nextAfter(e: SandboxApiError, attempt: number, maxAttempts: number, safe: boolean, renewed: boolean): Next {
  const code: string = e.code; // the portal's codes (one placeholder in this file alone)
  if (e.status === 401 && code === "INVALID_TOKEN") return renewed ? { retry: false } : { retry: true, waitMs: 0, renew: true };
  if (attempt >= maxAttempts) return { retry: false };
  if (e.status === 503 || e.status === 429) {
    const header = Number(e.headers.get("retry-after") ?? "1");
    const seconds = Number.isFinite(header) && header >= 0 ? header : 1;
    return seconds > MAX_RETRY_AFTER_SECONDS ? { retry: false } : { retry: true, waitMs: seconds * 1000 };
  }
  if (safe && (e.status === 0 || e.status >= 500)) return { retry: true, waitMs: 500 * 2 ** (attempt - 1), unsure: true };
  return { retry: false };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const referenceOf = (body: unknown): string | null => {
  const reference = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[REFERENCE_FIELD] : undefined;
  return typeof reference === "string" ? reference : null;
};

/** The body of any answer: JSON when it is JSON, else an error body made from the status and the text. */
async function readBody(r: Response): Promise<{ json: unknown; ok: boolean }> {
  const text = await r.text();
  try {
    return { json: JSON.parse(text), ok: true };
  } catch {
    const requestId = r.headers.get("x-request-id") ?? "";
    return { json: { error: `HTTP_${r.status}`, message: text.slice(0, 200) || r.statusText || "no body", requestId }, ok: false };
  }
}

const isErrorBody = (v: unknown): v is ApiErrorBody => typeof v === "object" && v !== null && typeof (v as ApiErrorBody).error === "string";

/** Aborted when any of `signals` is: AbortSignal.any where there is one (Node 20.3+, browsers), else the same by hand (Node 18). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  const c = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      c.abort(s.reason);
      break;
    }
    s.addEventListener("abort", () => c.abort(s.reason), { once: true });
  }
  return c.signal;
}

/** What every API's client has: it adds one method per operation over `call`. */
export class BaseClient {
  private token: { value: string; expiresAt: number } | null = null;
  protected readonly options: ClientOptions;
  private readonly defaultBaseUrl: string;
  constructor(options: ClientOptions, defaultBaseUrl: string) {
    this.options = options;
    this.defaultBaseUrl = defaultBaseUrl;
  }

  protected get baseUrl(): string {
    return (this.options.baseUrl ?? this.defaultBaseUrl).replace(/\/+$/, "");
  }

  /** fetch with the timeout and the caller's signal; failures become SandboxApiError. */
  private async fetchWithTimeout(url: string, init: RequestInit, timeoutMs = this.options.timeoutMs ?? 30_000, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await (this.options.fetch ?? globalThis.fetch)(url, { ...init, signal: signal ? anySignal([signal, timeout]) : timeout });
    } catch (e) {
      if (timeout.aborted) throw new SandboxApiError(0, { error: "TIMEOUT", message: `no answer in ${timeoutMs} ms`, requestId: "" });
      if (signal?.aborted) throw e;
      throw new SandboxApiError(0, { error: "NETWORK_ERROR", message: e instanceof Error ? e.message : String(e), requestId: "" });
    }
  }

  /** An access token, cached until a minute before it expires (there is no refresh token: a new one is requested). */
  async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    // RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding.
    const basic = btoa(`${encodeURIComponent(this.options.consumerKey)}:${encodeURIComponent(this.options.consumerSecret)}`);
    const r = await this.fetchWithTimeout(`${this.baseUrl}/oauth/v1/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const { json } = await readBody(r);
    if (!r.ok || !json || typeof (json as { access_token?: unknown }).access_token !== "string") {
      throw new SandboxApiError(r.status, isErrorBody(json) ? json : { error: `HTTP_${r.status}`, message: "unexpected token answer", requestId: "" }, r.headers);
    }
    const t = json as { access_token: string; expires_in: number };
    this.token = { value: t.access_token, expiresAt: Date.now() + (t.expires_in - 60) * 1000 };
    return t.access_token;
  }

  /**
   * One call with its retries (ClientOptions.maxAttempts): the same request each time. A retry
   * answered 409 DUPLICATE_REFERENCE after an attempt whose outcome is unknown throws AlreadyAcceptedError.
   */
  protected async call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const maxAttempts = Math.max(1, this.options.maxAttempts ?? 3);
    const reference = referenceOf(body);
    const safe = method === "GET" || reference !== null;
    let unsure = false;
    let renewed = false;
    for (let attempt = 1; ; ) {
      try {
        return await this.attempt<T>(method, path, body, options, attempt === 1 && !renewed ? options.fault : undefined);
      } catch (e) {
        if (!(e instanceof SandboxApiError) || options.signal?.aborted) throw e;
        if (unsure && reference !== null && e.status === 409 && (e.code as string) === "DUPLICATE_REFERENCE") throw new AlreadyAcceptedError(reference, e);
        const next = nextAfter(e, attempt, maxAttempts, safe, renewed);
        if (!next.retry) throw e;
        if (next.renew) renewed = true;
        else attempt++;
        if (next.unsure) unsure = true;
        await pause(next.waitMs);
      }
    }
  }

  private async attempt<T>(method: string, path: string, body: unknown, options: CallOptions, fault: string | undefined): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}`, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.scenario) headers[SCENARIO_HEADER] = options.scenario;
    const scale = options.timeScale ?? this.options.timeScale;
    if (scale !== undefined) headers[TIME_SCALE_HEADER] = String(scale);
    if (fault) headers[FAULT_HEADER] = fault;
    const r = await this.fetchWithTimeout(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) }, options.timeoutMs, options.signal);
    const { json, ok } = await readBody(r);
    if (r.status === 401) this.token = null;
    if (!r.ok || !ok) throw new SandboxApiError(r.status, isErrorBody(json) ? json : { error: `HTTP_${r.status}`, message: "unexpected answer", requestId: "" }, r.headers);
    return {
      data: json as T,
      status: r.status,
      headers: r.headers,
      requestId: r.headers.get("x-request-id") ?? "",
      scenario: r.headers.get(SCENARIO_HEADER),
      rateLimit: rateLimitOf(r.headers),
    };
  }
}

/**
 * Verifies a callback's Standard Webhooks headers (webhook-id, webhook-timestamp,
 * webhook-signature) with the app's signing secret (whsec_…, as the console shows
 * it). rawBody: the body exactly as received, before JSON.parse. During a secret
 * rotation either secret verifies. WebCrypto: Node 18+, Deno, Bun, browsers.
 */
export async function verifyCallback(
  rawBody: string,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
  toleranceSeconds = 300,
): Promise<boolean> {
  const get = (name: string): string | undefined => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const v = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = get("webhook-id");
  const t = get("webhook-timestamp");
  const signatures = get("webhook-signature");
  if (!id || !t || !signatures || !/^\d+$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const key = Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0));
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(`${id}.${t}.${rawBody}`);
  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) continue;
    const bytes = (() => {
      try {
        return Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
      } catch {
        return null; // not Base64
      }
    })();
    if (bytes && (await crypto.subtle.verify("HMAC", hmac, bytes, signed))) return true; // constant-time comparison
  }
  return false;
}
