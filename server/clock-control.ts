// The test clock's control, which exists only on a server started with
// TEST_CLOCK=1 (server/main.ts): `POST /__clock/advance?ms=N` moves the
// process's clock (the runtime's `ManualClock`, lib/runtime.ts) N milliseconds on and answers
// `{ now }`; with `&hold=1` the clock then stands there (only moves change it) until a call
// with `&hold=0`, so a test's counts stay in one rate window on a slow machine. Tests move
// time this way instead of sleeping to a sandbox's end or a rate window's next minute
// (tests/helpers/server.ts `advanceClock`).
// Loopback peers only; anyone else, and every normal start, gets 404 here.
import type http from "node:http";
import type { ManualClock } from "@/lib/clock";
import { ApiError } from "@/lib/errors";
import { sendError, sendJson } from "@/lib/http/node-io";
import { canonicalIp } from "@/lib/net/ip";

export const CLOCK_PATH = "/__clock/advance";
/** The most one step may move: a day. */
const MAX_STEP_MS = 86_400_000;

const loopback = (address: string | undefined) => {
  const ip = canonicalIp(address);
  return ip !== null && (ip === "::1" || ip.startsWith("127."));
};

const refuse = (res: http.ServerResponse, e: ApiError) => sendError(res, e, { "cache-control": "no-store" });

/** The handler of CLOCK_PATH for `clock`. */
export function clockControl(clock: ManualClock) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (!loopback(req.socket.remoteAddress)) return refuse(res, new ApiError("NOT_FOUND", "no such path"));
    if (req.method !== "POST") return refuse(res, new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not served here`, { allow: "POST" }));
    const query = new URL(req.url ?? "/", "http://x").searchParams;
    const raw = query.get("ms") ?? "";
    const ms = Number(raw);
    if (!/^\d+$/.test(raw) || ms > MAX_STEP_MS) {
      return refuse(res, new ApiError("VALIDATION_ERROR", `ms must be a whole number of milliseconds from 0 to ${MAX_STEP_MS}`));
    }
    const hold = query.get("hold");
    if (hold !== null && hold !== "0" && hold !== "1") return refuse(res, new ApiError("VALIDATION_ERROR", "hold must be 1 (the clock stands) or 0 (it runs)"));
    // Held before the move, so that the time answered is the time it stands at; let run after it.
    if (hold === "1") clock.hold();
    const now = clock.advance(ms);
    if (hold === "0") clock.run();
    sendJson(res, 200, { "cache-control": "no-store" }, { now: new Date(now).toISOString() });
  };
}
