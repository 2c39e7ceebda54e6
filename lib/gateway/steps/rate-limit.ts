import { ApiError } from "@/lib/errors";
import type { Step } from "../context";
import { rateHeaders, windowOf } from "@/lib/engine/rate-window";

/**
 * Counts the call in the app's window (one atomic upsert in the store; past
 * windows are pruned when an app's new window opens, so the table stays one
 * row per active app), unless the token's statement already counted it
 * (steps/authenticate.ts `authenticateAndCount`), and refuses it past the
 * app's limit.
 */
export const rateLimit: Step = async (s, store) => {
  const app = s.app!;
  const count = s.counted ?? (await store.countCall(app.id, windowOf(s.receivedAt)));
  Object.assign(s.headers, rateHeaders(app.perMinute, count, s.receivedAt));
  if (count > app.perMinute) {
    throw new ApiError("RATE_LIMITED", `the app made more than ${app.perMinute} calls this minute; wait for the next minute and resend`);
  }
};
