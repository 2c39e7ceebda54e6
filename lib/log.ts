// The process's one logger (contract, "Added 2026-11-27": Operable), with pino:
// a part of the runtime (lib/runtime.ts), made by the server with the format it
// chose (server/portal.ts: LOG_FORMAT, `json` by default when hosted),
// never read from the environment here. `json`: one JSON object a line on
// stdout, `time`, `level`, `msg` and the line's fields; `text`: the same line
// for people, `msg` then `field=value`s (warnings and errors led by WARN or
// ERROR, an error's stack on the lines after). A process without a server (the
// operator command line, the test suites, the bench) gets text on stderr, its
// stdout being its own.
//
// Never a token, secret, password, signature or body: pino's `redact` replaces
// the known fields wherever a line carries them, and a request's line
// (`logRequest`, written once per request by server/route.ts) is built from
// its whitelisted fields only. Below lib/net so every module can log. In
// JSON the console's lines go through the logger too (`installLogger`).
import { format as formatArgs } from "node:util";
import pino, { type Logger } from "pino";
import { part, type Runtime, runtime } from "@/lib/runtime";

export type { Logger };
export type LogFormat = "json" | "text";
export const LOG_FORMATS: readonly LogFormat[] = ["json", "text"];

/** Field names never written, at the top of a line or in one of CONTAINERS (`headers.authorization`, `err.body`). */
const SECRET_FIELDS = [
  "token", "accessToken", "access_token", "secret", "consumerSecret", "consumer_secret", "clientSecret", "client_secret",
  "signingSecret", "signing_secret", "password", "signature", "authorization", "cookie", "body", "requestBody", "responseBody",
];
/** Named, not `*.`: a wildcard path costs pino ~20 µs a line, these ~0.5 µs (a request's line is on the gateway's hot path). */
const CONTAINERS = ["headers", "req", "res", "request", "response", "err", "data", "input", "app"];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...CONTAINERS.flatMap((c) => SECRET_FIELDS.map((f) => `${c}.${f}`)),
  'headers["x-svc-signature"]', 'headers["set-cookie"]', 'headers["webhook-signature"]',
];

export type Sink = { write(line: string): unknown };

const plain = (v: unknown) => (typeof v === "string" && /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v));

/** A JSON line as people read it: `msg field=value …`, an error's stack after. */
export function textLine(json: string): string {
  const { level, time: _time, msg, err, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const head = level === "error" || level === "fatal" ? "ERROR " : level === "warn" ? "WARN " : "";
  const rest = Object.entries(fields).map(([k, v]) => ` ${k}=${plain(v)}`).join("");
  const e = err as { stack?: string; message?: string } | undefined;
  const tail = e ? (e.stack ? `\n${e.stack}` : ` err=${plain(e.message ?? e)}`) : "";
  return `${head}${msg ?? ""}${rest}${tail}\n`;
}

/** A logger writing `format` to `out` (the process's stdout for the server). */
export function makeLogger(format: LogFormat, out: Sink): Logger {
  const dest = format === "json" ? out : { write: (line: string) => out.write(textLine(line)) };
  return pino(
    {
      base: undefined, // no pid or host name: the collector knows the instance
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    dest,
  );
}

const LOG = part<Logger>("log");

/**
 * The server's logger, set on its runtime when its portal is made (server/portal.ts).
 * In JSON the console goes through it too (Next's own lines, a library's warning), so every
 * line on stdout is a JSON object; an Error among a console call's arguments becomes `err`.
 */
export function installLogger(rt: Runtime, format: LogFormat, out: Sink = process.stdout): void {
  const logger = makeLogger(format, out);
  rt.set(LOG, logger);
  if (format !== "json") return;
  const to = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    logger[level](err ? { err } : {}, formatArgs(...args.filter((a) => a !== err)));
  };
  Object.assign(console, { log: to("info"), info: to("info"), debug: to("info"), warn: to("warn"), error: to("error") });
}

/** The process's logger: the server's, else text on stderr. */
export const log = (): Logger => runtime().of(LOG, () => makeLogger("text", process.stderr));

/** Every field a line may carry and what it is (the docs' operations page lists them). */
export const LOG_FIELDS: readonly (readonly [field: string, what: string])[] = [
  ["time", "when the line was written (ISO 8601, UTC)"],
  ["level", "info, warn or error"],
  ["msg", "what happened: \"request\" for a request's line; other lines start with their part in brackets ([server], [callbacks], [sandboxes], [mail], …)"],
  ["requestId", "a request's x-request-id, as its answer carried it (the gateway's error bodies and request log use the same id); every request has one"],
  ["method", "the request's method"],
  ["path", "the request's path, without the query string"],
  ["status", "the status answered; 0 when the connection closed with no answer (X-Svc-Fault: lost_response, a client gone)"],
  ["ms", "time from the request's arrival to the end of its answer, scripted delays included"],
  ["appId", "the app a gateway or developer API call was made as (its token's), or the token endpoint's client; absent when no app was known"],
  ["deliveryId", "the callback delivery a dispatcher line concerns: each attempt (\"[callbacks] attempt\": outcome delivered, failed, refused or delayed by the destination host's budget; status, ms, lateMs after its due time) and each failure to record one"],
  ["sandboxId", "the throwaway sandbox the sweeper deleted (with rows: the rows this instance deleted)"],
  ["err", "an error's type, message and stack"],
];

/** A request's line: these fields and no other. */
export type RequestLine = { requestId: string; method: string; path: string; status: number; ms: number; appId?: string };

/** One line per request (server/route.ts, when its connection is done with it). `path` without the query string. */
export function logRequest(r: RequestLine): void {
  const line: RequestLine = { requestId: r.requestId, method: r.method, path: r.path, status: r.status, ms: r.ms };
  if (r.appId) line.appId = r.appId;
  log().info(line, "request");
}

const callers = new WeakMap<object, string>();

/** The app a request was made as, once its handler knows it (server/gateway.ts: the gateway's token check): its line's `appId`. */
export function noteAppId(req: object, appId: string | undefined): void {
  if (appId) callers.set(req, appId);
}

export const appIdOf = (req: object): string | undefined => callers.get(req);
