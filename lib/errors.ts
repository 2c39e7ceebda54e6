// The one error contract: every error the portal answers is an ApiError whose
// code decides the HTTP status. Bodies are { error, message, requestId }.
import { log } from "@/lib/log";

export const ERROR_STATUS = {
  // token endpoint
  INVALID_CLIENT: 401,
  UNSUPPORTED_GRANT_TYPE: 400,
  // gateway checks, in the order they run
  MISSING_TOKEN: 401,
  INVALID_TOKEN: 401,
  APP_SUSPENDED: 403,
  NO_SUCH_OPERATION: 404,
  NOT_SUBSCRIBED: 403,
  SUBSCRIPTION_PENDING: 403,
  RATE_LIMITED: 429,
  // request body
  INVALID_BODY: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 400,
  // API-level (scenarios and stateful rules)
  INVALID_PHONE_NUMBER: 400,
  NOT_FOUND: 404,
  DUPLICATE_REFERENCE: 409,
  INVALID_ID_NUMBER: 422,
  SENDER_ID_NOT_REGISTERED: 403,
  // throwaway sandboxes (developer API)
  SANDBOX_NOT_ALLOWED: 403,
  SANDBOX_LIMIT_REACHED: 429,
  // portal
  BAD_REQUEST: 400,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  CONFLICT: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The `WWW-Authenticate` challenge of each 401 the gateway answers: the scheme the
 * client authenticates with, and once credentials were sent the OAuth error and
 * the message as `error_description` (RFC 6750 §3 for Bearer, RFC 6749 §5.2 for
 * the token endpoint's Basic), which clients such as openid-client read before the body.
 */
const CHALLENGES: Partial<Record<ErrorCode, { scheme: string; error?: string }>> = {
  INVALID_CLIENT: { scheme: 'Basic realm="Svc Sandbox", charset="UTF-8"', error: "invalid_client" },
  MISSING_TOKEN: { scheme: 'Bearer realm="Svc Sandbox"' }, // no credentials sent: no error attribute (RFC 6750 §3.1)
  INVALID_TOKEN: { scheme: 'Bearer realm="Svc Sandbox"', error: "invalid_token" },
};

/** error_description's characters (RFC 6749 §5.2, RFC 6750 §3): printable ASCII but `"` and `\`. */
const description = (message: string) => message.replace(/"/g, "'").replace(/\\/g, "/").replace(/[^\x20-\x7E]/g, "?");

export function challengeFor(code: ErrorCode, message: string): string | undefined {
  const c = CHALLENGES[code];
  if (!c) return undefined;
  return c.error ? `${c.scheme}, error="${c.error}", error_description="${description(message)}"` : c.scheme;
}

export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    /** Every invalid field (VALIDATION_ERROR), added to the body as `details`. */
    readonly details?: readonly { field: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
    const challenge = challengeFor(code, message);
    this.headers = challenge ? { "www-authenticate": challenge, ...headers } : headers;
  }
}

export type ErrorBody = { error: string; message: string; requestId: string; details?: readonly { field: string; message: string }[] };

export function errorBody(code: string, message: string, requestId: string, details?: ErrorBody["details"]): ErrorBody {
  return details?.length ? { error: code, message, requestId, details } : { error: code, message, requestId };
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * What a database that cannot be reached (or is busy) throws, whichever layer
 * wraps it: Prisma's connection codes, its driver adapters' error kinds, the
 * pg driver's socket and server-shutdown codes, SQLite's busy database.
 */
const UNAVAILABLE_CODES = new Set([
  "P1001", "P1002", "P1008", "P1017", "P2024", // Prisma: unreachable, timed out, closed, pool timeout
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH",
  "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006", // PostgreSQL: shutdown, too many connections, connection failure
  "SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_TIMEOUT",
]);
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
// Prisma's P2028 for a transaction that did not get a connection (or its turn, SQLite) within its wait ("Unable to start a
// transaction…"), or that ran out of its time ("…on an expired transaction"): every transaction here does bounded work, so one
// that outlives its 15 s (lib/db/prisma.ts) spent them waiting, for a row lock queued behind a burst or on a machine too busy
// to run it, and was rolled back: the database being busy, as not getting its turn is. P2028's other errors (a transaction
// closed or unknown) are bugs, so not by code.
const UNAVAILABLE_TEXT = /Connection terminated|Can't reach database server|connection timeout|Client has encountered a connection error|Unable to start a transaction in the given time|cannot be executed on an expired transaction/i;

/** Whether `e` (or what it wraps) says the database cannot be reached now, or is too busy to give this request its turn: a retry later may succeed. */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 5) return false;
  const o = e as { code?: unknown; kind?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof o.code === "string" && UNAVAILABLE_CODES.has(o.code)) return true;
  if (typeof o.kind === "string" && UNAVAILABLE_KINDS.has(o.kind)) return true;
  if (o.name === "PrismaClientInitializationError") return true;
  if (typeof o.message === "string" && UNAVAILABLE_TEXT.test(o.message)) return true;
  return isDatabaseUnavailable(o.cause, depth + 1) || isDatabaseUnavailable(o.meta?.driverAdapterError, depth + 1);
}

/** Seconds a client is asked to wait when the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * What a caller is told when its request met `isDatabaseUnavailable` ("the sandbox's …" to API clients, "The
 * portal's …" on the sign-in and sign-up forms): that covers a database too busy to give it its turn (a lock held
 * past the wait, every connection taken) as well as one that cannot be reached, so it names both. The outage answer
 * (server/unavailable.ts), given when the health check's own connection cannot reach it, says "cannot reach".
 */
export const DATABASE_BUSY_OR_UNREACHABLE = "database is busy or cannot be reached right now";

/**
 * Any thrown value as an ApiError; a database that cannot be reached or is too
 * busy (isDatabaseUnavailable) becomes 503 SERVICE_UNAVAILABLE with Retry-After;
 * other unexpected ones are logged and become INTERNAL_ERROR.
 */
export function toApiError(e: unknown, where: string, requestId: string): ApiError {
  if (isApiError(e)) return e;
  if (isDatabaseUnavailable(e)) {
    log().warn({ requestId, reason: (e as Error).message }, `[${where}] database unavailable`);
    return new ApiError("SERVICE_UNAVAILABLE", `the sandbox's ${DATABASE_BUSY_OR_UNREACHABLE}; try again shortly, with the same reference (a call that did go through answers DUPLICATE_REFERENCE)`, {
      "retry-after": String(UNAVAILABLE_RETRY_AFTER_S),
    });
  }
  // A unique index refusing a row another request wrote between a check and the write (two links to one new
  // email followed at once, one passkey added twice): the loser of that race is told, not served a 500.
  if (typeof e === "object" && e !== null && (e as { code?: unknown }).code === "P2002") {
    return new ApiError("CONFLICT", "another request made the same change at the same moment; reload and try again");
  }
  log().error({ requestId, err: e }, `[${where}] failed`);
  return new ApiError("INTERNAL_ERROR", "the sandbox failed to handle this call; quote the request id when reporting it");
}
