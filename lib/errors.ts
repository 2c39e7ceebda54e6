// The one error contract: every error the portal answers is an ApiError whose
// code decides the HTTP status. Bodies are { error, message, requestId }.

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
  CONFLICT: 409,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Every invalid field (VALIDATION_ERROR), added to the body as `details`. */
    readonly details?: readonly { field: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

export type ErrorBody = { error: string; message: string; requestId: string; details?: readonly { field: string; message: string }[] };

export function errorBody(code: string, message: string, requestId: string, details?: ErrorBody["details"]): ErrorBody {
  return details?.length ? { error: code, message, requestId, details } : { error: code, message, requestId };
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Any thrown value as an ApiError; unexpected ones are logged and become INTERNAL_ERROR. */
export function toApiError(e: unknown, where: string, requestId: string): ApiError {
  if (isApiError(e)) return e;
  console.error(`[${where}] ${requestId}`, e);
  return new ApiError("INTERNAL_ERROR", "the sandbox failed to handle this call; quote the request id when reporting it");
}
