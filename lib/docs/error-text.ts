// What each error code means, in the docs' words (statuses live in lib/errors.ts).
import { MAX_BODY_BYTES } from "@/lib/engine";
import { DATABASE_BUSY_OR_UNREACHABLE, type ErrorCode } from "@/lib/errors";

export const ERROR_TEXT: Partial<Record<ErrorCode, string>> = {
  INVALID_CLIENT: "Token request without Basic auth, or the key and secret do not match an active key pair.",
  UNSUPPORTED_GRANT_TYPE: "Token request whose form field grant_type is missing or not client_credentials.",
  MISSING_TOKEN: "No Authorization: Bearer header. Checked first, so an unknown path without a token answers this too.",
  INVALID_TOKEN: "The token is unknown, more than one hour old, or its key pair was revoked.",
  APP_SUSPENDED: "An operator suspended the app.",
  NO_SUCH_OPERATION: "The method and path match no operation in the catalog.",
  NOT_SUBSCRIBED: "The app has no (or a rejected) subscription to the group that contains the API.",
  SUBSCRIPTION_PENDING: "The group needs an operator's review (Treasury) and the subscription still waits.",
  RATE_LIMITED: "More calls this minute than the app's plan allows; wait for the next minute (retry-after) and resend. On the token endpoint: too many failed attempts from one address.",
  INVALID_BODY: "The body is not valid JSON, or not a JSON object.",
  BODY_TOO_LARGE: `The body is over ${MAX_BODY_BYTES / 1024} KiB.`,
  UNSUPPORTED_MEDIA_TYPE: "A body sent with a Content-Type other than application/json (or another +json type), e.g. text/plain or a form. A body without a Content-Type is read as JSON.",
  VALIDATION_ERROR: "A field breaks its rule (type, required, enum, length, minimum), or X-Svc-Time-Scale is not a decimal from 0 to 1; the message names the field or header and the rule.",
  INVALID_PHONE_NUMBER: "Collect push to a number that cannot receive prompts.",
  NOT_FOUND: "A status query for an unknown id (Collect), or the tracked scenario forced on an id your app did not create.",
  DUPLICATE_REFERENCE: "Collect: a PENDING or COMPLETED prompt of your app has the same reference (a FAILED one frees it). Payouts: the reference was already used. Checked before X-Svc-Scenario, test numbers and X-Svc-Fault: a retry whose answer was lost gets it whatever it forces.",
  INVALID_ID_NUMBER: "Identity check of a malformed id number.",
  SENDER_ID_NOT_REGISTERED: "SMS from a sender id that is not registered.",
  SANDBOX_NOT_ALLOWED: "A throwaway sandbox's token asked to make a sandbox: only its parent app makes them.",
  EMAIL_NOT_VERIFIED: "The console: a write by an account whose email is not verified yet (hosted, or REQUIRE_EMAIL_VERIFICATION=1). Follow the link mailed at sign-up, or send it again from the console's banner; reads work meanwhile.",
  INTERNAL_ERROR: "The sandbox failed to handle the call (a defect on our side): quote the requestId when you report it.",
  SERVICE_UNAVAILABLE: `The sandbox's ${DATABASE_BUSY_OR_UNREACHABLE} (retry-after): send the call again later with the same reference; if the first one did go through, the retry answers DUPLICATE_REFERENCE instead of creating a second payment.`,
  SANDBOX_LIMIT_REACHED: "The app already has its maximum of live throwaway sandboxes (SANDBOXES_PER_APP); delete one or wait for one to expire (retry-after).",
};
