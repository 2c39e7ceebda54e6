// CORS under {base_url} (README "Calling the sandbox from a browser"): browser
// API tools call the gateway, the developer API and the token endpoint from
// their own origin. Every origin is allowed (`*`) and credentials never are:
// these paths authenticate with the Authorization header (Basic at the token
// endpoint, Bearer elsewhere), never with cookies, so a page of another origin
// can do nothing a script with the same token could not. The console's cookie
// routes are Next's (app/api/console) and answer no CORS header at all.
// Applied once, by the routing rule (routes.ts answerCall), to every answer.
import { FAULT_HEADER, SCENARIO_HEADER, SCENARIO_IGNORED_HEADER, TIME_SCALE_HEADER } from "@/lib/engine";

/** Request headers the API reads, which a browser must be allowed to send. */
const ALLOW_HEADERS = ["authorization", "content-type", SCENARIO_HEADER, TIME_SCALE_HEADER, FAULT_HEADER, "last-event-id"];

/** Response headers a browser script may read: the request id, the rate-limit headers, the scenario chosen (and a key ignored). */
const EXPOSE_HEADERS = [
  "x-request-id", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-policy", "ratelimit",
  "retry-after", SCENARIO_HEADER, SCENARIO_IGNORED_HEADER, "allow",
];

/** How long a browser may keep a preflight's answer (seconds; Chromium caps it at 7200). */
export const CORS_MAX_AGE = 7200;

/** The headers every answer under {base_url} carries. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSE_HEADERS.join(", "),
};

/** The answer to a CORS preflight (OPTIONS with Access-Control-Request-Method): no token needed, 204, the methods the path takes. */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  const list = [...methods, "OPTIONS"].join(", ");
  return {
    ...CORS_HEADERS,
    allow: list,
    "access-control-allow-methods": list,
    "access-control-allow-headers": ALLOW_HEADERS.join(", "),
    "access-control-max-age": String(CORS_MAX_AGE),
  };
}
